/// Reads what the rules see of a crash group from the database: its classification and the OS
/// versions its reports ran. Used when recommendations are stored and when `report --rules`
/// evaluates team rules on the fly.
final class GroupSubjects {
    private let groupQuery: Statement
    private let osQuery: Statement

    init(db: Database) throws {
        groupQuery = try db.prepare(
            "SELECT exception_type, kind, receiver_class, key, key_is_private, cause FROM crash_group WHERE id = ?"
        )
        osQuery = try db.prepare(
            "SELECT DISTINCT os_key FROM group_tally WHERE group_id = ? AND os_key >= 0")
    }

    /// The subject of group `id`, or nil when there is no such group.
    func subject(group id: Int64) throws -> RuleSubject? {
        try groupQuery.bind([.integer(id)])
        guard let row = try groupQuery.step() else { return nil }
        groupQuery.reset()
        try osQuery.bind([.integer(id)])
        var osKeys: [Int] = []
        while let osRow = try osQuery.step() {
            if let key = osRow.int("os_key") { osKeys.append(key) }
        }
        return RuleSubject(
            exceptionType: row.string("exception_type"), kind: row.string("kind").flatMap(KVCKind.init),
            receiverClass: row.string("receiver_class"), key: row.string("key"),
            keyIsPrivate: row.int("key_is_private").map { $0 != 0 },
            cause: row.string("cause").flatMap(KVCCause.init), osKeys: osKeys)
    }
}
