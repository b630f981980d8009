/// The HTML page's failures per group and day, and each group's latest failures, folded from the
/// time's bytes in place: a String is made only for a failure that enters its group's latest
/// ones, and a day of ten ASCII bytes is a number. On a million reports (300,000 failures) the
/// fold with a String and a `Substring` day for every failure was about a third of the page's
/// time (perf: hashing the days, retain and release, comparing the times).
struct PageFold {
    /// A day as the first ten bytes of the time (`YYYY-MM-DD`), packed.
    private struct DayKey: Hashable {
        var group: Int
        var head: UInt64
        var tail: UInt16
    }

    private var days: [DayKey: Int] = [:]
    /// Days whose text is not ten plain ASCII bytes, counted as Swift counts a `Substring`.
    private var otherDays: [Int: [Substring: Int]] = [:]
    private var latest: [Int: [(seen: String, id: Int64)]] = [:]

    /// A failure of `group` seen at the time whose UTF-8 bytes are `time`.
    mutating func add(group: Int, time: UnsafeRawBufferPointer, id: Int64) {
        // As `String(cString:)` reads it: up to the first NUL.
        let seen = UnsafeRawBufferPointer(rebasing: time[..<(time.firstIndex(of: 0) ?? time.count)])
        if let key = Self.dayKey(group: group, seen) {
            days[key, default: 0] += 1
        } else {
            otherDays[group, default: [:]][Self.text(seen).prefix(10), default: 0] += 1
        }
        keepLatest(group: group, seen: seen, id: id)
    }

    /// The day counts and the latest ids, newest first.
    func finish() -> (days: [DayCount], latest: [Int: [Int64]]) {
        // Merged by String, which compares as `Substring` did (a day spelt otherwise than in
        // ASCII but canonically equal is the same day).
        var merged: [Int: [String: Int]] = [:]
        for (key, count) in days { merged[key.group, default: [:]][Self.text(of: key), default: 0] += count }
        for (group, counts) in otherDays {
            for (day, count) in counts { merged[group, default: [:]][String(day), default: 0] += count }
        }
        let dayCounts = merged.flatMap { group, counts in
            counts.map { DayCount(group: group, day: $0.key, count: $0.value) }
        }
        return (dayCounts, latest.mapValues { $0.map(\.id) })
    }

    /// The packed day when the time's first ten bytes are ASCII and end a character (the next
    /// byte, if any, is ASCII but not a line feed, which would join a carriage return).
    private static func dayKey(group: Int, _ seen: UnsafeRawBufferPointer) -> DayKey? {
        guard seen.count >= 10 else { return nil }
        var head: UInt64 = 0
        for index in 0..<8 {
            let byte = seen[index]
            guard byte > 0, byte < 0x80, byte != 0x0D else { return nil }
            head = head << 8 | UInt64(byte)
        }
        let (ninth, tenth) = (seen[8], seen[9])
        guard ninth > 0, ninth < 0x80, ninth != 0x0D, tenth > 0, tenth < 0x80, tenth != 0x0D else {
            return nil
        }
        if seen.count > 10, seen[10] >= 0x80 { return nil }  // a combining mark would join the tenth
        return DayKey(group: group, head: head, tail: UInt16(ninth) << 8 | UInt16(tenth))
    }

    private static func text(of key: DayKey) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(10)
        for shift in stride(from: 56, through: 0, by: -8) {
            bytes.append(UInt8(truncatingIfNeeded: key.head >> shift))
        }
        bytes.append(UInt8(truncatingIfNeeded: key.tail >> 8))
        bytes.append(UInt8(truncatingIfNeeded: key.tail))
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func text(_ bytes: UnsafeRawBufferPointer) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// Inserts the failure into its group's latest, newest first (the larger id first on the same
    /// time), keeping at most `FailureScan.latestKept`; compares bytes before making a String.
    private mutating func keepLatest(group: Int, seen: UnsafeRawBufferPointer, id: Int64) {
        if let kept = latest[group], kept.count == FailureScan.latestKept, let last = kept.last,
            !Self.newer(seen, id, than: last)
        {
            return
        }
        let entry = (seen: Self.text(seen), id: id)
        var kept = latest.removeValue(forKey: group) ?? []
        let position = kept.firstIndex { Self.newer(entry, than: $0) } ?? kept.count
        kept.insert(entry, at: position)
        if kept.count > FailureScan.latestKept { kept.removeLast() }
        latest[group] = kept
    }

    private static func newer(_ a: (seen: String, id: Int64), than b: (seen: String, id: Int64)) -> Bool {
        a.seen == b.seen ? a.id > b.id : SQLOrder.bytewise(b.seen, a.seen)
    }

    /// `newer` for a time not yet made a String. `==` on Strings is canonical equivalence, so
    /// bytes that differ from `b`'s decide only when both are ASCII; otherwise the String decides.
    private static func newer(_ seen: UnsafeRawBufferPointer, _ id: Int64, than b: (seen: String, id: Int64))
        -> Bool
    {
        var other = b.seen
        let order: Int? = other.withUTF8 { theirs in
            if seen.elementsEqual(theirs) { return 0 }
            guard seen.allSatisfy({ $0 < 0x80 }), theirs.allSatisfy({ $0 < 0x80 }) else { return nil }
            return seen.lexicographicallyPrecedes(theirs) ? -1 : 1
        }
        switch order {
        case 0: return id > b.id
        case 1: return true
        case -1: return false
        default: return newer((seen: text(seen), id: id), than: b)
        }
    }
}
