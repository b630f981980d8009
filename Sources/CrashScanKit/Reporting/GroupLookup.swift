/// Finds a crash group from what a user types: its id or a prefix of its fingerprint.
enum GroupLookup {
    struct NotFound: Error, CustomStringConvertible {
        let text: String
        var description: String {
            "no crash group matches '\(text)' (give the group's id as 'crashscan report' shows it, such as 1b4b4cd6, or at least 4 of its first hex digits)"
        }
    }

    static func find(_ text: String, db: Database) throws -> Int64 {
        // One id everywhere: the short fingerprint `report` shows. Row numbers are not ids (they
        // differ from database to database and after a regroup), so a number is read as hex too.
        let lower = text.trimmingBlanksString().lowercased()
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
