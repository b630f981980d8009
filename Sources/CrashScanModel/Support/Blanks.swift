/// Trimming spaces and tabs on UTF-8 bytes, for the parsers' hot paths and for values users type.
extension Substring {
    /// Without spaces and tabs at both ends (on UTF-8 bytes, not grapheme clusters). The ends are
    /// looked at in the string's buffer: through `UTF8View`'s indices, asking for the first and
    /// last byte of every line cost the parsers about 80 instructions a line (callgrind).
    @inlinable public func trimmingBlanks() -> Substring {
        let bytes = utf8
        // nil: nothing to trim (most lines), returned as they are without re-slicing.
        let found: (start: Int, end: Int)?? = bytes.withContiguousStorageIfAvailable { buffer in
            guard let first = buffer.first, let last = buffer.last,
                first == 32 || first == 9 || last == 32 || last == 9
            else { return nil }
            var start = 0
            var end = buffer.count
            while start < end, buffer[start] == 32 || buffer[start] == 9 { start += 1 }
            while end > start, buffer[end - 1] == 32 || buffer[end - 1] == 9 { end -= 1 }
            return (start, end)
        }
        switch found {
        case .some(nil): return self
        case .some(let range?):
            let lower = bytes.index(bytes.startIndex, offsetBy: range.start)
            return Substring(bytes[lower..<bytes.index(lower, offsetBy: range.end - range.start)])
        case nil: return trimmingBlanksByIndex()
        }
    }

    /// The same through `UTF8View`'s indices, for a string whose bytes are not contiguous (a
    /// bridged one).
    @usableFromInline func trimmingBlanksByIndex() -> Substring {
        let bytes = utf8
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, bytes[start] == 32 || bytes[start] == 9 { start = bytes.index(after: start) }
        while end > start {
            let before = bytes.index(before: end)
            guard bytes[before] == 32 || bytes[before] == 9 else { break }
            end = before
        }
        return Substring(bytes[start..<end])
    }
}

extension String {
    /// Without spaces and tabs at both ends.
    @inlinable public func trimmingBlanksString() -> String {
        String(Substring(self).trimmingBlanks())
    }
}
