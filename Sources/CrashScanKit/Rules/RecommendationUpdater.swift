/// Evaluates the rules for crash groups and stores the winning recommendation of each, with the
/// evidence from the database behind it.
enum RecommendationUpdater {
    /// Refreshes every KVC group and every group in `touched`, or every group when the rules in
    /// force changed since the last run. KVC groups are refreshed even when untouched because
    /// their evidence (OS versions that run without the crash) depends on the other reports.
    static func refresh(store: Store, rules: RuleSet, touched: Set<Int64>) throws {
        let digest = rules.digest
        let everything = try store.meta("rules_digest") != digest
        let db = store.db
        var ids = try GroupRecord.allIDs(db, kvcOnly: !everything)
        ids.formUnion(touched)
        let subjects = try GroupSubjects(db: db)
        let evidence = try EvidenceBuilder(db: db)
        let upsert = try db.prepare(
            """
            INSERT INTO recommendation (
                group_id, rule_id, rule_source, fix, title, detail, specificity, confidence, confidence_reason,
                affected_os, crash_os_versions, clean_os_versions, confined_to_failing_os, app_versions, fixed_in,
                regressed, evidence_json
            ) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (group_id) DO UPDATE SET rule_id = excluded.rule_id, rule_source = excluded.rule_source,
                fix = excluded.fix, title = excluded.title, detail = excluded.detail, specificity = excluded.specificity,
                confidence = excluded.confidence, confidence_reason = excluded.confidence_reason,
                affected_os = excluded.affected_os, crash_os_versions = excluded.crash_os_versions,
                clean_os_versions = excluded.clean_os_versions,
                confined_to_failing_os = excluded.confined_to_failing_os, app_versions = excluded.app_versions,
                fixed_in = excluded.fixed_in, regressed = excluded.regressed, evidence_json = excluded.evidence_json
            """)
        let remove = try db.prepare("DELETE FROM recommendation WHERE group_id = ?")
        try db.transaction {
            for id in ids.sorted() {
                guard let subject = try subjects.subject(group: id) else { continue }
                guard let rule = rules.bestMatch(for: subject) else {
                    try remove.bind([.integer(id)])
                    try remove.runToCompletion()
                    continue
                }
                let found = try evidence.evidence(group: id, subject: subject, rule: rule)
                try upsert.bind([
                    .integer(id), .text(rule.id), .text(rule.source), .text(rule.fix), .text(rule.title),
                    .text(rule.detail), .int(rule.specificity), .text(found.confidence.rawValue),
                    .text(found.confidenceReason),
                    .optional(found.affectedOS), .text(Evidence.joined(found.crashOSVersions)),
                    .text(Evidence.joined(found.cleanOSVersions)),
                    found.confinedToFailingOS.map { .bool($0) } ?? .null,
                    .text(Evidence.joined(found.appVersions)), .optional(found.fixedIn),
                    .bool(found.regressed), .optional(found.json),
                ])
                try upsert.runToCompletion()
            }
            try store.setMeta("rules_digest", digest)
        }
    }
}
