/// Builds the KVC report from the database with the filters bound as SQL parameters.
public enum ReportBuilder {
    /// Label of a report's device in the report: the marketing name, else the identifier.
    static let deviceLabel = "coalesce(r.device_name, r.device_model, 'unknown')"
    static let seen = "coalesce(r.occurred_at, r.uploaded_at)"

    /// `rules` are evaluated for every group (the built-ins plus a team's files); `explain` adds
    /// every matching rule with the reasons it matches.
    public static func build(store: Store, filter: ReportFilter, rules: RuleSet, explain: Bool = false) throws
        -> KVCReport
    {
        let db = store.db
        let all = filter.conditions(kvc: false)
        let kvc = filter.conditions(kvc: true)
        let from = "FROM kvc_failure k JOIN report r ON r.id = k.report_id WHERE \(kvc.sql)"

        let reportCount =
            try db.query("SELECT count(*) AS n FROM report r WHERE \(all.sql)", all.values).first?.int("n")
            ?? 0
        let totals = try db.query(
            "SELECT count(*) AS n, count(DISTINCT coalesce(r.device_model, r.device_name)) AS d \(from)",
            kvc.values
        ).first

        let groupRows = try db.query(
            """
            SELECT r.group_id AS id, count(*) AS reports,
                   count(DISTINCT coalesce(r.device_model, r.device_name)) AS devices,
                   min(\(seen)) AS first_seen, max(\(seen)) AS last_seen
            \(from)
            GROUP BY r.group_id
            ORDER BY reports DESC, r.group_id
            """, kvc.values)

        func counts(_ expression: String, order: String) throws -> [Int: [KVCReport.Count]] {
            var result: [Int: [KVCReport.Count]] = [:]
            let rows = try db.query(
                """
                SELECT r.group_id AS id, \(expression) AS value, count(*) AS n \(from)
                GROUP BY r.group_id, value ORDER BY \(order)
                """, kvc.values)
            for row in rows {
                guard let id = row.int("id") else { continue }
                result[id, default: []].append(
                    KVCReport.Count(value: row.string("value") ?? "unknown", reports: row.int("n") ?? 0))
            }
            return result
        }
        let devices = try counts(deviceLabel, order: "n DESC, value")
        let osVersions = try counts("coalesce(r.os_version, 'unknown')", order: "min(r.os_key), value")
        let appVersions = try counts("coalesce(r.app_version, 'unknown')", order: "n DESC, value")

        let detailQuery = try db.prepare(
            """
            SELECT g.fingerprint, g.exception_type, g.kind, g.accessor, g.receiver_class, g.key, g.key_is_private,
                   g.cause, g.blame_frame
            FROM crash_group g WHERE g.id = ?
            """)
        let subjects = try GroupSubjects(db: db)
        let evidenceBuilder = try EvidenceBuilder(db: db)
        let rulesAreStored = try store.meta("rules_digest") == rules.digest
        let storedEvidence = try db.prepare(
            "SELECT evidence_json FROM recommendation WHERE group_id = ? AND rule_id = ?")
        var groups: [KVCReport.Group] = []
        for row in groupRows {
            guard let id = row.int("id") else { continue }
            try detailQuery.bind([.int(id)])
            guard let detail = try detailQuery.step() else { continue }
            detailQuery.reset()
            var recommendation: KVCReport.Recommendation?
            var evidence: Evidence?
            var matchedRules: [KVCReport.MatchedRule]?
            if let subject = try subjects.subject(group: Int64(id)) {
                let evaluations = rules.evaluations(for: subject)
                if let best = evaluations.first?.rule {
                    recommendation = KVCReport.Recommendation(
                        ruleID: best.id, fix: best.fix, title: best.title, detail: best.detail)
                    // The evidence stored by the last import is current when the same rules are in
                    // force; recomputing it scans the group's reports (slow on large databases).
                    if rulesAreStored,
                        let stored = try storedEvidence.scalar([.int(id), .text(best.id)]).text
                    {
                        evidence = Evidence.decode(stored)
                    }
                    if evidence == nil {
                        evidence = try evidenceBuilder.evidence(
                            group: Int64(id), subject: subject, rule: best)
                    }
                }
                if explain {
                    matchedRules = evaluations.map {
                        KVCReport.MatchedRule(
                            ruleID: $0.rule.id, fix: $0.rule.fix, source: $0.rule.source,
                            specificity: $0.rule.specificity, reasons: $0.reasons)
                    }
                }
            }
            groups.append(
                KVCReport.Group(
                    id: id, fingerprint: detail.string("fingerprint") ?? "",
                    exceptionType: detail.string("exception_type"),
                    kind: detail.string("kind"), accessor: detail.string("accessor"),
                    receiverClass: detail.string("receiver_class"), key: detail.string("key"),
                    keyIsPrivate: detail.int("key_is_private") == 1, cause: detail.string("cause"),
                    blameFrame: detail.string("blame_frame"), reportCount: row.int("reports") ?? 0,
                    deviceCount: row.int("devices") ?? 0, firstSeen: row.string("first_seen"),
                    lastSeen: row.string("last_seen"), devices: devices[id] ?? [],
                    osVersions: osVersions[id] ?? [],
                    appVersions: appVersions[id] ?? [], recommendation: recommendation, evidence: evidence,
                    matchedRules: matchedRules))
        }

        let matrix = try db.query(
            """
            SELECT \(deviceLabel) AS device, r.device_model AS model, coalesce(r.os_version, 'unknown') AS os,
                   count(*) AS n
            \(from)
            GROUP BY device, os ORDER BY device, min(r.os_key)
            """, kvc.values
        ).map { row in
            KVCReport.Cell(
                device: row.string("device") ?? "unknown", deviceModel: row.string("model"),
                osVersion: row.string("os") ?? "unknown", reports: row.int("n") ?? 0)
        }

        var filters: [String: String] = [:]
        if let os = filter.os { filters["os"] = os.description }
        if let device = filter.device { filters["device"] = device }
        if let app = filter.appVersion { filters["app_version"] = app }
        if let since = filter.since { filters["since"] = since }
        if let until = filter.until { filters["until"] = until }
        if let kind = filter.kind { filters["kind"] = kind.rawValue }
        if let key = filter.key { filters["key"] = key }
        return KVCReport(
            database: db.path, filters: filters,
            summary: KVCReport.Summary(
                reports: reportCount, kvcFailures: totals?.int("n") ?? 0, groups: groups.count,
                devices: totals?.int("d") ?? 0),
            groups: groups, matrix: matrix)
    }
}
