import CrashScanDatabase

/// A value (an OS or app version) with the reports that carry it, and the OS version's sort key
/// where the value is an OS version.
public struct VersionCount: Sendable, Equatable {
    public var value: String
    public var reports: Int
    public var osKey: Int?
}

/// A group's totals from its tallies.
public struct GroupTotals: Sendable, Equatable {
    public var reports: Int
    /// Distinct devices (marketing name, else identifier).
    public var devices: Int
    public var reportsWithoutOS: Int
    public var exceptionType: String?
}

/// What the rules and `explain` ask of a group's tallies. Everything here reads the
/// reports per group, app, OS and app version (`Caches.groupTally`, a few hundred rows a group), not the reports: on a million reports the same
/// questions asked of `report` took ~1 s per group.
extension Store {
    public func totals(group id: Int64) throws -> GroupTotals {
        let row = try db.query(
            """
            SELECT (SELECT sum(reports) FROM \(try cacheSource(Caches.groupTally)) WHERE group_id = ?1) AS n,
                   (SELECT count(*) FROM \(try cacheSource(Caches.groupDeviceTally)) WHERE group_id = ?1 AND device <> '') AS d,
                   (SELECT sum(reports) FROM \(try cacheSource(Caches.groupTally)) WHERE group_id = ?1 AND os_key < 0) AS no_os,
                   (SELECT exception_type FROM crash_group WHERE id = ?1) AS exception
            """, [.integer(id)]
        ).first
        return GroupTotals(
            reports: try row?.int("n") ?? 0, devices: try row?.int("d") ?? 0,
            reportsWithoutOS: try row?.int("no_os") ?? 0, exceptionType: try row?.string("exception"))
    }

    /// The OS versions of group `id`'s reports, oldest first.
    public func osVersionCounts(group id: Int64) throws -> [VersionCount] {
        try versionCounts(
            """
            SELECT os_version AS v, min(os_key) AS k, sum(reports) AS n FROM \(try cacheSource(Caches.groupTally))
            WHERE group_id = ? AND os_key >= 0 GROUP BY os_version ORDER BY k
            """, [.integer(id)])
    }

    /// The OS versions an app's reports ran (nil: every app's), oldest first.
    public func osVersionCounts(app: String?) throws -> [VersionCount] {
        guard let app else {
            return try versionCounts(
                """
                SELECT os_version AS v, min(os_key) AS k, sum(reports) AS n FROM \(try cacheSource(Caches.groupTally))
                WHERE os_key >= 0 GROUP BY os_version ORDER BY k
                """, [])
        }
        return try versionCounts(
            """
            SELECT os_version AS v, min(os_key) AS k, sum(reports) AS n FROM \(try cacheSource(Caches.groupTally))
            WHERE app = ? AND os_key >= 0 GROUP BY os_version ORDER BY k
            """, [.text(app)])
    }

    /// The OS version keys of group `id`'s reports.
    public func osKeys(group id: Int64) throws -> [Int] {
        try db.query(
            "SELECT DISTINCT os_key FROM \(try cacheSource(Caches.groupTally)) WHERE group_id = ? AND os_key >= 0",
            [.integer(id)]
        ).compactMap { try $0.int("os_key") }
    }

    /// The app most of group `id`'s reports come from.
    public func mainApp(group id: Int64) throws -> String? {
        try db.query(
            """
            SELECT app, sum(reports) AS n FROM \(try cacheSource(Caches.groupTally))
            WHERE group_id = ? AND app <> '' GROUP BY app ORDER BY n DESC, app LIMIT 1
            """, [.integer(id)]
        ).first?.string("app")
    }

    /// Group `id`'s app versions, most reports first; `unknown` for reports without one.
    public func appVersionCounts(group id: Int64) throws -> [VersionCount] {
        try versionCounts(
            """
            SELECT CASE app_version WHEN '' THEN 'unknown' ELSE app_version END AS v, sum(reports) AS n
            FROM \(try cacheSource(Caches.groupTally)) WHERE group_id = ? GROUP BY v ORDER BY n DESC, v
            """, [.integer(id)])
    }

    /// Group `id`'s known app versions, in no particular order.
    public func knownAppVersionCounts(group id: Int64) throws -> [VersionCount] {
        try versionCounts(
            """
            SELECT app_version AS v, sum(reports) AS n FROM \(try cacheSource(Caches.groupTally))
            WHERE group_id = ? AND app_version <> '' GROUP BY app_version
            """, [.integer(id)])
    }

    /// Versions of `app` that ran an OS with a key in `osKeys` without a report in group `id`.
    public func appVersions(of app: String, onOS osKeys: ClosedRange<Int>, withoutGroup id: Int64) throws
        -> [String]
    {
        try db.query(
            """
            SELECT DISTINCT app_version AS v FROM \(try cacheSource(Caches.groupTally))
            WHERE app = ? AND os_key BETWEEN ? AND ? AND app_version <> ''
              AND app_version NOT IN (SELECT app_version FROM \(try cacheSource(Caches.groupTally)) WHERE group_id = ?)
            """, [.text(app), .int(osKeys.lowerBound), .int(osKeys.upperBound), .integer(id)]
        ).compactMap { try $0.string("v") }
    }

    private func versionCounts(_ sql: String, _ values: [SQLValue]) throws -> [VersionCount] {
        try db.query(sql, values).map { row in
            VersionCount(
                value: try row.string("v") ?? "unknown", reports: try row.int("n") ?? 0,
                osKey: row.columns.contains("k") ? try row.int("k") : nil)
        }
    }
}
