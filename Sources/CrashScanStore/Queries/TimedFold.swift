/// What `Store.foldFailureTimes` folds from the rows of `failure_seen` (migration 19), read in the
/// order of their times: the cells the selection keeps (read first), each row's cell found by its
/// id, and the distinct device and user numbers per group and overall.
///
/// Measured on a million reports, `--since 2024-01-01` (all 300,000 failures): with a fold through
/// the cells' keys (two hashes of the cell a row), a String of each row's time and the ids hashed
/// as texts the report took 1.1–1.2 s, 0.72–0.80 s with numbered ids; the cells' fields in
/// separate arrays then cost a cache miss each a row (three quarters of this fold's own samples). Each row now reads its cell's place by id and the few fields it changes
/// from one small record, and makes no String: a cell's first time is its first row's, its last
/// the stored one when that is in the range, else kept as bytes.
struct TimedFold {
    /// What a row changes of its cell, by the cell's place.
    private struct Tally {
        var failures = 0
        /// The cell's slot in the fold, -1 until its first failure.
        var slot: Int32 = -1
        /// The group's place in `groups` (-1: no cell, in the array by id).
        let group: Int32
        /// The stored last time is the cell's last in the range (`Store.readTimedCells`).
        let lastIsStored: Bool
    }

    private var fold = FailureFold(forPage: false)
    /// Whether a cell's place is its id (`index`); else `sparse` holds the place + 1 of each
    /// cell kept by its id.
    private var placeIsID = false
    private var sparse: [Int: Int32] = [:]
    private var tallies: [Tally] = []
    /// By place: the cell's key and OS key, and its last time (stored, or the latest row's).
    private var keys: [(key: FailureFold.CellKey, osKey: Int?)] = []
    private var last: [TimeBytes] = []
    /// A last time longer than `TimeBytes` holds, by place.
    private var longLast: [Int: String] = [:]
    /// By slot: the first time (the first row of an ordered read).
    private var first: [String] = []
    private var groups: [Int] = []
    private var groupPlaces: [Int: Int32] = [:]
    private var devices = NumberedIDs(largest: 0, groups: 0)
    private var users = NumberedIDs(largest: 0, groups: 0)
    /// The HTML page's failures per group and day (`addDay`): rows come in time order, so a day
    /// is numbered again only when it changes.
    private var dayTexts = TextNumbering(canonical: false)
    private var lastDay: [UInt8] = []
    private var lastDayNumber: Int32 = -1
    private var dayCounts: [DayKey: Int] = [:]

    private struct DayKey: Hashable {
        var group: Int32
        var day: Int32
    }

    /// A cell the selection keeps, with its texts in `row`'s columns (as `failure_cell` stores
    /// them) and, in column `storedLast`, its stored last time when that is exact and in the range.
    mutating func addCell(
        id: Int, group: Int, _ row: RowCursor, model: Int32, name: Int32, os: Int32, app: Int32, osKey: Int,
        storedLast: Int32
    ) {
        let key = fold.cellKey(group: group, row, model, name, os, app, emptyIsNone: true)
        let place: Int32
        if let known = groupPlaces[group] {
            place = known
        } else {
            place = Int32(groups.count)
            groups.append(group)
            groupPlaces[group] = place
        }
        var time = TimeBytes()
        let stored: Void? = row.withText(at: storedLast) { bytes in
            if !time.keep(bytes) { longLast[keys.count] = String(decoding: bytes, as: UTF8.self) }
        }
        keys.append((key, osKey == -1 ? nil : osKey))
        last.append(time)
        tallies.append(Tally(group: place, lastIsStored: stored != nil))
        sparse[id] = Int32(keys.count)
    }

    /// After the last cell, with the largest device and user numbers: the cells placed by their
    /// ids when the largest id is at most four times the cells kept plus 65,536 (ids are dense
    /// unless many cells went; a row then reads one record, not an index and then the record),
    /// else found through `sparse`.
    mutating func index(largestDevice: Int, largestUser: Int) {
        devices = NumberedIDs(largest: largestDevice, groups: groups.count)
        users = NumberedIDs(largest: largestUser, groups: groups.count)
        devices.groups(groups.count)
        users.groups(groups.count)
        // Room for every cell kept: growing the fold's cells to 83,501 was a twentieth of a wide
        // range's samples.
        fold.reserveCells(keys.count)
        guard let largest = sparse.keys.max(), largest < 4 * sparse.count + 65_536 else { return }
        let none = FailureFold.CellKey(group: 0, model: nil, name: nil, os: nil, app: nil)
        var byID = [Tally](repeating: Tally(group: -1, lastIsStored: false), count: largest + 1)
        var keysByID = [(key: FailureFold.CellKey, osKey: Int?)](repeating: (none, nil), count: largest + 1)
        var lastByID = [TimeBytes](repeating: TimeBytes(), count: largest + 1)
        var longLastByID: [Int: String] = [:]
        for (id, place) in sparse {
            let place = Int(place) - 1
            byID[id] = tallies[place]
            keysByID[id] = keys[place]
            lastByID[id] = last[place]
            longLastByID[id] = longLast[place]
        }
        (tallies, keys, last, longLast) = (byID, keysByID, lastByID, longLastByID)
        sparse = [:]
        placeIsID = true
    }

    /// A row of `failure_seen`: `failures` of cell `id` at `seen`, with device and user numbers
    /// (0: none). Rows come in the order of their times' bytes.
    mutating func add(cell id: Int, failures: Int, seen: UnsafeRawBufferPointer, device: Int, user: Int) {
        guard let place = place(of: id) else { return }
        if tallies[place].slot < 0 { open(place, seen) }
        tallies[place].failures += failures
        if !tallies[place].lastIsStored, !last[place].keep(seen) {
            longLast[place] = String(decoding: seen, as: UTF8.self)
        }
        let group = Int(tallies[place].group)
        if device != 0 { devices.add(device, group: group) }
        if user != 0 { users.add(user, group: group) }
    }

    /// The day (as SQL cut it from the time) of the row `add` just took, for the HTML page.
    mutating func addDay(cell id: Int, failures: Int, day: UnsafeRawBufferPointer) {
        guard let place = place(of: id) else { return }
        if lastDayNumber < 0 || !day.elementsEqual(lastDay) {
            lastDay = Array(day)
            lastDayNumber = dayTexts.number(day)
        }
        dayCounts[DayKey(group: tallies[place].group, day: lastDayNumber), default: 0] += failures
    }

    /// The place of the cell with id `id`, nil when the selection does not keep it.
    private func place(of id: Int) -> Int? {
        let place = placeIsID ? id : Int(sparse[id] ?? 0) - 1
        return place >= 0 && place < tallies.count && tallies[place].group >= 0 ? place : nil
    }

    /// The cell at `place` gets its slot in the fold, at its first failure (seen at `seen`).
    private mutating func open(_ place: Int, _ seen: UnsafeRawBufferPointer) {
        let slot = fold.slot(keys[place].key, osKey: keys[place].osKey)
        tallies[place].slot = Int32(slot)
        if slot == first.count { first.append(String(decoding: seen, as: UTF8.self)) }
    }

    consuming func finish() -> FailureScan {
        // Two cells share a slot when their texts are canonically equivalent spellings: the
        // slot's last time is the latest of theirs.
        var lastOfSlot = [String?](repeating: nil, count: first.count)
        for place in tallies.indices where tallies[place].slot >= 0 {
            let slot = Int(tallies[place].slot)
            fold.count(slot: slot, failures: tallies[place].failures)
            guard let time = last[place].text ?? longLast[place] else { continue }
            if lastOfSlot[slot].map({ SQLOrder.bytewise($0, time) }) ?? true { lastOfSlot[slot] = time }
        }
        for slot in first.indices { fold.setTimes(slot: slot, first: first[slot], last: lastOfSlot[slot]) }
        var scan = fold.finish()
        for (place, group) in groups.enumerated() {
            let deviceCount = devices.count(group: place)
            let userCount = users.count(group: place)
            if deviceCount != nil || userCount != nil {
                scan.byGroup[group] = AffectedCounts(devices: deviceCount, users: userCount)
            }
        }
        scan.total = AffectedCounts(
            devices: devices.total == 0 ? nil : devices.total, users: users.total == 0 ? nil : users.total)
        scan.days = dayCounts.map { key, count in
            DayCount(group: groups[Int(key.group)], day: dayTexts.text(key.day) ?? "", count: count)
        }
        return scan
    }
}

/// A time's bytes, up to 24 (the longest time crashscan stores), in place.
private struct TimeBytes {
    private var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
    private var count = -1

    /// Keeps `bytes` when they fit (false: too long, the caller keeps them).
    mutating func keep(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count <= 24 else {
            count = -1
            return false
        }
        withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: bytes) }
        count = bytes.count
        return true
    }

    var text: String? {
        guard count >= 0 else { return nil }
        var words = words
        return withUnsafeBytes(of: &words) { String(decoding: $0.prefix(count), as: UTF8.self) }
    }
}

/// Distinct numbered ids (migration 19), per group (by the group's place) and overall. A group's
/// numbers are a bit set when all groups' sets fit in `bitSetWords`, else a Set: inserting
/// 300,000 numbers into Sets was 7–8 % of a wide time range's report.
struct NumberedIDs {
    /// At most 16 MB of bit sets.
    static let bitSetWords = 1 << 21

    /// Words per group's bit set (0: Sets are used).
    private let words: Int
    private var bits: [UInt64] = []
    private var sets: [Set<Int32>] = []
    private var counts: [Int] = []
    private(set) var total = 0
    /// A bit per number seen, for the overall count.
    private var seen: [UInt64]

    /// Numbers up to `largest`, over `groups` groups (more may come, as Sets).
    init(largest: Int, groups: Int) {
        let perGroup = largest / 64 + 1
        words = perGroup * max(groups, 1) <= Self.bitSetWords ? perGroup : 0
        seen = [UInt64](repeating: 0, count: perGroup)
    }

    mutating func groups(_ count: Int) {
        guard counts.count < count else { return }
        if words > 0 { bits += repeatElement(0, count: words * (count - counts.count)) }
        sets += repeatElement([], count: count - counts.count)
        counts += repeatElement(0, count: count - counts.count)
    }

    mutating func add(_ number: Int, group: Int) {
        if group >= counts.count { groups(group + 1) }
        let word = number >> 6
        let bit: UInt64 = 1 << UInt64(number & 63)
        if words > 0, word < words {
            let index = group * words + word
            if bits[index] & bit == 0 {
                bits[index] |= bit
                counts[group] += 1
            }
        } else if sets[group].insert(Int32(truncatingIfNeeded: number)).inserted {
            counts[group] += 1
        }
        if word >= seen.count { seen += repeatElement(0, count: word - seen.count + 1) }
        if seen[word] & bit == 0 {
            seen[word] |= bit
            total += 1
        }
    }

    /// The group's distinct numbers, nil when it has none.
    func count(group: Int) -> Int? { group < counts.count && counts[group] > 0 ? counts[group] : nil }
}
