#if canImport(Glibc)
    import Glibc
#endif

/// Substring search on UTF-8 bytes with `memchr` and `memcmp`. Foundation's `range(of:)` and
/// `StringProtocol.contains` go through CFString and UTF-16 on Linux and were most of the import
/// time on large inputs (callgrind: 63% in CFStringFindWithOptionsAndLocale).
@usableFromInline package enum TextSearch {
    /// Byte offset of the first `needle` in `haystack`, or nil.
    @inlinable package static func offset<Haystack: StringProtocol>(of needle: String, in haystack: Haystack)
        -> Int?
    {
        var needle = needle
        return haystack.withUTF8Storage { haystackBytes in
            needle.withUTF8 { haystackBytes.firstOffset(ofBytes: $0) }
        }
    }

    @inlinable package static func contains<Haystack: StringProtocol>(_ haystack: Haystack, _ needle: String)
        -> Bool
    {
        offset(of: needle, in: haystack) != nil
    }

    /// The range of the first `needle` in `haystack`, as indices of `haystack`.
    @inlinable package static func range(of needle: String, in haystack: Substring) -> Range<String.Index>? {
        guard let start = offset(of: needle, in: haystack) else { return nil }
        let lower = haystack.utf8.index(haystack.startIndex, offsetBy: start)
        let upper = haystack.utf8.index(lower, offsetBy: needle.utf8.count)
        return lower..<upper
    }

    @inlinable package static func range(of needle: String, in haystack: String) -> Range<String.Index>? {
        range(of: needle, in: Substring(haystack))
    }
}

extension UnsafeBufferPointer where Element == UInt8 {
    /// The first offset from `start` up to (not including) `end` that holds `byte` and passes
    /// `accept`; nil when there is none or the bounds leave nothing to search. memchr (vectorised
    /// in glibc) jumps between the candidates, so the hot parsing checks that look for a rare
    /// byte do not visit every byte in Swift.
    @inlinable package func firstOffset(
        of byte: UInt8, from start: Int, to end: Int, where accept: (Int) -> Bool = { _ in true }
    )
        -> Int?
    {
        guard let base = baseAddress else { return nil }
        var from = Swift.max(start, 0)
        let end = Swift.min(end, count)
        while from < end, let hit = memchr(base + from, Int32(byte), end - from) {
            let offset = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            if accept(offset) { return offset }
            from = offset + 1
        }
        return nil
    }

    /// The offset of the first `needle` (0 for an empty one), or nil: memchr for its first byte
    /// (vectorised in glibc), memcmp for the rest. (glibc's memmem needs _GNU_SOURCE, which the
    /// Glibc module does not define.)
    @inlinable package func firstOffset(ofBytes needle: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let key = needle.baseAddress, !needle.isEmpty else { return 0 }
        guard count >= needle.count, let base = baseAddress else { return nil }
        return firstOffset(of: key.pointee, from: 0, to: count - needle.count + 1) {
            memcmp(base + $0, key, needle.count) == 0
        }
    }

    /// Whether `needle` occurs. A `StaticString` needle costs no retain (a `static let` array's
    /// did, per frame and search).
    @inlinable package func contains(_ needle: StaticString) -> Bool {
        firstOffset(ofBytes: UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount))
            != nil
    }

    /// Whether the bytes start with `prefix`.
    @inlinable package func hasPrefix(_ prefix: StaticString) -> Bool {
        let length = prefix.utf8CodeUnitCount
        guard length > 0 else { return true }
        guard count >= length, let base = baseAddress else { return false }
        return memcmp(base, prefix.utf8Start, length) == 0
    }

    /// Whether `needle` stands at `offset` (false when it would not fit); a `StaticString`
    /// costs no retain.
    @inlinable package func has(_ needle: StaticString, at offset: Int) -> Bool {
        let count = needle.utf8CodeUnitCount
        guard offset >= 0, offset + count <= self.count, let base = baseAddress else { return count == 0 }
        return memcmp(base + offset, needle.utf8Start, count) == 0
    }

    /// Whether `needle` stands at `offset` (false when it would not fit).
    @inlinable package func has(_ needle: [UInt8], at offset: Int) -> Bool {
        guard offset >= 0, offset + needle.count <= count, let base = baseAddress else { return false }
        return needle.withUnsafeBytes { key in
            key.baseAddress.map { memcmp(base + offset, $0, needle.count) == 0 } ?? true  // empty needle
        }
    }
}

extension StringProtocol {
    /// Runs `body` on the contiguous UTF-8 bytes, copying only when the storage is not native.
    @inlinable package func withUTF8Storage<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = String(self)
        return copy.withUTF8(body)
    }
}

extension StringProtocol {
    /// `contains` through `memchr` (see `TextSearch`).
    @inlinable package func fastContains(_ needle: String) -> Bool { TextSearch.contains(self, needle) }

    /// `range(of:)` through `memchr` (see `TextSearch`).
    @inlinable package func fastRange(of needle: String) -> Range<String.Index>? {
        guard let start = TextSearch.offset(of: needle, in: self) else { return nil }
        let lower = utf8.index(startIndex, offsetBy: start)
        return lower..<utf8.index(lower, offsetBy: needle.utf8.count)
    }
}

extension StringProtocol {
    /// Without white space (space, tab, CR, LF) at both ends, on bytes. Foundation's
    /// `trimmingCharacters(in:)` bridges to NSString and was 8% of import time.
    @inlinable package func trimmingWhitespace() -> Substring {
        trimming { $0 == 32 || $0 == 9 || $0 == 10 || $0 == 13 }
    }

    /// Without the ASCII bytes `strip` accepts at both ends.
    @inlinable package func trimming(_ strip: (UInt8) -> Bool) -> Substring {
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
    @inlinable package var string: String { String(self) }
}

extension Substring {
    /// `hasPrefix` on UTF-8 bytes. The standard library's version for `Substring` compares
    /// Characters (grapheme breaking, canonical equivalence) where `String`'s has a byte fast
    /// path; the format detection and the parsers ask it of every line for ASCII labels
    /// (callgrind: Character-wise `starts(with:)` ≈2 % of import). Being concrete, this overload
    /// is the one every `Substring.hasPrefix(String)` in crashscan calls.
    @inlinable package func hasPrefix(_ prefix: String) -> Bool { hasBytes(of: prefix, atEnd: false) }

    /// `hasSuffix` on UTF-8 bytes (see `hasPrefix`).
    @inlinable package func hasSuffix(_ suffix: String) -> Bool { hasBytes(of: suffix, atEnd: true) }

    @inlinable package func hasBytes(of key: String, atEnd: Bool) -> Bool {
        // Most lines differ from a label in its first (or last) byte: rejected before the
        // buffers are reached, which cost about 120 instructions a call (the format detection
        // and the parsers ask this of every line for each label they know).
        if let keyByte = atEnd ? key.utf8.last : key.utf8.first {
            guard let byte = atEnd ? utf8.last : utf8.first, byte == keyByte else { return false }
        }
        var key = key
        return withUTF8Storage { bytes in
            key.withUTF8 { key in
                guard key.count <= bytes.count else { return false }
                guard let base = bytes.baseAddress, let keyBase = key.baseAddress else { return true }
                return memcmp(base + (atEnd ? bytes.count - key.count : 0), keyBase, key.count) == 0
            }
        }
    }
}
