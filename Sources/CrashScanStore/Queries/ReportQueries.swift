import CrashScanDatabase
import CrashScanModel

/// The queries behind `report` that are not its scan of the failures (`FailureScan.swift`).
/// Each reads the first cache that answers it (`FilterTarget.answers`), else the raw rows: a
/// filter no cache holds reads the rows by construction.
extension Store {
    /// Whether the caches may be read (made by this crashscan's declarations and not stale);
    /// ask inside the reader's snapshot.
    func cachesReadable() throws -> Bool { try CacheUpkeep(db: db).readable() }

    /// `cache` as a FROM item named after it: the table itself when the caches are readable,
    /// else its definition over the rows under the same name.
    func cacheSource(_ cache: CacheTable) throws -> String { try CacheUpkeep(db: db).source(cache) }

    /// How many reports `selection` keeps: summed from the reports per OS, device and app
    /// version, or per day, when one answers its filter; else counted from the reports.
    public func reportCount(_ selection: ReportSelection) throws -> Int {
        if try cachesReadable() {
            for cache in [Caches.reportCount, Caches.reportDay] {
                let target = FilterTarget(cache, alias: "c")
                guard target.answers(selection, failures: false) else { continue }
                let conditions = selection.conditions(on: target, db.dialect, failures: false)
                return try db.query(
                    "SELECT coalesce(sum(c.reports), 0) AS n FROM \(cache.name) c\(conditions.whereClause)",
                    conditions.values
                ).first?.int("n") ?? 0
            }
        }
        return try countReportsFromRows(selection)
    }

    /// How many reports `selection` keeps, counted from the reports.
    func countReportsFromRows(_ selection: ReportSelection) throws -> Int {
        let conditions = selection.conditions(on: .rows, db.dialect, failures: false)
        return try db.query("SELECT count(*) AS n FROM report r\(conditions.whereClause)", conditions.values)
            .first?.int("n") ?? 0
    }

    /// The device marketing names and identifiers the reports carry.
    public func knownDevices() throws -> (names: [String], models: [String]) {
        let counts = try cacheSource(Caches.reportCount)
        let names = try db.query("SELECT DISTINCT device_name AS v FROM \(counts) WHERE device_name <> ''")
        let models = try db.query("SELECT DISTINCT device_model AS v FROM \(counts) WHERE device_model <> ''")
        return (try names.compactMap { try $0.string("v") }, try models.compactMap { try $0.string("v") })
    }

    /// The stored device models equal to one of `texts` (blanks trimmed) in any case.
    public func deviceModels(equalToAnyOf texts: [String]) throws -> [String] {
        let counts = try cacheSource(Caches.reportCount)
        var models: [String] = []
        for text in texts {
            let rows = try db.query(
                """
                SELECT DISTINCT device_model AS v FROM \(counts)
                WHERE device_model <> '' AND \(db.dialect.equalsIgnoringCase("device_model"))
                """,
                [.text(text.trimmingBlanksString())])
            models += try rows.compactMap { try $0.string("v") }
        }
        return models
    }

    /// Whether any report has app version `version`.
    public func hasReport(appVersion version: String) throws -> Bool {
        // '' is how the counts keep no version: an empty version is looked for in the reports.
        let from = version.isEmpty ? "report" : try cacheSource(Caches.reportCount)
        return try !db.query("SELECT 1 FROM \(from) WHERE app_version = ? LIMIT 1", [.text(version)]).isEmpty
    }

    /// The OS versions the reports ran, with their keys.
    public func storedOSVersions() throws -> [(version: String, key: Int)] {
        try db.query(
            """
            SELECT os_version AS v, min(os_key) AS k FROM \(try cacheSource(Caches.groupTally))
            WHERE os_key >= 0 GROUP BY os_version
            """
        ).compactMap { row in
            guard let version = try row.string("v"), let key = try row.int("k") else { return nil }
            return (version, key)
        }
    }

    /// The first and last UTC day a report was seen; nil without a dated report.
    public func seenDays() throws -> (first: String, last: String)? {
        guard
            let row = try db.query(
                "SELECT min(day) AS a, max(day) AS b FROM \(try cacheSource(Caches.reportDay))"
            ).first, let first = try row.string("a"), let last = try row.string("b")
        else { return nil }
        return (first, last)
    }

    /// Whether a KVC failure is of `kind`.
    public func hasKVCFailure(kind: String) throws -> Bool {
        try !db.query(
            "SELECT 1 FROM \(try cacheSource(Caches.failureFact)) WHERE kind = ? LIMIT 1", [.text(kind)]
        ).isEmpty
    }

    /// Every app version a report has.
    public func allAppVersions() throws -> [String] {
        try db.query(
            "SELECT DISTINCT app_version AS v FROM \(try cacheSource(Caches.reportCount)) WHERE app_version <> ''"
        ).compactMap { try $0.string("v") }
    }

    /// The `limit` app versions with the most reports.
    public func frequentAppVersions(limit: Int) throws -> [String] {
        try db.query(
            """
            SELECT app_version AS v, sum(reports) AS n FROM \(try cacheSource(Caches.reportCount))
            WHERE app_version <> '' GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT ?
            """, [.int(limit)]
        ).compactMap { try $0.string("v") }
    }

    /// Whether a KVC failure has `key` (`*` a wildcard).
    public func hasKVCFailure(key: String) throws -> Bool {
        let match =
            key.contains("*") ? db.dialect.wildcardMatch("key", pattern: key) : (sql: "key = ?", value: key)
        return try !db.query(
            "SELECT 1 FROM \(try cacheSource(Caches.failureFact)) WHERE \(match.sql) LIMIT 1",
            [.text(match.value)]
        ).isEmpty
    }

    /// Keys of KVC failures that contain `key` (without its leading and trailing underscores,
    /// `*` a wildcard) in any case, the most frequent first.
    public func keys(resembling key: String, limit: Int) throws -> [String] {
        let pattern =
            "%" + key.lowercased().replacingOccurrences(of: "*", with: "%").trimmingCharacters(in: ["_"])
            + "%"
        return try db.query(
            """
            SELECT key AS v, count(*) AS n FROM \(try cacheSource(Caches.failureFact))
            WHERE key IS NOT NULL AND lower(key) LIKE ? GROUP BY 1 ORDER BY 2 DESC LIMIT ?
            """, [.text(pattern), .int(limit)]
        ).compactMap { try $0.string("v") }
    }
}
