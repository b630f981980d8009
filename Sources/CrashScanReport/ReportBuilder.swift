import CrashScanModel
import CrashScanRules
import CrashScanStore
import CrashScanWorkflows

/// Builds the KVC report from what the store counts for the filter.
public enum ReportBuilder {
    /// `rules` are evaluated for every group (the built-ins plus a team's files); `explain` adds
    /// every matching rule with the reasons it matches.
    public static func build(
        store: Store, filter: ReportFilter, rules: RuleSet, explain: Bool = false, sort: ReportSort = .reports
    ) throws -> KVCReport {
        var report = try store.readSnapshot {
            try buildOnSnapshot(store: store, filter: filter, rules: rules, explain: explain).report
        }
        report.order(by: sort)
        return report
    }

    /// `build`, inside the read transaction that gives every query the same snapshot.
    /// Also returns the tally and the scan (with `forPage`: the days and the latest reports of
    /// each group), for the HTML page's own aggregates.
    static func buildOnSnapshot(
        store: Store, filter: ReportFilter, rules: RuleSet, explain: Bool, forPage: Bool = false
    ) throws -> (report: KVCReport, tally: FailureTally, scan: FailureScan) {
        let filter = try resolved(filter, store: store, rules: rules)
        let selection = filter.selection
        let reportCount = try store.reportCount(selection)
        let scan = try store.scanFailures(selection, forPage: forPage)
        let tally = FailureTally(cells: scan.cells)
        let devices = tally.devicesByGroup()
        let osVersions = tally.osVersionsByGroup()
        let appVersions = tally.appVersionsByGroup()

        let recommender = try GroupRecommender(store: store, rules: rules, explain: explain)
        let findings = try store.sourceFindingTargets()
        let newest = NewestAppVersions(store: store)
        var groups: [KVCReport.Group] = []
        for totals in tally.groups() {
            let id = totals.id
            guard let detail = try store.group(Int64(id)) else { continue }
            let advice = try recommender.advice(group: Int64(id))
            groups.append(
                KVCReport.Group(
                    id: String(detail.fingerprint.prefix(8)), databaseID: id, fingerprint: detail.fingerprint,
                    exceptionType: detail.exceptionType, kind: detail.kind, accessor: detail.accessor,
                    receiverClass: detail.receiverClass, key: detail.key,
                    keyIsPrivate: detail.keyIsPrivate == true,
                    cause: detail.cause, blameFrame: detail.blameFrame, reportCount: totals.reports,
                    deviceCount: totals.devices.count, affectedDevices: scan.byGroup[id]?.devices,
                    affectedUsers: scan.byGroup[id]?.users,
                    failuresWithDeviceID: scan.byGroup[id]?.withDeviceID ?? 0,
                    failuresWithUserID: scan.byGroup[id]?.withUserID ?? 0, firstSeen: totals.firstSeen,
                    lastSeen: totals.lastSeen, devices: devices[id] ?? [],
                    osVersions: osVersions[id] ?? [],
                    appVersions: appVersions[id] ?? [], recommendation: advice.recommendation,
                    evidence: advice.evidence, matchedRules: advice.matchedRules,
                    regression: try GroupRegression.load(
                        group: Int64(id), ruleFixedIn: advice.ruleFixedIn, store: store),
                    sourceLocations: FindingLinks.sourceLocations(
                        receiverClass: detail.receiverClass, key: detail.key, among: findings)))
            groups[groups.count - 1].newestAppVersion = try newest.version(group: Int64(id))
            groups[groups.count - 1].blameLocation = BlameLocation.find(
                blame: detail.blameFrame, in: try sampleFrames(group: Int64(id), store: store))
        }

        let issues = try store.buglyIssues()
        for index in groups.indices {
            groups[index].bugly = BuglyCounts.forGroup(Int64(groups[index].databaseID), issues: issues)
        }
        var report = KVCReport(
            database: store.path, filters: filter.described,
            summary: KVCReport.Summary(
                reports: reportCount, kvcFailures: tally.failures, groups: groups.count,
                devices: tally.distinctDevices, affectedDevices: scan.total.devices,
                affectedUsers: scan.total.users, failuresWithDeviceID: scan.total.withDeviceID,
                failuresWithUserID: scan.total.withUserID),
            groups: groups, matrix: tally.matrix())
        report.zone = filter.zone
        report.scale = try scale(store: store, selection: selection, issues: issues, groups: groups)
        if let versions = filter.comparedVersions {
            report.comparison = ReleaseComparison(from: versions.from, to: versions.to, groups: groups)
        }
        if filter.listsOtherCrashes {
            report.otherGroups = try store.otherCrashGroups(filter.selection, limit: otherGroupsShown)
        }
        return (report, tally, scan)
    }

    /// Bugly's counts and the usage's rates for the report (each read only when stored).
    private static func scale(
        store: Store, selection: ReportSelection, issues: [StoredBuglyIssue], groups: [KVCReport.Group]
    ) throws -> KVCReport.Scale {
        var scale = KVCReport.Scale()
        let keyed =
            selection.keys.isEmpty || issues.isEmpty ? [] : try store.buglyIssues(withKeys: selection.keys)
        scale.bugly = BuglyScale.build(
            issues: issues, shownGroups: Set(groups.map { Int64($0.databaseID) }), selection: selection,
            keyed: keyed)
        let usage = try store.usageRows()
        if !usage.isEmpty {
            scale.rates = UsageRates.compute(
                rows: usage, failures: try store.failuresByDayVersionAndOS(selection), selection: selection)
        }
        return scale
    }

    /// The frames the blame frame is looked up in: the group row's sample frames, and only when
    /// it has none the group's sample report's (`sampleReport` orders the group's reports to
    /// find it: on 300,000 reports that took `report --os 8.1` from 30 ms to 200 ms).
    private static func sampleFrames(group id: Int64, store: Store) throws -> [SampleReport.FrameLine] {
        let frames = try store.groupSample(group: id).frames
        return frames.isEmpty ? try store.sampleReport(group: id)?.frames ?? [] : frames
    }

    /// The filter with its device names matched against the database's devices and, for
    /// `--regressed`, the regressed groups looked up.
    private static func resolved(_ filter: ReportFilter, store: Store, rules: RuleSet) throws -> ReportFilter
    {
        var filter = try resolvedValues(filter, store: store)
        if filter.regressedOnly {
            filter.groupIDs = try GroupRegression.regressedGroups(store: store, rules: rules)
        }
        return filter
    }

    /// The newest app version of each group's app, read once per app; nil when the database
    /// holds only one version of it (then nothing is new against an older release).
    final class NewestAppVersions {
        private let store: Store
        private var byApp: [GroupApp: String?] = [:]

        init(store: Store) { self.store = store }

        func version(group: Int64) throws -> String? {
            guard let app = try store.mainApp(group: group) else { return nil }
            if let known = byApp[app] { return known }
            let versions = try store.appVersions(of: app)
            let newest = versions.count < 2 ? nil : versions.max { AppVersion.isNewer($1, than: $0) }
            byApp[app] = newest
            return newest
        }
    }

    /// How many crash groups that are no KVC failure `--all-crashes` lists.
    public static let otherGroupsShown = 50

    /// The filter with its devices and app-version ranges resolved against the database.
    static func resolvedValues(_ filter: ReportFilter, store: Store) throws -> ReportFilter {
        var filter = filter
        if !filter.devices.isEmpty {
            // The catalogue names nearly every device: the stored models equal to what was typed
            // (an index lookup each) are all the database is asked first. Every distinct name and
            // model (130 ms on a million reports, most of `report --device`) only when that
            // leaves a device unresolved, for the databases' own names and the suggestions.
            do {
                try filter.resolveDevices(
                    knownNames: [], knownModels: try store.deviceModels(equalToAnyOf: filter.devices))
            } catch {
                let known = try store.knownDevices()
                try filter.resolveDevices(knownNames: known.names, knownModels: known.models)
            }
        }
        if filter.hasAppVersionRange {
            filter.resolveAppVersions(known: try store.allAppVersions())
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
        let store: Store
        let evidenceBuilder: EvidenceBuilder
        /// The evidence stored by the last import is current when the same rules are in force;
        /// recomputing it scans the group's reports (slow on large databases).
        let rulesAreStored: Bool

        init(store: Store, rules: RuleSet, explain: Bool) throws {
            self.rules = rules
            self.explain = explain
            self.store = store
            evidenceBuilder = EvidenceBuilder(store: store)
            rulesAreStored = try store.meta("rules_digest") == rules.digest
        }

        func advice(group id: Int64) throws -> Advice {
            var advice = Advice()
            guard let subject = try store.subject(group: id) else { return advice }
            let evaluations = rules.evaluations(for: subject)
            advice.ruleFixedIn = evaluations.first?.rule.fixedIn
            if let best = evaluations.first?.rule {
                advice.recommendation = KVCReport.Recommendation(
                    ruleID: best.id, fix: best.fix, title: best.title, detail: best.detail)
                if rulesAreStored,
                    let stored = try store.storedEvidence(group: id, ruleID: best.id)
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
}
