/// "Did you mean …?" for names a user typed: the candidates within a small edit distance.
package enum Suggestions {
    /// Up to `limit` candidates closest to `text` (case-insensitive; at most a third of its length
    /// away, and at least 2), nearest first.
    static func closest(to text: String, among candidates: [String], limit: Int = 3) -> [String] {
        let key = text.lowercased()
        guard !key.isEmpty else { return [] }
        let allowed = max(2, key.count / 3)
        return candidates.compactMap { candidate -> (Int, String)? in
            let distance = editDistance(key, candidate.lowercased())
            return distance <= allowed ? (distance, candidate) : nil
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
        let left = Array(a.utf8)
        let right = Array(b.utf8)
        guard !left.isEmpty else { return right.count }
        guard !right.isEmpty else { return left.count }
        var previous = Array(0...right.count)
        for (i, x) in left.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: right.count)
            for (j, y) in right.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            previous = current
        }
        return previous[right.count]
    }
}
