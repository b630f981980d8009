import CrashScanDatabase
import CrashScanModel

/// One `crash_group` row, decoded by column name in one place.
public struct GroupRecord: Sendable, Equatable {
    public var id: Int64
    public var fingerprint: String
    public var exceptionType: String?
    /// The normalised reason (addresses and numbers removed).
    public var reason: String?
    public var kind: KVCKind?
    public var accessor: KVCAccessor?
    public var receiverClass: String?
    public var key: String?
    public var keyIsPrivate: Bool?
    public var cause: KVCCause?
    public var blameFrame: String?

    static let columns = """
        id, fingerprint, exception_type, reason, kind, accessor, receiver_class, key, key_is_private, cause,
        blame_frame
        """

    init(row: Row) throws(DatabaseError) {
        id = Int64(try row.int("id") ?? 0)
        fingerprint = try row.string("fingerprint") ?? ""
        exceptionType = try row.string("exception_type")
        reason = try row.string("reason")
        kind = try row.string("kind").flatMap(KVCKind.init)
        accessor = try row.string("accessor").flatMap(KVCAccessor.init)
        receiverClass = try row.string("receiver_class")
        key = try row.string("key")
        keyIsPrivate = try row.bool("key_is_private")
        cause = try row.string("cause").flatMap(KVCCause.init)
        blameFrame = try row.string("blame_frame")
    }
}

extension Store {
    /// Group `id`, or nil when there is none.
    public func group(_ id: Int64) throws -> GroupRecord? {
        try db.query("SELECT \(GroupRecord.columns) FROM crash_group WHERE id = ?", [.integer(id)]).first.map(
            GroupRecord.init(row:))
    }

    /// Every group's id (`kvcOnly`: the groups of KVC failures).
    public func groupIDs(kvcOnly: Bool = false) throws -> Set<Int64> {
        try db.allGroupIDs(kvcOnly: kvcOnly)
    }

    /// The groups whose fingerprint starts with `prefix` (lowercase hex), by id, at most `limit`.
    public func groups(fingerprintPrefix prefix: String, limit: Int) throws -> [(
        id: Int64, fingerprint: String
    )] {
        try db.query(
            "SELECT id, fingerprint FROM crash_group WHERE substr(fingerprint, 1, ?) = ? ORDER BY id LIMIT ?",
            [.int(prefix.count), .text(prefix), .int(limit)]
        ).map { row in (Int64(try row.int("id") ?? 0), try row.string("fingerprint") ?? "") }
    }
}

extension Database {
    func allGroupIDs(kvcOnly: Bool = false) throws -> Set<Int64> {
        let sql = kvcOnly ? "SELECT id FROM crash_group WHERE kind IS NOT NULL" : "SELECT id FROM crash_group"
        return Set(try query(sql).compactMap { try $0.int("id").map(Int64.init) })
    }
}
