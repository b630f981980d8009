import CrashScanModel

/// A small, strict JSON reader for the Bugly JSON fast path (see `BuglyJSONParser.fastParse`).
///
/// `JSONSerialization` builds Foundation objects for every value of a document and was 64 % of
/// the instructions spent on a Bugly JSON file, although the parser reads a dozen strings. This
/// reader keeps strings and structure only, and gives up (nil) on anything it is not sure to read
/// exactly as `JSONSerialization` does (duplicate keys, lone surrogate escapes, numbers with an
/// exponent or many digits, control characters in strings, nesting deeper than 512, any syntax
/// error): the caller then takes the `JSONSerialization` path, so the outcome is the same.
enum StrictJSON: Equatable {
    case object([String: StrictJSON])
    case array([StrictJSON])
    case string(String)
    /// Numbers and booleans are not read: the fast path falls back when it needs one.
    case number
    case bool
    case null

    /// Parses a whole document (white space around it allowed); nil when not accepted.
    static func parse(_ text: Substring) -> StrictJSON? {
        if let result = text.utf8.withContiguousStorageIfAvailable({ bytes -> StrictJSON? in
            var reader = Reader(bytes: bytes)
            return reader.document()
        }) {
            return result
        }
        var copy = String(text)
        return copy.withUTF8 { bytes in
            var reader = Reader(bytes: bytes)
            return reader.document()
        }
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0
        var depth = 0

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        mutating func document() -> StrictJSON? {
            skipBlanks()
            guard let value = value() else { return nil }
            skipBlanks()
            return position == bytes.count ? value : nil
        }

        mutating func skipBlanks() {
            while position < bytes.count {
                let byte = bytes[position]
                guard byte == 32 || byte == 10 || byte == 13 || byte == 9 else { return }
                position += 1
            }
        }

        mutating func value() -> StrictJSON? {
            guard position < bytes.count else { return nil }
            switch bytes[position] {
            case 123: return object()  // {
            case 91: return array()  // [
            case 34: return string().map(StrictJSON.string)  // "
            case 116: return literal("true", .bool)
            case 102: return literal("false", .bool)
            case 110: return literal("null", .null)
            default: return number()
            }
        }

        mutating func literal(_ word: StaticString, _ value: StrictJSON) -> StrictJSON? {
            let count = word.utf8CodeUnitCount
            guard position + count <= bytes.count else { return nil }
            for offset in 0..<count where bytes[position + offset] != word.utf8Start[offset] { return nil }
            position += count
            return value
        }

        mutating func object() -> StrictJSON? {
            var members: [String: StrictJSON] = [:]
            let read = items(closing: 125) { reader in  // }
                reader.skipBlanks()
                guard reader.position < reader.bytes.count, reader.bytes[reader.position] == 34,
                    let key = reader.string()
                else { return false }
                reader.skipBlanks()
                // The colon after the key.
                guard reader.position < reader.bytes.count, reader.bytes[reader.position] == 58 else {
                    return false
                }
                reader.position += 1
                reader.skipBlanks()
                guard let member = reader.value() else { return false }
                return members.updateValue(member, forKey: key) == nil
            }
            return read ? .object(members) : nil
        }

        mutating func array() -> StrictJSON? {
            var elements: [StrictJSON] = []
            let read = items(closing: 93) { reader in  // ]
                reader.skipBlanks()
                guard let element = reader.value() else { return false }
                elements.append(element)
                return true
            }
            return read ? .array(elements) : nil
        }

        /// The comma-separated items of the object or array opening at `position`, up to
        /// `closing`: false on a syntax error, an item `item` refuses, or nesting deeper than 512.
        mutating func items(closing: UInt8, _ item: (inout Reader) -> Bool) -> Bool {
            depth += 1
            defer { depth -= 1 }
            guard depth <= 512 else { return false }
            position += 1
            skipBlanks()
            if position < bytes.count, bytes[position] == closing {
                position += 1
                return true
            }
            while true {
                guard item(&self) else { return false }
                skipBlanks()
                guard position < bytes.count else { return false }
                if bytes[position] == 44 {  // ,
                    position += 1
                } else if bytes[position] == closing {
                    position += 1
                    return true
                } else {
                    return false
                }
            }
        }

        /// `-? (0 | [1-9][0-9]*) (. [0-9]+)?`, at most 15 digits: exactly what a Double holds.
        mutating func number() -> StrictJSON? {
            var digits = 0
            if position < bytes.count, bytes[position] == 45 { position += 1 }  // -
            guard position < bytes.count, CharacterSetASCII.isDigit(bytes[position]) else { return nil }
            if bytes[position] == 48 {
                position += 1
                digits = 1
            } else {
                while position < bytes.count, CharacterSetASCII.isDigit(bytes[position]) {
                    position += 1
                    digits += 1
                }
            }
            if position < bytes.count, bytes[position] == 46 {  // .
                position += 1
                let start = position
                while position < bytes.count, CharacterSetASCII.isDigit(bytes[position]) {
                    position += 1
                    digits += 1
                }
                guard position > start else { return nil }
            }
            // An exponent, or a letter or digit run-on: not taken (falls back).
            if position < bytes.count, bytes[position] == 101 || bytes[position] == 69 { return nil }
            return digits <= 15 ? .number : nil
        }

        /// A string at `position` (on its opening quote); nil on anything not plainly valid.
        mutating func string() -> String? {
            position += 1
            let start = position
            // Most strings have no escape: one scan, one copy.
            while position < bytes.count {
                let byte = bytes[position]
                if byte == 34 {
                    let text = String(
                        decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
                    position += 1
                    return text
                }
                if byte == 92 { break }
                if byte < 32 { return nil }
                position += 1
            }
            guard position < bytes.count else { return nil }
            return escapedString(from: start)
        }

        /// The rest of a string that has an escape at `position`, decoded from `start`.
        private mutating func escapedString(from start: Int) -> String? {
            var decoded: [UInt8] = []
            decoded.reserveCapacity(position - start + 64)
            var run = start
            while position < bytes.count {
                let byte = bytes[position]
                guard byte == 34 || byte == 92 || byte < 32 else {
                    position += 1
                    continue
                }
                // The bytes since the last escape, in one copy.
                decoded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<position]))
                if byte == 34 {
                    position += 1
                    return String(decoding: decoded, as: UTF8.self)
                }
                if byte < 32 { return nil }
                position += 1
                guard position < bytes.count, unescape(into: &decoded) else { return nil }
                run = position
            }
            return nil
        }

        /// Decodes the escape after a backslash (`\n`, `\u00e9`, a surrogate pair) into `decoded`;
        /// false when it is not valid JSON.
        private mutating func unescape(into decoded: inout [UInt8]) -> Bool {
            let escape = bytes[position]
            position += 1
            switch escape {
            case 34, 92, 47: decoded.append(escape)  // \" \\ \/
            case 98: decoded.append(8)  // \b
            case 102: decoded.append(12)  // \f
            case 110: decoded.append(10)  // \n
            case 114: decoded.append(13)  // \r
            case 116: decoded.append(9)  // \t
            case 117:  // \uXXXX, a surrogate pair as two escapes
                guard let unit = hex4() else { return false }
                var scalar: Unicode.Scalar?
                if (0xD800...0xDBFF).contains(unit) {
                    guard position + 1 < bytes.count, bytes[position] == 92, bytes[position + 1] == 117 else {
                        return false
                    }
                    position += 2
                    guard let low = hex4(), (0xDC00...0xDFFF).contains(low) else { return false }
                    scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
                } else {
                    scalar = Unicode.Scalar(unit)
                }
                guard let scalar else { return false }
                UTF8.encode(scalar) { decoded.append($0) }
            default: return false
            }
            return true
        }

        mutating func hex4() -> UInt32? {
            guard position + 4 <= bytes.count else { return nil }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[position]
                let digit: UInt32
                switch byte {
                case 48...57: digit = UInt32(byte - 48)
                case 97...102: digit = UInt32(byte - 87)
                case 65...70: digit = UInt32(byte - 55)
                default: return nil
                }
                value = value << 4 | digit
                position += 1
            }
            return value
        }
    }
}
