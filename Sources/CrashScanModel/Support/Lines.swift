#if canImport(Glibc)
    import Glibc
#endif

/// Line splitting on UTF-8 bytes with `memchr`: `String.split(separator:)` walks grapheme
/// clusters and the generic `UTF8View.split` was a large share of parsing time.
@usableFromInline package enum Lines {
    /// The lines of `text` (split at `\n`; the decoder has already turned CRLF and CR into LF).
    @inlinable package static func split(_ text: String, keepEmpty: Bool = false) -> [Substring] {
        split(Substring(text), keepEmpty: keepEmpty)
    }

    @inlinable package static func split(_ text: Substring, keepEmpty: Bool = false) -> [Substring] {
        let utf8 = text.utf8
        let ranges: [Range<Int>]? = utf8.withContiguousStorageIfAvailable { buffer in
            var ranges: [Range<Int>] = []
            guard let base = buffer.baseAddress else { return ranges }
            // Crash-log lines average 60–100 bytes: one allocation instead of growing by doubling.
            ranges.reserveCapacity(buffer.count / 48 + 4)
            var start = 0
            while start <= buffer.count {
                let remaining = buffer.count - start
                let end: Int
                if remaining > 0, let hit = memchr(base + start, 10, remaining) {
                    end = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                } else {
                    end = buffer.count
                }
                if keepEmpty || end > start { ranges.append(start..<end) }
                if end >= buffer.count { break }
                start = end + 1
            }
            return ranges
        }
        guard let ranges else {
            return utf8.split(separator: 10, omittingEmptySubsequences: !keepEmpty).map { Substring($0) }
        }
        let start = utf8.startIndex
        return ranges.map { range in
            let lower = utf8.index(start, offsetBy: range.lowerBound)
            let upper = utf8.index(lower, offsetBy: range.count)
            return Substring(utf8[lower..<upper])
        }
    }

    /// Each line of `text` in order, as `split(keepEmpty: true)` cuts them, without an array of
    /// them all: a 60 MB paste has about 1.5 million lines, and their array took more memory
    /// than the text.
    @inlinable package static func forEach(_ text: String, _ body: (Substring) -> Void) {
        let utf8 = text.utf8
        let walked: Void? = utf8.withContiguousStorageIfAvailable { buffer in
            guard let base = buffer.baseAddress else { return body(Substring(text)) }
            var start = 0
            var lower = utf8.startIndex
            while true {
                let remaining = buffer.count - start
                var end = buffer.count
                if remaining > 0, let hit = memchr(base + start, 10, remaining) {
                    end = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                }
                let upper = utf8.index(lower, offsetBy: end - start)
                body(Substring(utf8[lower..<upper]))
                if end >= buffer.count { return }
                start = end + 1
                lower = utf8.index(after: upper)
            }
        }
        if walked == nil { split(text, keepEmpty: true).forEach(body) }
    }

    /// The first line of `text` (as `split(keepEmpty: true)` cuts them) that `accept` takes, with
    /// its number from 0; the lines after it are not looked at.
    @inlinable package static func firstLine(_ text: Substring, where accept: (Substring) -> Bool) -> (
        number: Int, line: Substring
    )? {
        let utf8 = text.utf8
        var start = utf8.startIndex
        var number = 0
        while true {
            let end = utf8[start...].firstIndex(of: 10) ?? utf8.endIndex
            let line = Substring(utf8[start..<end])
            if accept(line) { return (number, line) }
            guard end < utf8.endIndex else { return nil }
            start = utf8.index(after: end)
            number += 1
        }
    }

    /// The first `limit` bytes of `text`, cut at the last line break before the limit (a head
    /// for format detection, without walking characters).
    @inlinable package static func head(_ text: String, limit: Int) -> Substring {
        let utf8 = text.utf8
        guard utf8.count > limit else { return Substring(text) }
        let end = utf8.index(utf8.startIndex, offsetBy: limit)
        let cut = utf8[..<end].lastIndex(of: 10) ?? end
        return Substring(utf8[..<cut])
    }

    /// What `join(lines)` gives when `lines` are consecutive lines of one text as
    /// `split(_:keepEmpty: true)` cut them (none left out between the first and the last): the
    /// text from the first's start to the last's end, copied once rather than line by line
    /// (29,000 instructions of an 8 KB Apple report). The caller vouches for the lines.
    @inlinable package static func span<Parts: BidirectionalCollection>(of lines: Parts) -> String
    where Parts.Element == Substring {
        guard let first = lines.first, let last = lines.last else { return "" }
        let base = first.base
        // All the text's lines (one report in a file): the text itself, not a copy.
        if first.startIndex == base.startIndex, last.endIndex == base.endIndex { return base }
        return String(Substring(base.utf8[first.startIndex..<last.endIndex]))
    }

    /// `lines.joined(separator: "\n")` by copying bytes: the generic `joined` cost about 120,000
    /// instructions for one 5 KB report, and every Apple-layout report is joined once.
    @inlinable package static func join<Parts: Collection>(_ lines: Parts) -> String
    where Parts.Element == Substring {
        guard !lines.isEmpty else { return "" }
        let length = lines.reduce(lines.count - 1) { $0 + $1.utf8.count }
        return String(unsafeUninitializedCapacity: length) { buffer in
            var offset = 0
            for (index, line) in lines.enumerated() {
                if index > 0 {
                    buffer[offset] = 10
                    offset += 1
                }
                let copied = line.utf8.withContiguousStorageIfAvailable { bytes -> Int in
                    guard let source = bytes.baseAddress, let target = buffer.baseAddress else { return 0 }
                    (target + offset).update(from: source, count: bytes.count)
                    return bytes.count
                }
                if let copied {
                    offset += copied
                } else {
                    for byte in line.utf8 {
                        buffer[offset] = byte
                        offset += 1
                    }
                }
            }
            return offset
        }
    }

    /// Lines longer than this are not labels, frames or reasons (a minified blob, a binary dump
    /// in a text file); parsers skip them instead of scanning them again and again.
    package static let maximumUsefulLength = 64 * 1024
}
