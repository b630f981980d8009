import CrashScanDatabase

/// A crash group that is no KVC failure (an NSRangeException, a signal), as `report
/// --all-crashes` lists it.
public struct OtherCrashGroup: Sendable, Equatable, Encodable {
    /// The id every command shows (the fingerprint's first 8 hex digits).
    public var id: String
    public var exceptionType: String?
    public var reason: String?
    public var blameFrame: String?
    public var reports: Int

    enum CodingKeys: String, CodingKey {
        case id, reason, reports
        case exceptionType = "exception_type"
        case blameFrame = "blame_frame"
    }
}

extension Store {
    /// The groups without a KVC failure whose reports `selection` keeps (its OS, device, app
    /// version and time filters; kinds and keys are the failures'), most reports first. Read
    /// from the reports: asked only with `--all-crashes`.
    public func otherCrashGroups(_ selection: ReportSelection, limit: Int) throws -> [OtherCrashGroup] {
        let conditions = selection.conditions(on: .rows, db.dialect, failures: false)
        let clauses = ["g.kind IS NULL"] + conditions.clauses
        return try db.query(
            """
            SELECT substr(g.fingerprint, 1, 8) AS id, g.exception_type, g.reason, g.blame_frame, count(*) AS n
            FROM report r JOIN crash_group g ON g.id = r.group_id
            WHERE \(clauses.joined(separator: " AND "))
            GROUP BY g.id, g.fingerprint, g.exception_type, g.reason, g.blame_frame
            ORDER BY n DESC, id LIMIT ?\(conditions.values.count + 1)
            """, conditions.values + [.int(limit)]
        ).compactMap { row in
            guard let id = try row.string("id") else { return nil }
            return OtherCrashGroup(
                id: id, exceptionType: try row.string("exception_type"), reason: try row.string("reason"),
                blameFrame: try row.string("blame_frame"), reports: try row.int("n") ?? 0)
        }
    }
}
