import CrashScanDatabase

/// The HTML page's failures per group and day, and each group's latest failures, folded from the
/// failures of a selection that does not keep whole groups (one that does reads them from
/// `failure_day` and `report_group_seen`, `FailureDays.swift`). Both say the same: the day is the
/// time's first ten characters as SQL cuts them (the query's `substr`), days and times are equal
/// when their bytes are, and times order by their bytes (SQL's BINARY), the larger id first on the
/// same time. Read in place: a day is numbered by its bytes, and only a failure that enters its
/// group's latest is copied.
struct PageFold {
    private struct DayKey: Hashable {
        var group: Int
        var day: Int32
    }

    private var dayTexts = TextNumbering(canonical: false)
    private var days: [DayKey: Int] = [:]
    private var latest: [Int: [(seen: [UInt8], id: Int64)]] = [:]

    /// A failure of `group` on `day`, seen at `time` (their UTF-8 bytes).
    mutating func add(group: Int, day: UnsafeRawBufferPointer, time: UnsafeRawBufferPointer, id: Int64) {
        days[DayKey(group: group, day: dayTexts.number(day)), default: 0] += 1
        keepLatest(group: group, seen: time, id: id)
    }

    /// The day counts and the latest ids, newest first.
    func finish() -> (days: [DayCount], latest: [Int: [Int64]]) {
        let dayCounts = days.map { key, count in
            DayCount(group: key.group, day: dayTexts.text(key.day) ?? "", count: count)
        }
        return (dayCounts, latest.mapValues { $0.map(\.id) })
    }

    /// Inserts the failure into its group's latest, newest first, keeping at most
    /// `FailureScan.latestKept`.
    private mutating func keepLatest(group: Int, seen: UnsafeRawBufferPointer, id: Int64) {
        func newer(_ kept: (seen: [UInt8], id: Int64)) -> Bool {
            seen.elementsEqual(kept.seen) ? id > kept.id : kept.seen.lexicographicallyPrecedes(seen)
        }
        if let kept = latest[group], kept.count == FailureScan.latestKept, let last = kept.last, !newer(last)
        {
            return
        }
        var kept = latest.removeValue(forKey: group) ?? []
        kept.insert((Array(seen), id), at: kept.firstIndex(where: newer) ?? kept.count)
        if kept.count > FailureScan.latestKept { kept.removeLast() }
        latest[group] = kept
    }
}
