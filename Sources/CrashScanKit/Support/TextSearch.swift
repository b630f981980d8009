#if canImport(Glibc)
    import Glibc
#endif

/// Substring search on UTF-8 bytes with `memchr` and `memcmp`. Foundation's `range(of:)` and
/// `StringProtocol.contains` go through CFString and UTF-16 on Linux and were most of the import
/// time on large inputs (callgrind: 63% in CFStringFindWithOptionsAndLocale).
enum TextSearch {
    /// Byte offset of the first `needle` in `haystack`, or nil.
    static func offset<Haystack: StringProtocol>(of needle: String, in haystack: Haystack) -> Int? {
        var needle = needle
        return haystack.withUTF8Storage { haystackBytes in
            needle.withUTF8 { needleBytes -> Int? in
                guard !needleBytes.isEmpty, haystackBytes.count >= needleBytes.count,
                    let base = haystackBytes.baseAddress, let key = needleBytes.baseAddress
                else { return needleBytes.isEmpty ? 0 : nil }
                // memchr for the first byte (vectorised in glibc), memcmp for the rest. (glibc's
                // memmem needs _GNU_SOURCE, which the Glibc module does not define.)
                let first = Int32(needleBytes[0])
                let last = haystackBytes.count - needleBytes.count
                var position = 0
                while position <= last {
                    guard let hit = memchr(base + position, first, last - position + 1) else { return nil }
                    let offset = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                    if memcmp(base + offset, key, needleBytes.count) == 0 { return offset }
                    position = offset + 1
                }
                return nil
            }
        }
    }

    static func contains<Haystack: StringProtocol>(_ haystack: Haystack, _ needle: String) -> Bool {
        offset(of: needle, in: haystack) != nil
    }

    /// The range of the first `needle` in `haystack`, as indices of `haystack`.
    static func range(of needle: String, in haystack: Substring) -> Range<String.Index>? {
        guard let start = offset(of: needle, in: haystack) else { return nil }
        let lower = haystack.utf8.index(haystack.startIndex, offsetBy: start)
        let upper = haystack.utf8.index(lower, offsetBy: needle.utf8.count)
        return lower..<upper
    }

    static func range(of needle: String, in haystack: String) -> Range<String.Index>? {
        range(of: needle, in: Substring(haystack))
    }
}

extension StringProtocol {
    /// Runs `body` on the contiguous UTF-8 bytes, copying only when the storage is not native.
    fileprivate func withUTF8Storage<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = String(self)
        return copy.withUTF8(body)
    }
}

extension StringProtocol {
    /// `contains` through `memchr` (see `TextSearch`).
    func fastContains(_ needle: String) -> Bool { TextSearch.contains(self, needle) }

    /// `range(of:)` through `memchr` (see `TextSearch`).
    func fastRange(of needle: String) -> Range<String.Index>? {
        guard let start = TextSearch.offset(of: needle, in: self) else { return nil }
        let lower = utf8.index(startIndex, offsetBy: start)
        return lower..<utf8.index(lower, offsetBy: needle.utf8.count)
    }
}

extension StringProtocol {
    /// Without white space (space, tab, CR, LF) at both ends, on bytes. Foundation's
    /// `trimmingCharacters(in:)` bridges to NSString and was 8% of import time.
    func trimmingWhitespace() -> Substring {
        trimming { $0 == 32 || $0 == 9 || $0 == 10 || $0 == 13 }
    }

    /// Without the ASCII bytes `strip` accepts at both ends.
    func trimming(_ strip: (UInt8) -> Bool) -> Substring {
        let bytes = Substring(self).utf8
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, strip(bytes[start]) { start = bytes.index(after: start) }
        while end > start {
            let before = bytes.index(before: end)
            guard strip(bytes[before]) else { break }
            end = before
        }
        return Substring(bytes[start..<end])
    }
}

extension Substring {
    /// A String copy (for call sites that need one).
    var string: String { String(self) }
}

extension Substring {
    /// `hasPrefix` on UTF-8 bytes. The standard library's version for `Substring` compares
    /// Characters (grapheme breaking, canonical equivalence) where `String`'s has a byte fast
    /// path; the format detection and the parsers ask it of every line for ASCII labels
    /// (callgrind: Character-wise `starts(with:)` ≈2 % of import). Being concrete, this overload
    /// is the one every `Substring.hasPrefix(String)` in this module calls.
    func hasPrefix(_ prefix: String) -> Bool {
        var prefix = prefix
        return withUTF8Storage { bytes in
            prefix.withUTF8 { key in
                guard key.count <= bytes.count else { return false }
                guard let base = bytes.baseAddress, let keyBase = key.baseAddress else { return true }
                return memcmp(base, keyBase, key.count) == 0
            }
        }
    }

    /// `hasSuffix` on UTF-8 bytes (see `hasPrefix`).
    func hasSuffix(_ suffix: String) -> Bool {
        var suffix = suffix
        return withUTF8Storage { bytes in
            suffix.withUTF8 { key in
                guard key.count <= bytes.count else { return false }
                guard let base = bytes.baseAddress, let keyBase = key.baseAddress else { return true }
                return memcmp(base + (bytes.count - key.count), keyBase, key.count) == 0
            }
        }
    }
}
