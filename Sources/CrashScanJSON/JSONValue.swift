import CrashScanModel

/// A JSON document built as a tree by `StreamingJSON`, each value with the line it starts on
/// (for messages that name it: a rule file's field) and its bytes in the document (to write one
/// value's canonical form: a crash of a Bugly document).
package struct JSONValue: Sendable {
    package enum Kind: Sendable {
        /// The members in the document's order; a name given twice is there twice (`member`
        /// gives the last).
        case object([JSONMember])
        case array([JSONValue])
        case string(String)
        case number(JSONNumber)
        case bool(Bool)
        case null
    }

    package var kind: Kind
    /// The 1-based line the value starts on.
    package var line: Int
    /// Where the value is in the document's bytes.
    package var range: Range<Int>

    /// The last member named `key` of an object; nil for a value that is not an object.
    package func member(_ key: String) -> JSONMember? {
        guard case .object(let members) = kind else { return nil }
        return members.last { $0.key == key }
    }

    /// The value of the last member named `key` of an object.
    package subscript(_ key: String) -> JSONValue? { member(key)?.value }

    package var isObject: Bool {
        if case .object = kind { return true }
        return false
    }

    /// `an object`, `a string` …: for messages.
    package var typeName: String {
        switch kind {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "true or false"
        case .null: return "null"
        }
    }
}

package struct JSONMember: Sendable {
    package var key: String
    /// The line of the member's name.
    package var line: Int
    package var value: JSONValue
}

/// A number as the document writes it, and its canonical text (`CanonicalJSON.numberText`).
package struct JSONNumber: Sendable {
    package var canonical: String
    /// No fraction and no exponent.
    package var isInteger: Bool

    package var double: Double? { Double(canonical) }
    /// The number when it is an integer that fits `Int`.
    package var integer: Int? { isInteger ? Int(canonical) : nil }
}

extension JSONValue {
    /// What a document may hold beyond RFC 8259.
    package struct Leniency: Sendable {
        /// `[1, 2,]` (crash reporters' JSON) rather than an error (rule files).
        package var trailingCommas: Bool
        /// A name given twice in one object (crash reports: the last counts) rather than an
        /// error naming it (rule files).
        package var duplicateNames: Bool

        /// Crash reports: both allowed.
        package static let crashReports = Leniency(trailingCommas: true, duplicateNames: true)
        /// Rule files and crashscan's own documents: neither.
        package static let strict = Leniency(trailingCommas: false, duplicateNames: false)
    }

    /// The whole document of `bytes` (a UTF-8 byte order mark before it is passed over).
    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>, _ leniency: Leniency)
        throws(JSONSyntaxError)
        -> JSONValue
    {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var reader = StreamingJSON(bytes, from: start, allowsTrailingCommas: leniency.trailingCommas)
        var builder = Builder(bytes: bytes, leniency: leniency, countedTo: start)
        do {
            let value = try builder.value(&reader)
            try reader.end()
            return value
        } catch let error as JSONSyntaxError {
            throw error
        } catch {
            throw reader.syntaxError("\(error)")
        }
    }

    /// The document of `text`.
    package static func parse(_ text: some StringProtocol, _ leniency: Leniency) throws(JSONSyntaxError)
        -> JSONValue
    {
        var copy = String(text)
        let result = copy.withUTF8 { bytes in
            Result { () throws(JSONSyntaxError) in try parse(bytes, leniency) }
        }
        return try result.get()
    }

    /// Builds the tree as the reader walks the document, counting lines as it goes (once over
    /// the bytes, however many values).
    private struct Builder {
        let bytes: UnsafeBufferPointer<UInt8>
        let leniency: Leniency
        var countedTo: Int
        var line = 1

        init(bytes: UnsafeBufferPointer<UInt8>, leniency: Leniency, countedTo: Int) {
            self.bytes = bytes
            self.leniency = leniency
            self.countedTo = countedTo
        }

        /// The line of `offset`, which is never before the last asked. From line break to line
        /// break with memchr: a byte-by-byte count was 14 M instructions of a parsing thread
        /// importing 3,000 logs (a fifth of them Bugly JSON, read as trees).
        mutating func line(at offset: Int) -> Int {
            var from = countedTo
            while from < offset, let newline = bytes.firstOffset(of: 10, from: from, to: offset) {
                line += 1
                from = newline + 1
            }
            countedTo = Swift.max(countedTo, offset)
            return line
        }

        mutating func value(_ reader: inout StreamingJSON) throws -> JSONValue {
            let kind = try reader.kind()
            let start = reader.position
            let line = line(at: start)
            let content: Kind
            switch kind {
            case .object: content = .object(try members(&reader))
            case .array:
                var elements: [JSONValue] = []
                try reader.elements { reader, _ in elements.append(try value(&reader)) }
                content = .array(elements)
            case .string: content = .string(try reader.string())
            case .number:
                let (range, isInteger) = try reader.numberRange()
                let text = CanonicalJSON.numberText(UnsafeBufferPointer(rebasing: reader.bytes[range]))
                content = .number(JSONNumber(canonical: text, isInteger: isInteger))
            case .bool: content = .bool(try reader.bool())
            case .null:
                try reader.skipValue()
                content = .null
            }
            return JSONValue(kind: content, line: line, range: start..<reader.position)
        }

        private mutating func members(_ reader: inout StreamingJSON) throws -> [JSONMember] {
            var members: [JSONMember] = []
            var seen: Set<String> = []
            try reader.members { reader, key in
                let name = key.string
                // The name's own line when its bytes are the document's (not decoded from escapes).
                let base = bytes.baseAddress!
                // Its opening quote, just before its bytes.
                let keyStart = key.bytes.baseAddress.map { $0 - base - 1 } ?? reader.position
                let namePosition = (0..<reader.position).contains(keyStart) ? keyStart : reader.position
                let nameLine = line(at: namePosition)
                guard leniency.duplicateNames || seen.insert(name).inserted else {
                    throw reader.syntaxError("duplicate member \"\(name)\"", at: namePosition)
                }
                members.append(JSONMember(key: name, line: nameLine, value: try value(&reader)))
            }
            return members
        }
    }
}
