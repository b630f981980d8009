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

    /// The position in `needle` of its byte that is rarest in crash logs, the first of equals:
    /// what `firstOffset(ofBytes:)` looks for with memchr. Searching for the first byte stopped
    /// at every `"` of a JSON file for `"bug_type"`, at every `F` of `Foundation` for
    /// `Fatal Exception:`.
    @inlinable package static func anchor(of needle: UnsafeBufferPointer<UInt8>) -> Int {
        var best = 0
        var bestFrequency = UInt8.max
        for (index, byte) in needle.enumerated() {
            let frequency = byteFrequency[Int(byte)]
            if frequency < bestFrequency {
                best = index
                bestFrequency = frequency
            }
        }
        return best
    }

    /// How common each byte is in crash logs, on a logarithmic scale (16 × log2(1 + occurrences
    /// per million bytes), at most 255): counted over the crash reports of public repositories
    /// crashscan's tests read and a sample of the benchmark's generated logs, the larger of the
    /// two. Only the order matters.
    @usableFromInline static let byteFrequency: [UInt8] = [
        113, 157, 139, 133, 95, 96, 121, 110, 168, 164, 227, 93, 83, 83, 89, 88,
        172, 102, 115, 91, 88, 94, 92, 87, 151, 100, 148, 119, 100, 95, 92, 93,
        255, 86, 243, 97, 87, 93, 96, 111, 191, 191, 147, 206, 220, 213, 207, 229,
        255, 228, 217, 218, 217, 210, 218, 216, 217, 212, 223, 121, 164, 130, 164, 106,
        104, 201, 192, 230, 198, 189, 204, 172, 150, 215, 114, 198, 206, 167, 195, 200,
        192, 163, 192, 214, 194, 209, 203, 135, 152, 121, 104, 202, 194, 202, 79, 224,
        115, 240, 219, 219, 224, 249, 218, 198, 213, 242, 164, 198, 237, 229, 235, 249,
        219, 161, 245, 232, 239, 220, 204, 213, 202, 215, 165, 178, 169, 178, 84, 79,
        178, 88, 118, 103, 105, 90, 105, 130, 136, 121, 130, 130, 132, 121, 98, 105,
        130, 105, 94, 91, 142, 97, 91, 136, 94, 105, 163, 118, 130, 92, 130, 128,
        130, 92, 87, 90, 121, 105, 105, 105, 130, 90, 94, 91, 121, 88, 121, 91,
        105, 105, 91, 105, 121, 90, 136, 105, 139, 91, 130, 121, 166, 88, 121, 105,
        129, 84, 87, 88, 89, 83, 88, 83, 84, 83, 84, 88, 90, 83, 87, 86,
        95, 86, 87, 84, 87, 83, 88, 87, 84, 86, 84, 92, 88, 87, 87, 84,
        127, 89, 83, 97, 105, 167, 158, 158, 136, 130, 83, 89, 86, 91, 84, 163,
        91, 91, 88, 89, 85, 97, 91, 90, 91, 87, 87, 87, 90, 81, 86, 99,
    ]
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

    /// The offset of the first `needle` (0 for an empty one), or nil: memchr (vectorised in
    /// glibc) for the needle's rarest byte in crash logs (`TextSearch.anchor`), memcmp for the
    /// whole needle at each hit. (glibc's memmem needs _GNU_SOURCE, which the Glibc module does
    /// not define.)
    @inlinable package func firstOffset(ofBytes needle: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let key = needle.baseAddress, !needle.isEmpty else { return 0 }
        guard count >= needle.count, let base = baseAddress else { return nil }
        // Choosing costs more than it saves in a short text (a frame's symbol, a line).
        let anchor = count < 256 ? 0 : TextSearch.anchor(of: needle)
        // The hits of the anchor byte come in order, and so do the needle's starts they stand for.
        return firstOffset(of: key[anchor], from: anchor, to: count - needle.count + anchor + 1) {
            memcmp(base + ($0 - anchor), key, needle.count) == 0
        }.map { $0 - anchor }
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
