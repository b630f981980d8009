import CrashScanRules
import CrashScanStore

/// What the rules see of a crash group: its classification and the OS versions its reports ran.
/// Used when recommendations are stored and when `report --rules` evaluates team rules on the fly.
extension Store {
    /// The subject of group `id`, or nil when there is no such group.
    package func subject(group id: Int64) throws -> RuleSubject? {
        guard let group = try group(id) else { return nil }
        return RuleSubject(
            exceptionType: group.exceptionType, kind: group.kind, receiverClass: group.receiverClass,
            key: group.key, keyIsPrivate: group.keyIsPrivate, cause: group.cause,
            osKeys: try osKeys(group: id), blameFrame: group.blameFrame)
    }
}
