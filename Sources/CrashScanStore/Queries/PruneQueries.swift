/// What `crashscan prune --before` removed (or, in a dry run, would remove).
public struct PruneResult: Sendable, Equatable {
    public var reports = 0
    public var kvcFailures = 0
    /// Groups left without a report and removed (a group with a recorded fix version stays).
    public var groupsRemoved = 0
    /// Groups that lost reports and still have some: their recommendations need refreshing.
    public var groupsChanged: Set<Int64> = []
    public var reportsLeft = 0
}

extension Store {
    /// When a report was seen, for retention: its crash time, else its upload time, else when it
    /// was imported (every report has that).
    static let retentionTime = "coalesce(occurred_at, uploaded_at, imported_at)"

    /// Removes the reports seen before `time` (ISO 8601 UTC, `2015-03-01T00:00:00Z`) in one
    /// transaction, with their KVC failures (cascade) and their counts in the tallies (the
    /// triggers), then the groups left without reports. With `dryRun`, counts only.
    public func prune(before time: String, dryRun: Bool) throws -> PruneResult {
        try db.transaction {
            let old = "\(Self.retentionTime) < ?"
            var result = PruneResult()
            result.reports =
                try db.query("SELECT count(*) AS n FROM report WHERE \(old)", [.text(time)]).first?.int("n")
                ?? 0
            result.kvcFailures =
                try db.query(
                    "SELECT count(*) AS n FROM kvc_failure WHERE report_id IN (SELECT id FROM report WHERE \(old))",
                    [.text(time)]
                ).first?.int("n") ?? 0
            let touched = try db.query("SELECT DISTINCT group_id FROM report WHERE \(old)", [.text(time)])
                .compactMap { try $0.int("group_id").map(Int64.init) }
            if !dryRun {
                try db.run("DELETE FROM report WHERE \(old)", [.text(time)])
            }
            for group in touched {
                let left =
                    try db.query(
                        "SELECT count(*) AS n FROM report WHERE group_id = ? AND NOT (\(old))",
                        [.integer(group), .text(time)]
                    ).first?.int("n") ?? 0
                let fixed = try !db.query("SELECT 1 FROM group_fix WHERE group_id = ?", [.integer(group)])
                    .isEmpty
                if left > 0 || fixed {
                    result.groupsChanged.insert(group)
                } else {
                    result.groupsRemoved += 1
                    if !dryRun { try db.run("DELETE FROM crash_group WHERE id = ?", [.integer(group)]) }
                }
            }
            result.reportsLeft =
                try db.query("SELECT count(*) AS n FROM report WHERE NOT (\(old))", [.text(time)]).first?.int(
                    "n") ?? 0
            return result
        }
    }
}
