import CrashScanCatalogs
import CrashScanModel
import CrashScanStore

extension ReportBuilder {
    /// Notes for standard error about filter values that match nothing in the database, each
    /// with the nearest values it does hold: a typo in a version, a device or a date would
    /// otherwise look like "no crashes" (the report is still printed, and the exit status is 0).
    public static func unmatchedFilterNotes(store: Store, filter: ReportFilter) throws -> [String] {
        let filter = try resolvedValues(filter, store: store)
        var notes: [String] = []
        try notes += osNotes(store: store, filter: filter)
        try notes += deviceNotes(store: store, filter: filter)
        try notes += appVersionNotes(store: store, filter: filter)
        try notes += timeNotes(store: store, filter: filter)
        if let versions = filter.comparedVersions {
            for version in [versions.from, versions.to] where try !store.hasReport(appVersion: version) {
                let known = try store.frequentAppVersions(limit: 8)
                notes.append(
                    "--compare: no report has app version '\(version)'"
                        + (known.isEmpty ? "" : " (the most frequent: \(known.joined(separator: ", ")))"))
            }
        }
        for kind in filter.kinds where try !store.hasKVCFailure(kind: kind.rawValue) {
            notes.append("no KVC failure is of kind \(kind.rawValue)")
        }
        for key in filter.keys where key != "?" {
            guard try !store.hasKVCFailure(key: key) else { continue }
            let close = try store.keys(resembling: key, limit: 5)
            notes.append(
                "no KVC failure has the key '\(key)'"
                    + (close.isEmpty ? "" : " (keys like it: \(close.joined(separator: ", ")))")
                    + (key.hasPrefix("_") || key.contains("*")
                        ? "" : "; keys are case-sensitive, '*' is a wildcard"))
        }
        return notes
    }

    /// Each OS range (on its platform) that no report ran, with the stored versions nearest it.
    static func osNotes(store: Store, filter: ReportFilter) throws -> [String] {
        var notes: [String] = []
        for range in try filter.osRanges() {
            var alone = ReportSelection()
            alone.osRanges = [range]
            guard try store.reportCount(alone) == 0 else { continue }
            let platform = Platform.of(key: range.lower)
            let stored = try store.storedOSVersions().filter { Platform.of(key: $0.key) == platform }
            let nearest = stored.sorted {
                distance($0.key, to: range) < distance($1.key, to: range)
            }.prefix(5).sorted { $0.key < $1.key }.map(\.version)
            notes.append(
                "no report ran \(range.description)"
                    + (nearest.isEmpty
                        ? " (no report from \(platform) at all)"
                        : " (the nearest stored: \(nearest.joined(separator: ", ")))"))
        }
        return notes
    }

    private static func distance(_ key: Int, to range: OSRange) -> Int {
        key < range.lower ? range.lower - key : key > range.upper ? key - range.upper : 0
    }

    static func deviceNotes(store: Store, filter: ReportFilter) throws -> [String] {
        var notes: [String] = []
        for (text, query) in zip(filter.devices, filter.deviceQueries) {
            var alone = ReportSelection()
            alone.devices = [query]
            guard try store.reportCount(alone) == 0 else { continue }
            let known = try store.knownDevices().names.sorted()
            notes.append(
                "no report is from '\(text)' (\(query))"
                    + (known.isEmpty
                        ? ""
                        : " (the devices stored: \(known.prefix(8).joined(separator: ", "))\(known.count > 8 ? " …" : ""))")
            )
        }
        return notes
    }

    static func appVersionNotes(store: Store, filter: ReportFilter) throws -> [String] {
        var notes: [String] = []
        for (text, value) in zip(filter.appVersions, filter.appVersionFilters) {
            let matched: Bool
            switch value {
            case .unknown: matched = true  // the `unknown` bucket report prints, possibly empty
            case .exactly(let version): matched = try store.hasReport(appVersion: version)
            case .range: matched = try store.allAppVersions().contains(where: value.contains)
            }
            guard !matched else { continue }
            let known = try store.frequentAppVersions(limit: 8)
            notes.append(
                "no report has app version '\(text)'"
                    + (known.isEmpty ? "" : " (the most frequent: \(known.joined(separator: ", ")))"))
        }
        return notes
    }

    /// `--since`/`--until` that keep no report, with the days the reports span.
    static func timeNotes(store: Store, filter: ReportFilter) throws -> [String] {
        guard filter.since != nil || filter.until != nil else { return [] }
        var alone = ReportSelection()
        (alone.since, alone.until) = (filter.since, filter.until)
        guard try store.reportCount(alone) == 0 else { return [] }
        let bounds = [
            filter.described["since"].map { "since \($0)" }, filter.described["until"].map { "until \($0)" },
        ]
        let span = try store.seenDays()
        return [
            "no report was seen \(bounds.compactMap { $0 }.joined(separator: " and "))"
                + (span.map { " (the reports span \($0.first) – \($0.last), UTC days)" } ?? "")
        ]
    }
}
