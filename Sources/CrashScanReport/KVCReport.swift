import CrashScanModel
import CrashScanRules
import CrashScanStore

/// What `crashscan report` shows, independent of the output format. Field names are the JSON
/// keys (docs/report-json.md): keep them stable.
public struct KVCReport: Sendable, Encodable {
    public struct Summary: Sendable, Encodable {
        public var reports: Int
        public var kvcFailures: Int
        public var groups: Int
        public var devices: Int
        /// Distinct device and user ids over every group shown; nil when no failure carries one.
        public var affectedDevices: Int?
        public var affectedUsers: Int?
        /// How many of the KVC failures counted carry a device id, a user id: the affected
        /// counts are exact only when all of them do, else lower bounds.
        public var failuresWithDeviceID = 0
        public var failuresWithUserID = 0

        package var affected: AffectedCoverage {
            AffectedCoverage(
                AffectedCounts(
                    devices: affectedDevices, users: affectedUsers, withDeviceID: failuresWithDeviceID,
                    withUserID: failuresWithUserID), of: kvcFailures)
        }

        enum CodingKeys: String, CodingKey {
            case reports, groups, devices
            case kvcFailures = "kvc_failures"
            case affectedDevices = "affected_devices"
            case affectedUsers = "affected_users"
            case failuresWithDeviceID = "failures_with_device_id"
            case failuresWithUserID = "failures_with_user_id"
            case affectedDevicesExact = "affected_devices_exact"
            case affectedUsersExact = "affected_users_exact"
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(reports, forKey: .reports)
            try container.encode(kvcFailures, forKey: .kvcFailures)
            try container.encode(groups, forKey: .groups)
            try container.encode(devices, forKey: .devices)
            try container.encode(affectedDevices, forKey: .affectedDevices)
            try container.encode(affectedUsers, forKey: .affectedUsers)
            try container.encode(failuresWithDeviceID, forKey: .failuresWithDeviceID)
            try container.encode(failuresWithUserID, forKey: .failuresWithUserID)
            try container.encode(affected.devicesExact, forKey: .affectedDevicesExact)
            try container.encode(affected.usersExact, forKey: .affectedUsersExact)
        }
    }

    public struct Count: Sendable, Encodable {
        public var value: String
        public var reports: Int
    }

    public struct Recommendation: Sendable, Encodable {
        public var ruleID: String
        public var fix: String
        public var title: String
        public var detail: String

        enum CodingKeys: String, CodingKey {
            case fix, title, detail
            case ruleID = "rule_id"
        }
    }

    /// A rule that matched a group, and why (`report --explain`).
    public struct MatchedRule: Sendable, Encodable {
        public var ruleID: String
        public var fix: String
        public var source: String
        public var specificity: Int
        public var reasons: [String]

        enum CodingKeys: String, CodingKey {
            case fix, source, specificity, reasons
            case ruleID = "rule_id"
        }
    }

    public struct Group: Sendable, Encodable {
        /// The group's id everywhere (`report`, `explain`, `fixed`, every format): the first 8 hex
        /// digits of its fingerprint, which no import or regrouping renumbers.
        public var id: String
        /// The row id in the database (internal; not shown).
        public var databaseID: Int
        public var fingerprint: String
        public var exceptionType: String?
        public var kind: KVCKind?
        public var accessor: KVCAccessor?
        public var receiverClass: String?
        public var key: String?
        public var keyIsPrivate: Bool
        public var cause: KVCCause?
        public var blameFrame: String?
        /// `file:line` of the blame frame, when the group's sample frames carry it.
        public var blameLocation: String? = nil
        public var reportCount: Int
        public var deviceCount: Int
        /// Distinct device ids and user ids among the group's reports; nil (never 0) when none of
        /// them carries one.
        public var affectedDevices: Int? = nil
        public var affectedUsers: Int? = nil
        /// How many of the group's failures counted carry a device id, a user id (the affected
        /// counts are lower bounds unless all do).
        public var failuresWithDeviceID = 0
        public var failuresWithUserID = 0
        public var firstSeen: String?
        public var lastSeen: String?
        public var devices: [Count]
        public var osVersions: [Count]
        public var appVersions: [Count]
        public var recommendation: Recommendation?
        public var evidence: Evidence?
        /// Only with `--explain`.
        public var matchedRules: [MatchedRule]?
        /// The fix version and whether the group came back after it (any group, rule or not).
        public var regression: GroupRegression? = nil
        /// Where the latest `scan --db` found this class and key in the app's source.
        public var sourceLocations: [SourceLocation] = []
        /// The newest version of the group's app in the database (any report of it); nil when the
        /// database holds one version of the app only.
        public var newestAppVersion: String? = nil
        /// Bugly's own counts of the issues linked to the group (nil: none is).
        public var bugly: BuglyCounts? = nil

        /// The oldest and newest app versions of the group's failures counted (`unknown` left out).
        public var firstAppVersion: String? {
            appVersions.map(\.value).filter { $0 != "unknown" }.min { AppVersion.isNewer($1, than: $0) }
        }
        public var lastAppVersion: String? {
            appVersions.map(\.value).filter { $0 != "unknown" }.max { AppVersion.isNewer($1, than: $0) }
        }
        /// The newest version when the group first crashed in it (and an older version of the app
        /// is in the database): new in this release.
        public var newInVersion: String? {
            guard let first = firstAppVersion, let newest = newestAppVersion,
                AppVersion.isAtLeast(first, newest)
            else { return nil }
            return first
        }

        package var affected: AffectedCoverage {
            AffectedCoverage(
                AffectedCounts(
                    devices: affectedDevices, users: affectedUsers, withDeviceID: failuresWithDeviceID,
                    withUserID: failuresWithUserID), of: reportCount)
        }

        enum CodingKeys: String, CodingKey {
            case id, fingerprint, kind, accessor, key, cause, devices, recommendation, evidence, regression,
                bugly
            case matchedRules = "matched_rules"
            case sourceLocations = "source_locations"
            case exceptionType = "exception_type"
            case receiverClass = "receiver_class"
            case keyIsPrivate = "key_is_private"
            case blameFrame = "blame_frame"
            case blameLocation = "blame_location"
            case reportCount = "report_count"
            case deviceCount = "device_count"
            case affectedDevices = "affected_devices"
            case affectedUsers = "affected_users"
            case failuresWithDeviceID = "failures_with_device_id"
            case failuresWithUserID = "failures_with_user_id"
            case affectedDevicesExact = "affected_devices_exact"
            case affectedUsersExact = "affected_users_exact"
            case firstSeen = "first_seen"
            case lastSeen = "last_seen"
            case osVersions = "os_versions"
            case appVersions = "app_versions"
            case firstAppVersion = "first_app_version"
            case lastAppVersion = "last_app_version"
            case newInVersion = "new_in_version"
        }

        /// Every key is written, `null` when the value is unknown (as docs/report-json.md promises; the
        /// synthesized encoding left such keys out).
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(fingerprint, forKey: .fingerprint)
            try container.encode(exceptionType, forKey: .exceptionType)
            try container.encode(kind, forKey: .kind)
            try container.encode(accessor, forKey: .accessor)
            try container.encode(receiverClass, forKey: .receiverClass)
            try container.encode(key, forKey: .key)
            try container.encode(keyIsPrivate, forKey: .keyIsPrivate)
            try container.encode(cause, forKey: .cause)
            try container.encode(blameFrame, forKey: .blameFrame)
            try container.encode(blameLocation, forKey: .blameLocation)
            try container.encode(reportCount, forKey: .reportCount)
            try container.encode(deviceCount, forKey: .deviceCount)
            try container.encode(affectedDevices, forKey: .affectedDevices)
            try container.encode(affectedUsers, forKey: .affectedUsers)
            try container.encode(failuresWithDeviceID, forKey: .failuresWithDeviceID)
            try container.encode(failuresWithUserID, forKey: .failuresWithUserID)
            try container.encode(affected.devicesExact, forKey: .affectedDevicesExact)
            try container.encode(affected.usersExact, forKey: .affectedUsersExact)
            try container.encode(firstSeen, forKey: .firstSeen)
            try container.encode(lastSeen, forKey: .lastSeen)
            try container.encode(devices, forKey: .devices)
            try container.encode(osVersions, forKey: .osVersions)
            try container.encode(appVersions, forKey: .appVersions)
            try container.encode(firstAppVersion, forKey: .firstAppVersion)
            try container.encode(lastAppVersion, forKey: .lastAppVersion)
            try container.encode(newInVersion, forKey: .newInVersion)
            try container.encode(recommendation, forKey: .recommendation)
            try container.encode(evidence, forKey: .evidence)
            try container.encode(regression, forKey: .regression)
            try container.encode(sourceLocations, forKey: .sourceLocations)
            try container.encode(bugly, forKey: .bugly)
            // Only with --explain: absent otherwise rather than null.
            try container.encodeIfPresent(matchedRules, forKey: .matchedRules)
        }
    }

    public struct Cell: Sendable, Encodable {
        public var device: String
        public var deviceModel: String?
        public var osVersion: String
        public var reports: Int

        enum CodingKeys: String, CodingKey {
            case device, reports
            case deviceModel = "device_model"
            case osVersion = "os_version"
        }
    }

    /// Version 2: a group's `id` is its short fingerprint (text), no longer a row number.
    /// Keys are only added within a version (3 would remove or change one).
    public var schema = "crashscan.report/2"
    public var database: String
    public var filters: [String: String]
    public var summary: Summary
    public var groups: [Group]
    public var matrix: [Cell]
    /// The order of `groups` (`report --sort`).
    public var sort: ReportSort = .reports
    /// Why the groups are not in the order asked for, when they are not: `--sort affected` ranks
    /// by reports when some group's failures do not all carry a device id (its count is a lower
    /// bound, which cannot be ranked against an exact one).
    public var sortNote: String? = nil
    /// The zone the text, Markdown and HTML show times in (`--tz`); JSON and CSV times are UTC
    /// with a `Z`. In JSON, its name (`UTC`, `UTC+08:00`).
    public var zone = DisplayZone.utc
    /// With `--all-crashes`: the crash groups that are no KVC failure, most reports first (at
    /// most `ReportBuilder.otherGroupsShown`); absent otherwise.
    public var otherGroups: [OtherCrashGroup]? = nil
    /// With `--compare A..B`: the groups' failures in the two app versions.
    public var comparison: ReleaseComparison? = nil
    /// Scale beside the logs: Bugly's counts and the rates from stored usage.
    public var scale = Scale()

    /// Bugly's counts of the issues (nil when none is stored) and the crash rates of the filter
    /// (nil when no usage is stored).
    public struct Scale: Sendable, Encodable {
        public var bugly: BuglyScale? = nil
        public var rates: UsageRates? = nil

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(bugly, forKey: .bugly)
            try container.encode(rates, forKey: .rates)
        }

        enum CodingKeys: String, CodingKey { case bugly, rates }
    }

    enum CodingKeys: String, CodingKey {
        case schema, database, filters, summary, groups, matrix, sort, scale
        case sortNote = "sort_note"
        case zone = "display_time_zone"
        case otherGroups = "other_groups"
        case comparison
    }

    /// The groups put in `order` (by reports instead of affected devices when the ids do not
    /// cover every group), and the order used recorded.
    mutating func order(by order: ReportSort) {
        var used = order
        sortNote = nil
        if order == .affected {
            let uncovered = groups.filter { !$0.affected.devicesExact }.count
            if uncovered > 0 {
                used = .reports
                sortNote =
                    "ranked by reports, not affected devices: in \(uncovered) of \(ReportRenderer.plural(groups.count, "group")) not every failure carries a device id"
            }
        }
        groups.sort(by: used.precedes)
        sort = used
    }
}

/// How `report` orders its groups.
public enum ReportSort: String, Sendable, CaseIterable, Encodable {
    /// Most distinct devices first (then users, then reports): how crash services rank.
    case affected
    /// Most KVC failures first (the default of the text, CSV, Markdown and JSON reports).
    case reports
    /// Most recently seen first.
    case recent

    /// Whether `a` comes before `b`.
    func precedes(_ a: KVCReport.Group, _ b: KVCReport.Group) -> Bool {
        switch self {
        case .affected:
            let left = (a.affectedDevices ?? -1, a.affectedUsers ?? -1, a.reportCount)
            let right = (b.affectedDevices ?? -1, b.affectedUsers ?? -1, b.reportCount)
            if left != right { return left > right }
        case .reports:
            if a.reportCount != b.reportCount { return a.reportCount > b.reportCount }
        case .recent:
            if a.lastSeen != b.lastSeen { return (a.lastSeen ?? "") > (b.lastSeen ?? "") }
        }
        return a.databaseID < b.databaseID
    }
}
