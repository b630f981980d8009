import CrashScanDatabase

/// A value (an OS or app version) with the reports that carry it, and the OS version's sort key
/// where the value is an OS version.
public struct VersionCount: Sendable, Equatable {
    public var value: String
    public var reports: Int
    public var osKey: Int?
}

/// The app a group's reports come from: its name (process name, else app image) and, when a
/// report gave one, its bundle id. Reports of the same name and the same bundle id, or of the
/// same name without one, are taken to be the same app.
public struct GroupApp: Sendable, Equatable, Hashable {
    public var name: String
    public var bundleID: String?

    public init(name: String, bundleID: String?) {
        self.name = name
        self.bundleID = bundleID
    }

    /// The condition on a row of `group_tally` that it is this app, the app's name bound as
    /// parameter `name` and its bundle id ('' for none) as `bundleID`: the one definition of
    /// "the same app" every evidence query uses. `app` is how the app's column is written
    /// (`SQLDialect.unindexed` to keep the planner off the app's indexes).
    static func matches(name: Int, bundleID: Int, app: String = "app") -> String {
        "\(app) = ?\(name) AND (bundle_id = '' OR ?\(bundleID) = '' OR bundle_id = ?\(bundleID))"
    }
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

    /// The OS versions `app`'s reports ran, oldest first.
    public func osVersionCounts(app: GroupApp) throws -> [VersionCount] {
        try versionCounts(
            """
            SELECT os_version AS v, min(os_key) AS k, sum(reports) AS n FROM \(try cacheSource(Caches.groupTally))
            WHERE \(GroupApp.matches(name: 1, bundleID: 2)) AND os_key >= 0
            GROUP BY os_version ORDER BY k
            """, [.text(app.name), .text(app.bundleID ?? "")])
    }

    /// The blame frame most of group `id`'s reports have (nil without one).
    public func mainBlameFrame(group id: Int64) throws -> String? {
        try db.query(
            """
            SELECT blame_frame FROM \(try cacheSource(Caches.groupBlameTally)) WHERE group_id = ?
            ORDER BY reports DESC, blame_frame LIMIT 1
            """, [.integer(id)]
        ).first?.string("blame_frame")
    }

    /// For each OS version key, up to two of the groups of `app` whose reports crash at
    /// `frame` (any of them: the evidence asks whether a group other than its own crashed
    /// there). Read once per app and frame by the evidence: asked once per group, as it was,
    /// it read the app's tallies again for every group (20,000 groups at one frame: quadratic).
    /// The tallies of the frame's groups are read by their key, not the app's through its index
    /// (`unindexed`): the app's rows are all its reports' (the 12 frames of the benchmark's
    /// 100,000 reports of one app, Python's `sqlite3`: 72 ms through the app's index, 10 ms so).
    public func groupsByOSKey(crashingAt frame: String, app: GroupApp) throws -> [Int: [Int64]] {
        var groups: [Int: [Int64]] = [:]
        for row in try db.query(
            """
            SELECT DISTINCT os_key, group_id FROM \(try cacheSource(Caches.groupTally))
            WHERE \(GroupApp.matches(name: 1, bundleID: 2, app: db.dialect.unindexed("app"))) AND os_key >= 0
              AND group_id IN (SELECT group_id FROM \(try cacheSource(Caches.groupBlameTally)) WHERE blame_frame = ?3)
            """, [.text(app.name), .text(app.bundleID ?? ""), .text(frame)])
        {
            guard let key = try row.int("os_key"), let group = try row.int("group_id") else { continue }
            if groups[key, default: []].count < 2 { groups[key, default: []].append(Int64(group)) }
        }
        return groups
    }

    /// The OS version keys of group `id`'s reports.
    public func osKeys(group id: Int64) throws -> [Int] {
        try db.query(
            "SELECT DISTINCT os_key FROM \(try cacheSource(Caches.groupTally)) WHERE group_id = ? AND os_key >= 0",
            [.integer(id)]
        ).compactMap { try $0.int("os_key") }
    }

    /// The app most of group `id`'s reports come from (its name, and its bundle id when a report
    /// gave one); nil when none names its app.
    public func mainApp(group id: Int64) throws -> GroupApp? {
        let table = try cacheSource(Caches.groupTally)
        guard
            let name = try db.query(
                """
                SELECT app, sum(reports) AS n FROM \(table)
                WHERE group_id = ? AND app <> '' GROUP BY app ORDER BY n DESC, app LIMIT 1
                """, [.integer(id)]
            ).first?.string("app")
        else { return nil }
        let bundleID = try db.query(
            """
            SELECT bundle_id, sum(reports) AS n FROM \(table)
            WHERE group_id = ? AND app = ? AND bundle_id <> '' GROUP BY bundle_id ORDER BY n DESC, bundle_id LIMIT 1
            """, [.integer(id), .text(name)]
        ).first?.string("bundle_id")
        return GroupApp(name: name, bundleID: bundleID)
    }

    /// Every app version of `app`'s reports, in the order of their text, the versions stepped
    /// through in the index (`appVersions(keeping:)`): a million reports have 50,000 rows for one
    /// app and 40 versions, which `DISTINCT` read whole (78 M instructions, a sixth of
    /// `report --os 8.1`).
    public func appVersions(of app: GroupApp) throws -> [String] {
        try appVersions(
            keeping: GroupApp.matches(name: 1, bundleID: 2), [.text(app.name), .text(app.bundleID ?? "")])
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

    /// Versions of `app` that ran an OS with a key in `osKeys` without a report in group `id`, in
    /// the order of their text (`appVersions(keeping:)`). Read through the index by app and OS, a
    /// wide window read nearly every row of the app (the benchmark's 100,000 reports of one app,
    /// 8 groups and 4 windows in Python's `sqlite3`: 85.5 ms in all, 6.1 ms stepping through the
    /// versions).
    public func appVersions(of app: GroupApp, onOS osKeys: ClosedRange<Int>, withoutGroup id: Int64) throws
        -> [String]
    {
        try appVersions(
            keeping: "\(GroupApp.matches(name: 1, bundleID: 2)) AND os_key BETWEEN ?3 AND ?4", notOfGroup: 5,
            [
                .text(app.name), .text(app.bundleID ?? ""), .int(osKeys.lowerBound), .int(osKeys.upperBound),
                .integer(id),
            ])
    }

    /// The app versions (not '') of the rows of `group_tally` that meet `condition` (rows of the
    /// app named by parameter 1), but none of the group whose id is parameter `notOfGroup`, in
    /// the order of their text. From the table, the app's versions are stepped through one by
    /// one in its index by app and version (each the least after the one before), and each is
    /// kept when a row of it meets `condition`. Over the reports (the caches unreadable) each
    /// step would group them again (for one question on 100,000 reports 16.4 s against 0.65 s):
    /// there the rows are grouped once.
    private func appVersions(keeping condition: String, notOfGroup group: Int? = nil, _ values: [SQLValue])
        throws -> [String]
    {
        // Asked once: the table and the plan for it go together.
        let readable = try cachesReadable()
        let source = Caches.groupTally.from(Caches.groupTally.name, current: readable, db.dialect)
        let notOfGroup =
            group.map { " AND v NOT IN (SELECT app_version FROM \(source) WHERE group_id = ?\($0))" } ?? ""
        let sql =
            readable
            ? """
            WITH RECURSIVE version (v) AS (
                SELECT min(app_version) FROM \(source) WHERE app = ?1 AND app_version > ''
                UNION ALL
                SELECT (SELECT min(app_version) FROM \(source) WHERE app = ?1 AND app_version > version.v)
                FROM version WHERE version.v IS NOT NULL
            )
            SELECT v FROM version
            WHERE v IS NOT NULL\(notOfGroup)
              AND EXISTS (SELECT 1 FROM \(source) WHERE \(condition) AND app_version = version.v)
            """
            : """
            SELECT v FROM (SELECT DISTINCT app_version AS v FROM \(source) WHERE \(condition) AND app_version <> '') AS versions
            WHERE TRUE\(notOfGroup) ORDER BY v
            """
        return try db.query(sql, values).compactMap { try $0.string("v") }
    }

    private func versionCounts(_ sql: String, _ values: [SQLValue]) throws -> [VersionCount] {
        try db.query(sql, values).map { row in
            VersionCount(
                value: try row.string("v") ?? "unknown", reports: try row.int("n") ?? 0,
                osKey: row.columns.contains("k") ? try row.int("k") : nil)
        }
    }
}
