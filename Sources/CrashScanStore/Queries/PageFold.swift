/// The HTML page's failures per group and day, and each group's latest failures, folded from the
/// time's bytes in place: a day is numbered by its bytes (`TextNumbering`, which takes canonically
/// equal spellings for one, as a `Substring` key did), and a String is made only for a failure
/// that enters its group's latest ones. On a million reports (300,000 failures) the fold with a
/// String and a `Substring` day for every failure was about a third of the page's time (perf:
/// hashing the days, retain and release, comparing the times).
struct PageFold {
    private struct DayKey: Hashable {
        var group: Int
        var day: Int32
    }

    private var dayTexts = TextNumbering()
    private var days: [DayKey: Int] = [:]
    private var latest: [Int: [(seen: String, id: Int64)]] = [:]

    /// A failure of `group` seen at the time whose UTF-8 bytes are `time`.
    mutating func add(group: Int, time: UnsafeRawBufferPointer, id: Int64) {
        // As `String(cString:)` reads it: up to the first NUL.
        let seen = UnsafeRawBufferPointer(rebasing: time[..<(time.firstIndex(of: 0) ?? time.count)])
        days[DayKey(group: group, day: dayNumber(seen)), default: 0] += 1
        keepLatest(group: group, seen: seen, id: id)
    }

    /// The day counts and the latest ids, newest first.
    func finish() -> (days: [DayCount], latest: [Int: [Int64]]) {
        let dayCounts = days.map { key, count in
            DayCount(group: key.group, day: dayTexts.text(key.day) ?? "", count: count)
        }
        return (dayCounts, latest.mapValues { $0.map(\.id) })
    }

    /// The number of the time's first ten characters. Their bytes when those are ASCII without a
    /// carriage return (which joins a line feed into one character) and the next byte, if any, is
    /// ASCII too (a combining mark would join the tenth); otherwise cut by the String.
    private mutating func dayNumber(_ seen: UnsafeRawBufferPointer) -> Int32 {
        let cut = min(seen.count, 10)
        let head = UnsafeRawBufferPointer(rebasing: seen[..<cut])
        if head.allSatisfy({ $0 < 0x80 && $0 != 0x0D }), seen.count <= cut || seen[cut] < 0x80 {
            return dayTexts.number(head)
        }
        var day = String(Self.text(seen).prefix(10))
        return day.withUTF8 { dayTexts.number(UnsafeRawBufferPointer($0)) }
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
