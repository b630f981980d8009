/// Line splitting on UTF-8 bytes: `String.split(separator:)` walks grapheme clusters, which was
/// a large share of parsing time on big inputs.
enum Lines {
    /// The lines of `text` (split at `\n`; the decoder has already turned CRLF and CR into LF).
    static func split(_ text: String, keepEmpty: Bool = false) -> [Substring] {
        text.utf8.split(separator: 10, omittingEmptySubsequences: !keepEmpty).map { Substring($0) }
    }

    static func split(_ text: Substring, keepEmpty: Bool = false) -> [Substring] {
        text.utf8.split(separator: 10, omittingEmptySubsequences: !keepEmpty).map { Substring($0) }
    }

    /// Lines longer than this are not labels, frames or reasons (a minified blob, a binary dump
    /// in a text file); parsers skip them instead of scanning them again and again.
    static let maximumUsefulLength = 64 * 1024
}
