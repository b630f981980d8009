import CrashScanModel
import CrashScanRules
import CrashScanStore
import CrashScanWorkflows

/// Whether a group came back after the app version that fixed it: for every group, with a rule
/// or without. The fix version is the one recorded with `crashscan fixed`, else the winning
/// rule's `fixedIn`; the group is regressed when one of its reports comes from a later version.
public struct GroupRegression: Sendable, Equatable, Encodable {
    public var fixedIn: String
    /// Where the fix version comes from.
    public enum Source: String, Sendable, Encodable {
        /// `crashscan fixed` recorded it.
        case recorded
        /// The winning rule's `fixedIn`.
        case rule
    }
    public var source: Source
    /// Later app versions that crashed, with their report counts, oldest first.
    public var regressedIn: [Evidence.Count]

    public var regressed: Bool { !regressedIn.isEmpty }

    enum CodingKeys: String, CodingKey {
        case source, regressed
        case fixedIn = "fixed_in"
        case regressedIn = "regressed_in"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(fixedIn, forKey: .fixedIn)
        try container.encode(source, forKey: .source)
        try container.encode(regressed, forKey: .regressed)
        try container.encode(regressedIn, forKey: .regressedIn)
    }

    /// Every group that came back after its fix: those with a recorded fix version, and the KVC
    /// groups whose winning rule states `fixedIn`.
    static func regressedGroups(store: Store, rules: RuleSet) throws -> [Int64] {
        var candidates: [Int64: String?] = [:]
        for id in try store.groupsWithRecordedFix() { candidates[id] = String?.none }
        if rules.rules.contains(where: { $0.fixedIn != nil }) {
            for id in try store.groupIDs(kvcOnly: true) {
                guard let subject = try store.subject(group: id),
                    let fixedIn = rules.bestMatch(for: subject)?.fixedIn
                else { continue }
                candidates[id] = fixedIn
            }
        }
        return try candidates.keys.sorted().filter { id in
            try load(group: id, ruleFixedIn: candidates[id] ?? nil, store: store)?.regressed == true
        }
    }

    /// The regression state of `group` given its fix version, from the group's tallies (all its
    /// reports, whatever a report's filters).
    public static func load(group: Int64, ruleFixedIn: String?, store: Store) throws -> GroupRegression? {
        let recorded = try store.recordedFix(group: group)
        guard let fixedIn = recorded ?? ruleFixedIn else { return nil }
        let later = try store.knownAppVersionCounts(group: group).filter {
            AppVersion.isNewer($0.value, than: fixedIn)
        }.map(Evidence.Count.init).sorted { AppVersion.isNewer($1.value, than: $0.value) }
        return GroupRegression(
            fixedIn: fixedIn, source: recorded != nil ? .recorded : .rule, regressedIn: later)
    }

    /// `fixed in 2.4.0; REGRESSED: 2.5.0 (3), 2.6.1 (1)` or `fixed in 2.4.0; no report from a later version`.
    public var summary: String {
        let origin = source == .rule ? " (the rule's fixedIn)" : ""
        guard regressed else { return "fixed in \(fixedIn)\(origin); no report from a later version" }
        let list = regressedIn.map { "\($0.value) (\($0.reports))" }.joined(separator: ", ")
        return "fixed in \(fixedIn)\(origin); REGRESSED: seen again in \(list)"
    }
}
