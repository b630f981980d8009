/// "Did you mean …?" for names a user typed: the candidates within a small edit distance.
package enum Suggestions {
    /// Up to `limit` candidates closest to `text` (case-insensitive; at most a third of its length
    /// away, and at least 2), nearest first.
    static func closest(to text: String, among candidates: [String], limit: Int = 3) -> [String] {
        let key = text.lowercased()
        guard !key.isEmpty else { return [] }
        let allowed = max(2, key.count / 3)
        let keyBytes = Array(key.utf8)
        return candidates.compactMap { candidate -> (Int, String)? in
            editDistance(keyBytes, Array(candidate.lowercased().utf8), limit: allowed).map { ($0, candidate) }
        }.sorted { $0 < $1 }.prefix(limit).map(\.1)
    }

    /// ` (did you mean 'report'?)`, or "" when nothing is close.
    package static func didYouMean(_ text: String, among candidates: [String]) -> String {
        let found = closest(to: text, among: candidates)
        guard !found.isEmpty else { return "" }
        return " (did you mean " + found.map { "'\($0)'" }.joined(separator: " or ") + "?)"
    }

    /// Levenshtein distance of two ASCII-ish keys.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        editDistance(Array(a.utf8), Array(b.utf8), limit: Int.max) ?? Int.max
    }

    /// Levenshtein distance of two byte strings, or nil as soon as it must exceed `limit`: a
    /// length difference beyond it, or a whole row beyond it. A device name that matches nothing
    /// is compared with every name of the catalogue (1,100): unbounded, that took 7 ms under
    /// AddressSanitizer; most candidates now leave at the length test.
    public static func editDistance(_ left: [UInt8], _ right: [UInt8], limit: Int) -> Int? {
        guard abs(left.count - right.count) <= limit else { return nil }
        guard !left.isEmpty else { return right.count }
        guard !right.isEmpty else { return left.count }
        var previous = Array(0...right.count)
        var current = Array(repeating: 0, count: right.count + 1)
        for (i, x) in left.enumerated() {
            current[0] = i + 1
            var rowMinimum = current[0]
            for (j, y) in right.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
                rowMinimum = min(rowMinimum, current[j + 1])
            }
            if rowMinimum > limit { return nil }
            swap(&previous, &current)
        }
        return previous[right.count] <= limit ? previous[right.count] : nil
    }
}
