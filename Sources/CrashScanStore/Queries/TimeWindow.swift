/// How `report --since` and `--until` reach the reports they keep on SQLite. Without a condition
/// an index answers, a time filter walks every report: on the benchmark's million reports
/// (300,000 failures) `--since 2024-12-01`, which keeps 19,231 failures, read the failures in
/// 0.55 s in the sqlite3 shell. Walking each failing group's reports in the time range instead
/// (`report_group_seen`, a lookup of each report) took 0.10 s for those, but 0.95 s for the
/// 172,340 of `--since 2024-06-01` and 2.1 s for all of them, against 0.55–0.68 s for the walk.
/// So the range is walked when the days kept at import (`failure_day`) say it keeps at most a
/// fifth of the failures.
extension Store {
    /// The share of failures above which walking every report is the faster way.
    static let narrowTimeShare = 0.2

    /// Whether `selection` has a time filter that keeps at most `narrowTimeShare` of the failures
    /// (SQLite only; counted by whole UTC days, so a time bound counts its whole day; a failure
    /// without a time is in no range).
    func timeWindowIsNarrow(_ selection: ReportSelection) throws -> Bool {
        guard db.dialect == .sqlite, selection.since != nil || selection.until != nil else { return false }
        var kept: [String] = []
        var values: [SQLValue] = []
        if let since = selection.since {
            kept.append("d.day >= ?")
            values.append(.text(String(since.prefix(10))))
        }
        if let until = selection.until {
            kept.append("d.day <= ?")
            values.append(.text(String(until.prefix(10))))
        }
        // Each failing group's days in the range only (its part of `failure_day`'s key), and the
        // total from the few rows of `failure_group_key`: a narrow range reads few rows.
        let row = try db.query(
            """
            SELECT (SELECT coalesce(sum(d.failures), 0) FROM failure_day d
                    WHERE d.group_id IN (SELECT g.group_id FROM failure_group_key g)
                      AND \(kept.joined(separator: " AND "))) AS kept,
                   (SELECT coalesce(sum(failures), 0) FROM failure_group_key) AS total
            """, values
        ).first
        guard let total = try row?.int("total"), total > 0, let inRange = try row?.int("kept") else {
            return false
        }
        return Double(inRange) <= Self.narrowTimeShare * Double(total)
    }
}
