import CrashScanModel
import Foundation

/// A JSON document the streaming reader refused, with where: `line 12, column 7: expected ','
/// or '}' after a member`.
package struct JSONSyntaxError: Error, CustomStringConvertible {
    /// Byte offset of the problem in the document.
    package let offset: Int
    package let line: Int
    package let column: Int
    package let problem: String

    @usableFromInline init(offset: Int, line: Int, column: Int, problem: String) {
        self.offset = offset
        self.line = line
        self.column = column
        self.problem = problem
    }

    package var description: String { "line \(line), column \(column): \(problem)" }
}

/// A JSON reader that walks a document's bytes once, in place: the caller asks for the members
/// it stores and every other value is skipped without being built (checked for syntax all the
/// same). `JSONSerialization` builds a Foundation object for every value of a document: on a
/// 23 KB `.ips` file that was 750 µs, nearly all of the file's import.
///
/// Crash reporters' JSON is read as it is written, not as a strict parser would have it: a comma
/// before a closing bracket is allowed (`allowsTrailingCommas`, seen in KSCrash output). Where
/// RFC 8259 leaves the reading open, this reader decides, for every JSON format crashscan reads:
/// a name given twice in one object counts once, with its last value (each reader keeps what it
/// read last); a `\u` escape of half a surrogate pair is U+FFFD; nesting deeper than 512 levels
/// is refused.
package struct StreamingJSON {
    package let bytes: UnsafeBufferPointer<UInt8>
    package var position: Int
    @usableFromInline var depth = 0
    /// Whether `[1, 2,]` and `{"a": 1,}` are read (crash reports) or refused (rule files).
    @usableFromInline let allowsTrailingCommas: Bool

    /// The deepest nesting read.
    package static let maximumDepth = 512

    @inlinable package init(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0, allowsTrailingCommas: Bool = true
    ) {
        self.bytes = bytes
        self.position = start
        self.allowsTrailingCommas = allowsTrailingCommas
    }

    /// The kinds of values, from their first byte.
    package enum Kind { case object, array, string, number, bool, null }

    // MARK: - Errors

    @usableFromInline func syntaxError(_ problem: String, at offset: Int? = nil) -> JSONSyntaxError {
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

    @usableFromInline func found() -> String {
        guard position < bytes.count else { return "the end of the document" }
        let byte = bytes[position]
        return byte >= 32 && byte < 127
            ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
    }

    // MARK: - Structure

    @inlinable @inline(__always) package mutating func skipBlanks() {
        while position < bytes.count {
            let byte = bytes[position]
            guard byte == 32 || byte == 10 || byte == 13 || byte == 9 else { return }
            position += 1
        }
    }

    /// The kind of the value at the reader (after white space).
    @inlinable package mutating func kind() throws -> Kind {
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
    /// value `member` leaves unread is skipped. A name spelled with escapes is given decoded.
    @inlinable package mutating func members(_ member: (inout StreamingJSON, JSONKey) throws -> Void) throws {
        guard try enter(123, closing: 125) else { return }
        defer { depth -= 1 }
        repeat {
            skipBlanks()
            guard position < bytes.count, bytes[position] == 34 else {
                throw syntaxError("expected a member name in quotes, found \(found())")
            }
            let (name, escaped) = try stringRange()
            skipBlanks()
            guard position < bytes.count, bytes[position] == 58 else {
                throw syntaxError("expected ':' after a member name, found \(found())")
            }
            position += 1
            skipBlanks()
            let valueStart = position
            if escaped {
                let decoded = Self.unescaped(UnsafeBufferPointer(rebasing: bytes[name]))
                try decoded.withUnsafeBufferPointer { try member(&self, JSONKey(bytes: $0)) }
            } else {
                try member(&self, JSONKey(bytes: UnsafeBufferPointer(rebasing: bytes[name])))
            }
            if position == valueStart { try skipValue() }
        } while try another(closing: 125, after: "a member", container: "an object")
    }

    /// Calls `element` with the index of each element of the array at the reader, the reader on
    /// it; an element `element` leaves unread is skipped.
    @inlinable package mutating func elements(_ element: (inout StreamingJSON, Int) throws -> Void) throws {
        guard try enter(91, closing: 93) else { return }
        defer { depth -= 1 }
        var index = 0
        repeat {
            skipBlanks()
            let valueStart = position
            try element(&self, index)
            if position == valueStart { try skipValue() }
            index += 1
        } while try another(closing: 93, after: "an element", container: "an array")
    }

    /// Opens the object or array at the reader: false (and past it) when it is empty, true (one
    /// level deeper) when items follow.
    @inlinable mutating func enter(_ opening: UInt8, closing: UInt8) throws -> Bool {
        skipBlanks()
        guard position < bytes.count, bytes[position] == opening else {
            throw syntaxError("expected '\(Character(Unicode.Scalar(opening)))', found \(found())")
        }
        guard depth < Self.maximumDepth else {
            throw syntaxError("nested more than \(Self.maximumDepth) levels deep")
        }
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
    /// level up) when the container ends, a trailing comma included when it is allowed.
    @inlinable mutating func another(closing: UInt8, after item: String, container: String) throws -> Bool {
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
        guard byte == 44 else { return false }
        skipBlanks()
        guard position < bytes.count, bytes[position] == closing else { return true }
        guard allowsTrailingCommas else {
            throw syntaxError("trailing comma in \(container)", at: position - 1)
        }
        position += 1
        return false
    }

    /// Skips the value at the reader, checking its syntax.
    @inlinable package mutating func skipValue() throws {
        switch try kind() {
        case .object: try members { _, _ in }
        case .array: try elements { _, _ in }
        case .string: _ = try stringRange()
        case .number: _ = try numberRange()
        case .bool, .null: try literal()
        }
    }

    /// The bytes of the value at the reader, skipped.
    @inlinable package mutating func valueRange() throws -> Range<Int> {
        skipBlanks()
        let start = position
        try skipValue()
        return start..<position
    }

    @inlinable mutating func literal() throws {
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
    @inlinable package mutating func bool() throws -> Bool {
        let value = bytes[position] == 116
        try literal()
        return value
    }

    // MARK: - Numbers

    /// The bytes of the number at the reader: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    @inlinable package mutating func numberRange() throws -> (range: Range<Int>, isInteger: Bool) {
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

    @inlinable mutating func skipDigits() {
        while position < bytes.count, bytes[position] &- 48 < 10 { position += 1 }
    }

    // MARK: - Strings

    /// The bytes of `word` (little-endian: its first byte lowest) that are a quote, a backslash
    /// or a control character, each flagged by its high bit (the zero-byte test of "Bit Twiddling
    /// Hacks" on `word` XOR the byte repeated; bytes from 0x80 up never pass the control-character
    /// test, as their high bit is cleared by `~word`). A borrow can flag a byte above a flagged
    /// one too, never below: the lowest flag is always the first such byte.
    @inlinable @inline(__always) package static func specialBytes(_ word: UInt64) -> UInt64 {
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
    @inlinable package mutating func stringRange() throws -> (range: Range<Int>, escaped: Bool) {
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
    @inlinable mutating func skipEscape() throws {
        position += 1
        guard position < bytes.count else { throw syntaxError("escape not finished") }
        switch bytes[position] {
        case 34, 92, 47, 98, 102, 110, 114, 116: position += 1
        case 117:
            position += 1
            // Half a surrogate pair alone is read as U+FFFD (`unescaped`); a pair is two escapes,
            // each checked here in turn.
            _ = try hex4()
        default: throw syntaxError("invalid escape \\\(found())")
        }
    }

    @inlinable mutating func hex4() throws -> UInt32 {
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
    @inlinable package mutating func string() throws -> String {
        let (range, escaped) = try stringRange()
        return Self.decoded(UnsafeBufferPointer(rebasing: bytes[range]), escaped: escaped)
    }

    /// The text of a string's content (between its quotes).
    @inlinable package static func decoded(_ content: UnsafeBufferPointer<UInt8>, escaped: Bool) -> String {
        guard escaped else { return String(decoding: content, as: UTF8.self) }
        // Decoded in the string's own storage (ill-formed UTF-8 repaired, as `String(decoding:)`
        // does), not in an array copied into it.
        return String(unsafeUninitializedCapacity: content.count) { unescape(content, into: $0) }
    }

    /// The bytes of a string's content with its escapes decoded (already checked by
    /// `stringRange`).
    package static func unescaped(_ content: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: content.count) { buffer, count in
            count = unescape(content, into: buffer)
        }
    }

    /// Decodes the escapes of `content` into `target` (at least as long: no escape decodes to
    /// more bytes than it is written in) and returns the decoded length. The runs between
    /// backslashes are found with memchr and copied whole (a byte-by-byte append was 37 M
    /// instructions of the parsing threads importing 3,000 logs, a fifth of them Bugly JSON
    /// whose stacks are one escaped string).
    package static func unescape(
        _ content: UnsafeBufferPointer<UInt8>, into target: UnsafeMutableBufferPointer<UInt8>
    ) -> Int {
        guard let source = content.baseAddress, let output = target.baseAddress else { return 0 }
        var index = 0
        var written = 0
        func hex(_ at: Int) -> UInt32 {
            var value: UInt32 = 0
            for offset in 0..<4 {
                let byte = content[at + offset]
                value = value << 4 | UInt32(byte <= 57 ? byte - 48 : (byte | 0x20) - 87)
            }
            return value
        }
        func put(_ byte: UInt8) {
            output[written] = byte
            written += 1
        }
        while index < content.count {
            let backslash = content.firstOffset(of: 92, from: index, to: content.count) ?? content.count
            (output + written).update(from: source + index, count: backslash - index)
            written += backslash - index
            guard backslash < content.count else { break }
            let escape = content[backslash + 1]
            index = backslash + 2
            switch escape {
            case 98: put(8)
            case 102: put(12)
            case 110: put(10)
            case 114: put(13)
            case 116: put(9)
            case 117:
                var scalar = hex(index)
                index += 4
                // A high surrogate followed by a low one is a pair; either half alone is U+FFFD
                // (`Unicode.Scalar` refuses a surrogate).
                if scalar & 0xFC00 == 0xD800, index + 6 <= content.count, content[index] == 92,
                    content[index + 1] == 117, hex(index + 2) & 0xFC00 == 0xDC00
                {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (hex(index + 2) - 0xDC00)
                    index += 6
                }
                UTF8.encode(Unicode.Scalar(scalar) ?? "\u{FFFD}") { put($0) }
            default: put(escape)  // \" \\ \/
            }
        }
        return written
    }

    /// The whole document is one value and white space: the reader after it.
    @inlinable package mutating func end() throws {
        skipBlanks()
        guard position == bytes.count else {
            throw syntaxError("unexpected \(found()) after the document's value")
        }
    }
}

/// A member name: its bytes in the document, or decoded when it is spelled with escapes.
package struct JSONKey {
    package let bytes: UnsafeBufferPointer<UInt8>

    @inlinable package init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    @inlinable package static func == (key: JSONKey, name: StaticString) -> Bool {
        guard key.bytes.count == name.utf8CodeUnitCount, let base = key.bytes.baseAddress else {
            return key.bytes.isEmpty && name.utf8CodeUnitCount == 0
        }
        return memcmp(base, name.utf8Start, key.bytes.count) == 0
    }

    package var string: String { String(decoding: bytes, as: UTF8.self) }
}
