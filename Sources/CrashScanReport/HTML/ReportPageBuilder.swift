import CrashScanCatalogs
import CrashScanModel
import CrashScanRules
import CrashScanStore

/// Builds the HTML page's data on one snapshot: the report (as `report --format json` computes
/// it) and, from the same pass over the failures (its cells, days and latest reports), the
/// trends and the sections.
public enum ReportPageBuilder {
    public static func build(
        store: Store, filter: ReportFilter, rules: RuleSet, sort: ReportSort = .affected
    ) throws -> ReportPage {
        try store.readSnapshot {
            let built = try ReportBuilder.buildOnSnapshot(
                store: store, filter: filter, rules: rules, explain: false, forPage: true)
            var report = built.report
            report.order(by: sort)
            var page = ReportPage(report: report)
            let days = built.scan.days
            page.trendUnit = trendUnit(days)
            page.overallTrend = trend(days, unit: page.trendUnit)
            let daysByGroup = Dictionary(grouping: days, by: \.group)
            let firstSeen = built.tally.appVersionFirstSeenByGroup()
            let matrices = built.tally.matricesByGroup()
            for group in report.groups.prefix(ReportPage.sectionLimit) {
                page.sections.append(
                    try section(
                        group, store: store, rules: rules,
                        trend: trend(daysByGroup[group.databaseID] ?? [], unit: page.trendUnit),
                        firstSeen: firstSeen[group.databaseID] ?? [:],
                        matrix: matrices[group.databaseID] ?? [],
                        latest: built.scan.latest[group.databaseID] ?? []))
            }
            return page
        }
    }

    static func trendUnit(_ days: [DayCount]) -> TrendUnit {
        guard let first = days.map(\.day).min(), let last = days.map(\.day).max(),
            let from = CivilDay.days(first), let to = CivilDay.days(last)
        else { return .day }
        return TrendUnit.forSpan(days: to - from + 1)
    }

    /// Failures per period, every period from the first to the last (empty ones as 0), so that
    /// the bars stand on a true time axis.
    static func trend(_ days: [DayCount], unit: TrendUnit) -> [ReportPage.TrendPoint] {
        var sums: [String: Int] = [:]
        for day in days { sums[unit.start(of: day.day), default: 0] += day.count }
        guard let first = sums.keys.min(), let last = sums.keys.max(), var day = CivilDay.days(first),
            let end = CivilDay.days(last)
        else { return [] }
        var points: [ReportPage.TrendPoint] = []
        while day <= end, points.count < 5_000 {
            let start = CivilDay.text(day)
            points.append(ReportPage.TrendPoint(start: start, reports: sums[start] ?? 0))
            switch unit {
            case .day: day += 1
            case .week: day += 7
            case .month:
                var parts = start.split(separator: "-").compactMap { Int($0) }
                parts[1] += 1
                if parts[1] > 12 { (parts[0], parts[1]) = (parts[0] + 1, 1) }
                day = CivilDay.days(String(format: "%04d-%02d-01", parts[0], parts[1])) ?? end + 1
            }
        }
        return points
    }

    private static func section(
        _ group: KVCReport.Group, store: Store, rules: RuleSet, trend: [ReportPage.TrendPoint],
        firstSeen: [String: String], matrix: [KVCReport.Cell], latest: [Int64]
    ) throws -> ReportPage.GroupSection {
        let id = Int64(group.databaseID)
        let sample = try store.groupSample(group: id)
        let latestReports = try store.reportLines(ids: latest)
        let rule = group.recommendation.flatMap { recommendation in
            rules.rules.first { $0.id == recommendation.ruleID }.map(rules.withReplacement)
        }
        return ReportPage.GroupSection(
            group: group, reason: latestReports.lazy.compactMap(\.exceptionReason).first, trend: trend,
            versionMarks: versionMarks(
                try withFixVersion(firstSeen, regression: group.regression, group: id, store: store),
                regression: group.regression),
            matrix: matrix, failingWindow: rule?.failsOn,
            samples: latestReports, samplePath: sample.path, frames: Array(sample.frames.prefix(40)),
            fix: rule.map { rule in
                // A group that names neither class nor key cannot confirm the sample's names.
                let unnamed = group.receiverClass == nil && group.key == nil
                return ReportPage.FixCode(
                    slug: rule.fix, title: rule.title, detail: rule.detail,
                    objc: unnamed ? nil : rule.replacementObjC, swift: unnamed ? nil : rule.replacementSwift,
                    deploymentTarget: rule.targetSentence, sources: rule.sources,
                    codeWithheld: unnamed && rule.replacementObjC != nil
                        ? GroupExplanation.RuleSummary.withheldNote(rule.fix) : nil)
            })
    }

    /// Each app version at the day it first crashed with the group, oldest first; the fix
    /// version and the regressed versions marked.
    /// The fix version seldom crashes with the group it fixed: its mark is then the day the
    /// database first saw it at all (any report of that app version), when it did.
    static func withFixVersion(
        _ firstSeen: [String: String], regression: GroupRegression?, group: Int64?, store: Store
    ) throws -> [String: String] {
        guard let fixedIn = regression?.fixedIn, firstSeen[fixedIn] == nil,
            let day = try store.firstSeen(
                appVersion: fixedIn, app: group.map { try store.mainApp(group: $0) } ?? nil)
        else { return firstSeen }
        var marks = firstSeen
        marks[fixedIn] = String(day.prefix(10))
        return marks
    }

    static func versionMarks(_ firstSeen: [String: String], regression: GroupRegression?)
        -> [ReportPage.VersionMark]
    {
        let regressed = Set(regression?.regressedIn.map(\.value) ?? [])
        return firstSeen.filter { $0.key != "unknown" }.map { version, day in
            ReportPage.VersionMark(
                version: version, firstSeen: day, isFixVersion: version == regression?.fixedIn,
                isRegression: regressed.contains(version))
        }.sorted { ($0.firstSeen, $0.version) < ($1.firstSeen, $1.version) }
    }
}

extension FailureTally {
    /// Per group: the day (`YYYY-MM-DD`) each app version was first seen.
    func appVersionFirstSeenByGroup() -> [Int: [String: String]] {
        var result: [Int: [String: String]] = [:]
        for cell in cells {
            guard let seen = cell.firstSeen.map({ String($0.prefix(10)) }) else { continue }
            let version = cell.appLabel
            if let known = result[cell.group]?[version], known <= seen { continue }
            result[cell.group, default: [:]][version] = seen
        }
        return result
    }

    /// Per group: its device × OS cells, as the report's matrix sums them.
    func matricesByGroup() -> [Int: [KVCReport.Cell]] {
        // Summed in place: a tally of each group's cells, copied out, summed everything else too
        // (on a million reports, a fifth of the page's time).
        var byGroup: [Int: MatrixSums] = [:]
        for index in cells.indices {
            byGroup[cells[index].group, default: MatrixSums()].add(cells[index])
        }
        return byGroup.mapValues { $0.cells(labels) }
    }
}
