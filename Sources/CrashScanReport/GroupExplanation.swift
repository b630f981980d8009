import CrashScanCatalogs
import CrashScanRules
import CrashScanStore
import CrashScanWorkflows

/// Everything `crashscan explain GROUP` shows: the group, a representative report's frames,
/// the matched rule and why, the evidence, and the fix.
public struct GroupExplanation: Sendable, Encodable {
    public struct FrameLine: Sendable, Encodable {
        public var image: String
        /// Demangled when the report gave a Swift or C++ symbol.
        public var symbol: String
        public var location: String?
        /// The symbol as the report gave it, when demangling changed it (absent otherwise).
        public var mangledSymbol: String? = nil
        /// True for a function inlined into the next frame (absent otherwise).
        public var inlined: Bool? = nil

        enum CodingKeys: String, CodingKey {
            case image, symbol, location, inlined
            case mangledSymbol = "mangled_symbol"
        }
    }

    /// The group's id as `report` shows it: the first 8 hex digits of the fingerprint.
    public var id: String
    public var fingerprint: String
    public var exceptionType: String?
    public var reason: String?
    public var kind: String?
    public var accessor: String?
    public var receiverClass: String?
    public var key: String?
    public var keyIsPrivate: Bool
    public var privacyReason: String?
    public var cause: String?
    public var blameFrame: String?
    /// `file:line` of the blame frame, when the group's sample frames carry it.
    public var blameLocation: String? = nil
    public var sampleReport: String?
    /// Whose class the receiver is (`uikit`, `uikit_private`, `system`, `app`, `unknown`), and why.
    public var classOrigin: String?
    public var classOriginReason: String?
    /// The group's reports by symbolication state (`not_needed`, `missing_dsym` …).
    public var symbolication: [Evidence.Count] = []
    /// The app images whose missing dSYMs keep the group's frames as offsets, by UUID.
    public var missingDSYMs: [MissingDSYMImage] = []
    /// What UIKit's runtime headers say of the group's class and key, and whether the member
    /// exists on the OS versions it crashed on (nil when the catalogue does not hold the class).
    public var headers: String? = nil
    /// A sample of the group's reports (the latest first) and how many there are.
    public var reports: [ReportLine] = []
    public var reportCount = 0
    /// Distinct device and user ids among all the group's reports.
    public var affected = AffectedCounts(devices: nil, users: nil)
    /// Device ids of the group seen on more than one hardware model (one device per model).
    public var deviceIDsOnSeveralModels = 0

    /// One report of the group: where it came from and what it ran.
    public struct ReportLine: Sendable, Encodable {
        public var path: String
        public var position: Int
        public var seen: String?
        public var device: String?
        public var osVersion: String?
        public var appVersion: String?
        /// The report's page in its crash service (Bugly's console), when known.
        public var sourceURL: String? = nil

        enum CodingKeys: String, CodingKey {
            case path, position, seen, device
            case osVersion = "os_version"
            case appVersion = "app_version"
            case sourceURL = "source_url"
        }
    }
    public var frames: [FrameLine]
    /// Where the latest `scan --db` found this class and key in the app's source.
    public var sourceLocations: [SourceLocation] = []
    public var matchedRules: [KVCReport.MatchedRule]
    public var rule: RuleSummary?
    public var evidence: Evidence?
    /// Bugly's own counts of the issues linked to the group, with each issue's console link.
    public var bugly: BuglyCounts? = nil

    public struct RuleSummary: Sendable, Encodable {
        public var id: String
        public var source: String
        public var line: Int
        public var catalogRow: Int?
        public var fix: String
        public var title: String
        public var detail: String
        public var exceptions: [String]
        public var failsOn: String?
        public var worksOn: String?
        public var condition: String?
        public var objc: String?
        public var swift: String?
        public var sources: [String]
        /// The rule's facts that are inferred, not seen in a crash report.
        public var inferred: [String] = []
        /// The rule's facts UIKit's runtime headers settle, and what they say of its class and key.
        public var measured: [String] = []
        public var headers: String? = nil
        /// Why the fix's code is not shown, when it is not.
        public var codeWithheld: String? = nil

        /// For a group whose reports name neither class nor key: the fix page's code names another
        /// app's class or outlet, which this group's reports cannot confirm.
        mutating func withholdCode() {
            guard objc != nil || swift != nil else { return }
            (objc, swift) = (nil, nil)
            codeWithheld = Self.withheldNote(fix)
        }

        static func withheldNote(_ fix: String) -> String {
            "Code not shown: this group's reports name neither the class nor the key, and the fix page's sample is another app's (crashscan fix \(fix) prints it)."
        }
    }

    enum CodingKeys: String, CodingKey {
        case id, fingerprint, reason, kind, accessor, key, cause, frames, rule, evidence, bugly
        case exceptionType = "exception_type"
        case receiverClass = "receiver_class"
        case keyIsPrivate = "key_is_private"
        case privacyReason = "privacy_reason"
        case blameFrame = "blame_frame"
        case blameLocation = "blame_location"
        case sampleReport = "sample_report"
        case classOrigin = "class_origin"
        case classOriginReason = "class_origin_reason"
        case symbolication, reports, affected
        case missingDSYMs = "missing_dsyms"
        case headers
        case reportCount = "report_count"
        case deviceIDsOnSeveralModels = "device_ids_on_several_models"
        case matchedRules = "matched_rules"
        case sourceLocations = "source_locations"
    }

    /// How many of a group's reports `explain` lists unless told (`--reports`).
    package static let reportsShown = 8

    package static func build(
        group id: Int64, store: Store, rules: RuleSet, reportsShown: Int = reportsShown
    ) throws -> GroupExplanation {
        try store.readSnapshot {
            try buildOnSnapshot(group: id, store: store, rules: rules, reportsShown: reportsShown)
        }
    }

    /// `build`, inside one read transaction.
    private static func buildOnSnapshot(group id: Int64, store: Store, rules: RuleSet, reportsShown: Int)
        throws
        -> GroupExplanation
    {
        guard let group = try store.group(id) else {
            throw GroupLookup.NotFound(text: String(id), malformed: false)
        }
        let sample = try store.sampleReport(group: id)
        var explanation = GroupExplanation(
            id: String(group.fingerprint.prefix(8)), fingerprint: group.fingerprint,
            exceptionType: group.exceptionType, reason: sample?.exceptionReason,
            kind: group.kind?.rawValue, accessor: group.accessor?.rawValue,
            receiverClass: group.receiverClass,
            key: group.key, keyIsPrivate: group.keyIsPrivate == true,
            privacyReason: KnownClasses.privacyReason(
                key: group.key, receiver: group.receiverClass, accessor: group.accessor),
            cause: group.cause?.rawValue, blameFrame: group.blameFrame,
            sampleReport: sample.map { "\($0.path ?? "?") (report \($0.positionInFile + 1) in the file)" },
            frames: (sample?.frames ?? []).map {
                FrameLine(
                    image: $0.image, symbol: $0.symbol, location: $0.location,
                    mangledSymbol: $0.mangledSymbol,
                    inlined: $0.inlined ? true : nil)
            },
            matchedRules: [], rule: nil, evidence: nil)
        explanation.blameLocation = BlameLocation.find(blame: group.blameFrame, in: sample?.frames ?? [])
        let origin = try store.classOrigin(group: id)
        explanation.classOrigin = origin?.origin
        explanation.classOriginReason = origin?.reason
        explanation.symbolication = try store.symbolicationCounts(group: id).map(Evidence.Count.init)
        explanation.missingDSYMs = try store.missingDSYMImages(group: id)
        if let className = group.receiverClass, let key = group.key,
            let reach = UIKitMemberCatalog.reach(key: key, accessor: group.accessor, on: className)
        {
            let crashing = try store.osVersionCounts(group: id).map { ($0.value, $0.reports) }
            explanation.headers = reach.summary(onCrashing: crashing)
        }
        explanation.reports = try store.latestReports(group: id, limit: reportsShown).map {
            ReportLine(
                path: $0.path ?? "?", position: $0.positionInFile + 1, seen: $0.seen, device: $0.device,
                osVersion: $0.osVersion, appVersion: $0.appVersion, sourceURL: $0.sourceURL)
        }
        explanation.reportCount = try store.reportCount(group: id)
        explanation.bugly = BuglyCounts.forGroup(id, issues: try store.buglyIssues())
        explanation.affected = try store.affectedCounts(group: id)
        explanation.deviceIDsOnSeveralModels =
            try store.deviceIDsOnSeveralModels(groups: [Int(id)])[Int(id)] ?? 0
        explanation.sourceLocations = FindingLinks.sourceLocations(
            receiverClass: group.receiverClass, key: group.key, among: try store.sourceFindingTargets())
        guard let subject = try store.subject(group: id) else { return explanation }
        let evaluations = rules.evaluations(for: subject)
        explanation.matchedRules = evaluations.map {
            KVCReport.MatchedRule(
                ruleID: $0.rule.id, fix: $0.rule.fix, source: $0.rule.source,
                specificity: $0.rule.specificity,
                reasons: $0.reasons)
        }
        if let best = evaluations.first?.rule {
            explanation.rule = RuleSummary(rules.withReplacement(best))
            if subject.namesNeitherClassNorKey { explanation.rule?.withholdCode() }
            explanation.evidence = try EvidenceBuilder(store: store).evidence(
                group: id, subject: subject, rule: best)
        }
        return explanation
    }
}

extension AffectedCounts: Encodable {
    enum CodingKeys: String, CodingKey {
        case devices, users
        case reportsWithDeviceID = "reports_with_device_id"
        case reportsWithUserID = "reports_with_user_id"
    }

    /// Every key always, `null` when no report carries such an id; with how many of the group's
    /// reports carry each id (a count is exact only when all of them do).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(devices, forKey: .devices)
        try container.encode(users, forKey: .users)
        try container.encode(withDeviceID, forKey: .reportsWithDeviceID)
        try container.encode(withUserID, forKey: .reportsWithUserID)
    }
}
