import CrashScanModel
import CrashScanRules
import CrashScanStore
import CrashScanWorkflows

/// Whether a group came back in or after the app version that fixed it: for every group, with a
/// rule or without. The fix version is the one recorded with `crashscan fixed`, else the winning
/// rule's `fixedIn`. Fixed in V means that V and every later version must not crash: the group
/// is regressed when one of its reports comes from V or a later version.
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
    /// The fix version and later ones that crashed, with their report counts, oldest first.
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
            AppVersion.isAtLeast($0.value, fixedIn)
        }.map(Evidence.Count.init).sorted { AppVersion.isNewer($1.value, than: $0.value) }
        return GroupRegression(
            fixedIn: fixedIn, source: recorded != nil ? .recorded : .rule, regressedIn: later)
    }

    /// `fixed in 2.4.0; REGRESSED: crashed in 2.4.0 (1), 2.6.1 (3)` or `fixed in 2.4.0; no report
    /// from it or a later version`.
    public var summary: String {
        let origin = source == .rule ? " (the rule's fixedIn)" : ""
        guard regressed else { return "fixed in \(fixedIn)\(origin); no report from it or a later version" }
        let list = regressedIn.map { "\($0.value) (\($0.reports))" }.joined(separator: ", ")
        return "fixed in \(fixedIn)\(origin); REGRESSED: crashed in \(list)"
    }

    /// The versions that crashed which are not older than `version`: when `crashscan fixed`
    /// records it, each of them already contradicts it.
    public static func crashingNotOlder(than version: String, group: Int64, store: Store) throws -> [String] {
        try store.knownAppVersionCounts(group: group).map(\.value).filter {
            AppVersion.isAtLeast($0, version)
        }
        .sorted { AppVersion.isNewer($1, than: $0) }
    }
}
