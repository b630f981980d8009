/// Tokens of a Swift file: comments (nested block comments too) and `#if false` blocks never
/// become tokens; string literals of every form (escapes, interpolation, multi-line `"""`, raw
/// `#"…"#`) become one token each, so their text is never read as code.
public struct SwiftLexer {
    public private(set) var tokens: [SourceToken] = []
    let bytes: [UInt8]
    private var index = 0
    private var atLineStart = true

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        lex()
    }

    private func at(_ offset: Int) -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

    private mutating func lex() {
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 10 {
                atLineStart = true
                index += 1
                continue
            }
            if SourceBytes.isBlank(byte) {
                index += 1
                continue
            }
            let lineStart = atLineStart
            atLineStart = false
            if byte == 47, at(index + 1) == 47 {
                while index < bytes.count, bytes[index] != 10 { index += 1 }
            } else if byte == 47, at(index + 1) == 42 {
                skipBlockComment()
            } else if byte == 34 || (byte == 35 && rawStringHashes(at: index) != nil) {
                let start = index
                let value = readString()
                tokens.append(SourceToken(kind: .string(value: value), start: start, end: index))
            } else if byte == 35, lineStart, directive() {
                continue
            } else if byte == 35 || byte == 64, let next = at(index + 1), SourceBytes.isIdentifierStart(next)
            {
                let start = index
                index += 1
                while index < bytes.count, SourceBytes.isIdentifierByte(bytes[index]) { index += 1 }
                tokens.append(
                    SourceToken(
                        kind: .keyword(SourceBytes.text(bytes, start..<index)), start: start, end: index))
            } else if byte == 96 {  // `identifier`
                let start = index + 1
                index += 1
                while index < bytes.count, bytes[index] != 96, bytes[index] != 10 { index += 1 }
                tokens.append(SourceToken(kind: .identifier, start: start, end: index))
                if at(index) == 96 { index += 1 }
            } else if SourceBytes.isIdentifierStart(byte) {
                let start = index
                while index < bytes.count, SourceBytes.isIdentifierByte(bytes[index]) { index += 1 }
                tokens.append(SourceToken(kind: .identifier, start: start, end: index))
            } else if SourceBytes.isDigit(byte) {
                let start = index
                while index < bytes.count, SourceBytes.isIdentifierByte(bytes[index]) { index += 1 }
                tokens.append(SourceToken(kind: .literal, start: start, end: index))
            } else {
                tokens.append(SourceToken(kind: .punctuation(byte), start: index, end: index + 1))
                index += 1
            }
        }
    }

    /// Swift block comments nest: `/* a /* b */ c */` is one comment.
    private mutating func skipBlockComment() {
        var depth = 0
        while index < bytes.count {
            if bytes[index] == 47, at(index + 1) == 42 {
                depth += 1
                index += 2
            } else if bytes[index] == 42, at(index + 1) == 47 {
                depth -= 1
                index += 2
                if depth == 0 { return }
            } else {
                index += 1
            }
        }
    }

    /// The number of `#` before a `"` at `offset` (a raw string), nil when it is not one.
    private func rawStringHashes(at offset: Int) -> Int? {
        var position = offset
        while position < bytes.count, bytes[position] == 35 { position += 1 }
        let hashes = position - offset
        return hashes > 0 && at(position) == 34 ? hashes : nil
    }

    /// Reads the string literal at `index` (its `#`s, quotes, content) and moves past it. Its
    /// value, escapes resolved; nil when it interpolates.
    private mutating func readString() -> String? {
        let hashes = rawStringHashes(at: index) ?? 0
        index += hashes
        let multiline = at(index + 1) == 34 && at(index + 2) == 34
        index += multiline ? 3 : 1
        var content: [UInt8] = []
        var interpolates = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 34, closes(at: index, multiline: multiline, hashes: hashes) {
                index += (multiline ? 3 : 1) + hashes
                // A multi-line literal is never a key (its value depends on its indentation).
                return interpolates || multiline ? nil : String(decoding: content, as: UTF8.self)
            }
            if byte == 10, !multiline { return nil }  // unterminated: stop at the line's end
            if byte == 92, escapeHashes(after: index) == hashes {
                let escaped = index + 1 + hashes
                if at(escaped) == 40 {  // \( interpolation
                    interpolates = true
                    index = escaped + 1
                    skipInterpolation()
                    continue
                }
                if let next = at(escaped) {
                    switch next {
                    case 110: content.append(10)
                    case 116: content.append(9)
                    case 48: content.append(0)
                    default: content.append(next)
                    }
                }
                index = escaped + 1
                continue
            }
            content.append(byte)
            index += 1
        }
        return nil
    }

    private func closes(at offset: Int, multiline: Bool, hashes: Int) -> Bool {
        let quotes = multiline ? 3 : 1
        for position in offset..<(offset + quotes) where at(position) != 34 { return false }
        for position in (offset + quotes)..<(offset + quotes + hashes) where at(position) != 35 {
            return false
        }
        return true
    }

    /// The `#` count right after a backslash (a raw string's escapes are `\#(`, `\#n`).
    private func escapeHashes(after offset: Int) -> Int {
        var position = offset + 1
        while position < bytes.count, bytes[position] == 35 { position += 1 }
        return position - offset - 1
    }

    /// Skips an interpolation's expression up to its closing parenthesis (strings inside it too).
    private mutating func skipInterpolation() {
        var depth = 1
        while index < bytes.count, depth > 0 {
            let byte = bytes[index]
            if byte == 34 || (byte == 35 && rawStringHashes(at: index) != nil) {
                _ = readString()
                continue
            }
            if byte == 40 { depth += 1 }
            if byte == 41 { depth -= 1 }
            index += 1
        }
    }

    /// `#if false` … up to the matching `#else`/`#elseif`/`#endif`; other conditionals are read
    /// as code in every branch. True when the line was a conditional directive.
    private mutating func directive() -> Bool {
        let start = index
        var end = index
        while end < bytes.count, bytes[end] != 10 { end += 1 }
        let line = Substring(SourceBytes.text(bytes, start..<end))
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard let first = words.first, ["#if", "#elseif", "#else", "#endif"].contains(first) else {
            return false
        }
        index = end
        if first == "#if", words.count >= 2, words[1] == "false" { skipDisabledBlock() }
        return true
    }

    private mutating func skipDisabledBlock() {
        var depth = 0
        while index < bytes.count {
            index += 1  // past the line break
            var position = index
            while position < bytes.count, SourceBytes.isBlank(bytes[position]) { position += 1 }
            var end = position
            while end < bytes.count, bytes[end] != 10 { end += 1 }
            let word = Substring(SourceBytes.text(bytes, position..<end)).prefix { $0 != " " && $0 != "\t" }
            index = end
            switch word {
            case "#if": depth += 1
            case "#endif":
                if depth == 0 { return }
                depth -= 1
            case "#else", "#elseif":
                if depth == 0 { return }
            default: break
            }
        }
    }
}
