import CrashScanDatabase

/// Everything `report` counts about the KVC failures a selection keeps, from one pass over them:
/// the cells (group, device, OS version, app version), who they hit, and (for the HTML page) the
/// failures per group and day.
public struct FailureScan: Sendable {
    public var cells: [FailureCell] = []
    public var byGroup: [Int: AffectedCounts] = [:]
    public var total = AffectedCounts(devices: nil, users: nil)
    /// Empty unless asked for (`forPage`).
    public var days: [DayCount] = []
    /// Per group, the ids of its latest failures in the selection (crash time, else upload time;
    /// newest first, at most `latestKept`); empty unless asked for.
    public var latest: [Int: [Int64]] = [:]
    public static let latestKept = 8
}

extension Store {
    /// Everything `report` counts about the failures `selection` keeps. When the caches of whole
    /// groups answer its filter (none, or only groups: `FilterTarget.answers`), their rows are
    /// summed: the cells (`failure_cell`), each group's and every failure's distinct ids, and for
    /// the page the days; any other filter reads the failures it keeps from `failure_fact` (by
    /// the index of its first condition) and folds them in one pass (`FailureFold`). When the
    /// caches are stale, the fold reads the raw rows instead.
    ///
    /// Folded here rather than by SQL's GROUP BY: on the benchmark's million reports grouping the
    /// 19,897 failures of `--os 8.1` into cells took 19 ms, and counting their distinct ids per
    /// group and overall 26 and 25 ms more; reading them once takes 15 ms. Texts are grouped as
    /// Swift compares them (canonically equivalent spellings are one value), ids by their bytes.
    public func scanFailures(_ selection: ReportSelection, forPage: Bool) throws -> FailureScan {
        let readable = try cachesReadable()
        if readable, let scan = try sumWholeGroups(selection, forPage: forPage) { return scan }
        return try foldFailures(selection, forPage: forPage, facts: readable)
    }

    /// `scanFailures` as the raw rows give it, whatever the caches hold (the tests' oracle).
    func scanFailuresFromRows(_ selection: ReportSelection, forPage: Bool) throws -> FailureScan {
        try foldFailures(selection, forPage: forPage, facts: false)
    }

    /// `scanFailures` folded from `failure_fact` even where the caches of whole groups answer.
    func scanFailuresFromFacts(_ selection: ReportSelection, forPage: Bool) throws -> FailureScan {
        try foldFailures(selection, forPage: forPage, facts: true)
    }

    /// The caches a scan of whole groups reads.
    private static func wholeGroupCaches(forPage: Bool) -> [CacheTable] {
        [Caches.failureCell, Caches.failureGroup, Caches.failureGroupDevice, Caches.failureGroupUser]
            + (forPage ? [Caches.failureDay] : [])
    }

    /// The scan from the caches of whole groups, when they all answer the selection; else nil.
    private func sumWholeGroups(_ selection: ReportSelection, forPage: Bool) throws -> FailureScan? {
        let caches = Self.wholeGroupCaches(forPage: forPage)
        guard caches.allSatisfy({ FilterTarget($0, alias: "c").answers(selection) }) else { return nil }
        func conditions(_ cache: CacheTable) -> SQLConditions {
            selection.conditions(on: FilterTarget(cache, alias: "c"), db.dialect)
        }
        var scan = FailureScan()
        // Each row is a cell (its texts are distinct by their bytes); two spellings of one text
        // get one text number, by which the report's sums add them together.
        var texts = TextNumbering()
        let cells = conditions(Caches.failureCell)
        try db.forEachCursor(
            """
            SELECT c.number, c.group_id, c.device_model, c.device_name, c.os_version, c.os_key, c.app_version,
                   c.failures, c.first_seen, c.last_seen
            FROM failure_cell c\(cells.whereClause)
            """, cells.values,
            columns: [
                "number", "group_id", "device_model", "device_name", "os_version", "os_key", "app_version",
                "failures", "first_seen", "last_seen",
            ]
        ) { row, columns in
            guard let group = row.int(at: columns[1]), let failures = row.int(at: columns[7]) else { return }
            var cell = Self.cell(row, columns, group: group, texts: &texts)
            cell.count = failures
            cell.firstSeen = row.string(at: columns[8])
            cell.lastSeen = row.string(at: columns[9])
            scan.cells.append(cell)
        }
        // Per group, how many of its failures carry a device id, a user id.
        var carried: [Int: (devices: Int, users: Int)] = [:]
        let groups = conditions(Caches.failureGroup)
        for row in try db.query(
            "SELECT c.group_id AS id, c.with_device_id, c.with_user_id FROM failure_group c\(groups.whereClause)",
            groups.values)
        {
            guard let group = try row.int("id") else { continue }
            carried[group] = (try row.int("with_device_id") ?? 0, try row.int("with_user_id") ?? 0)
        }
        var devices: [Int: Int] = [:]
        var users: [Int: Int] = [:]
        for (cache, into) in [(Caches.failureGroupDevice, 0), (Caches.failureGroupUser, 1)] {
            let conditionsOnIDs = conditions(cache)
            for row in try db.query(
                "SELECT c.group_id AS id, count(*) AS n FROM \(cache.name) c\(conditionsOnIDs.whereClause) GROUP BY c.group_id",
                conditionsOnIDs.values)
            {
                guard let group = try row.int("id"), let count = try row.int("n") else { continue }
                if into == 0 { devices[group] = count } else { users[group] = count }
            }
        }
        for group in Set(devices.keys).union(users.keys) {
            scan.byGroup[group] = AffectedCounts(
                devices: devices[group], users: users[group], withDeviceID: carried[group]?.devices ?? 0,
                withUserID: carried[group]?.users ?? 0)
        }
        scan.total = try distinctIDsOverall(selection)
        scan.total.withDeviceID = carried.values.reduce(0) { $0 + $1.devices }
        scan.total.withUserID = carried.values.reduce(0) { $0 + $1.users }
        if forPage { try readDaysAndLatest(conditions(Caches.failureDay), into: &scan) }
        return scan
    }

    /// The distinct devices and user ids of the failures of the groups `selection` keeps: the rows
    /// of the ids of all failures (SQLite counts a table's rows without reading them), or with a
    /// group filter the distinct ids of those groups'.
    private func distinctIDsOverall(_ selection: ReportSelection) throws -> AffectedCounts {
        func count(overall: CacheTable, perGroup: CacheTable) throws -> Int? {
            let row: Row?
            if selection.groupIDs == nil {
                row = try db.query("SELECT count(*) AS n FROM \(overall.name)").first
            } else {
                // The distinct ids (with their hardware, for devices) of the groups kept.
                let key = perGroup.columns.dropFirst().map { "c.\($0.name)" }.joined(separator: ", ")
                let conditions = selection.conditions(on: FilterTarget(perGroup, alias: "c"), db.dialect)
                row = try db.query(
                    """
                    SELECT count(*) AS n
                    FROM (SELECT DISTINCT \(key) FROM \(perGroup.name) c\(conditions.whereClause)) AS d
                    """,
                    conditions.values
                ).first
            }
            let distinct = try row?.int("n") ?? 0
            return distinct == 0 ? nil : distinct
        }
        return AffectedCounts(
            devices: try count(overall: Caches.failureDevice, perGroup: Caches.failureGroupDevice),
            users: try count(overall: Caches.failureUser, perGroup: Caches.failureGroupUser))
    }

    /// The failures per group and day the conditions on `failure_day c` keep, and the latest
    /// failures of each group that has a day (a failure with neither time has no day and is not
    /// among the latest either).
    private func readDaysAndLatest(_ conditions: SQLConditions, into scan: inout FailureScan) throws {
        var days: [DayCount] = []
        try db.forEachCursor(
            "SELECT c.group_id AS id, c.day AS day, c.failures AS n FROM failure_day c\(conditions.whereClause)",
            conditions.values, columns: ["id", "day", "n"]
        ) { row, columns in
            guard let group = row.int(at: columns[0]), let day = row.string(at: columns[1]),
                let count = row.int(at: columns[2])
            else { return }
            days.append(DayCount(group: group, day: day, count: count))
        }
        var latest: [Int: [Int64]] = [:]
        for group in Set(days.map(\.group)) {
            latest[group] = try latestFailures(group: group)
        }
        scan.days = days
        scan.latest = latest
    }

    /// The group's latest failures, newest first: by crash time, else upload time, as their text
    /// orders (to the second on PostgreSQL, as `report` shows it), the larger id first on the
    /// same time. Walks the group's reports newest first (`report_group_seen`) and skips those
    /// without a failure.
    func latestFailures(group: Int) throws -> [Int64] {
        let newest: String
        switch db.dialect {
        case .sqlite: newest = "r.seen_at"
        case .postgresql: newest = "date_trunc('second', r.seen_at AT TIME ZONE 'UTC')"
        }
        return try db.query(
            """
            SELECT r.id AS id FROM report r
            WHERE r.group_id = ? AND r.seen_at IS NOT NULL AND EXISTS (SELECT 1 FROM kvc_failure k WHERE k.report_id = r.id)
            ORDER BY r.group_id DESC, \(newest) DESC, r.id DESC LIMIT \(FailureScan.latestKept)
            """, [.int(group)]
        ).compactMap { row in try row.int("id").map(Int64.init) }
    }

    /// Every KVC failure with the columns a fold reads, from the raw rows (the caches stale).
    /// `device_id` is the device as `failure_device` keys it: the id and the hardware it ran on.
    static func rawFailures(_ dialect: SQLDialect) -> String {
        let separator = dialect == .sqlite ? "char(31)" : "chr(31)"
        return """
            SELECT r.id AS report_id, r.group_id, r.os_key, r.os_version, r.device_model, r.device_name,
                   r.app_version, r.seen_at,
                   r.device_id || \(separator) || \(Caches.deviceHardware.expression(dialect)) AS device_id,
                   r.user_id, k.kind, k.key
            FROM kvc_failure k JOIN report r ON r.id = k.report_id
            """
    }

    /// How the fold reads `failure_fact` (SQLite): by the index of the condition that keeps the
    /// fewest failures, counted first through each one (an index-only count: 4 ms for 299,286
    /// entries); or, when even that keeps over a fifth of them, the whole table in order. The
    /// planner, which knows no counts, took an index for any condition: `--since 2024-01-01`
    /// keeps every failure, and reading them by the time's index took 0.35 s against 0.12 s for
    /// the table in order (sqlite3 shell, the file mapped).
    private func factsAccess(_ selection: ReportSelection) throws -> (clause: String, indexed: Bool) {
        guard db.dialect == .sqlite, !selection.failureDimensions.isEmpty else { return ("", false) }
        let candidates = Self.factIndexes.filter { selection.failureDimensions.contains($0.0) }
        // An OS filter alone reads a range of the table in order, whatever it keeps: no count
        // (for `--os 13`, 44,103 failures, it cost 35 M instructions of 374 M), the keys inline.
        if candidates.map(\.0) == [.os] { return (" INDEXED BY \(Self.factsKeyIndex)", true) }
        let target = FilterTarget(Caches.failureFact, alias: "f")
        let total = try db.query("SELECT count(*) AS n FROM failure_fact").first?.int("n") ?? 0
        // Counted no further than the best so far, nor than the share above which the table is read.
        var best: (kept: Int, index: String?) = (Int(Self.indexedShare * Double(total)) + 1, nil)
        var found = false
        for (dimension, index) in candidates {
            let conditions = selection.only(dimension).conditions(on: target, db.dialect)
            let hint = index.map { " INDEXED BY \($0)" } ?? ""
            let kept =
                try db.query(
                    "SELECT count(*) AS n FROM (SELECT 1 FROM failure_fact f\(hint)\(conditions.whereClause) LIMIT ?) AS k",
                    conditions.values + [.int(best.kept)]
                ).first?.int("n") ?? 0
            if kept < best.kept {
                best = (kept, index)
                found = true
            }
        }
        // The table in order: its key's own index, which the planner scans whole without a
        // condition on the key (NOT INDEXED let it take another index of the table anyway).
        guard found else { return (" INDEXED BY \(Self.factsKeyIndex)", false) }
        return (best.index.map { " INDEXED BY \($0)" } ?? "", true)
    }

    /// SQLite's name for the primary key of `failure_fact` (a table without rowid, kept in the
    /// order of the OS key).
    static let factsKeyIndex = "sqlite_autoindex_failure_fact_1"

    /// Above this share of the failures, the fold reads the whole table rather than an index.
    static let indexedShare = 0.2

    /// The filters `failure_fact` has an index for, and the index (nil: the planner's, for a
    /// device, whose model or name is two indexes).
    private static let factIndexes: [(Dimension, String?)] = {
        let fact = Caches.failureFact
        return [
            (.os, factsKeyIndex), (.time, fact.indexName(["seen_at"])),
            (.day, fact.indexName(["seen_at"])), (.key, fact.indexName(["key"])),
            (.group, fact.indexName(["group_id", "seen_at"])), (.deviceModel, nil),
        ]
    }()

    /// The scan folded from the failures the selection keeps: from `failure_fact` (`facts`,
    /// cells and ids by their numbers) or, when the caches are stale, from the raw rows (cells
    /// and ids by their texts).
    private func foldFailures(_ selection: ReportSelection, forPage: Bool, facts: Bool) throws -> FailureScan
    {
        let time = db.dialect.timestampText("f.seen_at")
        let page =
            forPage
            ? "substr(\(time), 1, 10) AS page_day, \(time) AS page_time"
            : "NULL AS page_day, NULL AS page_time"
        guard facts else {
            let conditions = selection.conditions(on: .rows(alias: "f"), db.dialect)
            var fold = FailureFold(forPage: forPage, numberedIDs: false)
            try db.forEachCursor(
                """
                SELECT f.group_id AS id, f.device_model AS model, f.device_name AS name, f.os_version AS os,
                       f.os_key AS os_key, f.app_version AS app, f.seen_at AS seen, f.device_id AS device,
                       f.user_id AS user, f.report_id AS report_id, \(page)
                FROM (\(Self.rawFailures(db.dialect))) AS f\(conditions.whereClause)
                """, conditions.values, columns: FailureFold.columns
            ) { row, columns in fold.add(row, columns) }
            return fold.finish()
        }
        let conditions = selection.conditions(on: FilterTarget(Caches.failureFact, alias: "f"), db.dialect)
        let highest = try db.query("SELECT max(number) AS n FROM failure_cell").first?.int("n") ?? 0
        // The keys are read with the facts when an index keeps few of them (`CellNumberFold`).
        let access = try factsAccess(selection)
        let keys =
            access.indexed
            ? ", f.device_model AS model, f.device_name AS name, f.os_version AS os, f.os_key, f.app_version AS app"
            : ""
        var fold = CellNumberFold(forPage: forPage, highestCell: highest, keysInline: access.indexed)
        try db.forEachCursor(
            """
            SELECT f.cell_no AS cell, f.group_id AS id, f.seen_at AS seen, f.device_no AS device, f.user_no AS user,
                   f.report_id, \(page)\(keys)
            FROM failure_fact f\(access.clause)\(conditions.whereClause)
            """, conditions.values, columns: CellNumberFold.columns(keysInline: access.indexed)
        ) { row, columns in fold.add(row, columns) }
        try fold.readKeys(db)
        return fold.finish()
    }

    /// A cell of no failure yet, from a row whose columns `first` to `first + 4` are its key:
    /// model, name, OS version, OS key, app version (none as NULL, or as '' and -1 as
    /// `failure_cell` keeps it).
    static func cell(
        _ row: RowCursor, _ columns: [Int32], keyFrom first: Int = 2, group: Int, texts: inout TextNumbering
    ) -> FailureCell {
        func label(_ column: Int32) -> (text: String?, number: Int32) {
            row.withText(at: column) { bytes -> (String?, Int32) in
                guard !bytes.isEmpty else { return (nil, -1) }
                let number = texts.number(bytes)
                return (texts.text(number), number)
            } ?? (nil, -1)
        }
        let model = label(columns[first])
        let name = label(columns[first + 1])
        let os = label(columns[first + 2])
        let app = label(columns[first + 4])
        return FailureCell(
            group: group, model: model.text, name: name.text, os: os.text,
            osKey: row.int(at: columns[first + 3]).flatMap { $0 == -1 ? nil : $0 }, app: app.text, count: 0,
            firstSeen: nil, lastSeen: nil,
            textNumbers: FailureCell.TextNumbers(
                model: model.number, name: name.number, os: os.number, app: app.number))
    }
}
