/// A JSON value that remembers the line it starts on, so that rule-file errors can name the
/// line of the offending field. (`JSONSerialization` keeps no positions.)
indirect enum LocatedJSON: Sendable {
    case object([(key: String, line: Int, value: LocatedJSON)], line: Int)
    case array([LocatedJSON], line: Int)
    case string(String, line: Int)
    case number(Double, isInteger: Bool, line: Int)
    case bool(Bool, line: Int)
    case null(line: Int)

    var line: Int {
        switch self {
        case .object(_, let line), .array(_, let line), .string(_, let line), .number(_, _, let line),
            .bool(_, let line), .null(let line):
            return line
        }
    }

    /// The member `key` of an object, with the line of its key.
    func member(_ key: String) -> (line: Int, value: LocatedJSON)? {
        guard case .object(let members, _) = self, let found = members.first(where: { $0.key == key }) else {
            return nil
        }
        return (found.line, found.value)
    }

    var typeName: String {
        switch self {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "true or false"
        case .null: return "null"
        }
    }
}

/// A strict JSON parser (RFC 8259) over UTF-8 bytes that records line numbers.
struct LocatedJSONParser {
    struct Failure: Error, CustomStringConvertible {
        let line: Int
        let message: String
        var description: String { "line \(line): \(message)" }
    }

    private let bytes: [UInt8]
    private var position = 0
    private var line = 1

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
    }

    static func parse(_ bytes: [UInt8]) throws(Failure) -> LocatedJSON {
        var parser = LocatedJSONParser(bytes)
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.position == parser.bytes.count else {
            throw parser.fail("unexpected text after the JSON value")
        }
        return value
    }

    private func fail(_ message: String) -> Failure { Failure(line: line, message: message) }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 10:
                line += 1
                position += 1
            case 32, 9, 13: position += 1
            default: return
            }
        }
    }

    private mutating func value(depth: Int) throws(Failure) -> LocatedJSON {
        guard depth < 64 else { throw fail("nested too deeply") }
        skipWhitespace()
        guard position < bytes.count else { throw fail("unexpected end of the file") }
        let start = line
        switch bytes[position] {
        case 123: return try object(depth: depth)
        case 91:
            position += 1
            var items: [LocatedJSON] = []
            skipWhitespace()
            if position < bytes.count, bytes[position] == 93 {
                position += 1
                return .array(items, line: start)
            }
            while true {
                items.append(try value(depth: depth + 1))
                skipWhitespace()
                guard position < bytes.count else { throw fail("unexpected end of the file in an array") }
                if bytes[position] == 44 {
                    position += 1
                    skipWhitespace()
                    if position < bytes.count, bytes[position] == 93 {
                        throw fail("trailing comma in an array")
                    }
                    continue
                }
                guard bytes[position] == 93 else { throw fail("expected ',' or ']' in an array") }
                position += 1
                return .array(items, line: start)
            }
        case 34: return .string(try string(), line: start)
        case 116: return try literal("true", .bool(true, line: start))
        case 102: return try literal("false", .bool(false, line: start))
        case 110: return try literal("null", .null(line: start))
        default: return try number()
        }
    }

    private mutating func object(depth: Int) throws(Failure) -> LocatedJSON {
        let start = line
        position += 1
        var members: [(key: String, line: Int, value: LocatedJSON)] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == 125 {
            position += 1
            return .object(members, line: start)
        }
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == 34 else {
                throw fail("expected a quoted member name")
            }
            let keyLine = line
            let key = try string()
            if members.contains(where: { $0.key == key }) { throw fail("duplicate member \"\(key)\"") }
            skipWhitespace()
            guard position < bytes.count, bytes[position] == 58 else {
                throw fail("expected ':' after \"\(key)\"")
            }
            position += 1
            members.append((key, keyLine, try value(depth: depth + 1)))
            skipWhitespace()
            guard position < bytes.count else { throw fail("unexpected end of the file in an object") }
            if bytes[position] == 44 {
                position += 1
                skipWhitespace()
                if position < bytes.count, bytes[position] == 125 {
                    throw fail("trailing comma in an object")
                }
                continue
            }
            guard bytes[position] == 125 else { throw fail("expected ',' or '}' after \"\(key)\"") }
            position += 1
            return .object(members, line: start)
        }
    }

    private mutating func literal(_ word: String, _ result: LocatedJSON) throws(Failure) -> LocatedJSON {
        let expected = Array(word.utf8)
        guard bytes.count - position >= expected.count,
            Array(bytes[position..<(position + expected.count)]) == expected
        else { throw fail("unexpected character") }
        position += expected.count
        return result
    }

    private mutating func number() throws(Failure) -> LocatedJSON {
        let start = position
        let startLine = line
        while position < bytes.count, Self.isNumberByte(bytes[position]) { position += 1 }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        guard !text.isEmpty, let value = Double(text) else {
            throw fail(text.isEmpty ? "unexpected character" : "invalid number '\(text)'")
        }
        let isInteger = !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" })
        return .number(value, isInteger: isInteger, line: startLine)
    }

    private mutating func string() throws(Failure) -> String {
        position += 1
        // Most strings have no escape: made from their bytes at once (appending byte by byte to a
        // buffer was most of reading the rules and the stored evidence).
        var end = position
        while end < bytes.count, bytes[end] != 34, bytes[end] != 92, bytes[end] != 10 { end += 1 }
        if end < bytes.count, bytes[end] == 34 {
            defer { position = end + 1 }
            return String(decoding: bytes[position..<end], as: UTF8.self)
        }
        var out: [UInt8] = []
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            switch byte {
            case 34: return String(decoding: out, as: UTF8.self)
            case 92:
                guard position < bytes.count else { break }
                let escape = bytes[position]
                position += 1
                switch escape {
                case 34, 92, 47: out.append(escape)
                case 98: out.append(8)
                case 102: out.append(12)
                case 110: out.append(10)
                case 114: out.append(13)
                case 116: out.append(9)
                case 117:
                    var scalar = try hex4()
                    if (0xD800..<0xDC00).contains(scalar), bytes.count - position >= 6, bytes[position] == 92,
                        bytes[position + 1] == 117
                    {
                        position += 2
                        // A high surrogate must be followed by a low one (found by fuzzing: the
                        // subtraction below trapped on `\uDAef\uDAe7`).
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else {
                            throw fail(
                                "invalid surrogate pair '\\u\(String(scalar, radix: 16))\\u\(String(low, radix: 16))'"
                            )
                        }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    out.append(
                        contentsOf: Array(
                            String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8))
                default: throw fail("invalid escape '\\\(Character(Unicode.Scalar(escape)))' in a string")
                }
            case 10: throw fail("line break inside a string (use \\n)")
            default: out.append(byte)
            }
        }
        throw fail("unterminated string")
    }

    /// `+ - 0-9 . e E`: the bytes a number is made of.
    private static func isNumberByte(_ byte: UInt8) -> Bool {
        byte &- 48 < 10 || byte == 43 || byte == 45 || byte == 46 || byte == 101 || byte == 69
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard bytes.count - position >= 4,
            let value = UInt32(String(decoding: bytes[position..<(position + 4)], as: UTF8.self), radix: 16)
        else { throw fail("invalid \\u escape") }
        position += 4
        return value
    }
}
