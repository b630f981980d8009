import CrashScanDatabase
import CrashScanModel

/// A report that stands for its group: where it is, its reason, and the group's sample frames.
public struct SampleReport: Sendable {
    public struct FrameLine: Sendable {
        public var image: String
        /// The symbol as people read it (a Swift or C++ symbol demangled), or `0x… + N` for an
        /// offset into an image without symbols.
        public var symbol: String

        /// `file:line`, when known.
        public var location: String?
        /// The symbol as stored, when demangling changed it (`$s15iOSCrashingTest…`).
        public var mangledSymbol: String? = nil
        /// A function the compiler inlined into the next frame (the dSYM names it; the report's
        /// address is the next frame's).
        public var inlined = false
    }

    public var path: String?
    /// 0-based position of the report in its file.
    public var positionInFile: Int
    public var exceptionReason: String?
    public var frames: [FrameLine]

    /// Frames as `crash_group.sample_frames` and `report.frames` store them, one per line.
    static func frameLines(_ stored: String?) -> [FrameLine] {
        (stored ?? "").split(separator: "\n").map { line in
            let columns = StoredFrames.columns(line)
            let readable = SymbolNames.readable(columns.symbol)
            return FrameLine(
                image: columns.image, symbol: readable, location: columns.location,
                mangledSymbol: readable == columns.symbol ? nil : columns.symbol, inlined: columns.inlined)
        }
    }
}

/// One of a group's reports, as `explain` lists it.
public struct GroupReportLine: Sendable {
    public var path: String?
    public var positionInFile: Int
    /// Crash time, else upload time.
    public var seen: String?
    /// Marketing name, else identifier.
    public var device: String?
    public var osVersion: String?
    public var appVersion: String?
    /// The report's page in its crash service (Bugly's console), when known.
    public var sourceURL: String?
    public var exceptionReason: String?

    /// The columns of `report` the initializer reads.
    static let columns = """
        source_path, position_in_file, seen_at AS seen,
        coalesce(device_name, device_model) AS device, os_version, app_version, source_url, exception_reason
        """

    init(_ row: Row) throws {
        path = try row.string("source_path")
        positionInFile = try row.int("position_in_file") ?? 0
        seen = try row.string("seen")
        device = try row.string("device")
        osVersion = try row.string("os_version")
        appVersion = try row.string("app_version")
        sourceURL = try row.string("source_url")
        exceptionReason = try row.string("exception_reason")
    }
}

/// What `explain` shows of one group's reports.
extension Store {
    /// The group's sample report (the one its sample frames come from, else its first) with the
    /// richest frames stored for the group.
    public func sampleReport(group id: Int64) throws -> SampleReport? {
        guard
            let row = try db.query(
                """
                SELECT g.sample_report_path AS source_path, r.position_in_file, r.exception_reason,
                       coalesce(g.sample_frames, r.frames) AS frames
                FROM crash_group g JOIN report r ON r.group_id = g.id
                WHERE g.id = ? ORDER BY r.source_path = g.sample_report_path DESC NULLS LAST, r.id LIMIT 1
                """, [.integer(id)]
            ).first
        else { return nil }
        return SampleReport(
            path: try row.string("source_path"), positionInFile: try row.int("position_in_file") ?? 0,
            exceptionReason: try row.string("exception_reason"),
            frames: SampleReport.frameLines(try row.string("frames")))
    }

    /// Whose class the group's receiver is, and why, from its first report that says.
    public func classOrigin(group id: Int64) throws -> (origin: String?, reason: String?)? {
        try db.query(
            """
            SELECT k.class_origin, k.class_origin_reason FROM kvc_failure k JOIN report r ON r.id = k.report_id
            WHERE r.group_id = ? AND k.class_origin IS NOT NULL ORDER BY k.report_id LIMIT 1
            """, [.integer(id)]
        ).first.map { (try $0.string("class_origin"), try $0.string("class_origin_reason")) }
    }

    /// The group's reports by symbolication state, most first.
    public func symbolicationCounts(group id: Int64) throws -> [VersionCount] {
        try db.query(
            """
            SELECT coalesce(symbolication, 'unknown') AS state, count(*) AS n FROM report WHERE group_id = ?
            GROUP BY 1 ORDER BY 2 DESC, 1
            """, [.integer(id)]
        ).map { VersionCount(value: try $0.string("state") ?? "unknown", reports: try $0.int("n") ?? 0) }
    }

    /// The group's latest `limit` reports, latest first, undated ones last. (`NULLS LAST` is
    /// spelled out wherever NULLs sort: SQLite puts them last in a descending order, PostgreSQL
    /// first.)
    public func latestReports(group id: Int64, limit: Int) throws -> [GroupReportLine] {
        try db.query(
            "SELECT \(GroupReportLine.columns) FROM report WHERE group_id = ? ORDER BY seen DESC NULLS LAST, id DESC LIMIT ?",
            [.integer(id), .int(limit)]
        ).map(GroupReportLine.init)
    }

    /// Reports by id, in the order of `ids` (the HTML page's latest reports of a group).
    public func reportLines(ids: [Int64]) throws -> [GroupReportLine] {
        try ids.compactMap { id in
            try db.query("SELECT \(GroupReportLine.columns) FROM report WHERE id = ?", [.integer(id)]).first
                .map(GroupReportLine.init)
        }
    }

    /// The group's sample frames and the file they come from, from the group row alone:
    /// `sampleReport(group:)` finds the report too, which sorts the group's reports (126 ms for
    /// a group of 50,000).
    public func groupSample(group id: Int64) throws -> (path: String?, frames: [SampleReport.FrameLine]) {
        guard
            let row = try db.query(
                "SELECT sample_report_path AS path, sample_frames AS frames FROM crash_group WHERE id = ?",
                [.integer(id)]
            ).first
        else { return (nil, []) }
        return (try row.string("path"), SampleReport.frameLines(try row.string("frames")))
    }

    /// When any report of `app` (process name, else app image; any app when nil) in version
    /// `version` was first seen (crash time, else upload time).
    public func firstSeen(appVersion version: String, app: GroupApp?) throws -> String? {
        // From the reports per group, app and versions (`Caches.groupTally`), which keep each
        // one's first time: the reports have no index by app version.
        try db.query(
            """
            SELECT min(first_seen) AS seen FROM \(try cacheSource(Caches.groupTally))
            WHERE app_version = ?1 AND app_version <> ''
              AND (?2 IS NULL OR (\(GroupApp.matches(name: 2, bundleID: 3))))
            """, [.text(version), app.map { SQLValue.text($0.name) } ?? .null, .text(app?.bundleID ?? "")]
        ).first?.string("seen")
    }

    /// How many reports group `id` has.
    public func reportCount(group id: Int64) throws -> Int {
        try db.query("SELECT count(*) AS n FROM report WHERE group_id = ?", [.integer(id)]).first?.int("n")
            ?? 0
    }
}
