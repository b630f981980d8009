/// Builds the KVC report from the database with the filters bound as SQL parameters.
public enum ReportBuilder {
    /// When a report was seen: its crash time, else its upload time (SQL over `report r`).
    static let seen = "coalesce(r.occurred_at, r.uploaded_at)"

    /// `rules` are evaluated for every group (the built-ins plus a team's files); `explain` adds
    /// every matching rule with the reasons it matches.
    public static func build(store: Store, filter: ReportFilter, rules: RuleSet, explain: Bool = false) throws
        -> KVCReport
    {
        try store.db.readSnapshot {
            try buildOnSnapshot(store: store, filter: filter, rules: rules, explain: explain)
        }
    }

    /// `build`, inside the read transaction that gives every query the same snapshot.
    private static func buildOnSnapshot(store: Store, filter: ReportFilter, rules: RuleSet, explain: Bool)
        throws
        -> KVCReport
    {
        let db = store.db
        let filter = try resolved(filter, db: db, rules: rules)
        let all = filter.conditions(kvc: false)
        let kvc = filter.conditions(kvc: true)
        let from = "FROM kvc_failure k JOIN report r ON r.id = k.report_id WHERE \(kvc.sql)"

        let reportCount =
            try db.query("SELECT count(*) AS n FROM report r WHERE \(all.sql)", all.values).first?.int("n")
            ?? 0
        let tally = try FailureTally(db: db, from: from, values: kvc.values)
        let devices = tally.devicesByGroup()
        let osVersions = tally.osVersionsByGroup()
        let appVersions = tally.appVersionsByGroup()

        let groupReader = try GroupRecord.Reader(db: db)
        let recommender = try GroupRecommender(store: store, rules: rules, explain: explain)
        var groups: [KVCReport.Group] = []
        for totals in tally.groups() {
            let id = totals.id
            guard let detail = try groupReader.group(Int64(id)) else { continue }
            let advice = try recommender.advice(group: Int64(id))
            groups.append(
                KVCReport.Group(
                    id: String(detail.fingerprint.prefix(8)), databaseID: id, fingerprint: detail.fingerprint,
                    exceptionType: detail.exceptionType, kind: detail.kind, accessor: detail.accessor,
                    receiverClass: detail.receiverClass, key: detail.key,
                    keyIsPrivate: detail.keyIsPrivate == true,
                    cause: detail.cause, blameFrame: detail.blameFrame, reportCount: totals.reports,
                    deviceCount: totals.devices.count, firstSeen: totals.firstSeen,
                    lastSeen: totals.lastSeen, devices: devices[id] ?? [],
                    osVersions: osVersions[id] ?? [],
                    appVersions: appVersions[id] ?? [], recommendation: advice.recommendation,
                    evidence: advice.evidence, matchedRules: advice.matchedRules,
                    regression: try GroupRegression.load(
                        group: Int64(id), ruleFixedIn: advice.ruleFixedIn, db: db)))
        }

        return KVCReport(
            database: db.path, filters: filter.described,
            summary: KVCReport.Summary(
                reports: reportCount, kvcFailures: tally.failures, groups: groups.count,
                devices: tally.distinctDevices),
            groups: groups, matrix: tally.matrix())
    }

    /// The filter with its device names matched against the database's devices and, for
    /// `--regressed`, the regressed groups looked up.
    private static func resolved(_ filter: ReportFilter, db: Database, rules: RuleSet) throws -> ReportFilter
    {
        var filter = filter
        if !filter.devices.isEmpty {
            let names = try db.query(
                "SELECT DISTINCT device_name AS v FROM report WHERE device_name IS NOT NULL")
            let models = try db.query(
                "SELECT DISTINCT device_model AS v FROM report WHERE device_model IS NOT NULL")
            try filter.resolveDevices(
                knownNames: names.compactMap { $0.string("v") },
                knownModels: models.compactMap { $0.string("v") })
        }
        if filter.regressedOnly {
            filter.groupIDs = try GroupRegression.regressedGroups(db: db, rules: rules)
        }
        return filter
    }

    /// What the rules say about one group: the recommendation, its evidence and, with
    /// `explain`, every rule that matched.
    private struct Advice {
        var recommendation: KVCReport.Recommendation?
        var evidence: Evidence?
        var matchedRules: [KVCReport.MatchedRule]?
        var ruleFixedIn: String?
    }

    /// Evaluates the rules for group after group with statements prepared once.
    private struct GroupRecommender {
        let rules: RuleSet
        let explain: Bool
        let subjects: GroupSubjects
        let evidenceBuilder: EvidenceBuilder
        /// The evidence stored by the last import is current when the same rules are in force;
        /// recomputing it scans the group's reports (slow on large databases).
        let rulesAreStored: Bool
        let storedEvidence: Statement

        init(store: Store, rules: RuleSet, explain: Bool) throws {
            self.rules = rules
            self.explain = explain
            subjects = try GroupSubjects(db: store.db)
            evidenceBuilder = try EvidenceBuilder(db: store.db)
            rulesAreStored = try store.meta("rules_digest") == rules.digest
            storedEvidence = try store.db.prepare(
                "SELECT evidence_json FROM recommendation WHERE group_id = ? AND rule_id = ?")
        }

        func advice(group id: Int64) throws -> Advice {
            var advice = Advice()
            guard let subject = try subjects.subject(group: id) else { return advice }
            let evaluations = rules.evaluations(for: subject)
            advice.ruleFixedIn = evaluations.first?.rule.fixedIn
            if let best = evaluations.first?.rule {
                advice.recommendation = KVCReport.Recommendation(
                    ruleID: best.id, fix: best.fix, title: best.title, detail: best.detail)
                if rulesAreStored,
                    let stored = try storedEvidence.scalar([.int(Int(id)), .text(best.id)]).text
                {
                    advice.evidence = Evidence.decode(stored)
                }
                if advice.evidence == nil {
                    advice.evidence = try evidenceBuilder.evidence(group: id, subject: subject, rule: best)
                }
            }
            if explain {
                advice.matchedRules = evaluations.map {
                    KVCReport.MatchedRule(
                        ruleID: $0.rule.id, fix: $0.rule.fix, source: $0.rule.source,
                        specificity: $0.rule.specificity, reasons: $0.reasons)
                }
            }
            return advice
        }
    }

    /// Notes for standard error about filter values that match nothing in the database (a typo in
    /// an app version or a key would otherwise look like "no crashes"), with what it does hold.
    public static func unmatchedFilterNotes(store: Store, filter: ReportFilter) throws -> [String] {
        let db = store.db
        var notes: [String] = []
        for version in filter.appVersions
        where try db.query("SELECT 1 FROM report WHERE app_version = ? LIMIT 1", [.text(version)]).isEmpty {
            let known = try db.query(
                "SELECT app_version AS v, count(*) AS n FROM report WHERE app_version IS NOT NULL GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 8"
            ).compactMap { $0.string("v") }
            notes.append(
                "no report has app version '\(version)'"
                    + (known.isEmpty ? "" : " (the most frequent: \(known.joined(separator: ", ")))"))
        }
        for key in filter.keys {
            let sql =
                key.contains("*")
                ? "SELECT 1 FROM kvc_failure WHERE key GLOB ? LIMIT 1"
                : "SELECT 1 FROM kvc_failure WHERE key = ? LIMIT 1"
            guard try db.query(sql, [.text(key)]).isEmpty else { continue }
            let close = try db.query(
                "SELECT key AS v, count(*) AS n FROM kvc_failure WHERE key IS NOT NULL AND lower(key) LIKE ? GROUP BY 1 ORDER BY 2 DESC LIMIT 5",
                [
                    .text(
                        "%"
                            + key.lowercased().replacingOccurrences(of: "*", with: "%").trimmingCharacters(
                                in: ["_"]) + "%")
                ]
            ).compactMap { $0.string("v") }
            notes.append(
                "no KVC failure has the key '\(key)'"
                    + (close.isEmpty ? "" : " (keys like it: \(close.joined(separator: ", ")))")
                    + (key.hasPrefix("_") || key.contains("*")
                        ? "" : "; keys are case-sensitive, '*' is a wildcard"))
        }
        return notes
    }
}
