/// One token of a source file, as the lexers of `crashscan scan` produce it: comments, white
/// space and skipped preprocessor blocks never become tokens, so nothing inside them is flagged.
public struct SourceToken: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case identifier
        /// A string literal: `"…"`, `@"…"`, a Swift raw or multi-line string. `value` holds its
        /// text with escapes resolved; nil when it interpolates (`"\(x)"`) or spans lines: not a
        /// constant key.
        case string(value: String?)
        /// A number or a character literal: neither is ever a key.
        case literal
        /// One byte of punctuation: `[`, `]`, `(`, `)`, `:`, `.`, `,`, `;`, `*`, `=`, `{`, `}`, …
        case punctuation(UInt8)
        /// `@interface`, `@implementation`, `@property`, `@end`, `@selector` (Objective-C), or a Swift
        /// attribute such as `@IBOutlet`: the `@` and the word.
        case keyword(String)
    }

    public var kind: Kind
    /// Byte range in the file.
    public var start: Int
    public var end: Int

    public init(kind: Kind, start: Int, end: Int) {
        self.kind = kind
        self.start = start
        self.end = end
    }

    public func isPunctuation(_ byte: UInt8) -> Bool { kind == .punctuation(byte) }
    public var stringValue: String? {
        if case .string(let value) = kind { return value }
        return nil
    }
    public var isIdentifier: Bool { kind == .identifier }
}

/// Byte helpers the lexers share.
enum SourceBytes {
    static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (65...90).contains(byte) || (97...122).contains(byte) || byte == 95 || byte == 36 || byte >= 0x80
    }

    static func isIdentifierByte(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || (48...57).contains(byte)
    }

    static func isDigit(_ byte: UInt8) -> Bool { (48...57).contains(byte) }

    static func isBlank(_ byte: UInt8) -> Bool {
        byte == 32 || byte == 9 || byte == 12 || byte == 11 || byte == 13
    }

    /// The text of `bytes[range]`.
    static func text(_ bytes: [UInt8], _ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// Resolves C and Swift escapes of a literal's content (`\"`, `\\`, `\n`, `\t`, `\u{…}`);
    /// other escapes keep their character.
    static func unescape(_ bytes: ArraySlice<UInt8>) -> String {
        guard bytes.contains(92) else { return String(decoding: bytes, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            guard byte == 92, index + 1 < bytes.endIndex else {
                out.append(byte)
                index += 1
                continue
            }
            let next = bytes[index + 1]
            switch next {
            case 110: out.append(10)
            case 116: out.append(9)
            case 114: out.append(13)
            case 48: out.append(0)
            default: out.append(next)
            }
            index += 2
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// Line and column (both 1-based, the column counted in characters as editors count) of byte
/// offsets in one file.
public struct LineIndex: Sendable {
    /// Byte offset where each line starts.
    let lineStarts: [Int]
    let bytes: [UInt8]

    public init(_ bytes: [UInt8]) {
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == 10 { starts.append(offset + 1) }
        lineStarts = starts
        self.bytes = bytes
    }

    public func location(of offset: Int) -> (line: Int, column: Int) {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        let start = lineStarts[low]
        // Characters, not bytes: continuation bytes of UTF-8 do not count.
        let column = bytes[start..<min(offset, bytes.count)].reduce(1) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        return (low + 1, column)
    }

    /// The text of line `line` (1-based) without its line break.
    public func text(ofLine line: Int) -> String {
        guard line >= 1, line <= lineStarts.count else { return "" }
        let start = lineStarts[line - 1]
        let end = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
        return String(decoding: bytes[start..<max(start, end)], as: UTF8.self)
    }
}

/// What both scanners ask of their tokens: the text of one, and what kind it is, with an index
/// out of range answering false (the scanners look one or two tokens ahead and behind).
protocol TokenReader {
    var bytes: [UInt8] { get }
    var tokens: [SourceToken] { get }
}

extension TokenReader {
    func text(_ index: Int) -> String { SourceBytes.text(bytes, tokens[index].start..<tokens[index].end) }

    /// Whether the token is an identifier (named `name`, when given), compared on bytes: making
    /// the token's String for each comparison was a third of an Objective-C file's scan once a
    /// pass asked it of every identifier.
    func isIdentifier(_ index: Int, _ name: String? = nil) -> Bool {
        guard index >= 0, index < tokens.count, tokens[index].isIdentifier else { return false }
        guard var name else { return true }
        let token = tokens[index]
        return name.withUTF8 { wanted in
            token.end - token.start == wanted.count && bytes[token.start..<token.end].elementsEqual(wanted)
        }
    }

    /// Whether a line break lies between the token at `position` and the one before it.
    func startsLine(_ position: Int) -> Bool {
        guard position > 0, position < tokens.count else { return true }
        return bytes[tokens[position - 1].end..<tokens[position].start].contains(10)
    }

    func isPunctuation(_ index: Int, _ byte: UInt8) -> Bool {
        index >= 0 && index < tokens.count && tokens[index].isPunctuation(byte)
    }

    func isKeyword(_ index: Int, _ word: String) -> Bool {
        index >= 0 && index < tokens.count && tokens[index].kind == .keyword(word)
    }
}
