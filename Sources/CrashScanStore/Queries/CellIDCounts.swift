/// The distinct device and user ids of the failure cells a selection keeps, per group and overall,
/// from the SQLite id tables of migration 20: numbers, ordered by the cells' OS keys.
///
/// Measured on a million reports, `report --os 8.1` (8,417 cells, 19,895 device and 16,936 user
/// rows): reading the ids by joining each cell to the tables keyed by cell id made the report's
/// 17,903 page reads, took 16–25 ms for the devices alone in the sqlite3 shell, and hashing their
/// texts here was 7 % of the report; one range of each table keyed by OS key reads in 4–5 ms and
/// 2–3 ms.
struct CellIDCounts {
    /// The group of each cell kept, by its place in `groups`.
    private var placeOfCell: [Int: Int32] = [:]
    /// The same by cell id, the place + 1 (0: not kept), when ids are dense (`indexByID`): a row
    /// then finds its cell without a hash (36,831 rows for `--os 8.1` on a million reports).
    private var placeByID: [Int32] = []
    private var groups: [Int] = []
    private var groupPlaces: [Int: Int32] = [:]
    /// The smallest and largest OS key of the cells kept.
    private(set) var osKeys: ClosedRange<Int>?

    var cellCount: Int { placeOfCell.count }
    var groupCount: Int { groups.count }

    /// A cell the selection keeps.
    mutating func addCell(id: Int, group: Int, osKey: Int) {
        let place: Int32
        if let known = groupPlaces[group] {
            place = known
        } else {
            place = Int32(groups.count)
            groups.append(group)
            groupPlaces[group] = place
        }
        placeOfCell[id] = place
        osKeys = osKeys.map { min($0.lowerBound, osKey)...max($0.upperBound, osKey) } ?? osKey...osKey
    }

    /// After the last cell: the places by id when the largest id is at most four times the cells
    /// kept plus 65,536 (cell ids are dense unless many cells went).
    mutating func indexByID() {
        guard let largest = placeOfCell.keys.max(), largest < 4 * placeOfCell.count + 65_536 else { return }
        placeByID = [Int32](repeating: 0, count: largest + 1)
        for (id, place) in placeOfCell where id >= 0 { placeByID[id] = place + 1 }
    }

    /// The place of the group of cell `id`, nil when the selection does not keep it.
    @inline(__always) func place(ofCell id: Int) -> Int? {
        if !placeByID.isEmpty {
            guard id >= 0, id < placeByID.count, placeByID[id] > 0 else { return nil }
            return Int(placeByID[id]) - 1
        }
        return placeOfCell[id].map(Int.init)
    }

    /// The counts of `devices` and `users`, whose groups are places in this fold.
    func affected(devices: NumberedIDs, users: NumberedIDs) -> (
        byGroup: [Int: AffectedCounts], total: AffectedCounts
    ) {
        var byGroup: [Int: AffectedCounts] = [:]
        for (place, group) in groups.enumerated() {
            let counts = AffectedCounts(
                devices: devices.count(group: place), users: users.count(group: place))
            if counts.devices != nil || counts.users != nil { byGroup[group] = counts }
        }
        let total = AffectedCounts(
            devices: devices.total == 0 ? nil : devices.total, users: users.total == 0 ? nil : users.total)
        return (byGroup, total)
    }
}

/// How `countCellIDs` reads the id tables.
enum CellIDRead {
    /// The rows of the OS keys the kept cells span, as one range; other cells' rows are skipped.
    case span
    /// The rows of each selected cell, through a join to the cells.
    case join
}

extension Store {
    /// The ids of the cells in `kept` (those `cells` selects), counted per group and overall.
    ///
    /// `read` nil: the span of OS keys, unless it holds more than four times the cells kept (a
    /// device model's cells spread over every OS), then the join.
    func countCellIDs(_ kept: CellIDCounts, _ cells: SQLConditions, read: CellIDRead? = nil) throws -> (
        byGroup: [Int: AffectedCounts], total: AffectedCounts
    ) {
        var kept = kept
        kept.indexByID()
        var devices = NumberedIDs(largest: try largestNumber(.devices), groups: kept.groupCount)
        var users = NumberedIDs(largest: try largestNumber(.users), groups: kept.groupCount)
        devices.groups(kept.groupCount)
        users.groups(kept.groupCount)
        guard let span = kept.osKeys else { return kept.affected(devices: devices, users: users) }
        let spanValues: [SQLValue] = [.int(span.lowerBound), .int(span.upperBound)]
        let readsSpan: Bool
        if let read {
            readsSpan = read == .span
        } else {
            // Counted only up to the limit: counting every cell of a span of all OS keys took
            // 7–8 ms of `--device "iPhone 6 Plus"` on a million reports.
            let limit = 4 * kept.cellCount
            let inSpan =
                try db.query(
                    """
                    SELECT count(*) AS n FROM (SELECT 1 FROM failure_cell WHERE os_key BETWEEN ? AND ? LIMIT ?)
                    """, spanValues + [.int(limit + 1)]
                ).first?.int("n") ?? 0
            readsSpan = inSpan <= limit
        }
        for (ids, table) in [(IDNumberTable.devices, "failure_cell_device"), (.users, "failure_cell_user")] {
            let number = ids.rawValue + "_no"
            let sql =
                readsSpan
                ? "SELECT cell_id AS cell, \(number) AS number FROM \(table) WHERE os_key BETWEEN ? AND ?"
                : """
                SELECT t.cell_id AS cell, t.\(number) AS number
                FROM failure_cell c JOIN \(table) t ON t.os_key = c.os_key AND t.cell_id = c.id\(cells.whereClause)
                """
            try db.forEachCursor(sql, readsSpan ? spanValues : cells.values, columns: ["cell", "number"]) {
                row, columns in
                guard let cell = row.int(at: columns[0]), let place = kept.place(ofCell: cell),
                    let id = row.int(at: columns[1])
                else { return }
                if ids == .devices { devices.add(id, group: place) } else { users.add(id, group: place) }
            }
        }
        return kept.affected(devices: devices, users: users)
    }
}
