/// `report --since` and `--until` on SQLite from each failure's time, cell and ids as imports keep
/// them (`failure_seen`, migration 19): a range of times is one range of that table's key. Read
/// from the reports, a time filter walked the wide report rows: `--since 2024-01-01` on a million
/// reports (all 300,000 failures) took 2.1 s, against 0.1 s for the same range of `failure_seen`
/// in the sqlite3 shell. The count of reports of a time filter sums `report_day`
/// (`reportCountByDay`, ReportDayCount.swift).
extension Store {
    /// The scan of a selection with a time filter, from the failures' times and the cells the
    /// rest of the selection keeps; nil when they cannot answer it: PostgreSQL, another filter the
    /// cells cannot answer (a kind or key that splits a group), or the HTML page of a selection
    /// that cuts inside groups (an OS, device or app version: each group's latest failures are
    /// then read with the failures). The page's days are cut from the times by SQL as
    /// `failure_day`'s, and each group's latest failures in the range read newest first from
    /// `report_group_seen`: on a million reports the page of `--since 2024-01-01` took 2.1 s.
    func foldFailureTimes(_ selection: ReportSelection, forPage: Bool) throws -> FailureScan? {
        guard db.dialect == .sqlite, selection.since != nil || selection.until != nil else { return nil }
        var untimed = selection
        untimed.since = nil
        untimed.until = nil
        guard case let wholeGroups = try kindsAndKeysKeepWholeGroups(untimed),
            let cells = untimed.cellConditions(in: db.dialect, wholeGroups: wholeGroups),
            !forPage || untimed.dayConditions(in: db.dialect, wholeGroups: wholeGroups) != nil
        else { return nil }
        var fold = TimedFold()
        try readTimedCells(cells, until: selection.until, into: &fold)
        fold.index(largestDevice: try largestNumber(.devices), largestUser: try largestNumber(.users))
        var values: [SQLValue] = []
        let times = selection.timeClauses(on: "f.seen", &values, db.dialect, alwaysText: true)
        // In the key's order (no sort: the range is read that way), so each cell's first failure
        // is its first time and its last failure its last.
        try db.forEachCursor(
            """
            SELECT f.seen AS seen, f.cell_id AS cell, f.device_no AS device, f.user_no AS user,
                   f.failures AS failures, \(forPage ? "substr(f.seen, 1, 10)" : "NULL") AS day
            FROM failure_seen f WHERE \(times.joined(separator: " AND ")) ORDER BY f.seen
            """, values, columns: ["seen", "cell", "device", "user", "failures", "day"]
        ) { row, columns in
            guard let cell = row.int(at: columns[1]), let failures = row.int(at: columns[4]) else { return }
            let device = row.int(at: columns[2]) ?? 0
            let user = row.int(at: columns[3]) ?? 0
            row.withText(at: columns[0]) {
                fold.add(cell: cell, failures: failures, seen: $0, device: device, user: user)
            }
            if forPage {
                row.withText(at: columns[5]) { fold.addDay(cell: cell, failures: failures, day: $0) }
            }
        }
        var scan = fold.finish()
        if forPage {
            for group in Set(scan.cells.map(\.group)) {
                scan.latest[group] = try latestFailures(group: group, within: selection)
            }
        }
        return scan
    }

    /// The cells `cells` keep, into the fold, each with its stored last time when the rows
    /// cannot change it: exact (not stale) and within `until` (a cell with a failure in the range
    /// has its last time at or after it, so within `since` too).
    private func readTimedCells(_ cells: SQLConditions, until: String?, into fold: inout TimedFold) throws {
        var bound = ReportSelection()
        bound.until = until
        var values: [SQLValue] = []
        let lastInRange =
            (["c.seen_stale = 0", "c.last_seen IS NOT NULL"]
            + bound.timeClauses(on: "c.last_seen", &values, db.dialect, alwaysText: true)).joined(
                separator: " AND ")
        try db.forEachCursor(
            """
            SELECT c.id AS cell, c.group_id AS id, c.device_model AS model, c.device_name AS name,
                   c.os_version AS os, c.os_key AS os_key, c.app_version AS app,
                   CASE WHEN \(lastInRange) THEN c.last_seen END AS last
            FROM failure_cell c\(cells.whereClause)
            """, values + cells.values,
            columns: ["cell", "id", "model", "name", "os", "os_key", "app", "last"]
        ) { row, columns in
            guard let cell = row.int(at: columns[0]), let group = row.int(at: columns[1]) else { return }
            fold.addCell(
                id: cell, group: group, row, model: columns[2], name: columns[3], os: columns[4],
                app: columns[6],
                osKey: row.int(at: columns[5]) ?? -1, storedLast: columns[7])
        }
    }
}

/// The tables that number the ids `failure_seen` holds (migration 19).
enum IDNumberTable: String {
    case devices = "device"
    case users = "user"

    var table: String { rawValue + "_number" }
}

extension Store {
    /// The largest number of `ids` (0: none).
    func largestNumber(_ ids: IDNumberTable) throws -> Int {
        try db.query("SELECT coalesce(max(id), 0) AS n FROM \(ids.table)").first?.int("n") ?? 0
    }
}
