import CrashScanCatalogs
import CrashScanModel
import CrashScanRules
import CrashScanStore
import Foundation

/// Everything `report --format html` shows: the report every format shares (its numbers are the
/// JSON report's) and what only the page draws (trends, per-group heatmaps, sample reports,
/// frames, the fix code). It aggregates: no list grows with the number of reports.
public struct ReportPage: Sendable {
    public var report: KVCReport
    /// ISO 8601, UTC.
    public var generatedAt: String
    public var trendUnit: TrendUnit
    /// KVC failures per period over every group shown, oldest first.
    public var overallTrend: [TrendPoint]
    /// The top groups (by the page's order) drawn in full, at most `sectionLimit`.
    public var sections: [GroupSection]

    /// Groups drawn with a section of their own; the table lists every group.
    public static let sectionLimit = 25

    public struct TrendPoint: Sendable, Equatable {
        /// The period's first day, `YYYY-MM-DD`.
        public var start: String
        public var reports: Int
    }

    /// An app version and the day it first crashed with the group.
    public struct VersionMark: Sendable, Equatable {
        public var version: String
        public var firstSeen: String
        /// The version the group was marked fixed in (`crashscan fixed` or the rule).
        public var isFixVersion: Bool
        /// A version after the fix that crashes again.
        public var isRegression: Bool
    }

    public struct GroupSection: Sendable {
        public var group: KVCReport.Group
        public var reason: String?
        public var trend: [TrendPoint]
        public var versionMarks: [VersionMark]
        /// The group's device × OS cells.
        public var matrix: [KVCReport.Cell]
        /// The winning rule's failing OS window, as sort keys, and as written.
        public var failingWindow: OSRange?
        public var samples: [GroupReportLine]
        public var samplePath: String?
        public var frames: [SampleReport.FrameLine]
        public var fix: FixCode?
    }

    /// The replacement code of the winning rule.
    public struct FixCode: Sendable {
        public var slug: String
        public var title: String
        public var detail: String
        public var objc: String?
        public var swift: String?
        /// `Written for a deployment target of iOS 8.0 …` (`Rule.targetSentence`).
        public var deploymentTarget: String?
        public var sources: [String]
        /// Why the code is not shown, when it is not.
        public var codeWithheld: String? = nil
    }

    /// A page of `report` alone (no trends or sections): what `ReportRenderer.render(_:as: .html)`
    /// draws; `ReportPageBuilder` adds the rest from the store.
    public init(report: KVCReport, generatedAt: String? = nil) {
        self.report = report
        self.generatedAt = generatedAt ?? Timestamp.now()
        trendUnit = .day
        overallTrend = []
        sections = []
    }
}

/// The length of a trend's period, chosen from the span so that a chart has at most about a
/// hundred bars.
public enum TrendUnit: String, Sendable {
    case day, week, month

    /// Up to 92 days by day, up to two years by week, else by month.
    static func forSpan(days: Int) -> TrendUnit {
        days <= 92 ? .day : days <= 730 ? .week : .month
    }

    /// The first day of the period holding `day` (`YYYY-MM-DD`); weeks start on Monday.
    func start(of day: String) -> String {
        switch self {
        case .day: return day
        case .month: return String(day.prefix(7)) + "-01"
        case .week:
            guard let days = CivilDay.days(day) else { return day }
            // 1970-01-01 was a Thursday: Monday is 3 days before it.
            let monday = days - ((days + 3) % 7 + 7) % 7
            return CivilDay.text(monday)
        }
    }
}

/// Days since 1970-01-01 and back (proleptic Gregorian), for periods without a Calendar.
enum CivilDay {
    static func days(_ text: String) -> Int? {
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        let (year, month, day) = (parts[0], parts[1], parts[2])
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func text(_ days: Int) -> String {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return String(format: "%04d-%02d-%02d", year, month, day)
    }
}
