/// Finds a crash group from what a user types: its id or a prefix of its fingerprint.
enum GroupLookup {
    struct NotFound: Error, CustomStringConvertible {
        let text: String
        var description: String {
            "no crash group matches '\(text)' (give a group id or at least 4 characters of a fingerprint; see 'crashscan report')"
        }
    }

    static func find(_ text: String, db: Database) throws -> Int64 {
        let trimmed = text.trimmingBlanksString()
        if let id = Int64(trimmed),
            !(try db.query("SELECT 1 FROM crash_group WHERE id = ?", [.integer(id)]).isEmpty)
        {
            return id
        }
        let lower = trimmed.lowercased()
        guard lower.count >= 4, lower.allSatisfy(\.isHexDigit) else { throw NotFound(text: text) }
        let rows = try db.query(
            "SELECT id, fingerprint FROM crash_group WHERE substr(fingerprint, 1, ?) = ? ORDER BY id LIMIT 6",
            [.int(lower.count), .text(lower)])
        guard let first = rows.first, let id = first.int("id") else { throw NotFound(text: text) }
        if rows.count > 1 {
            let candidates = rows.compactMap { $0.string("fingerprint") }.joined(separator: ", ")
            throw UsageError("'\(text)' matches several groups (\(candidates)); give more characters")
        }
        return Int64(id)
    }
}
