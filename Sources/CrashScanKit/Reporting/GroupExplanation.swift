/// Everything `crashscan explain GROUP` shows: the group, a representative report's frames,
/// the matched rule and why, the evidence, and the fix.
public struct GroupExplanation: Sendable, Encodable {
    public struct FrameLine: Sendable, Encodable {
        public var image: String
        public var symbol: String
        public var location: String?
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
    public var sampleReport: String?
    /// Whose class the receiver is (`uikit`, `uikit_private`, `system`, `app`, `unknown`), and why.
    public var classOrigin: String?
    public var classOriginReason: String?
    /// The group's reports by symbolication state (`not_needed`, `missing_dsym` …).
    public var symbolication: [Evidence.Count] = []
    /// A sample of the group's reports (the latest first) and how many there are.
    public var reports: [ReportLine] = []
    public var reportCount = 0

    /// One report of the group: where it came from and what it ran.
    public struct ReportLine: Sendable, Encodable {
        public var path: String
        public var position: Int
        public var seen: String?
        public var device: String?
        public var osVersion: String?
        public var appVersion: String?

        enum CodingKeys: String, CodingKey {
            case path, position, seen, device
            case osVersion = "os_version"
            case appVersion = "app_version"
        }
    }
    public var frames: [FrameLine]
    public var matchedRules: [KVCReport.MatchedRule]
    public var rule: RuleSummary?
    public var evidence: Evidence?

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
    }

    enum CodingKeys: String, CodingKey {
        case id, fingerprint, reason, kind, accessor, key, cause, frames, rule, evidence
        case exceptionType = "exception_type"
        case receiverClass = "receiver_class"
        case keyIsPrivate = "key_is_private"
        case privacyReason = "privacy_reason"
        case blameFrame = "blame_frame"
        case sampleReport = "sample_report"
        case classOrigin = "class_origin"
        case classOriginReason = "class_origin_reason"
        case symbolication, reports
        case reportCount = "report_count"
        case matchedRules = "matched_rules"
    }

    /// How many of a group's reports `explain` lists.
    static let reportsShown = 8

    static func build(group id: Int64, store: Store, rules: RuleSet) throws -> GroupExplanation {
        try store.db.readSnapshot { try buildOnSnapshot(group: id, store: store, rules: rules) }
    }

    /// `build`, inside one read transaction.
    private static func buildOnSnapshot(group id: Int64, store: Store, rules: RuleSet) throws
        -> GroupExplanation
    {
        let db = store.db
        guard let group = try GroupRecord.Reader(db: db).group(id) else {
            throw GroupLookup.NotFound(text: String(id))
        }
        let sample = try db.query(
            """
            SELECT g.sample_report_path AS source_path, r.position_in_file, r.exception_reason,
                   coalesce(g.sample_frames, r.frames) AS frames
            FROM crash_group g JOIN report r ON r.group_id = g.id
            WHERE g.id = ? ORDER BY r.source_path = g.sample_report_path DESC, r.id LIMIT 1
            """, [.integer(id)]
        ).first
        let frames: [FrameLine] = (sample?.string("frames") ?? "").split(separator: "\n").map { line in
            let parts = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return FrameLine(
                image: parts.first ?? "", symbol: parts.count > 1 ? parts[1] : "",
                location: parts.count > 2 && !parts[2].isEmpty ? parts[2] : nil)
        }
        var explanation = GroupExplanation(
            id: String(group.fingerprint.prefix(8)), fingerprint: group.fingerprint,
            exceptionType: group.exceptionType, reason: sample?.string("exception_reason"),
            kind: group.kind?.rawValue, accessor: group.accessor?.rawValue,
            receiverClass: group.receiverClass,
            key: group.key, keyIsPrivate: group.keyIsPrivate == true,
            privacyReason: KnownClasses.privacyReason(key: group.key, receiver: group.receiverClass),
            cause: group.cause?.rawValue, blameFrame: group.blameFrame,
            sampleReport: sample.map {
                "\($0.string("source_path") ?? "?") (report \(($0.int("position_in_file") ?? 0) + 1) in the file)"
            },
            frames: frames, matchedRules: [], rule: nil, evidence: nil)
        let origin = try db.query(
            """
            SELECT k.class_origin, k.class_origin_reason FROM kvc_failure k JOIN report r ON r.id = k.report_id
            WHERE r.group_id = ? AND k.class_origin IS NOT NULL ORDER BY k.report_id LIMIT 1
            """, [.integer(id)]
        ).first
        explanation.classOrigin = origin?.string("class_origin")
        explanation.classOriginReason = origin?.string("class_origin_reason")
        explanation.symbolication = try db.query(
            """
            SELECT coalesce(symbolication, 'unknown') AS state, count(*) AS n FROM report WHERE group_id = ?
            GROUP BY 1 ORDER BY 2 DESC, 1
            """, [.integer(id)]
        ).map { Evidence.Count(value: $0.string("state") ?? "unknown", reports: $0.int("n") ?? 0) }
        explanation.reports = try db.query(
            """
            SELECT source_path, position_in_file, coalesce(occurred_at, uploaded_at) AS seen,
                   coalesce(device_name, device_model) AS device, os_version, app_version
            FROM report WHERE group_id = ? ORDER BY seen DESC, id DESC LIMIT ?
            """, [.integer(id), .int(reportsShown)]
        ).map {
            ReportLine(
                path: $0.string("source_path") ?? "?", position: ($0.int("position_in_file") ?? 0) + 1,
                seen: $0.string("seen"), device: $0.string("device"), osVersion: $0.string("os_version"),
                appVersion: $0.string("app_version"))
        }
        explanation.reportCount =
            try db.query("SELECT count(*) AS n FROM report WHERE group_id = ?", [.integer(id)]).first?.int(
                "n") ?? 0
        guard let subject = try GroupSubjects(db: db).subject(group: id) else { return explanation }
        let evaluations = rules.evaluations(for: subject)
        explanation.matchedRules = evaluations.map {
            KVCReport.MatchedRule(
                ruleID: $0.rule.id, fix: $0.rule.fix, source: $0.rule.source,
                specificity: $0.rule.specificity,
                reasons: $0.reasons)
        }
        if let best = evaluations.first?.rule {
            explanation.rule = RuleSummary(
                id: best.id, source: best.source, line: best.line, catalogRow: best.catalogRow, fix: best.fix,
                title: best.title, detail: best.detail, exceptions: best.exceptions,
                failsOn: best.failsOn?.description,
                worksOn: best.worksOn?.description, condition: best.condition, objc: best.replacementObjC,
                swift: best.replacementSwift, sources: best.sources, inferred: best.inferred)
            explanation.evidence = try EvidenceBuilder(db: db).evidence(
                group: id, subject: subject, rule: best)
        }
        return explanation
    }
}
