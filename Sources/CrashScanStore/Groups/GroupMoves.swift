import CrashScanDatabase
import CrashScanModel

/// One stored report as the grouping fingerprint sees it: the columns it is computed from.
package struct GroupingInput: Sendable {
    package var report: Int64
    package var group: Int64
    package var exceptionType: String?
    package var exceptionReason: String?
    package var appImage: String?
    package var blameFrame: String?
    package var blameSymbolicated: Bool?
    package var kind: KVCKind?
    package var accessor: KVCAccessor?
    package var receiverClass: String?
    package var key: String?
}

/// What regrouping reads and writes: the grouping version the stored groups follow, every
/// report's grouping columns, and the moves (`GroupMover`) in one transaction that keeps the
/// caches in step. Which report goes where is decided above the store (CrashScanWorkflows).
extension Store {
    static let groupingVersionKey = "grouping_version"

    /// The grouping rules' version the stored groups were made by; nil when never recorded.
    package func groupingVersion() throws -> Int? {
        try meta(Self.groupingVersionKey).flatMap { Int($0) }
    }

    package func setGroupingVersion(_ version: Int) throws {
        try setMeta(Self.groupingVersionKey, String(version))
    }

    /// True when at least one report is stored.
    package func hasReports() throws -> Bool {
        !(try db.query("SELECT 1 FROM report LIMIT 1").isEmpty)
    }

    package func groupCount() throws -> Int {
        try db.query("SELECT count(*) AS n FROM crash_group").first?.int("n") ?? 0
    }

    /// Every stored report's grouping columns, in id order.
    package func groupingInputs() throws -> [GroupingInput] {
        let statement = try db.prepare(
            """
            SELECT r.id, r.group_id, r.exception_type, r.exception_reason, r.app_image, r.blame_frame,
                   r.blame_symbolicated, k.kind, k.accessor, k.receiver_class, k.key
            FROM report r LEFT JOIN kvc_failure k ON k.report_id = r.id
            ORDER BY r.id
            """)
        try statement.bind([])
        var inputs: [GroupingInput] = []
        while let row = try statement.step() {
            guard let id = try row.int("id"), let group = try row.int("group_id") else { continue }
            inputs.append(
                GroupingInput(
                    report: Int64(id), group: Int64(group), exceptionType: try row.string("exception_type"),
                    exceptionReason: try row.string("exception_reason"),
                    appImage: try row.string("app_image"),
                    blameFrame: try row.string("blame_frame"),
                    blameSymbolicated: try row.int("blame_symbolicated").map { $0 != 0 },
                    kind: try row.string("kind").flatMap(KVCKind.init),
                    accessor: try row.string("accessor").flatMap(KVCAccessor.init),
                    receiverClass: try row.string("receiver_class"), key: try row.string("key")))
        }
        return inputs
    }

    /// Every group's fingerprint, by group id.
    package func groupFingerprints() throws -> [Int64: String] {
        var fingerprints: [Int64: String] = [:]
        for row in try db.query("SELECT id, fingerprint FROM crash_group") {
            if let id = try row.int("id"), let fingerprint = try row.string("fingerprint") {
                fingerprints[Int64(id)] = fingerprint
            }
        }
        return fingerprints
    }

    /// Runs `body`'s moves in one transaction, then brings the caches of the groups they touched
    /// up to date.
    package func moveReports(_ body: (GroupMover) throws -> Void) throws {
        try CacheUpkeep.transaction(db) { upkeep in
            let mover = try GroupMover(db: db)
            try body(mover)
            try upkeep.refresh(groups: mover.touched, changing: [.report("group_id")])
        }
    }
}

/// Renames, moves and removes groups inside `Store.moveReports`.
package final class GroupMover {
    private let db: Database
    private let rename: Statement
    private let move: Statement
    /// Groups that lost or gained reports.
    private(set) var touched: Set<Int64> = []

    init(db: Database) throws {
        self.db = db
        rename = try db.prepare("UPDATE crash_group SET fingerprint = ?, blame_key = ? WHERE id = ?")
        move = try db.prepare("UPDATE report SET group_id = ? WHERE id = ?")
    }

    /// Gives group `id` a new fingerprint (its reports, fix and recommendation stay).
    package func rename(group id: Int64, fingerprint: String, blameKey: String) throws {
        try rename.bind([.text(fingerprint), .text(blameKey), .integer(id)])
        try rename.runToCompletion()
    }

    /// Moves one report from group `from` to group `to`.
    package func move(report: Int64, from: Int64, to: Int64) throws {
        try move.bind([.integer(to), .integer(report)])
        try move.runToCompletion()
        touched.formUnion([from, to])
    }

    /// A new group with `fingerprint`, described by `report` and its present group.
    package func createGroup(fingerprint: String, blameKey: String, like report: Int64) throws -> Int64 {
        let id = try db.insert(
            """
            INSERT INTO crash_group (
                fingerprint, exception_type, reason, kind, accessor, receiver_class, key, key_is_private, cause,
                blame_frame, created_at, sample_frames, sample_report_path, blame_key, class_origin
            )
            SELECT ?, r.exception_type, g.reason, k.kind, k.accessor, k.receiver_class, k.key, k.key_is_private,
                   k.cause, r.blame_frame, g.created_at, g.sample_frames, g.sample_report_path, ?, k.class_origin
            FROM report r JOIN crash_group g ON g.id = r.group_id LEFT JOIN kvc_failure k ON k.report_id = r.id
            WHERE r.id = ?
            """, [.text(fingerprint), .text(blameKey), .integer(report)])
        guard let id else { throw DatabaseError(misuse: "crash group insert returned no id") }
        return id
    }

    /// Removes the groups no report points to any more; a fix version recorded for one moves to
    /// `destination[group]` (where its reports went).
    package func removeEmptyGroups(destination: [Int64: Int64]) throws {
        let empty = try db.query(
            "SELECT id FROM crash_group g WHERE NOT EXISTS (SELECT 1 FROM report r WHERE r.group_id = g.id)")
        for row in empty {
            guard let id = try row.int("id").map(Int64.init) else { continue }
            try GroupRows.remove(id, keepingFixFor: destination[id] ?? id, db: db)
        }
    }
}
