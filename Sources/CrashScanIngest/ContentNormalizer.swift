import CrashScanModel

/// The text the duplicate check hashes: the same report saved twice (another encoding, CRLF,
/// trailing blanks, a BOM) must hash the same.
enum ContentNormalizer {
    static func normalize(_ text: String) -> String {
        if let normal = fastNormal(text) { return normal }
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
        var joined = Lines.join(lines)
        if joined.hasPrefix("\u{FEFF}") { joined.removeFirst() }
        return joined
    }
}

extension ContentNormalizer {
    /// The normal form without splitting, when the text is already normal but for line breaks at
    /// the end (the common case, checked on bytes): nil when the slow path is needed.
    static func fastNormal(_ text: String) -> String? {
        let utf8 = text.utf8
        // No leading blank line, no BOM.
        guard let first = utf8.first, first != 10, first != 0xEF else { return nil }
        var end = utf8.endIndex
        while end > utf8.startIndex, utf8[utf8.index(before: end)] == 10 { end = utf8.index(before: end) }
        guard end > utf8.startIndex else { return nil }
        let length = utf8.distance(from: utf8.startIndex, to: end)
        var copy = text
        // memchr for CR and for each LF (checking the byte before it), not a loop over every
        // byte: this runs on every report.
        let clean = copy.withUTF8 { bytes -> Bool in
            guard bytes.firstOffset(of: 13, from: 0, to: length) == nil else { return false }
            let blankBeforeBreak = bytes.firstOffset(of: 10, from: 1, to: length) {
                bytes[$0 - 1] == 32 || bytes[$0 - 1] == 9
            }
            guard blankBeforeBreak == nil else { return false }
            let last = bytes[length - 1]
            return last != 32 && last != 9
        }
        guard clean else { return nil }
        return end == utf8.endIndex ? text : String(Substring(utf8[..<end]))
    }
}
