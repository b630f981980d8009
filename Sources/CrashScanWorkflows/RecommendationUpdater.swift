import CrashScanRules
import CrashScanStore

/// Evaluates the rules for crash groups and stores the winning recommendation of each, with the
/// evidence from the database behind it.
package enum RecommendationUpdater {
    /// Refreshes every KVC group and every group in `touched`, or every group when the rules in
    /// force changed since the last run. KVC groups are refreshed even when untouched because
    /// their evidence (OS versions that run without the crash) depends on the other reports.
    package static func refresh(store: Store, rules: RuleSet, touched: Set<Int64>) throws {
        let digest = rules.digest
        let everything = try store.meta("rules_digest") != digest
        var ids = try store.groupIDs(kvcOnly: !everything)
        ids.formUnion(touched)
        let evidence = EvidenceBuilder(store: store)
        try store.writeTransaction {
            for id in ids.sorted() {
                guard let subject = try store.subject(group: id) else { continue }
                guard let rule = rules.bestMatch(for: subject) else {
                    try store.removeRecommendation(group: id)
                    continue
                }
                let found = try evidence.evidence(group: id, subject: subject, rule: rule)
                try store.saveRecommendation(record(group: id, rule: rule, evidence: found))
            }
            try store.setMeta("rules_digest", digest)
        }
    }

    private static func record(group id: Int64, rule: Rule, evidence: Evidence) -> RecommendationRecord {
        RecommendationRecord(
            groupID: id, ruleID: rule.id, ruleSource: rule.source, fix: rule.fix, title: rule.title,
            detail: rule.detail, specificity: rule.specificity, confidence: evidence.confidence.rawValue,
            confidenceReason: evidence.confidenceReason, affectedOS: evidence.affectedOS,
            crashOSVersions: Evidence.joined(evidence.crashOSVersions),
            cleanOSVersions: Evidence.joined(evidence.cleanOSVersions),
            confinedToFailingOS: evidence.confinedToFailingOS,
            appVersions: Evidence.joined(evidence.appVersions), fixedIn: evidence.fixedIn,
            regressed: evidence.regressed, evidenceJSON: evidence.json)
    }
}
