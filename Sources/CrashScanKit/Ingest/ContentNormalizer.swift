/// The text the duplicate check hashes: the same report saved twice (another encoding, CRLF,
/// trailing blanks, a BOM) must hash the same.
enum ContentNormalizer {
    static func normalize(_ text: String) -> String {
        var lines: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var trimmed = line
            while let last = trimmed.last, last == " " || last == "\t" || last == "\r" { trimmed = trimmed.dropLast() }
            lines.append(trimmed)
        }
        while let first = lines.first, first.isEmpty { lines.removeFirst() }
        while let last = lines.last, last.isEmpty { lines.removeLast() }
        var joined = lines.joined(separator: "\n")
        if joined.hasPrefix("\u{FEFF}") { joined.removeFirst() }
        return joined
    }
}
