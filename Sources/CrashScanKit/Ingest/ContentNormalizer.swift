/// The text the duplicate check hashes: the same report saved twice (another encoding, CRLF,
/// trailing blanks, a BOM) must hash the same.
enum ContentNormalizer {
    static func normalize(_ text: String) -> String {
        var lines: [Substring] = []
        for line in Lines.split(text, keepEmpty: true) {
            let bytes = line.utf8
            var end = bytes.endIndex
            while end > bytes.startIndex {
                let before = bytes.index(before: end)
                guard bytes[before] == 32 || bytes[before] == 9 || bytes[before] == 13 else { break }
                end = before
            }
            lines.append(Substring(bytes[bytes.startIndex..<end]))
        }
        while let first = lines.first, first.isEmpty { lines.removeFirst() }
        while let last = lines.last, last.isEmpty { lines.removeLast() }
        var joined = lines.joined(separator: "\n")
        if joined.hasPrefix("\u{FEFF}") { joined.removeFirst() }
        return joined
    }
}
