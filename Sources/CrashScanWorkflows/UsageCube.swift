import CrashScanStore

/// The stored usage rows seen as a cube of day × app version × OS version, in which '' is a row
/// counting all of a dimension. A slice adds up rows that never overlap: on each day, an app
/// version's own rows or else the row of all versions, and within them an OS version's own rows
/// or else the row of all OS versions; an app version with dated rows leaves its undated ones
/// out. The KVC failures counted against a slice are those of the same days, app versions and OS
/// versions.
package struct UsageCube {
    package var rows: [StoredUsage]
    package var failures: [FailureCellCount]
    /// The filter's days (`YYYY-MM-DD`, inclusive); with either bound, rows without a day are out.
    package var since: String?
    package var until: String?
    /// The filter's app versions (nil: all).
    package var appVersions: Set<String>?
    /// Whether an OS version is one the filter keeps (nil: no OS filter).
    package var keepsOS: ((String) -> Bool)?

    package init(
        rows: [StoredUsage], failures: [FailureCellCount], since: String? = nil, until: String? = nil,
        appVersions: Set<String>? = nil, keepsOS: ((String) -> Bool)? = nil
    ) {
        self.rows = rows
        self.failures = failures
        self.since = since
        self.until = until
        self.appVersions = appVersions
        self.keepsOS = keepsOS
    }

    /// The figures of a slice; nil when no usage row falls in it.
    package func figures(
        appVersion: String? = nil, osVersion: String? = nil, day: String? = nil, days: Set<String>? = nil
    )
        -> UsageFigures?
    {
        let chosen = slice(appVersion: appVersion, osVersion: osVersion, day: day).filter {
            days?.contains($0.day) ?? true
        }
        guard !chosen.isEmpty else { return nil }
        let days = Set(chosen.map(\.day).filter { !$0.isEmpty })
        var figures = UsageFigures(
            launches: total(chosen, \.launches), activeDevices: total(chosen, \.activeDevices),
            crashes: total(chosen, \.crashes), crashDevices: total(chosen, \.crashDevices),
            kvcFailures: chosen.reduce(0) { $0 + failures(against: $1) }, days: days.count)
        figures.includesUndated = chosen.contains { $0.day.isEmpty }
        if days.count > 1 || (days.count == 1 && figures.includesUndated) {
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
        let inWindow = rows.filter { row in
            if let day, row.day != day { return false }
            if since == nil && until == nil { return true }
            guard !row.day.isEmpty else { return false }
            return (since.map { row.day >= $0 } ?? true) && (until.map { row.day <= $0 } ?? true)
        }
        let dated = Set(inWindow.filter { !$0.day.isEmpty }.map(\.appVersion))
        let kept = inWindow.filter { !$0.day.isEmpty || !dated.contains($0.appVersion) }
        var chosen: [StoredUsage] = []
        for dayRows in Dictionary(grouping: kept, by: \.day).values {
            for versionRows in versionBuckets(dayRows, appVersion: appVersion) {
                chosen += osRows(versionRows, osVersion: osVersion)
            }
        }
        return chosen.sorted { ($0.day, $0.appVersion, $0.osVersion) < ($1.day, $1.appVersion, $1.osVersion) }
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

    /// The imported KVC failures a usage row covers.
    private func failures(against row: StoredUsage) -> Int {
        failures.reduce(0) { sum, cell in
            let covered =
                (row.day.isEmpty || cell.day == row.day)
                && (row.appVersion.isEmpty
                    ? keepsVersion(cell.appVersion) : cell.appVersion == row.appVersion)
                && (row.osVersion.isEmpty ? true : cell.osVersion == row.osVersion)
            return covered ? sum + cell.failures : sum
        }
    }

    private func keepsVersion(_ version: String) -> Bool { appVersions?.contains(version) ?? true }

    /// Whether any row gives usage per OS version.
    package var hasOSVersions: Bool { rows.contains { !$0.osVersion.isEmpty } }

    /// The OS versions and app versions of the rows, and their days.
    package var osVersions: [String] { Array(Set(rows.map(\.osVersion).filter { !$0.isEmpty })) }
    package var appVersionsOfRows: [String] { Array(Set(rows.map(\.appVersion).filter { !$0.isEmpty })) }
    package var datedDays: [String] {
        Array(Set(slice(appVersion: nil, osVersion: nil, day: nil).map(\.day))).filter { !$0.isEmpty }
            .sorted()
    }
}
