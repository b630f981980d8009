import CrashScanCatalogs
import CrashScanClassification
import CrashScanModel
import CrashScanStore

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
        /// Stored failures whose key became private under this crashscan's rules (the runtime
        /// headers show it reaching private state: `KnownClasses.privacyReason`).
        public var madePrivate = 0
    }

    /// True when the stored groups were made by older grouping rules (a database with reports
    /// and no version, or an older version).
    package static func isStale(_ store: Store) throws -> Bool {
        if let version = try store.groupingVersion() { return version < CrashGrouping.version }
        return try store.hasReports()
    }

    /// Records that the stored groups follow this crashscan's rules.
    package static func markCurrent(_ store: Store) throws {
        try store.setGroupingVersion(CrashGrouping.version)
    }

    /// One report's group and the fingerprint this crashscan gives it.
    struct Key {
        var report: Int64
        var group: Int64
        var fingerprint: String
        var blameKey: String

        init(_ input: GroupingInput) {
            report = input.report
            group = input.group
            blameKey = CrashGrouping.blameKey(
                storedFrame: input.blameFrame, symbolicated: input.blameSymbolicated, appImage: input.appImage
            )
            let reason = CrashGrouping.normalizedReason(input.exceptionReason)
            let reasonPart = CrashGrouping.reasonPart(reason, kind: input.kind, accessor: input.accessor)
            fingerprint = CrashGrouping.fingerprint(
                exceptionType: input.exceptionType, reasonPart: reasonPart,
                receiverClass: input.receiverClass,
                key: input.key, blameKey: blameKey)
        }
    }

    @discardableResult
    package static func run(_ store: Store) throws -> Summary {
        var summary = Summary()
        summary.groupsBefore = try store.groupCount()
        try store.moveReports { mover in
            summary.madePrivate = try reclassifyKeyPrivacy(store)
            try reclassifyBuglyIssues(store)
            let keys = try store.groupingInputs().map(Key.init)
            summary.reports = keys.count
            var holder = Holders(try store.groupFingerprints())
            try renameAgreeingGroups(keys, holder: &holder, mover: mover)
            summary.moved = try moveStragglers(keys, holder: &holder, mover: mover)
            let destination = Dictionary(
                keys.map { ($0.group, holder.group[$0.fingerprint] ?? $0.group) },
                uniquingKeysWith: { a, _ in a })
            try mover.removeEmptyGroups(destination: destination)
            try markCurrent(store)
        }
        summary.merged = try PartialGroupMerger.run(store).count
        summary.groupsAfter = try store.groupCount()
        return summary
    }

    /// Stored failures classified before a key's privacy came from the runtime headers: those
    /// the classifier now calls private are marked so (their groups too); returns how many.
    static func reclassifyKeyPrivacy(_ store: Store) throws -> Int {
        let uses = try store.publicKeyUses().filter {
            KnownClasses.isPrivateKey($0.key, receiver: $0.receiverClass, accessor: $0.accessor)
        }
        try store.markPrivate(uses)
        return uses.reduce(0) { $0 + $1.failures }
    }

    /// Bugly's issues are linked to groups by their message as the classification reads it: read
    /// again with today's rules, as the reports are.
    static func reclassifyBuglyIssues(_ store: Store) throws {
        for var match in try store.buglyIssueMessages() {
            var issue = BuglyIssueCount(issueID: "")
            issue.exceptionName = match.exceptionType
            issue.exceptionMessage = match.exceptionMessage
            let analyzed = AnalyzedIssue(issue, appID: nil, source: .buglyIssueList)
            match.exceptionType = analyzed.exceptionType
            match.reason = analyzed.reason
            match.kind = analyzed.failure?.kind.rawValue
            match.accessor = analyzed.failure?.accessor?.rawValue
            match.receiverClass = analyzed.failure?.receiverClass
            match.key = analyzed.failure?.key
            try store.setBuglyIssueMatch(match)
        }
    }

    /// Which group holds each fingerprint, both ways.
    struct Holders {
        var group: [String: Int64] = [:]
        var fingerprint: [Int64: String]

        init(_ fingerprints: [Int64: String]) {
            fingerprint = fingerprints
            for (id, print) in fingerprints { group[print] = id }
        }
    }

    /// Groups whose reports agree on one new fingerprint nobody holds keep their row.
    private static func renameAgreeingGroups(_ keys: [Key], holder: inout Holders, mover: GroupMover) throws {
        let byGroup = Dictionary(grouping: keys, by: \.group)
        for (group, members) in byGroup.sorted(by: { $0.key < $1.key }) {
            let fingerprints = Set(members.map(\.fingerprint))
            guard fingerprints.count == 1, let fingerprint = fingerprints.first, let first = members.first,
                holder.group[fingerprint] == group || holder.group[fingerprint] == nil
            else { continue }
            if let old = holder.fingerprint[group] { holder.group[old] = nil }
            holder.group[fingerprint] = group
            holder.fingerprint[group] = fingerprint
            try mover.rename(group: group, fingerprint: fingerprint, blameKey: first.blameKey)
        }
    }

    /// Moves each report whose group does not hold its fingerprint; returns how many moved.
    private static func moveStragglers(_ keys: [Key], holder: inout Holders, mover: GroupMover) throws -> Int
    {
        var moved = 0
        for key in keys where holder.group[key.fingerprint] != key.group {
            let target: Int64
            if let existing = holder.group[key.fingerprint] {
                target = existing
            } else {
                target = try mover.createGroup(
                    fingerprint: key.fingerprint, blameKey: key.blameKey, like: key.report)
                holder.group[key.fingerprint] = target
            }
            try mover.move(report: key.report, from: key.group, to: target)
            moved += 1
        }
        return moved
    }
}
