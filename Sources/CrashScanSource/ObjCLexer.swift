/// Tokens of an Objective-C (or C, C++) file: comments, character literals and blocks under
/// `#if 0` never become tokens; `#define NAME @"…"` is remembered so a key may be named by a
/// macro.
public struct ObjCLexer {
    public private(set) var tokens: [SourceToken] = []
    /// Macros defined as one string literal: `#define kKey @"_placeholderLabel"`.
    public private(set) var stringMacros: [String: String] = [:]
    let bytes: [UInt8]
    private var index = 0
    private var atLineStart = true

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        lex()
    }

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
            if byte == 35, atLineStart {  // #
                directive()
                continue
            }
            atLineStart = false
            if byte == 47, index + 1 < bytes.count, bytes[index + 1] == 47 {  // //
                skipLineComment()
            } else if byte == 47, index + 1 < bytes.count, bytes[index + 1] == 42 {  // /*
                skipBlockComment()
            } else if byte == 34 {  // "
                string(from: index, quoteAt: index)
            } else if byte == 64, index + 1 < bytes.count, bytes[index + 1] == 34 {  // @"
                string(from: index, quoteAt: index + 1)
            } else if byte == 39 {  // '
                let start = index
                skipQuoted(closing: 39, from: index + 1)
                tokens.append(SourceToken(kind: .literal, start: start, end: index))
            } else if byte == 64, index + 1 < bytes.count, SourceBytes.isIdentifierStart(bytes[index + 1]) {
                let start = index
                index += 1
                while index < bytes.count, SourceBytes.isIdentifierByte(bytes[index]) { index += 1 }
                tokens.append(
                    SourceToken(
                        kind: .keyword(SourceBytes.text(bytes, start..<index)), start: start, end: index))
            } else if SourceBytes.isIdentifierStart(byte) {
                let start = index
                while index < bytes.count, SourceBytes.isIdentifierByte(bytes[index]) { index += 1 }
                tokens.append(SourceToken(kind: .identifier, start: start, end: index))
            } else if SourceBytes.isDigit(byte) {
                let start = index
                while index < bytes.count, SourceBytes.isIdentifierByte(bytes[index]) || bytes[index] == 46 {
                    index += 1
                }
                tokens.append(SourceToken(kind: .literal, start: start, end: index))
            } else {
                tokens.append(SourceToken(kind: .punctuation(byte), start: index, end: index + 1))
                index += 1
            }
        }
    }

    private mutating func skipLineComment() {
        while index < bytes.count, bytes[index] != 10 { index += 1 }
    }

    private mutating func skipBlockComment() {
        index += 2
        while index + 1 < bytes.count, !(bytes[index] == 42 && bytes[index + 1] == 47) { index += 1 }
        index = min(bytes.count, index + 2)
    }

    /// Moves past a literal whose content starts at `start`, to after its closing byte (or the
    /// line's end: an unterminated literal does not swallow the file). Returns the content's end.
    @discardableResult
    private mutating func skipQuoted(closing: UInt8, from start: Int) -> Int {
        index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 92 {
                index += 2
                continue
            }
            if byte == closing {
                index += 1
                return index - 1
            }
            if byte == 10 { return index }
            index += 1
        }
        index = bytes.count
        return index
    }

    private mutating func string(from start: Int, quoteAt quote: Int) {
        let contentEnd = skipQuoted(closing: 34, from: quote + 1)
        let value = SourceBytes.unescape(bytes[(quote + 1)..<max(quote + 1, contentEnd)])
        tokens.append(SourceToken(kind: .string(value: value), start: start, end: index))
    }

    /// The logical line of a directive (continued by `\` at line ends), comments dropped.
    private mutating func directiveText() -> String {
        var out: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 92, index + 1 < bytes.count, bytes[index + 1] == 10 {
                index += 2
                continue
            }
            if byte == 10 { break }
            if byte == 47, index + 1 < bytes.count, bytes[index + 1] == 47 {
                skipLineComment()
                break
            }
            if byte == 47, index + 1 < bytes.count, bytes[index + 1] == 42 {
                skipBlockComment()
                out.append(32)
                continue
            }
            out.append(byte)
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    private mutating func directive() {
        index += 1
        let line = directiveText().drop { $0 == " " || $0 == "\t" }
        let name = line.prefix { $0.isLetter }
        let rest = line.dropFirst(name.count).trimmingCharacters()
        switch name {
        case "define": define(rest)
        case "if" where rest == "0" || rest == "false": skipDisabledBlock()
        default: break
        }
    }

    /// `NAME @"value"` or `NAME "value"` (a function-like macro is not a key).
    private mutating func define(_ text: Substring) {
        let name = text.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        guard !name.isEmpty else { return }
        var value = text.dropFirst(name.count).trimmingCharacters()
        if value.hasPrefix("@") { value = value.dropFirst() }
        guard value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") else { return }
        let content = Array(value.dropFirst().dropLast().utf8)
        guard !content.contains(34) || content.contains(92) else { return }
        stringMacros[String(name)] = SourceBytes.unescape(content[...])
    }

    /// After `#if 0`: lines up to the matching `#else`, `#elif` (code again from there) or
    /// `#endif`, nested conditionals counted.
    private mutating func skipDisabledBlock() {
        var depth = 0
        while index < bytes.count {
            // At a line start here: look for a directive.
            var position = index
            while position < bytes.count, SourceBytes.isBlank(bytes[position]) { position += 1 }
            if position < bytes.count, bytes[position] == 35 {
                index = position + 1
                let line = directiveText().drop { $0 == " " || $0 == "\t" }
                let name = line.prefix { $0.isLetter }
                switch name {
                case "if", "ifdef", "ifndef": depth += 1
                case "endif":
                    if depth == 0 { return }
                    depth -= 1
                case "else", "elif":
                    if depth == 0 { return }
                default: break
                }
            }
            while index < bytes.count, bytes[index] != 10 { index += 1 }
            index += 1
        }
    }
}

extension Substring {
    /// Without leading and trailing blanks.
    func trimmingCharacters() -> Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" || first == "\r" {
            text = text.dropFirst()
        }
        while let last = text.last, last == " " || last == "\t" || last == "\r" { text = text.dropLast() }
        return text
    }
}
