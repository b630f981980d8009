/// Reads what the rules see of a crash group from the database: its classification and the OS
/// versions its reports ran. Used when recommendations are stored and when `report --rules`
/// evaluates team rules on the fly.
final class GroupSubjects {
    private let groups: GroupRecord.Reader
    private let osQuery: Statement

    init(db: Database) throws {
        groups = try GroupRecord.Reader(db: db)
        osQuery = try db.prepare(
            "SELECT DISTINCT os_key FROM group_tally WHERE group_id = ? AND os_key >= 0")
    }

    /// The subject of group `id`, or nil when there is no such group.
    func subject(group id: Int64) throws -> RuleSubject? {
        guard let group = try groups.group(id) else { return nil }
        try osQuery.bind([.integer(id)])
        var osKeys: [Int] = []
        while let osRow = try osQuery.step() {
            if let key = osRow.int("os_key") { osKeys.append(key) }
        }
        return RuleSubject(
            exceptionType: group.exceptionType, kind: group.kind, receiverClass: group.receiverClass,
            key: group.key,
            keyIsPrivate: group.keyIsPrivate, cause: group.cause, osKeys: osKeys)
    }
}
