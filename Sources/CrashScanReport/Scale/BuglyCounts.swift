import CrashScanModel
import CrashScanStore

/// Bugly's own counts of the issues behind a group (or behind the report): what Bugly counted,
/// beside the logs imported. They are the issues' totals over every OS, device and app version
/// as read from Bugly, so no filter of the report applies to them.
public struct BuglyCounts: Sendable, Encodable {
    /// One Bugly issue as the report shows it.
    public struct Issue: Sendable, Encodable {
        /// Bugly's issue id; nil for counts copied with a log that named no issue.
        public var issueID: String?
        public var occurrences: Int?
        public var affectedDevices: Int?
        public var buglyURL: String?
        /// How it is linked to the group: `issue id`, `exception, reason and key stack`,
        /// `exception and reason` (nil: linked to no group, no log of it imported).
        public var linkedBy: StoredBuglyIssue.Link?
        /// The crash groups it is linked to (its counts are Bugly's for all of them together).
        public var groups: Int
        /// The imported logs behind the link to this group: those naming the issue (by issue id),
        /// or the group's (by exception and reason); 0 for an issue without logs.
        public var logs = 0
        public var exceptionType: String?
        public var receiverClass: String?
        public var key: String?
        public var source: String
        /// When crashscan read these counts (UTC).
        public var readAt: String

        enum CodingKeys: String, CodingKey {
            case occurrences, groups, key, source, logs
            case issueID = "issue_id"
            case affectedDevices = "affected_devices"
            case buglyURL = "bugly_url"
            case linkedBy = "linked_by"
            case exceptionType = "exception_type"
            case receiverClass = "receiver_class"
            case readAt = "read_at"
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(issueID, forKey: .issueID)
            try container.encode(occurrences, forKey: .occurrences)
            try container.encode(affectedDevices, forKey: .affectedDevices)
            try container.encode(buglyURL, forKey: .buglyURL)
            try container.encode(linkedBy, forKey: .linkedBy)
            try container.encode(groups, forKey: .groups)
            try container.encode(logs, forKey: .logs)
            try container.encode(exceptionType, forKey: .exceptionType)
            try container.encode(receiverClass, forKey: .receiverClass)
            try container.encode(key, forKey: .key)
            try container.encode(source, forKey: .source)
            try container.encode(readAt, forKey: .readAt)
        }

        init(_ stored: StoredBuglyIssue, link: StoredBuglyIssue.GroupLink?) {
            self.init(stored, linkedBy: link?.linkedBy)
            logs = link?.logs ?? 0
        }

        init(_ stored: StoredBuglyIssue, linkedBy: StoredBuglyIssue.Link?) {
            issueID = stored.issueID
            occurrences = stored.occurrences
            affectedDevices = stored.affectedDevices
            buglyURL = stored.buglyURL
            self.linkedBy = linkedBy
            groups = stored.groups.count
            exceptionType = stored.exceptionType
            receiverClass = stored.receiverClass
            key = stored.key
            source = stored.source
            readAt = stored.readAt
        }
    }

    public var issues: [Issue]

    /// Occurrences over the issues, each issue once; nil when Bugly gave none of them.
    public var occurrences: Int? { Self.sum(issues.map(\.occurrences)) }
    /// Affected devices over the issues (a device in two issues counts twice: Bugly gives each
    /// issue's count, not who they are); nil when Bugly gave none.
    public var affectedDevices: Int? { Self.sum(issues.map(\.affectedDevices)) }

    static func sum(_ values: [Int?]) -> Int? {
        let known = values.compactMap { $0 }
        return known.isEmpty ? nil : known.reduce(0, +)
    }

    enum CodingKeys: String, CodingKey {
        case issues, occurrences
        case affectedDevices = "affected_devices"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(occurrences, forKey: .occurrences)
        try container.encode(affectedDevices, forKey: .affectedDevices)
        try container.encode(issues, forKey: .issues)
    }

    /// The counts of the issues linked to group `id`; nil when none is.
    static func forGroup(_ id: Int64, issues: [StoredBuglyIssue]) -> BuglyCounts? {
        let linked = issues.compactMap { issue in
            issue.groups.first { $0.groupID == id }.map { Issue(issue, link: $0) }
        }
        return linked.isEmpty ? nil : BuglyCounts(issues: linked)
    }
}

/// What the report says of Bugly's counts as a whole: the issues behind the groups shown (each
/// once), and the KVC issues Bugly counted of which no log was imported.
public struct BuglyScale: Sendable, Encodable {
    public var linked: BuglyCounts
    /// KVC issues linked to no group: "counted by Bugly, no log imported".
    public var withoutLogs: [BuglyCounts.Issue]
    public var note =
        "Bugly's counts are each issue's totals over every OS version, device and app version, as read from Bugly: the report's filters do not apply to them"

    enum CodingKeys: String, CodingKey {
        case linked, note
        case withoutLogs = "without_logs"
    }

    /// Nil when no issue is stored. `keyed` are the identities of the issues whose key the
    /// selection's `--key` keeps (`Store.buglyIssues(withKeys:)`).
    static func build(
        issues: [StoredBuglyIssue], shownGroups: Set<Int64>, selection: ReportSelection, keyed: Set<String>
    ) -> BuglyScale? {
        guard !issues.isEmpty else { return nil }
        let linked = issues.filter { issue in issue.groups.contains { shownGroups.contains($0.groupID) } }
        // Issues of no imported log are shown for a report of every group, or of their kind or key.
        let withoutLogs = issues.filter { issue in
            guard issue.groups.isEmpty, issue.kind != nil, selection.groupIDs == nil else { return false }
            if !selection.kinds.isEmpty, !selection.kinds.contains(where: { $0.rawValue == issue.kind }) {
                return false
            }
            return selection.keys.isEmpty && !selection.keyUnknown || keyed.contains(issue.identity)
        }
        return BuglyScale(
            linked: BuglyCounts(
                issues: linked.map { issue in
                    BuglyCounts.Issue(issue, link: issue.groups.first { shownGroups.contains($0.groupID) })
                }),
            withoutLogs: withoutLogs.map { BuglyCounts.Issue($0, linkedBy: nil) })
    }
}
