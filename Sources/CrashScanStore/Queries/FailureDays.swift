/// The HTML page's days and latest failures from what imports keep current (migration 16):
/// `failure_day` and the front of each group's `report_group_seen`. On a million reports (300,000
/// failures) reading every failure for them took 0.27 s in the sqlite3 shell and was about half
/// of the page's 0.8 s.
extension ReportSelection {
    /// The selection as conditions on `failure_day c`, when it keeps whole groups: no filter, or
    /// only `--group`, and `--kind` and `--key` when `wholeGroups` (see `cellConditions`); nil
    /// otherwise: the other filters cut inside a group's days.
    func dayConditions(in dialect: SQLDialect, wholeGroups: Bool = false) -> SQLConditions? {
        guard osRanges.isEmpty, devices.isEmpty, appVersions.isEmpty, since == nil, until == nil else {
            return nil
        }
        // With the OS, device and app version lists empty, the cells' conditions are the groups',
        // on the same `c.group_id`.
        return cellConditions(in: dialect, wholeGroups: wholeGroups)
    }
}

extension Store {
    /// The days of the groups `conditions` keep, and the latest failures of each group that has
    /// a day (a failure with neither time has no day and is not among the latest either).
    func readStoredDaysAndLatest(_ conditions: SQLConditions, into scan: inout FailureScan) throws {
        let day = db.dialect == .postgresql ? "to_char(c.day, 'YYYY-MM-DD')" : "c.day"
        var days: [DayCount] = []
        try db.forEachCursor(
            "SELECT c.group_id AS id, \(day) AS day, c.failures AS n FROM failure_day c\(conditions.whereClause)",
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
    /// same time; with `selection`, within its time range. Walks the group's reports newest first
    /// (`report_group_seen`, from the range's end) and skips those without a failure.
    func latestFailures(group: Int, within selection: ReportSelection? = nil) throws -> [Int64] {
        let newest: String
        switch db.dialect {
        case .sqlite: newest = ReportSelection.seen
        case .postgresql: newest = "date_trunc('second', \(ReportSelection.seen) AT TIME ZONE 'UTC')"
        }
        var values: [SQLValue] = [.int(group)]
        var conditions = [
            "r.group_id = ?", "\(ReportSelection.seen) IS NOT NULL",
            "EXISTS (SELECT 1 FROM kvc_failure k WHERE k.report_id = r.id)",
        ]
        if let selection {
            conditions += selection.timeClauses(
                on: db.dialect.timestampText(ReportSelection.seen), &values, db.dialect)
        }
        return try db.query(
            """
            SELECT r.id AS id FROM report r WHERE \(conditions.joined(separator: " AND "))
            ORDER BY \(newest) DESC, r.id DESC LIMIT \(FailureScan.latestKept)
            """, values
        ).compactMap { row in try row.int("id").map(Int64.init) }
    }
}
