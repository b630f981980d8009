import CrashScanDatabase

/// What `crashscan prune --before` removed (or, in a dry run, would remove).
public struct PruneResult: Sendable, Equatable {
    public var reports = 0
    public var kvcFailures = 0
    /// Groups left without a report and removed (a group with a recorded fix version stays).
    public var groupsRemoved = 0
    /// Groups that lost reports and still have some: their recommendations need refreshing.
    public var groupsChanged: Set<Int64> = []
    public var reportsLeft = 0
    /// PostgreSQL: the monthly partitions of `report` wholly before the date, dropped once empty.
    public var partitionsDropped = 0
}

extension Store {
    /// The key of PostgreSQL's advisory lock on `report`'s partitions: shared by each import
    /// batch's transaction, taken alone by `prune` (released at commit).
    static let partitionsLockKey: Int64 = 0x6372_7368_7061_7274  // "crshpart"

    /// Takes the partitions' lock for this transaction (PostgreSQL), waiting for it.
    package func lockPartitions(exclusive: Bool) throws {
        _ = try db.query(
            "SELECT \(exclusive ? "pg_advisory_xact_lock" : "pg_advisory_xact_lock_shared")(?) AS locked",
            [.integer(Self.partitionsLockKey)])
    }

    /// Removes the reports seen before `time` (ISO 8601 UTC, `2015-03-01T00:00:00Z`) in one
    /// transaction, with their KVC failures (cascade) and their counts in the tallies (the
    /// triggers), then the groups left without reports. With `dryRun`, counts only.
    public func prune(before time: String, dryRun: Bool) throws -> PruneResult {
        try CacheUpkeep.transaction(db) { upkeep in
            if !dryRun, db.dialect == .postgresql { try lockPartitions(exclusive: true) }
            let old = "\(db.dialect.retentionTime) < ?"
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
            result.partitionsDropped = try dropPartitions(before: time, dryRun: dryRun)
            if !dryRun {
                // Every column of the deleted rows changed: the caches without a group column are
                // rebuilt, the others compute the touched groups again.
                try upkeep.refresh(groups: Set(touched), changing: Caches.allReportColumns)
            }
            result.reportsLeft =
                try db.query("SELECT count(*) AS n FROM report WHERE NOT (\(old))", [.text(time)]).first?.int(
                    "n") ?? 0
            return result
        }
    }

    /// PostgreSQL: drops the monthly partitions of `report` that end before `time` (their reports
    /// were just deleted through the parent, so the triggers kept every count); the count only
    /// in a dry run. Nothing on SQLite. A partition is dropped only when it is empty, under the
    /// partitions' lock (`lockPartitions`), which no importer holds meanwhile: a DROP removes
    /// rows without the delete triggers, and an importer that had committed into a partition
    /// between the delete and the drop once lost its reports while `report_hash`, the failures
    /// and the tallies still counted them.
    private func dropPartitions(before time: String, dryRun: Bool) throws -> Int {
        guard db.dialect == .postgresql else { return 0 }
        let names = try db.query(
            """
            SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
            WHERE i.inhparent = 'report'::regclass ORDER BY 1
            """
        ).compactMap { try $0.string("name") }
        var dropped = 0
        for name in names {
            guard let end = PostgresPartitions.end(ofPartition: name), end <= time else { continue }
            // The name is one of the partitions' own (`report_y2015m03`), checked by its pattern.
            if !dryRun {
                guard try db.query("SELECT 1 AS found FROM \(name) LIMIT 1").isEmpty else { continue }
                try db.execute("DROP TABLE \(name)")
            }
            dropped += 1
        }
        return dropped
    }
}
