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

    init(row: Row) {
        id = Int64(row.int("id") ?? 0)
        fingerprint = row.string("fingerprint") ?? ""
        exceptionType = row.string("exception_type")
        reason = row.string("reason")
        kind = row.string("kind").flatMap(KVCKind.init)
        accessor = row.string("accessor").flatMap(KVCAccessor.init)
        receiverClass = row.string("receiver_class")
        key = row.string("key")
        keyIsPrivate = row.int("key_is_private").map { $0 != 0 }
        cause = row.string("cause").flatMap(KVCCause.init)
        blameFrame = row.string("blame_frame")
    }

    /// Reads groups by id through one prepared statement.
    final class Reader {
        private let statement: Statement

        init(db: Database) throws {
            statement = try db.prepare("SELECT \(GroupRecord.columns) FROM crash_group WHERE id = ?")
        }

        func group(_ id: Int64) throws -> GroupRecord? {
            try statement.bind([.integer(id)])
            defer { statement.reset() }
            return try statement.step().map(GroupRecord.init(row:))
        }
    }

    /// Every group's id (`kvcOnly`: the groups of KVC failures).
    static func allIDs(_ db: Database, kvcOnly: Bool = false) throws -> Set<Int64> {
        let sql = kvcOnly ? "SELECT id FROM crash_group WHERE kind IS NOT NULL" : "SELECT id FROM crash_group"
        return Set(try db.query(sql).compactMap { $0.int("id").map(Int64.init) })
    }
}
