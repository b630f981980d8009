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
    /// One pass over the failures, read in place (`RowCursor`) and folded here.
    ///
    /// Measured on the benchmark's million reports (300,000 failures): reading the rows takes
    /// 0.4 s; SQLite's GROUP BY for the cells sorted them for another 0.7 s, and the distinct
    /// devices and users per group and overall (count(DISTINCT), or SELECT DISTINCT) and the
    /// days were each a further pass of 0.4–1.2 s. Dictionaries and sets here replace the sorts.
    /// Texts are grouped as Swift compares them (canonically equivalent spellings are one value;
    /// SQLite's BINARY collation kept them apart): the cells' values come from the device
    /// catalogue, the OS parser and the app's version string.
    /// `forPage` adds the days and the latest reports of each group (`report --format html`):
    /// picking those here saved a sort of each group's reports by time (60–130 ms a group).
    ///
    /// A selection the failure cells can answer (`cellConditions`; kinds and keys when they keep
    /// whole groups, `GroupKeys.swift`) is summed from them instead
    /// (`FailureCells.swift`): the same scan, from far fewer rows. The page's days and latest
    /// reports are not in the cells: a selection of whole groups reads them from the days kept
    /// at import (`FailureDays.swift`); any other reads three columns of each failure (on a
    /// million reports the page took 1.6–1.9 s with the whole scan). A time filter reads the
    /// failures' times kept at import (`FailureTimes.swift`) but for the page.
    public func scanFailures(_ selection: ReportSelection, forPage: Bool) throws -> FailureScan {
        if let scan = try foldFailureTimes(selection, forPage: forPage) { return scan }
        guard selection.since == nil, selection.until == nil,
            case let wholeGroups = try kindsAndKeysKeepWholeGroups(selection),
            let cells = selection.cellConditions(in: db.dialect, wholeGroups: wholeGroups)
        else {
            return try readFailures(selection, forPage: forPage)
        }
        var scan = try foldFailureCells(cells, idRead: selection.keepsEveryCellOfItsOSSpan ? .span : nil)
        guard forPage else { return scan }
        if let days = selection.dayConditions(in: db.dialect, wholeGroups: wholeGroups) {
            try readStoredDaysAndLatest(days, into: &scan)
        } else {
            try readDaysAndLatest(selection, into: &scan)
        }
        return scan
    }

    /// The failures per group and day, and each group's latest failures, of the selection.
    func readDaysAndLatest(_ selection: ReportSelection, into scan: inout FailureScan) throws {
        let rows = selection.failureRows(in: db.dialect, byGroupTime: try timeWindowIsNarrow(selection))
        var page = PageFold()
        try db.forEachCursor(
            "SELECT r.group_id AS id, \(pageColumns), r.id AS report_id \(rows.sql)", rows.values,
            columns: ["id", "page_day", "page_time", "report_id"]
        ) { row, columns in
            guard let group = row.int(at: columns[0]), let id = row.int(at: columns[3]) else { return }
            FailureFold.addToPage(&page, row, columns[1], columns[2], group: group, id: Int64(id))
        }
        (scan.days, scan.latest) = page.finish()
    }

    /// The day and time the page folds (`PageFold`), as `page_day` and `page_time`: the time as
    /// `report` shows it (to the second on PostgreSQL), and the day cut from it by SQL as the days
    /// kept at import are (`failure_day`).
    private var pageColumns: String {
        let time = db.dialect.timestampText(ReportSelection.seen)
        return "substr(\(time), 1, 10) AS page_day, \(time) AS page_time"
    }

    /// `scanFailures` from the failures themselves, whatever the selection.
    func readFailures(_ selection: ReportSelection, forPage: Bool) throws -> FailureScan {
        let rows = selection.failureRows(in: db.dialect, byGroupTime: try timeWindowIsNarrow(selection))
        var fold = FailureFold(forPage: forPage)
        try db.forEachCursor(
            """
            SELECT r.group_id AS id, r.device_model AS model, r.device_name AS name, r.os_version AS os,
                   r.os_key AS os_key, r.app_version AS app, \(ReportSelection.seen) AS seen,
                   r.device_id AS device, r.user_id AS user, r.id AS report_id,
                   \(forPage ? pageColumns : "NULL AS page_day, NULL AS page_time")
            \(rows.sql)
            """, rows.values, columns: FailureFold.columns
        ) { row, columns in fold.add(row, columns) }
        return fold.finish()
    }
}

/// What `scanFailures` folds from each failure row (or failure cell), and the scan it makes of them.
struct FailureFold {
    /// The columns `add` reads, in the order of its `columns` argument.
    static let columns = [
        "id", "model", "name", "os", "os_key", "app", "seen", "device", "user", "report_id", "page_day",
        "page_time",
    ]

    /// A cell's texts as their numbers in `texts` (nil: none).
    struct CellKey: Hashable {
        var group: Int
        var model: Int32?
        var name: Int32?
        var os: Int32?
        var app: Int32?
    }

    let forPage: Bool
    /// The cells in the order first seen, and where each key's cell is: updated in place in the
    /// array and handed over whole by `finish`. (Kept as the dictionary's values, each read of a
    /// cell's time copied the cell with its seven texts, and `finish` copied every cell again: on
    /// a million reports, with the dictionary's growth, a third of an unfiltered page's samples.)
    private(set) var cells: [FailureCell] = []
    private var cellIndex: [CellKey: Int] = [:]
    /// The cells' texts, each String made once: keys of numbers hash and compare faster than
    /// four Strings, and a row's text that was seen before is not made into a String again.
    var texts = TextNumbering()
    // Each id is hashed once, to its number; the groups' sets hold numbers (four string inserts
    // per failure were a quarter of the page's time on a million reports). An id is a token,
    // compared by its bytes as the id tables (`failure_device`, `device_number`) and SQL compare
    // it: canonically equivalent spellings are two ids on every path.
    var deviceNumbers = IDNumbering(canonical: false)
    var userNumbers = IDNumbering(canonical: false)
    var devices: [Int: Set<Int32>] = [:]
    var users: [Int: Set<Int32>] = [:]
    /// The days and latest failures (`forPage`).
    var page = PageFold()

    init(forPage: Bool) { self.forPage = forPage }

    /// Room for `count` cells, when the caller knows about how many come.
    mutating func reserveCells(_ count: Int) {
        cells.reserveCapacity(count)
        cellIndex.reserveCapacity(count)
    }

    mutating func add(_ row: RowCursor, _ columns: [Int32]) {
        guard let group = row.int(at: columns[0]) else { return }
        let seen = row.string(at: columns[6])
        let key = cellKey(
            group: group, row, columns[1], columns[2], columns[3], columns[5], emptyIsNone: false)
        count(key, osKey: row.int(at: columns[4]), failures: 1, first: seen, last: seen)
        addDevice(row, at: columns[7], group: group)
        addUser(row, at: columns[8], group: group)
        if forPage, let id = row.int(at: columns[9]) {
            Self.addToPage(&page, row, columns[10], columns[11], group: group, id: Int64(id))
        }
    }

    /// The failure whose page day and time are in those columns of the row, if it has them.
    static func addToPage(
        _ page: inout PageFold, _ row: RowCursor, _ day: Int32, _ time: Int32, group: Int, id: Int64
    ) {
        row.withText(at: day) { day in
            row.withText(at: time) { page.add(group: group, day: day, time: $0, id: id) }
        }
    }

    /// The key of the cell whose model, name, OS version and app version are in those columns of
    /// the row; with `emptyIsNone`, an empty text is none (how `failure_cell` stores it).
    mutating func cellKey(
        group: Int, _ row: RowCursor, _ model: Int32, _ name: Int32, _ os: Int32, _ app: Int32,
        emptyIsNone: Bool
    ) -> CellKey {
        func number(_ column: Int32) -> Int32? {
            row.withText(at: column) { bytes in
                emptyIsNone && bytes.isEmpty ? nil : texts.number(bytes)
            } ?? nil
        }
        return CellKey(
            group: group, model: number(model), name: number(name), os: number(os), app: number(app))
    }

    /// The device id in `column` of the row, if any, among the group's.
    mutating func addDevice(_ row: RowCursor, at column: Int32, group: Int) {
        guard let number = row.withText(at: column, { deviceNumbers.number($0) }) else { return }
        devices[group, default: []].insert(number)
    }

    /// The user id in `column` of the row, if any, among the group's.
    mutating func addUser(_ row: RowCursor, at column: Int32, group: Int) {
        guard let number = row.withText(at: column, { userNumbers.number($0) }) else { return }
        users[group, default: []].insert(number)
    }

    /// `failures` seen from `first` to `last` added to their cell, as SQL's count, min and max
    /// would.
    mutating func count(_ key: CellKey, osKey: Int?, failures: Int, first: String?, last: String?) {
        guard let index = cellIndex[key] else {
            cellIndex[key] = cells.count
            cells.append(
                FailureCell(
                    group: key.group, model: texts.text(key.model), name: texts.text(key.name),
                    os: texts.text(key.os),
                    osKey: osKey, app: texts.text(key.app), count: failures, firstSeen: first, lastSeen: last,
                    textNumbers: FailureCell.TextNumbers(
                        model: key.model ?? -1, name: key.name ?? -1, os: key.os ?? -1, app: key.app ?? -1))
            )
            return
        }
        // Changed in place: a copy out and back retained and released the cell's five texts
        // for every failure (perf: 6 % of the samples of an unfiltered report).
        cells[index].count += failures
        if let osKey, cells[index].osKey.map({ osKey < $0 }) ?? true {
            cells[index].osKey = osKey
        }
        if let first, cells[index].firstSeen.map({ SQLOrder.bytewise(first, $0) }) ?? true {
            cells[index].firstSeen = first
        }
        if let last, cells[index].lastSeen.map({ SQLOrder.bytewise($0, last) }) ?? true {
            cells[index].lastSeen = last
        }
    }

    /// The slot of `key`'s cell, made with no failure yet when it has none: for a caller that
    /// counts by slot (`count(slot:failures:)`, `setTimes`; `TimedFold`).
    mutating func slot(_ key: CellKey, osKey: Int?) -> Int {
        if let index = cellIndex[key] { return index }
        count(key, osKey: osKey, failures: 0, first: nil, last: nil)
        return cells.count - 1
    }

    /// `failures` added to the cell in `slot`, without their times (`setTimes` gives them).
    mutating func count(slot: Int, failures: Int) { cells[slot].count += failures }

    /// The first and last time of the cell in `slot`, known by the caller.
    mutating func setTimes(slot: Int, first: String?, last: String?) {
        cells[slot].firstSeen = first
        cells[slot].lastSeen = last
    }

    consuming func finish() -> FailureScan {
        var scan = FailureScan()
        scan.cells = cells
        for id in Set(devices.keys).union(users.keys) {
            scan.byGroup[id] = AffectedCounts(devices: devices[id]?.count, users: users[id]?.count)
        }
        scan.total = AffectedCounts(
            devices: deviceNumbers.isEmpty ? nil : deviceNumbers.count,
            users: userNumbers.isEmpty ? nil : userNumbers.count)
        (scan.days, scan.latest) = page.finish()
        return scan
    }
}
