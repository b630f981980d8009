import CrashScanCatalogs
import CrashScanModel
import CrashScanStore
import CrashScanWorkflows

/// Crash rates of the report's filter from the stored usage: in total, per app version, per OS
/// version (where the usage has OS versions) and per day; with what they were computed from,
/// and why a rate the filter asks for cannot be given.
public struct UsageRates: Sendable, Encodable {
    /// One app version, OS version or day: its figures, or nil when no usage covers it (its rate
    /// is unknown, not zero).
    public struct Line: Sendable, Encodable {
        public var value: String
        public var usage: UsageFigures?
        /// The imported KVC failures of the value (also where no usage covers it).
        public var kvcFailures: Int

        enum CodingKeys: String, CodingKey {
            case value, usage
            case kvcFailures = "kvc_failures_imported"
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(value, forKey: .value)
            try container.encode(usage, forKey: .usage)
            try container.encode(kvcFailures, forKey: .kvcFailures)
        }
    }

    /// One app version's days.
    public struct VersionTrend: Sendable, Encodable {
        public var appVersion: String
        public var days: [Line]

        enum CodingKeys: String, CodingKey {
            case days
            case appVersion = "app_version"
        }
    }

    /// The filter's usage as a whole (nil: no usage row falls in it).
    public var total: UsageFigures?
    public var byAppVersion: [Line] = []
    public var byOSVersion: [Line] = []
    public var byDay: [Line] = []
    /// Weeks from Monday (their first day's date): launches and crashes added up over the days
    /// of usage in the week (devices are not).
    public var byWeek: [Line] = []
    /// Each app version with usage, day by day: the crash-rate trend of a release.
    public var byAppVersionAndDay: [VersionTrend] = []
    /// The sources the usage rows came from (`Bugly crash trend`, `usage sheet`).
    public var sources: [String] = []
    /// What the rates do not cover and why, for people.
    public var notes: [String] = []

    enum CodingKeys: String, CodingKey {
        case total, sources, notes
        case byAppVersion = "by_app_version"
        case byOSVersion = "by_os_version"
        case byDay = "by_day"
        case byWeek = "by_week"
        case byAppVersionAndDay = "by_app_version_and_day"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(total, forKey: .total)
        try container.encode(byAppVersion, forKey: .byAppVersion)
        try container.encode(byOSVersion, forKey: .byOSVersion)
        try container.encode(byDay, forKey: .byDay)
        try container.encode(byWeek, forKey: .byWeek)
        try container.encode(byAppVersionAndDay, forKey: .byAppVersionAndDay)
        try container.encode(sources, forKey: .sources)
        try container.encode(notes, forKey: .notes)
    }

    /// The rates of `selection` from `rows`, with `failures` the KVC failures it keeps by day,
    /// app version and OS version; nil without usage.
    static func compute(rows: [StoredUsage], failures: [FailureCellCount], selection: ReportSelection)
        -> UsageRates?
    {
        guard !rows.isEmpty else { return nil }
        var rates = UsageRates(sources: Array(Set(rows.map(\.source))).sorted())
        if !selection.devices.isEmpty {
            rates.notes.append(
                "no rates for a device filter: usage has no device dimension (launches are counted per app version, OS version and day)"
            )
            return rates
        }
        let ranges = selection.osRanges
        let cube = UsageCube(
            rows: rows, failures: failures, since: selection.since.map { String($0.prefix(10)) },
            until: selection.until.map { String($0.prefix(10)) },
            appVersions: selection.appVersions.isEmpty && !selection.matchesNothing
                ? nil : Set(selection.appVersions),
            keepsOS: ranges.isEmpty
                ? nil
                : { text in OSVersion.parse(text).map { os in ranges.contains { $0.contains(os) } } ?? false }
        )
        let sums = FailureSums(failures)
        rates.total = cube.figures()
        rates.byAppVersion = lines(
            values: (cube.appVersionsOfRows + sums.byVersion.keys).filter {
                cube.appVersions?.contains($0) ?? true
            },
            failures: { sums.byVersion[$0] ?? 0 },
            usage: { cube.figures(appVersion: $0) }
        ).sorted { AppVersion.isNewer($0.value, than: $1.value) }
        if cube.hasOSVersions {
            rates.byOSVersion = lines(
                values: (cube.osVersions + sums.byOS.keys).filter { cube.keepsOS?($0) ?? true },
                failures: { sums.byOS[$0] ?? 0 },
                usage: { cube.figures(osVersion: $0) }
            ).sorted { (OSVersion.parse($0.value)?.sortKey ?? 0) > (OSVersion.parse($1.value)?.sortKey ?? 0) }
        } else if !ranges.isEmpty {
            rates.notes.append(
                "no rates for the OS filter: the usage has no OS versions (a usage sheet with an os_version column gives them)"
            )
            rates.total = nil
        }
        addTrends(to: &rates, cube: cube, sums: sums)
        rates.notes += notes(cube: cube, selection: selection)
        return rates
    }

    /// The lines by day, by week from Monday, and by app version and day.
    private static func addTrends(to rates: inout UsageRates, cube: UsageCube, sums: FailureSums) {
        rates.byDay = cube.datedDays.map { day in
            Line(
                value: day, usage: cube.figures(day: day),
                kvcFailures: sums.byDay[day] ?? 0)
        }
        let weeks = Dictionary(grouping: cube.datedDays, by: { TrendUnit.week.start(of: $0) })
        rates.byWeek = weeks.keys.sorted().map { week in
            let days = Set(weeks[week] ?? [])
            return Line(
                value: week, usage: cube.figures(days: days),
                kvcFailures: days.reduce(0) { $0 + (sums.byDay[$1] ?? 0) })
        }
        rates.byAppVersionAndDay = rates.byAppVersion.filter { $0.usage != nil }.map { version in
            VersionTrend(
                appVersion: version.value,
                days: cube.datedDays.compactMap { day in
                    cube.figures(appVersion: version.value, day: day).map { usage in
                        Line(
                            value: day, usage: usage,
                            kvcFailures: sums.byVersionAndDay[version.value + "|" + day] ?? 0)
                    }
                })
        }.filter { !$0.days.isEmpty }
    }

    /// One line per value (each once), with its usage or none.
    private static func lines(values: [String], failures: (String) -> Int, usage: (String) -> UsageFigures?)
        -> [Line]
    {
        var seen = Set<String>()
        return values.filter { seen.insert($0).inserted }.map { value in
            Line(value: value, usage: usage(value), kvcFailures: failures(value))
        }
    }

    /// The failures added up by app version, OS version, day, and app version and day, once (a
    /// million reports give tens of thousands of cells, and a line per day of each version).
    private struct FailureSums {
        var byVersion: [String: Int] = [:]
        var byOS: [String: Int] = [:]
        var byDay: [String: Int] = [:]
        var byVersionAndDay: [String: Int] = [:]

        init(_ cells: [FailureCellCount]) {
            for cell in cells {
                if !cell.appVersion.isEmpty { byVersion[cell.appVersion, default: 0] += cell.failures }
                if !cell.osVersion.isEmpty { byOS[cell.osVersion, default: 0] += cell.failures }
                byDay[cell.day, default: 0] += cell.failures
                byVersionAndDay[cell.appVersion + "|" + cell.day, default: 0] += cell.failures
            }
        }
    }

    private static func notes(cube: UsageCube, selection: ReportSelection) -> [String] {
        var notes: [String] = []
        if cube.appVersions != nil, cube.appVersionsOfRows.isEmpty {
            notes.append(
                "no rates for the app-version filter: the usage has no app versions (a crash trend imported with --app-version, or a usage sheet with an app_version column, gives them)"
            )
        }
        if selection.since != nil || selection.until != nil, !cube.rows.contains(where: { !$0.day.isEmpty }) {
            notes.append("no rates for the time filter: the usage has no days")
        }
        if cube.rows.contains(where: { $0.crashes == nil }) {
            notes.append(
                "crash rates need the crashes the usage's source counted (Bugly's crash trend has them, a usage sheet does not); the KVC rate counts the imported logs"
            )
        }
        notes.append(
            "the KVC rate divides the imported KVC logs by launches: the rate itself when every crash was imported, a floor when the logs are a sample (a Bugly download holds some of each issue's crashes)"
        )
        if [selection.since, selection.until].contains(where: { ($0?.count ?? 0) > 10 }) {
            notes.append("usage is per day: a bound within a day counts that day's usage whole")
        }
        return notes
    }
}
