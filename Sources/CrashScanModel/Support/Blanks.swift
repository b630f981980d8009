/// Trimming spaces and tabs on UTF-8 bytes, for the parsers' hot paths and for values users type.
extension Substring {
    /// Without spaces and tabs at both ends (on UTF-8 bytes, not grapheme clusters).
    @inlinable public func trimmingBlanks() -> Substring {
        let bytes = utf8
        // Most lines have nothing to trim: return them as they are, without re-slicing.
        guard let first = bytes.first, let last = bytes.last,
            first == 32 || first == 9 || last == 32 || last == 9
        else { return self }
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
