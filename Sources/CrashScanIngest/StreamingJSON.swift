import CrashScanModel
import Foundation

/// A JSON document the streaming reader refused, with where: `line 12, column 7: expected ','
/// or '}' after a member`.
struct JSONSyntaxError: Error, CustomStringConvertible {
    /// Byte offset of the problem in the document.
    let offset: Int
    let line: Int
    let column: Int
    let problem: String

    var description: String { "line \(line), column \(column): \(problem)" }
}

/// A value the streaming reader read correctly but whose Foundation reading it does not
/// reproduce exactly (a boolean where text is read, a number with a fraction where an integer is,
/// a duplicate key, nesting deeper than 512): the caller reads the document with
/// `JSONSerialization` instead, so the outcome stays the same.
struct JSONShapeNotCovered: Error {}

/// A JSON reader that walks a document's bytes once, in place: the caller asks for the members
/// it stores and every other value is skipped without being built (checked for syntax all the
/// same). `JSONSerialization` builds a Foundation object for every value of a document: on a
/// 23 KB `.ips` file that was 750 µs, nearly all of the file's import.
struct StreamingJSON {
    let bytes: UnsafeBufferPointer<UInt8>
    var position: Int
    private var depth = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0) {
        self.bytes = bytes
        self.position = start
    }

    /// The kinds of values, from their first byte.
    enum Kind { case object, array, string, number, bool, null }

    // MARK: - Errors

    func syntaxError(_ problem: String, at offset: Int? = nil) -> JSONSyntaxError {
        let offset = min(offset ?? position, bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<offset where bytes[index] == 10 {
            line += 1
            lineStart = index + 1
        }
        // Columns count characters, not bytes (UTF-8 continuation bytes are not counted).
        var column = 1
        for index in lineStart..<offset where bytes[index] & 0xC0 != 0x80 { column += 1 }
        return JSONSyntaxError(offset: offset, line: line, column: column, problem: problem)
    }

    private func found() -> String {
        guard position < bytes.count else { return "the end of the document" }
        let byte = bytes[position]
        return byte >= 32 && byte < 127
            ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
    }

    // MARK: - Structure

    @inline(__always) mutating func skipBlanks() {
        while position < bytes.count {
            let byte = bytes[position]
            guard byte == 32 || byte == 10 || byte == 13 || byte == 9 else { return }
            position += 1
        }
    }

    /// The kind of the value at the reader (after white space).
    mutating func kind() throws -> Kind {
        skipBlanks()
        guard position < bytes.count else {
            throw syntaxError("expected a value, found the end of the document")
        }
        switch bytes[position] {
        case 123: return .object  // {
        case 91: return .array  // [
        case 34: return .string  // "
        case 116, 102: return .bool  // t f
        case 110: return .null  // n
        case 45, 48...57: return .number
        default: throw syntaxError("expected a value, found \(found())")
        }
    }

    /// Calls `member` with each key of the object at the reader, the reader on its value; a
    /// value `member` leaves unread is skipped.
    mutating func members(_ member: (inout StreamingJSON, JSONKey) throws -> Void) throws {
        guard try enter(123, closing: 125) else { return }
        defer { depth -= 1 }
        repeat {
            skipBlanks()
            guard position < bytes.count, bytes[position] == 34 else {
                throw syntaxError("expected a member name in quotes, found \(found())")
            }
            let key = try keyBytes()
            skipBlanks()
            guard position < bytes.count, bytes[position] == 58 else {
                throw syntaxError("expected ':' after a member name, found \(found())")
            }
            position += 1
            skipBlanks()
            let valueStart = position
            try member(&self, key)
            if position == valueStart { try skipValue() }
        } while try another(closing: 125, after: "a member")
    }

    /// Calls `element` with the index of each element of the array at the reader, the reader on
    /// it; an element `element` leaves unread is skipped.
    mutating func elements(_ element: (inout StreamingJSON, Int) throws -> Void) throws {
        guard try enter(91, closing: 93) else { return }
        defer { depth -= 1 }
        var index = 0
        repeat {
            skipBlanks()
            let valueStart = position
            try element(&self, index)
            if position == valueStart { try skipValue() }
            index += 1
        } while try another(closing: 93, after: "an element")
    }

    /// Opens the object or array at the reader: false (and past it) when it is empty, true (one
    /// level deeper) when items follow.
    private mutating func enter(_ opening: UInt8, closing: UInt8) throws -> Bool {
        skipBlanks()
        guard position < bytes.count, bytes[position] == opening else {
            throw syntaxError("expected '\(Character(Unicode.Scalar(opening)))', found \(found())")
        }
        // JSONSerialization's own limit: deeper documents are left to it.
        guard depth < 512 else { throw JSONShapeNotCovered() }
        position += 1
        skipBlanks()
        if position < bytes.count, bytes[position] == closing {
            position += 1
            return false
        }
        depth += 1
        return true
    }

    /// After an item: true (past the comma) when another follows, false (past `closing`, one
    /// level up) when the container ends.
    private mutating func another(closing: UInt8, after item: String) throws -> Bool {
        skipBlanks()
        guard position < bytes.count else {
            throw syntaxError(
                "expected ',' or '\(Character(Unicode.Scalar(closing)))', found the end of the document")
        }
        let byte = bytes[position]
        guard byte == 44 || byte == closing else {
            throw syntaxError(
                "expected ',' or '\(Character(Unicode.Scalar(closing)))' after \(item), found \(found())")
        }
        position += 1
        return byte == 44
    }

    /// Skips the value at the reader, checking its syntax.
    mutating func skipValue() throws {
        switch try kind() {
        case .object: try members { _, _ in }
        case .array: try elements { _, _ in }
        case .string: _ = try stringRange()
        case .number: _ = try numberRange()
        case .bool, .null: try literal()
        }
    }

    /// The bytes of the value at the reader, skipped.
    mutating func valueRange() throws -> Range<Int> {
        skipBlanks()
        let start = position
        try skipValue()
        return start..<position
    }

    private mutating func literal() throws {
        // The word is chosen by its first byte: no list to walk (registers hold many literals).
        let word: StaticString
        switch position < bytes.count ? bytes[position] : 0 {
        case 116: word = "true"
        case 102: word = "false"
        case 110: word = "null"
        default: throw syntaxError("expected true, false or null, found \(found())")
        }
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count,
            memcmp(bytes.baseAddress! + position, word.utf8Start, count) == 0
        else { throw syntaxError("expected true, false or null, found \(found())") }
        position += count
    }

    /// `true` or `false` at the reader.
    mutating func bool() throws -> Bool {
        let value = bytes[position] == 116
        try literal()
        return value
    }

    // MARK: - Numbers

    /// The bytes of the number at the reader: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    mutating func numberRange() throws -> (range: Range<Int>, isInteger: Bool) {
        let start = position
        if position < bytes.count, bytes[position] == 45 { position += 1 }
        guard position < bytes.count, bytes[position] &- 48 < 10 else {
            throw syntaxError("expected a digit, found \(found())")
        }
        if bytes[position] == 48 {
            position += 1
        } else {
            skipDigits()
        }
        var isInteger = true
        if position < bytes.count, bytes[position] == 46 {
            position += 1
            isInteger = false
            guard position < bytes.count, bytes[position] &- 48 < 10 else {
                throw syntaxError("expected a digit after '.', found \(found())")
            }
            skipDigits()
        }
        if position < bytes.count, bytes[position] | 0x20 == 101 {
            position += 1
            isInteger = false
            if position < bytes.count, bytes[position] == 43 || bytes[position] == 45 { position += 1 }
            guard position < bytes.count, bytes[position] &- 48 < 10 else {
                throw syntaxError("expected a digit in the exponent, found \(found())")
            }
            skipDigits()
        }
        return (start..<position, isInteger)
    }

    private mutating func skipDigits() {
        while position < bytes.count, bytes[position] &- 48 < 10 { position += 1 }
    }

    // MARK: - Strings

    /// The bytes of `word` (little-endian: its first byte lowest) that are a quote, a backslash
    /// or a control character, each flagged by its high bit (the zero-byte test of "Bit Twiddling
    /// Hacks" on `word` XOR the byte repeated; bytes from 0x80 up never pass the control-character
    /// test, as their high bit is cleared by `~word`). A borrow can flag a byte above a flagged
    /// one too, never below: the lowest flag is always the first such byte.
    @inline(__always) static func specialBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let zeroInQuote = (quote &- ones) & ~quote
        let zeroInBackslash = (backslash &- ones) & ~backslash
        let control = (word &- ones &* 0x20) & ~word
        return (zeroInQuote | zeroInBackslash | control) & highs
    }

    /// The bytes between the quotes of the string at the reader, and whether it has an escape.
    mutating func stringRange() throws -> (range: Range<Int>, escaped: Bool) {
        let opening = position
        position += 1
        let start = position
        var escaped = false
        let base = bytes.baseAddress!
        let count = bytes.count
        while position < count {
            // Ordinary bytes eight at a time, straight to the first special byte of the word
            // that has one (its lowest flag); the last few bytes one by one. Strings are most of
            // a crash report's bytes (7 instructions a byte one by one), and `.ips` paths break
            // every few bytes with `\/`: finding the byte by its flag instead of walking up to it
            // took the strings of 5,000 `.ips` files from 1,130 M to 790 M instructions.
            while position + 8 <= count {
                let word = UInt64(
                    littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
                let special = Self.specialBytes(word)
                if special != 0 {
                    position += special.trailingZeroBitCount >> 3
                    break
                }
                position += 8
            }
            while position < count {
                let byte = base[position]
                if byte == 34 || byte == 92 || byte < 32 { break }
                position += 1
            }
            guard position < count else { break }
            let byte = base[position]
            if byte == 34 {
                position += 1
                return (start..<position - 1, escaped)
            }
            if byte == 92 {
                escaped = true
                try skipEscape()
                continue
            }
            throw syntaxError("control character in a string (escape it)")
        }
        throw syntaxError("string not closed (it opens here)", at: opening)
    }

    /// Checks the escape at the reader (on its backslash) and moves past it.
    private mutating func skipEscape() throws {
        position += 1
        guard position < bytes.count else { throw syntaxError("escape not finished") }
        switch bytes[position] {
        case 34, 92, 47, 98, 102, 110, 114, 116: position += 1
        case 117:
            position += 1
            let unit = try hex4()
            if unit & 0xFC00 == 0xDC00 { throw JSONShapeNotCovered() }  // a lone low surrogate
            if unit & 0xFC00 == 0xD800 {
                guard position + 1 < bytes.count, bytes[position] == 92, bytes[position + 1] == 117 else {
                    throw JSONShapeNotCovered()
                }
                position += 2
                guard try hex4() & 0xFC00 == 0xDC00 else { throw JSONShapeNotCovered() }
            }
        default: throw syntaxError("invalid escape \\\(found())")
        }
    }

    private mutating func hex4() throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard position < bytes.count else { throw syntaxError("expected 4 hex digits after \\u") }
            let byte = bytes[position]
            let digit: UInt32
            switch byte {
            case 48...57: digit = UInt32(byte - 48)
            case 97...102: digit = UInt32(byte - 87)
            case 65...70: digit = UInt32(byte - 55)
            default: throw syntaxError("expected 4 hex digits after \\u, found \(found())")
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    /// The string at the reader, decoded.
    mutating func string() throws -> String {
        let (range, escaped) = try stringRange()
        return Self.decoded(UnsafeBufferPointer(rebasing: bytes[range]), escaped: escaped)
    }

    /// The text of a string's content (between its quotes).
    static func decoded(_ content: UnsafeBufferPointer<UInt8>, escaped: Bool) -> String {
        guard escaped else { return String(decoding: content, as: UTF8.self) }
        return String(decoding: unescaped(content), as: UTF8.self)
    }

    /// The bytes of a string's content with its escapes decoded (already checked by
    /// `stringRange`).
    static func unescaped(_ content: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(content.count)
        var index = 0
        func hex(_ at: Int) -> UInt32 {
            var value: UInt32 = 0
            for offset in 0..<4 {
                let byte = content[at + offset]
                value = value << 4 | UInt32(byte <= 57 ? byte - 48 : (byte | 0x20) - 87)
            }
            return value
        }
        while index < content.count {
            let byte = content[index]
            guard byte == 92 else {
                decoded.append(byte)
                index += 1
                continue
            }
            let escape = content[index + 1]
            index += 2
            switch escape {
            case 98: decoded.append(8)
            case 102: decoded.append(12)
            case 110: decoded.append(10)
            case 114: decoded.append(13)
            case 116: decoded.append(9)
            case 117:
                var scalar = hex(index)
                index += 4
                if scalar & 0xFC00 == 0xD800 {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (hex(index + 2) - 0xDC00)
                    index += 6
                }
                UTF8.encode(Unicode.Scalar(scalar) ?? "\u{FFFD}") { decoded.append($0) }
            default: decoded.append(escape)  // \" \\ \/
            }
        }
        return decoded
    }

    /// The whole document is one value and white space: the reader after it.
    mutating func end() throws {
        skipBlanks()
        guard position == bytes.count else {
            throw syntaxError("unexpected \(found()) after the document's value")
        }
    }
}

/// A member name, as its bytes in the document (no escape in it: names with one are not covered).
struct JSONKey {
    let bytes: UnsafeBufferPointer<UInt8>

    static func == (key: JSONKey, name: StaticString) -> Bool {
        guard key.bytes.count == name.utf8CodeUnitCount, let base = key.bytes.baseAddress else {
            return key.bytes.isEmpty && name.utf8CodeUnitCount == 0
        }
        return memcmp(base, name.utf8Start, key.bytes.count) == 0
    }

    var string: String { String(decoding: bytes, as: UTF8.self) }
}

extension StreamingJSON {
    /// A member name at the reader (on its opening quote).
    fileprivate mutating func keyBytes() throws -> JSONKey {
        let (range, escaped) = try stringRange()
        // A name spelled with an escape could equal one the caller compares with: not covered.
        guard !escaped else { throw JSONShapeNotCovered() }
        return JSONKey(bytes: UnsafeBufferPointer(rebasing: bytes[range]))
    }
}
