import CrashScanDatabase
import CrashScanModel

/// One row of usage as stored (`app_usage`): '' in a dimension is the row counting all of it.
public struct StoredUsage: Sendable, Equatable {
    public var day: String
    public var appVersion: String
    public var osVersion: String
    public var launches: Int?
    public var activeDevices: Int?
    public var crashes: Int?
    public var crashDevices: Int?
    public var source: String

    public init(
        day: String = "", appVersion: String = "", osVersion: String = "", launches: Int? = nil,
        activeDevices: Int? = nil, crashes: Int? = nil, crashDevices: Int? = nil, source: String = ""
    ) {
        self.day = day
        self.appVersion = appVersion
        self.osVersion = osVersion
        self.launches = launches
        self.activeDevices = activeDevices
        self.crashes = crashes
        self.crashDevices = crashDevices
        self.source = source
    }
}

/// Bugly's counts of one issue as stored, with the crash groups it is linked to.
public struct StoredBuglyIssue: Sendable, Equatable {
    /// How an issue is linked to a group (`bugly_issue_groups.linked_by`).
    public enum Link: String, Sendable, Encodable {
        case issueID = "issue id"
        case exceptionReasonAndKeyStack = "exception, reason and key stack"
        case exceptionAndReason = "exception and reason"
    }

    public struct GroupLink: Sendable, Equatable {
        public var groupID: Int64
        public var linkedBy: Link
        /// The imported reports behind the link: those naming the issue, or the group's.
        public var logs: Int
    }

    public var identity: String
    public var issueID: String?
    public var exceptionType: String?
    public var exceptionMessage: String?
    public var occurrences: Int?
    public var affectedDevices: Int?
    public var lastCrashAt: String?
    public var source: String
    public var readAt: String
    public var buglyURL: String?
    public var receiverClass: String?
    public var key: String?
    /// The KVC failure its exception message is (`undefined_key` …), nil when none.
    public var kind: String?
    public var groups: [GroupLink] = []
}

extension Store {
    /// Every stored row of usage, by day, app version and OS version.
    public func usageRows() throws -> [StoredUsage] {
        try db.query(
            """
            SELECT day, app_version, os_version, launches, active_devices, crashes, crash_devices, source
            FROM app_usage ORDER BY day, app_version, os_version
            """
        ).map { row in
            StoredUsage(
                day: try row.string("day") ?? "", appVersion: try row.string("app_version") ?? "",
                osVersion: try row.string("os_version") ?? "", launches: try row.int("launches"),
                activeDevices: try row.int("active_devices"), crashes: try row.int("crashes"),
                crashDevices: try row.int("crash_devices"), source: try row.string("source") ?? "")
        }
    }

    /// Every stored Bugly issue, with its links to crash groups (the `bugly_issue_groups` view:
    /// the one definition of a link); most occurrences first.
    public func buglyIssues() throws -> [StoredBuglyIssue] {
        guard try !db.query("SELECT 1 FROM bugly_issue LIMIT 1").isEmpty else { return [] }
        var links: [String: [StoredBuglyIssue.GroupLink]] = [:]
        for row in try db.query("SELECT issue, group_id, linked_by, logs FROM bugly_issue_groups") {
            guard let issue = try row.string("issue"), let group = try row.int("group_id"),
                let link = StoredBuglyIssue.Link(rawValue: try row.string("linked_by") ?? "")
            else { continue }
            links[issue, default: []].append(
                .init(groupID: Int64(group), linkedBy: link, logs: try row.int("logs") ?? 0))
        }
        return try db.query(
            """
            SELECT identity, app_id, issue_id, exception_type, exception_message, occurrences,
                   affected_devices, last_crash_at, source, \(db.dialect.timestampText("read_at")) AS read_at,
                   receiver_class, key, kind
            FROM bugly_issue ORDER BY coalesce(occurrences, -1) DESC, identity
            """
        ).map { row in
            let identity = try row.string("identity") ?? ""
            let issueID = try row.string("issue_id")
            return StoredBuglyIssue(
                identity: identity, issueID: issueID,
                exceptionType: try row.string("exception_type"),
                exceptionMessage: try row.string("exception_message"),
                occurrences: try row.int("occurrences"), affectedDevices: try row.int("affected_devices"),
                lastCrashAt: try row.string("last_crash_at"),
                source: try row.string("source") ?? "", readAt: try row.string("read_at") ?? "",
                buglyURL: ReportIdentity.buglyIssueURL(appID: try row.string("app_id"), issueID: issueID),
                receiverClass: try row.string("receiver_class"),
                key: try row.string("key"), kind: try row.string("kind"), groups: links[identity] ?? [])
        }
    }
}

/// KVC failures of one UTC day, app version and OS version ('' where the report has none): what
/// a rate per launch divides.
public struct FailureCellCount: Sendable, Equatable {
    public var day: String
    public var appVersion: String
    public var osVersion: String
    public var failures: Int

    public init(day: String, appVersion: String, osVersion: String, failures: Int) {
        self.day = day
        self.appVersion = appVersion
        self.osVersion = osVersion
        self.failures = failures
    }
}

extension Store {
    /// The identities of the stored issues whose KVC key is one of `keys` (`*` a wildcard, as
    /// `report --key` matches failures).
    public func buglyIssues(withKeys keys: [String]) throws -> Set<String> {
        var identities = Set<String>()
        for key in keys {
            let match =
                key.contains("*")
                ? db.dialect.wildcardMatch("key", pattern: key) : (sql: "key = ?", value: key)
            for row in try db.query(
                "SELECT identity FROM bugly_issue WHERE \(match.sql)", [.text(match.value)])
            {
                if let identity = try row.string("identity") { identities.insert(identity) }
            }
        }
        return identities
    }

    /// The KVC failures `selection` keeps, by UTC day, app version and OS version: from
    /// `failure_fact` when the caches are readable, else from the rows (one pass over the
    /// failures: asked only when usage is stored).
    public func failuresByDayVersionAndOS(_ selection: ReportSelection) throws -> [FailureCellCount] {
        let facts = try cachesReadable()
        let conditions = selection.conditions(
            on: facts ? FilterTarget(Caches.failureFact, alias: "f") : .rows(alias: "f"), db.dialect)
        let source = facts ? "failure_fact" : "(\(Self.rawFailures(db.dialect)))"
        // Counted here rather than by GROUP BY: SQLite sorted the 300,000 failures of a million
        // reports to group them (3.8 G instructions, against 0.6 G for a pass that counts them).
        struct Cell: Hashable {
            var day: String
            var app: String
            var os: String
        }
        var counts: [Cell: Int] = [:]
        try db.forEachCursor(
            """
            SELECT \(db.dialect.utcDay("f.seen_at")) AS day, f.app_version AS app, f.os_version AS os
            FROM \(source) AS f\(conditions.whereClause)
            """, conditions.values, columns: ["day", "app", "os"]
        ) { row, columns in
            let cell = Cell(
                day: row.string(at: columns[0]) ?? "", app: row.string(at: columns[1]) ?? "",
                os: row.string(at: columns[2]) ?? "")
            counts[cell, default: 0] += 1
        }
        return counts.map { cell, failures in
            FailureCellCount(day: cell.day, appVersion: cell.app, osVersion: cell.os, failures: failures)
        }
    }
}

/// What a stored issue's link by content is computed from, and what it computes.
public struct BuglyIssueMatch: Sendable, Equatable {
    public var identity: String
    public var exceptionType: String?
    public var exceptionMessage: String
    public var reason: String = ""
    public var kind: String? = nil
    public var accessor: String? = nil
    public var receiverClass: String? = nil
    public var key: String? = nil

    public init(identity: String, exceptionType: String?, exceptionMessage: String) {
        self.identity = identity
        self.exceptionType = exceptionType
        self.exceptionMessage = exceptionMessage
    }
}

extension Store {
    /// The issues with a message, whose link by content the classification computes.
    public func buglyIssueMessages() throws -> [BuglyIssueMatch] {
        try db.query(
            "SELECT identity, exception_type, exception_message FROM bugly_issue WHERE exception_message IS NOT NULL"
        ).map { row in
            BuglyIssueMatch(
                identity: try row.string("identity") ?? "", exceptionType: try row.string("exception_type"),
                exceptionMessage: try row.string("exception_message") ?? "")
        }
    }

    /// Stores what the classification now makes of an issue's message (after a regroup).
    public func setBuglyIssueMatch(_ match: BuglyIssueMatch) throws {
        try db.run(
            """
            UPDATE bugly_issue SET exception_type = ?, reason = ?, kind = ?, accessor = ?, receiver_class = ?, key = ?
            WHERE identity = ?
            """,
            [
                .optional(match.exceptionType), .text(match.reason), .optional(match.kind),
                .optional(match.accessor),
                .optional(match.receiverClass), .optional(match.key), .text(match.identity),
            ])
    }
}
