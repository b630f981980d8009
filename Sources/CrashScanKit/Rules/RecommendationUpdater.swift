/// Evaluates the rules for crash groups and stores the winning recommendation of each.
enum RecommendationUpdater {
    /// Refreshes `groups`, or every group when the rules in force changed since the last run.
    static func refresh(store: Store, rules: RuleSet, groups: Set<Int64>) throws {
        let digest = rules.digest
        let everything = try store.meta("rules_digest") != digest
        let db = store.db
        let ids: [Int64] =
            everything
            ? try db.query("SELECT id FROM crash_group").compactMap { $0.int("id").map(Int64.init) }
            : Array(groups)
        let subjects = try GroupSubjects(db: db)
        let upsert = try db.prepare(
            """
            INSERT INTO recommendation (group_id, rule_id, rule_source, fix, title, detail, specificity)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (group_id) DO UPDATE SET rule_id = excluded.rule_id, rule_source = excluded.rule_source,
                fix = excluded.fix, title = excluded.title, detail = excluded.detail, specificity = excluded.specificity
            """)
        let remove = try db.prepare("DELETE FROM recommendation WHERE group_id = ?")
        try db.transaction {
            for id in ids {
                guard let subject = try subjects.subject(group: id) else { continue }
                if let rule = rules.bestMatch(for: subject) {
                    try upsert.bind([
                        .integer(id), .text(rule.id), .text(rule.source), .text(rule.fix), .text(rule.title),
                        .text(rule.detail), .int(rule.specificity),
                    ])
                    try upsert.runToCompletion()
                } else {
                    try remove.bind([.integer(id)])
                    try remove.runToCompletion()
                }
            }
            try store.setMeta("rules_digest", digest)
        }
    }
}
