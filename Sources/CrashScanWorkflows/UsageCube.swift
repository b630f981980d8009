import CrashScanStore

/// The stored usage rows seen as a cube of day × app version × OS version, in which '' is a row
/// counting all of a dimension. A slice adds up rows that never overlap: on each day, an app
/// version's own rows or else the row of all versions, and within them an OS version's own rows
/// or else the row of all OS versions; an app version with dated rows leaves its undated ones
/// out. The KVC failures counted against a slice are those of the same days, app versions and OS
/// versions.
///
/// The rows of the filter's window are kept by day, and the failures are added up once per
/// shape of row (day or any, version or any, OS or any): a year of daily usage for 5 versions on
/// 5 OS versions (10,890 rows) against a million reports' failure cells took `report` 11 s when
/// every slice went through every row and every cell.
package struct UsageCube {
    /// The rows in the filter's window, by day ('' for rows without a day).
    private let rowsByDay: [String: [StoredUsage]]
    /// The failures of each shape of row, by day, version and OS version, nil for "any".
    private let failureSums: [CellKey: Int]

    private struct CellKey: Hashable {
        var day: String?
        var version: String?
        var os: String?
    }
    /// The filter's app versions (nil: all).
    package let appVersions: Set<String>?
    /// Whether an OS version is one the filter keeps (nil: no OS filter).
    package let keepsOS: ((String) -> Bool)?
    /// The rows in the window.
    package let rows: [StoredUsage]
    /// The days the window's rows give, in order.
    package let datedDays: [String]

    /// `since`/`until`: the filter's days (`YYYY-MM-DD`, inclusive); with either bound, rows
    /// without a day are out.
    package init(
        rows: [StoredUsage], failures: [FailureCellCount], since: String? = nil, until: String? = nil,
        appVersions: Set<String>? = nil, keepsOS: ((String) -> Bool)? = nil
    ) {
        let bounded = since != nil || until != nil
        let inWindow = rows.filter { row in
            guard bounded else { return true }
            guard !row.day.isEmpty else { return false }
            return (since.map { row.day >= $0 } ?? true) && (until.map { row.day <= $0 } ?? true)
        }
        // A version with dated rows leaves its undated ones out.
        let dated = Set(inWindow.filter { !$0.day.isEmpty }.map(\.appVersion))
        self.rows = inWindow.filter { !$0.day.isEmpty || !dated.contains($0.appVersion) }
        rowsByDay = Dictionary(grouping: self.rows, by: \.day)
        datedDays = rowsByDay.keys.filter { !$0.isEmpty }.sorted()
        self.appVersions = appVersions
        self.keepsOS = keepsOS
        // Only the shapes the rows have (a daily trend of each version: two of the eight).
        let shapes = Set(
            self.rows.map { row in [!row.day.isEmpty, !row.appVersion.isEmpty, !row.osVersion.isEmpty] })
        var sums: [CellKey: Int] = [:]
        for cell in failures {
            let keepsVersion = appVersions?.contains(cell.appVersion) ?? true
            for shape in shapes where shape[1] || keepsVersion {
                let key = CellKey(
                    day: shape[0] ? cell.day : nil, version: shape[1] ? cell.appVersion : nil,
                    os: shape[2] ? cell.osVersion : nil)
                sums[key, default: 0] += cell.failures
            }
        }
        failureSums = sums
    }

    /// The figures of a slice (one app version, OS version, day or set of days; nil: all of it);
    /// nil when no usage row falls in it.
    package func figures(
        appVersion: String? = nil, osVersion: String? = nil, day: String? = nil, days: Set<String>? = nil
    ) -> UsageFigures? {
        let chosen = slice(appVersion: appVersion, osVersion: osVersion, day: day).filter {
            days?.contains($0.day) ?? true
        }
        guard !chosen.isEmpty else { return nil }
        let dayCount = Set(chosen.map(\.day).filter { !$0.isEmpty }).count
        var figures = UsageFigures(
            launches: total(chosen, \.launches), activeDevices: total(chosen, \.activeDevices),
            crashes: total(chosen, \.crashes), crashDevices: total(chosen, \.crashDevices),
            kvcFailures: chosen.reduce(0) { $0 + failures(against: $1) }, days: dayCount)
        figures.includesUndated = chosen.contains { $0.day.isEmpty }
        if dayCount > 1 || (dayCount == 1 && figures.includesUndated) {
            // A device that ran on two days is one device, not two.
            (figures.activeDevices, figures.crashDevices) = (nil, nil)
        }
        return figures
    }

    /// The sum when every row gives the figure, else unknown (never a partial sum that looks whole).
    private func total(_ rows: [StoredUsage], _ figure: KeyPath<StoredUsage, Int?>) -> Int? {
        var sum = 0
        for row in rows {
            guard let value = row[keyPath: figure] else { return nil }
            sum += value
        }
        return sum
    }

    /// The rows a slice adds up.
    package func slice(appVersion: String?, osVersion: String?, day: String?) -> [StoredUsage] {
        // In no order: a slice is added up.
        let days = day.map { [$0] } ?? Array(rowsByDay.keys)
        var chosen: [StoredUsage] = []
        for day in days {
            for versionRows in versionBuckets(rowsByDay[day] ?? [], appVersion: appVersion) {
                chosen += osRows(versionRows, osVersion: osVersion)
            }
        }
        return chosen
    }

    /// A day's rows by app version: the asked version's; else, without a version filter, the
    /// rows of all versions when the day has them, else each version's; with a filter, each
    /// kept version's.
    private func versionBuckets(_ rows: [StoredUsage], appVersion: String?) -> [[StoredUsage]] {
        if let appVersion {
            guard appVersions?.contains(appVersion) ?? true else { return [] }
            return [rows.filter { $0.appVersion == appVersion }]
        }
        if let appVersions {
            return Dictionary(grouping: rows.filter { appVersions.contains($0.appVersion) }, by: \.appVersion)
                .values.map { $0 }
        }
        let all = rows.filter { $0.appVersion.isEmpty }
        if !all.isEmpty { return [all] }
        return Dictionary(grouping: rows, by: \.appVersion).values.map { $0 }
    }

    /// A version's rows by OS version: the asked one's; with an OS filter, the kept OS versions'
    /// own rows (a row of all OS versions cannot be split); else the row of all OS versions when
    /// there is one, else each OS version's.
    private func osRows(_ rows: [StoredUsage], osVersion: String?) -> [StoredUsage] {
        if let osVersion { return rows.filter { $0.osVersion == osVersion && keeps(os: $0.osVersion) } }
        if keepsOS != nil { return rows.filter { !$0.osVersion.isEmpty && keeps(os: $0.osVersion) } }
        let all = rows.filter { $0.osVersion.isEmpty }
        return all.isEmpty ? rows : all
    }

    private func keeps(os: String) -> Bool { keepsOS?(os) ?? true }

    /// The imported KVC failures a usage row covers: those of its day, version and OS version,
    /// any where the row counts all of one (of the kept versions only).
    private func failures(against row: StoredUsage) -> Int {
        let any = { (value: String) in value.isEmpty ? nil : value }
        return failureSums[CellKey(day: any(row.day), version: any(row.appVersion), os: any(row.osVersion))]
            ?? 0
    }

    /// Whether any row gives usage per OS version.
    package var hasOSVersions: Bool { rows.contains { !$0.osVersion.isEmpty } }

    /// The OS versions and app versions of the rows.
    package var osVersions: [String] { Array(Set(rows.map(\.osVersion).filter { !$0.isEmpty })) }
    package var appVersionsOfRows: [String] { Array(Set(rows.map(\.appVersion).filter { !$0.isEmpty })) }
}
