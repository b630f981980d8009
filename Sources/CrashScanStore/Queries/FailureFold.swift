import CrashScanDatabase
import Foundation

/// What `scanFailures` folds from each failure row (or failure cell), and the scan it makes of
/// them: as SQL's count, min and max per cell would, with texts compared as Swift compares them
/// (canonically equivalent spellings are one cell) and times and ids by their bytes.
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
    /// Each cell's first and last time while rows come (a String is made for each cell once, at
    /// `finish`: made for every row, it was a tenth of a fold).
    private var times = SlotTimes()
    /// The cells' texts, each String made once: keys of numbers hash and compare faster than
    /// four Strings, and a row's text that was seen before is not made into a String again.
    var texts = TextNumbering()
    /// The ids of each group's failures and of all of them.
    var devices: DistinctIDs
    var users: DistinctIDs
    /// The days and latest failures (`forPage`).
    var page = PageFold()

    /// `numberedIDs`: the rows' ids are the numbers `failure_fact` keeps, else their texts.
    init(forPage: Bool, numberedIDs: Bool = true) {
        self.forPage = forPage
        devices = DistinctIDs(numbered: numberedIDs)
        users = DistinctIDs(numbered: numberedIDs)
    }

    mutating func add(_ row: RowCursor, _ columns: [Int32]) {
        guard let group = row.int(at: columns[0]) else { return }
        let key = cellKey(
            group: group, row, columns[1], columns[2], columns[3], columns[5], emptyIsNone: false)
        let slot = slot(key, osKey: row.int(at: columns[4]))
        cells[slot].count += 1
        row.withText(at: columns[6]) { times.note($0, slot: slot) }
        devices.add(row, at: columns[7], group: group)
        users.add(row, at: columns[8], group: group)
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

    /// The slot of `key`'s cell, made with no failure yet when it has none; its OS key is the
    /// smallest of its rows'.
    mutating func slot(_ key: CellKey, osKey: Int?) -> Int {
        if let index = cellIndex[key] {
            // Changed in place: a copy out and back retained and released the cell's texts.
            if let osKey, cells[index].osKey.map({ osKey < $0 }) ?? true { cells[index].osKey = osKey }
            return index
        }
        cellIndex[key] = cells.count
        cells.append(
            FailureCell(
                group: key.group, model: texts.text(key.model), name: texts.text(key.name),
                os: texts.text(key.os), osKey: osKey, app: texts.text(key.app), count: 0, firstSeen: nil,
                lastSeen: nil,
                textNumbers: FailureCell.TextNumbers(
                    model: key.model ?? -1, name: key.name ?? -1, os: key.os ?? -1, app: key.app ?? -1)))
        times.appendSlot()
        return cells.count - 1
    }

    consuming func finish() -> FailureScan {
        var scan = FailureScan()
        for slot in cells.indices {
            cells[slot].firstSeen = times.first(slot)
            cells[slot].lastSeen = times.last(slot)
        }
        scan.cells = cells
        scan.byGroup = DistinctIDs.affected(devices: devices, users: users)
        scan.total = DistinctIDs.affectedOverall(devices: devices, users: users)
        (scan.days, scan.latest) = page.finish()
        return scan
    }
}

/// The distinct ids (of devices, or of users) of each group's failures and of all of them. An
/// id comes as the number `failure_fact` keeps for it (`failure_device.number`), or as its text
/// (the raw rows), which is numbered here by its bytes (as SQL compares it: canonically
/// equivalent spellings are two ids on every path); one fold gets only one of the two. The
/// numbers are counted as bits: on the million reports, 2 × 299,286 ids hashed into sets were a
/// third of `--since 2024-01-01`.
struct DistinctIDs {
    /// The rows' ids are numbers already.
    let numbered: Bool
    private var numbering = IDNumbering(canonical: false)
    /// Each group's ids, by the group's slot.
    private var sets: [BitSet] = []
    /// How many of each group's failures carry an id, by the group's slot; and of all.
    private var carried: [Int] = []
    private(set) var carriedOverall = 0
    private var slots = GroupSlots()
    private var all = BitSet()

    init(numbered: Bool) { self.numbered = numbered }

    /// The id in `column` of the row (none for NULL), among `group`'s.
    mutating func add(_ row: RowCursor, at column: Int32, group: Int) {
        let number: Int
        if numbered {
            guard let stored = row.int(at: column), stored >= 0 else { return }
            number = stored
        } else {
            guard let text = row.withText(at: column, { numbering.number($0) }) else { return }
            number = Int(text)
        }
        add(number, group: group)
    }

    /// The id numbered `number` (≥ 0), among `group`'s.
    mutating func add(_ number: Int, group: Int) {
        let slot = slot(group)
        sets[slot].insert(number)
        carried[slot] += 1
        all.insert(number)
        carriedOverall += 1
    }

    private mutating func slot(_ group: Int) -> Int {
        let (slot, isNew) = slots.slot(group)
        if isNew {
            sets.append(BitSet())
            carried.append(0)
        }
        return slot
    }

    /// Each group's distinct ids, for the groups with an id (a group whose failures carry none
    /// is absent: "no id" is not "nobody").
    func perGroup() -> [Int: (distinct: Int, carried: Int)] {
        var counts: [Int: (distinct: Int, carried: Int)] = [:]
        for (slot, group) in slots.groups.enumerated() { counts[group] = (sets[slot].count, carried[slot]) }
        return counts
    }

    /// Every failure's distinct ids; nil when none has one.
    var total: Int? { all.isEmpty ? nil : all.count }

    /// Each group's affected devices and users, for the groups with either id.
    static func affected(devices: DistinctIDs, users: DistinctIDs) -> [Int: AffectedCounts] {
        let devices = devices.perGroup()
        let users = users.perGroup()
        var byGroup: [Int: AffectedCounts] = [:]
        for group in Set(devices.keys).union(users.keys) {
            byGroup[group] = AffectedCounts(
                devices: devices[group]?.distinct, users: users[group]?.distinct,
                withDeviceID: devices[group]?.carried ?? 0, withUserID: users[group]?.carried ?? 0)
        }
        return byGroup
    }

    /// All failures' affected devices and users.
    static func affectedOverall(devices: DistinctIDs, users: DistinctIDs) -> AffectedCounts {
        AffectedCounts(
            devices: devices.total, users: users.total, withDeviceID: devices.carriedOverall,
            withUserID: users.carriedOverall)
    }
}

/// A slot per group, in the order the groups are met: found by the group's id in an array (rows
/// in OS order change group at almost every row, and a dictionary's lookup cost 260 instructions
/// a row on `--os 13` of a million reports), or in a dictionary for ids beyond `arrayLimit`.
struct GroupSlots {
    /// Per group id, its slot + 1 (0: not met).
    private var byID: [Int32] = []
    private var others: [Int: Int] = [:]
    /// The group of each slot.
    private(set) var groups: [Int] = []

    /// The group ids that find their slot in the array (4 bytes each).
    static let arrayLimit = 1 << 22

    /// The group's slot, and whether it is new.
    mutating func slot(_ group: Int) -> (slot: Int, isNew: Bool) {
        if group >= 0, group < Self.arrayLimit {
            if group >= byID.count {
                byID += repeatElement(0, count: max(group + 1, byID.count * 2) - byID.count)
            }
            if byID[group] != 0 { return (Int(byID[group]) - 1, false) }
            groups.append(group)
            byID[group] = Int32(groups.count)
            return (groups.count - 1, true)
        }
        if let slot = others[group] { return (slot, false) }
        groups.append(group)
        others[group] = groups.count - 1
        return (groups.count - 1, true)
    }
}

/// A set of small non-negative integers as bits.
struct BitSet {
    private var words: [UInt64] = []
    private(set) var isEmpty = true

    mutating func insert(_ value: Int) {
        let word = value >> 6
        if word >= words.count { words.append(contentsOf: repeatElement(0, count: word - words.count + 1)) }
        words[word] |= 1 << UInt64(value & 63)
        isEmpty = false
    }

    var count: Int { words.reduce(0) { $0 + $1.nonzeroBitCount } }
}

/// The fold of `failure_fact` rows, each naming its cell by number (`failure_cell.number`): a
/// failure is counted into its cell's slot, its time compared in place and its ids set as bits,
/// and the texts of the cells met are read once at the end. Cells whose texts are equal as Swift
/// compares them (two spellings of one text) stay two cells here, with equal text numbers, which
/// the report's sums add together.
struct CellNumberFold {
    /// The columns `add` reads, in the order of its `columns` argument: the cell's number, the
    /// group, the time, the ids' numbers, the report and the page's columns, then with
    /// `keysInline` the cell's key (`keyColumns`).
    static func columns(keysInline: Bool) -> [String] {
        ["cell", "id", "seen", "device", "user", "report_id", "page_day", "page_time"]
            + (keysInline ? keyColumns : [])
    }

    /// The cell's key as `failure_fact` holds it (none as NULL): model, name, OS version, OS key
    /// and app version.
    static let keyColumns = ["model", "name", "os", "os_key", "app"]

    let forPage: Bool
    /// Whether the rows carry their cell's key, labelled when the cell is first met; else the
    /// keys are read after the facts, once per cell (`readKeys`). Selected with every failure,
    /// the keys were a third of the SQLite work of a fold over all 300,000 failures of a million
    /// reports; read by the cells' numbers after a fold of few failures, they cost more than the
    /// fold (`--os 8.1`: 96 M instructions to label 8,417 cells, against 11 M inline).
    let keysInline: Bool
    /// Per cell number, its slot + 1 (0: not met).
    private var slots: [Int32]
    /// Per slot, its cell's number.
    private var numbers: [Int] = []
    private var cells: [FailureCell] = []
    private var times = SlotTimes()
    /// The cells' texts: two spellings of one text get one number (the report's sums add them).
    private var texts = TextNumbering()
    private var devices = DistinctIDs(numbered: true)
    private var users = DistinctIDs(numbered: true)
    private var page = PageFold()

    /// `highestCell`: the largest cell number there is (the slots are an array by number).
    init(forPage: Bool, highestCell: Int, keysInline: Bool) {
        self.forPage = forPage
        self.keysInline = keysInline
        slots = [Int32](repeating: 0, count: max(0, highestCell) + 1)
    }

    mutating func add(_ row: RowCursor, _ columns: [Int32]) {
        guard let cell = row.int(at: columns[0]), cell >= 0, let group = row.int(at: columns[1]) else {
            return
        }
        if cell >= slots.count { slots += [Int32](repeating: 0, count: cell - slots.count + 1) }
        var slot = Int(slots[cell]) - 1
        if slot < 0 {
            slot = cells.count
            slots[cell] = Int32(slot + 1)
            numbers.append(cell)
            cells.append(
                keysInline
                    ? Store.cell(row, columns, keyFrom: 8, group: group, texts: &texts)
                    : FailureCell(
                        group: group, model: nil, name: nil, os: nil, osKey: nil, app: nil, count: 0,
                        firstSeen: nil, lastSeen: nil))
            times.appendSlot()
        }
        cells[slot].count += 1
        row.withText(at: columns[2]) { times.note($0, slot: slot) }
        devices.add(row, at: columns[3], group: group)
        users.add(row, at: columns[4], group: group)
        if forPage, let id = row.int(at: columns[5]) {
            FailureFold.addToPage(&page, row, columns[6], columns[7], group: group, id: Int64(id))
        }
    }

    /// Above this share of the cells' numbers met, `readKeys` reads all of `failure_cell`
    /// rather than the cells by their numbers. On a million reports (83,501 cells), reading
    /// the whole table cost 168 M instructions, which for `--os 8.1` (8,417 cells met) was
    /// most of the report.
    static let wholeTableAboveShare = 3

    /// Fills in the keys (device, OS and app version) of the cells met, from `failure_cell`, in
    /// the order the cells were met (so that of two spellings of a text, the first met names it,
    /// whatever the table's order).
    mutating func readKeys(_ db: Database) throws {
        guard !keysInline, !numbers.isEmpty else { return }
        let whole = numbers.count * Self.wholeTableAboveShare > slots.count
        var storage: [UInt8] = []
        var keys = [CellKey?](repeating: nil, count: numbers.count)
        try db.forEachCursor(
            """
            SELECT number AS cell, device_model, device_name, os_version, os_key, app_version FROM failure_cell
            \(whole ? "" : "WHERE " + db.dialect.inIDList("number", parameter: 1))
            """, whole ? [] : [db.dialect.idListValue(numbers.map(Int64.init))],
            columns: ["cell", "device_model", "device_name", "os_version", "os_key", "app_version"]
        ) { row, columns in
            guard let number = row.int(at: columns[0]), number >= 0, number < slots.count, slots[number] > 0
            else { return }
            func text(_ column: Int32) -> Range<Int>? {
                row.withText(at: column) { bytes in
                    storage.append(contentsOf: bytes)
                    return (storage.count - bytes.count)..<storage.count
                }
            }
            keys[Int(slots[number]) - 1] = CellKey(
                model: text(columns[1]), name: text(columns[2]), os: text(columns[3]),
                osKey: row.int(at: columns[4]), app: text(columns[5]))
        }
        storage.withUnsafeBytes { bytes in
            func label(_ range: Range<Int>?) -> (text: String?, number: Int32) {
                guard let range, !range.isEmpty else { return (nil, -1) }
                let number = texts.number(UnsafeRawBufferPointer(rebasing: bytes[range]))
                return (texts.text(number), number)
            }
            for slot in cells.indices {
                guard let key = keys[slot] else { continue }
                let (model, name, os, app) = (
                    label(key.model), label(key.name), label(key.os), label(key.app)
                )
                cells[slot].model = model.text
                cells[slot].name = name.text
                cells[slot].os = os.text
                cells[slot].osKey = key.osKey.flatMap { $0 == -1 ? nil : $0 }
                cells[slot].app = app.text
                cells[slot].textNumbers = FailureCell.TextNumbers(
                    model: model.number, name: name.number, os: os.number, app: app.number)
            }
        }
    }

    /// A cell's key as `failure_cell` holds it: its texts as ranges of `readKeys`' storage.
    private struct CellKey {
        var model: Range<Int>?
        var name: Range<Int>?
        var os: Range<Int>?
        var osKey: Int?
        var app: Range<Int>?
    }

    consuming func finish() -> FailureScan {
        var scan = FailureScan()
        for slot in cells.indices {
            cells[slot].firstSeen = times.first(slot)
            cells[slot].lastSeen = times.last(slot)
        }
        scan.cells = cells
        scan.byGroup = DistinctIDs.affected(devices: devices, users: users)
        scan.total = DistinctIDs.affectedOverall(devices: devices, users: users)
        (scan.days, scan.latest) = page.finish()
        return scan
    }
}
