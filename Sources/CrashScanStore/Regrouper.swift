import CrashScanClassification
import CrashScanModel

/// Recomputes every stored report's fingerprint with this crashscan's grouping rules
/// (`CrashGrouping.version`) and moves reports whose group changed: `crashscan regroup`, and
/// the first import into a database grouped by an older crashscan.
///
/// A group whose reports all get one new fingerprint that no other group holds keeps its id,
/// its fix version and its recommendation (only the fingerprint changes); otherwise reports move
/// to the group of their new fingerprint, created when needed, and emptied groups are removed
/// (a recorded fix version moves with the reports).
public enum Regrouper {
    public struct Summary: Equatable, Sendable {
        public var reports = 0
        public var groupsBefore = 0
        public var groupsAfter = 0
        public var moved = 0
        public var merged = 0
    }

    static let groupingVersionKey = "grouping_version"

    /// True when the stored groups were made by older grouping rules (a database with reports
    /// and no version, or an older version).
    package static func isStale(_ store: Store) throws -> Bool {
        if let stored = try store.meta(groupingVersionKey), let version = Int(stored) {
            return version < CrashGrouping.version
        }
        return !(try store.db.query("SELECT 1 FROM report LIMIT 1").isEmpty)
    }

    /// Records that the stored groups follow this crashscan's rules.
    package static func markCurrent(_ store: Store) throws {
        try store.setMeta(groupingVersionKey, String(CrashGrouping.version))
    }

    /// One report as the fingerprint sees it, from its stored columns.
    struct StoredKey {
        var report: Int64
        var group: Int64
        var fingerprint: String
        var blameKey: String
    }

    static let keysSQL = """
        SELECT r.id, r.group_id, r.exception_type, r.exception_reason, r.app_image, r.process_name, r.blame_frame,
               r.blame_symbolicated, k.kind, k.accessor, k.receiver_class, k.key
        FROM report r LEFT JOIN kvc_failure k ON k.report_id = r.id
        ORDER BY r.id
        """

    static func storedKeys(_ db: Database) throws -> [StoredKey] {
        let statement = try db.prepare(keysSQL)
        try statement.bind([])
        var keys: [StoredKey] = []
        while let row = try statement.step() {
            guard let id = try row.int("id"), let group = try row.int("group_id") else { continue }
            let blameKey = CrashGrouping.blameKey(
                storedFrame: try row.string("blame_frame"),
                symbolicated: try row.int("blame_symbolicated").map { $0 != 0 },
                appImage: try row.string("app_image")
            )
            let reason = CrashGrouping.normalizedReason(try row.string("exception_reason"))
            let reasonPart = CrashGrouping.reasonPart(
                reason, kind: try row.string("kind").flatMap(KVCKind.init),
                accessor: try row.string("accessor").flatMap(KVCAccessor.init))
            let fingerprint = CrashGrouping.fingerprint(
                exceptionType: try row.string("exception_type"), reasonPart: reasonPart,
                receiverClass: try row.string("receiver_class"), key: try row.string("key"),
                blameKey: blameKey)
            keys.append(
                StoredKey(
                    report: Int64(id), group: Int64(group), fingerprint: fingerprint, blameKey: blameKey))
        }
        return keys
    }

    @discardableResult
    package static func run(_ store: Store) throws -> Summary {
        let db = store.db
        var summary = Summary()
        summary.groupsBefore = try db.query("SELECT count(*) AS n FROM crash_group").first?.int("n") ?? 0
        try CacheUpkeep.transaction(db) { upkeep in
            let keys = try storedKeys(db)
            summary.reports = keys.count
            var holder: [String: Int64] = [:]
            var held: [Int64: String] = [:]
            for row in try db.query("SELECT id, fingerprint FROM crash_group") {
                if let id = try row.int("id"), let fingerprint = try row.string("fingerprint") {
                    holder[fingerprint] = Int64(id)
                    held[Int64(id)] = fingerprint
                }
            }
            let byGroup = Dictionary(grouping: keys, by: \.group)
            // Groups whose reports agree on one new fingerprint nobody holds keep their row.
            let rename = try db.prepare("UPDATE crash_group SET fingerprint = ?, blame_key = ? WHERE id = ?")
            for (group, members) in byGroup.sorted(by: { $0.key < $1.key }) {
                let fingerprints = Set(members.map(\.fingerprint))
                guard fingerprints.count == 1, let fingerprint = fingerprints.first, let first = members.first
                else { continue }
                if holder[fingerprint] == group || holder[fingerprint] == nil {
                    if let old = held[group] { holder[old] = nil }
                    holder[fingerprint] = group
                    held[group] = fingerprint
                    try rename.bind([.text(fingerprint), .text(first.blameKey), .integer(group)])
                    try rename.runToCompletion()
                }
            }
            let moved = try moveStragglers(keys, holder: &holder, db: db)
            summary.moved = moved.count
            try removeEmptyGroups(keys, holder: holder, db: db)
            try markCurrent(store)
            try upkeep.refresh(groups: moved.groups, changing: [.report("group_id")])
        }
        summary.merged = try PartialGroupMerger.run(db).count
        summary.groupsAfter = try db.query("SELECT count(*) AS n FROM crash_group").first?.int("n") ?? 0
        return summary
    }

    /// Moves each report whose group does not hold its fingerprint; returns how many moved, and
    /// the groups they left and joined.
    private static func moveStragglers(_ keys: [StoredKey], holder: inout [String: Int64], db: Database)
        throws
        -> (count: Int, groups: Set<Int64>)
    {
        let move = try db.prepare("UPDATE report SET group_id = ? WHERE id = ?")
        var moved = 0
        var groups: Set<Int64> = []
        for key in keys where holder[key.fingerprint] != key.group {
            let target: Int64
            if let existing = holder[key.fingerprint] {
                target = existing
            } else {
                target = try createGroup(like: key, db: db)
                holder[key.fingerprint] = target
            }
            try move.bind([.integer(target), .integer(key.report)])
            try move.runToCompletion()
            moved += 1
            groups.formUnion([key.group, target])
        }
        return (moved, groups)
    }

    /// A new group for `key`'s fingerprint, described by its report and its old group.
    private static func createGroup(like key: StoredKey, db: Database) throws -> Int64 {
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
            """, [.text(key.fingerprint), .text(key.blameKey), .integer(key.report)])
        guard let id else {
            throw DatabaseError(extendedCode: 1, message: "crash group insert returned no id")
        }
        return id
    }

    /// Groups no report points to any more go, their fix version moving to where their reports went.
    private static func removeEmptyGroups(_ keys: [StoredKey], holder: [String: Int64], db: Database) throws {
        let destination = Dictionary(
            keys.map { ($0.group, holder[$0.fingerprint] ?? $0.group) }, uniquingKeysWith: { a, _ in a })
        let empty = try db.query(
            "SELECT id FROM crash_group g WHERE NOT EXISTS (SELECT 1 FROM report r WHERE r.group_id = g.id)")
        for row in empty {
            guard let id = try row.int("id").map(Int64.init) else { continue }
            try GroupRows.remove(id, keepingFixFor: destination[id] ?? id, db: db)
        }
    }
}
