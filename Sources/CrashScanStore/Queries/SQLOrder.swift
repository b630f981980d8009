/// SQLite's orderings, for counts folded in Swift that must equal what SQL would say: text by
/// bytes (BINARY), NULL before any number, min/max ignoring NULL.
public enum SQLOrder {
    public static func bytewise(_ a: String, _ b: String) -> Bool { a.utf8.lexicographicallyPrecedes(b.utf8) }

    public static func nullsFirst(_ a: Int?, _ b: Int?) -> Bool {
        switch (a, b) {
        case (nil, .some): return true
        case (.some(let x), .some(let y)): return x < y
        default: return false
        }
    }

    /// min(): NULL only when every value is NULL.
    public static func smaller(_ a: Int?, _ b: Int?) -> Int? {
        guard let a else { return b }
        guard let b else { return a }
        return min(a, b)
    }

    /// min() of text.
    public static func earlier(_ a: String?, _ b: String?) -> String? {
        guard let a else { return b }
        guard let b else { return a }
        return bytewise(b, a) ? b : a
    }

    /// max() of text.
    public static func later(_ a: String?, _ b: String?) -> String? {
        guard let a else { return b }
        guard let b else { return a }
        return bytewise(a, b) ? b : a
    }
}
