/// `scanFailures` from the failure cells that imports keep current (migration 14): the cells the
/// selection keeps, then the device and user ids of those cells, folded as the failures would be.
extension Store {
    /// `idRead`: how the ids are read on SQLite (nil: as `countCellIDs` chooses; `.span` when the
    /// selection keeps every cell of its OS keys' span; tests ask for each way).
    func foldFailureCells(_ cells: SQLConditions, idRead: CellIDRead? = nil) throws -> FailureScan {
        var fold = FailureFold(forPage: false)
        // Counted first (2 ms for the 83,501 cells of a million reports): the fold's growth to
        // that many cells was a tenth of an unfiltered page's samples.
        if let count = try db.query(
            "SELECT count(*) AS n FROM failure_cell c\(cells.whereClause)", cells.values
        )
        .first?.int("n") {
            fold.reserveCells(count)
        }
        var stale: [(key: FailureFold.CellKey, stored: StoredCellKey)] = []
        // The kept cells' ids by OS key (migration 20, SQLite), for a filter; with none, the ids
        // are counted from the groups' and global id tables instead (`countAffected`).
        let readsIDNumbers = db.dialect == .sqlite && !cells.isEmpty
        var kept = CellIDCounts()
        try db.forEachCursor(
            """
            SELECT c.group_id AS id, c.device_model AS model, c.device_name AS name, c.os_version AS os,
                   c.os_key AS os_key, c.app_version AS app, c.failures AS failures, c.first_seen AS first,
                   c.last_seen AS last, c.seen_stale AS stale, c.id AS cell
            FROM failure_cell c\(cells.whereClause)
            """, cells.values, columns: Self.cellColumns
        ) { row, columns in
            guard let group = row.int(at: columns[0]), let failures = row.int(at: columns[6]) else { return }
            let storedOSKey = row.int(at: columns[4]) ?? -1
            if readsIDNumbers, let cell = row.int(at: columns[10]) {
                kept.addCell(id: cell, group: group, osKey: storedOSKey)
            }
            let key = fold.cellKey(
                group: group, row, columns[1], columns[2], columns[3], columns[5], emptyIsNone: true)
            let osKey = storedOSKey == -1 ? nil : storedOSKey
            if row.int(at: columns[9]) == 1 {
                // The stored times are bounds only: counted now, timed from the reports below
                // (by the cell's own texts: an equal text in another spelling has its own cell).
                stale.append(
                    (
                        key,
                        StoredCellKey(
                            group: group, model: row.string(at: columns[1]) ?? "",
                            name: row.string(at: columns[2]) ?? "", os: row.string(at: columns[3]) ?? "",
                            osKey: storedOSKey, app: row.string(at: columns[5]) ?? "")
                    ))
                fold.count(key, osKey: osKey, failures: failures, first: nil, last: nil)
            } else {
                fold.count(
                    key, osKey: osKey, failures: failures, first: row.string(at: columns[7]),
                    last: row.string(at: columns[8]))
            }
        }
        for cell in stale {
            let seen = try seenRange(of: cell.stored)
            fold.count(cell.key, osKey: nil, failures: 0, first: seen.first, last: seen.last)
        }
        if cells.isEmpty {
            // Every cell: the groups' and the overall distinct ids are counted where they are kept.
            var scan = fold.finish()
            try countAffected(into: &scan)
            return scan
        }
        if readsIDNumbers {
            var scan = fold.finish()
            (scan.byGroup, scan.total) = try countCellIDs(kept, cells, read: idRead)
            return scan
        }
        try forEachCellID("failure_cell_device", column: "device_id", cells) {
            fold.addDevice($0, at: $1, group: $2)
        }
        try forEachCellID("failure_cell_user", column: "user_id", cells) {
            fold.addUser($0, at: $1, group: $2)
        }
        return fold.finish()
    }

    private static let cellColumns = [
        "id", "model", "name", "os", "os_key", "app", "failures", "first", "last", "stale", "cell",
    ]

    /// The distinct device and user ids of each group's failures and of all of them, from the
    /// tables that keep them. (Compared as bytes: an id is a token; the cells' numbering also
    /// takes canonically equivalent spellings for one, which no source's ids have.)
    private func countAffected(into scan: inout FailureScan) throws {
        scan.byGroup = [:]
        for (table, isDevice) in [("failure_group_device", true), ("failure_group_user", false)] {
            for row in try db.query("SELECT group_id AS id, count(*) AS n FROM \(table) GROUP BY group_id") {
                guard let group = try row.int("id"), let count = try row.int("n") else { continue }
                var counts = scan.byGroup[group] ?? AffectedCounts(devices: nil, users: nil)
                if isDevice { counts.devices = count } else { counts.users = count }
                scan.byGroup[group] = counts
            }
        }
        let total = try db.query(
            """
            SELECT (SELECT nullif(count(*), 0) FROM failure_device) AS devices,
                   (SELECT nullif(count(*), 0) FROM failure_user) AS users
            """
        ).first
        scan.total = AffectedCounts(devices: try total?.int("devices"), users: try total?.int("users"))
    }

    /// The ids in `table` of the selected cells (the row, the id's column), with each cell's group
    /// (PostgreSQL: its tables keep the ids as texts, by cell).
    private func forEachCellID(
        _ table: String, column: String, _ cells: SQLConditions,
        _ body: (RowCursor, Int32, Int) -> Void
    ) throws {
        try db.forEachCursor(
            """
            SELECT c.group_id AS id, t.\(column) AS value
            FROM failure_cell c JOIN \(table) t ON t.cell_id = c.id\(cells.whereClause)
            """, cells.values, columns: ["id", "value"]
        ) { row, columns in
            guard let group = row.int(at: columns[0]) else { return }
            body(row, columns[1], group)
        }
    }

    /// The first and last time a cell's failures were seen, from the reports (its stored times
    /// are stale after a failure at one of them left the cell).
    private func seenRange(of cell: StoredCellKey) throws -> (first: String?, last: String?) {
        let row = try db.query(
            """
            SELECT min(\(ReportSelection.seen)) AS first, max(\(ReportSelection.seen)) AS last
            FROM report r JOIN kvc_failure k ON k.report_id = r.id
            WHERE r.group_id = ? AND coalesce(r.device_model, '') = ? AND coalesce(r.device_name, '') = ?
              AND coalesce(r.os_version, '') = ? AND coalesce(r.os_key, -1) = ? AND coalesce(r.app_version, '') = ?
            """,
            [
                .int(cell.group), .text(cell.model), .text(cell.name), .text(cell.os), .int(cell.osKey),
                .text(cell.app),
            ]
        ).first
        return (try row?.string("first"), try row?.string("last"))
    }
}

/// A failure cell's key as stored: a missing value is '' or -1.
private struct StoredCellKey {
    var group: Int
    var model: String
    var name: String
    var os: String
    var osKey: Int
    var app: String
}
