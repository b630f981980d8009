/// "Did you mean …?" for names a user typed: the candidates within a small edit distance.
enum Suggestions {
    /// Up to `limit` candidates closest to `text` (case-insensitive; at most a third of its length
    /// away, and at least 2), nearest first.
    static func closest(to text: String, among candidates: [String], limit: Int = 3) -> [String] {
        let key = text.lowercased()
        guard !key.isEmpty else { return [] }
        let allowed = max(2, key.count / 3)
        return candidates.compactMap { candidate -> (Int, String)? in
            let distance = DeviceQuery.editDistance(key, candidate.lowercased())
            return distance <= allowed ? (distance, candidate) : nil
        }.sorted { $0 < $1 }.prefix(limit).map(\.1)
    }

    /// ` (did you mean 'report'?)`, or "" when nothing is close.
    static func didYouMean(_ text: String, among candidates: [String]) -> String {
        let found = closest(to: text, among: candidates)
        guard !found.isEmpty else { return "" }
        return " (did you mean " + found.map { "'\($0)'" }.joined(separator: " or ") + "?)"
    }
}
