import XCTest

@testable import CrashScanStore

/// The HTML page's days and latest failures, folded from the time's bytes (`PageFold`), say what
/// the fold over Strings said: a day is the time's first ten characters, equal days are equal
/// Strings (canonically equivalent spellings are one), and the latest are the newest by byte
/// order, the larger id first on the same time.
final class PageFoldTests: XCTestCase {
    /// The fold the page used before, over Strings.
    private struct StringFold {
        var days: [Int: [Substring: Int]] = [:]
        var latest: [Int: [(seen: String, id: Int64)]] = [:]

        mutating func add(group: Int, seen: String, id: Int64) {
            days[group, default: [:]][seen.prefix(10), default: 0] += 1
            var kept = latest[group] ?? []
            func newer(_ a: (seen: String, id: Int64), _ b: (seen: String, id: Int64)) -> Bool {
                a.seen == b.seen ? a.id > b.id : SQLOrder.bytewise(b.seen, a.seen)
            }
            let entry = (seen: seen, id: id)
            // (Canonically equal times in two spellings make this order intransitive; a time not
            // newer than the last kept is dropped without looking further, as before.)
            if kept.count == FailureScan.latestKept, let last = kept.last, !newer(entry, last) { return }
            kept.insert(entry, at: kept.firstIndex { newer(entry, $0) } ?? kept.count)
            latest[group] = Array(kept.prefix(FailureScan.latestKept))
        }
    }

    func testTheByteFoldCountsDaysAndKeepsTheLatestAsTheStringFold() {
        let times = [
            "2015-03-02T08:10:00Z", "2015-03-02T08:10:00Z", "2015-03-02T23:59:59+08:00", "2015-03-03",
            "2015-03", "", "2015-03-02\r\nT", "2015-03-0\u{0301}2T00:00:00Z", "2015-03-02\u{0301}",
            // U+212B ANGSTROM SIGN and U+00C5: canonically equal, different bytes.
            "\u{212B}015-03-02", "\u{00C5}015-03-02", "2015-03-02\0hidden", "2016-01-01T00:00:00Z",
            "2014-12-31T23:59:59Z", "Kelvin\u{212A}", "2015-03-02T08:10:00Z",
        ]
        var generator = SystemRandomNumberGenerator()
        for round in 0..<20 {
            var byBytes = PageFold()
            var byStrings = StringFold()
            for id in 1...300 {
                let group = Int.random(in: 1...3, using: &generator)
                var time = times.randomElement(using: &generator) ?? ""
                if round.isMultiple(of: 2) { time += String(Int.random(in: 0...9, using: &generator)) }
                var bytes = Array(time.utf8)
                bytes.withUnsafeMutableBytes {
                    byBytes.add(group: group, time: UnsafeRawBufferPointer($0), id: Int64(id))
                }
                // What the String path read: `String(cString:)`, up to the first NUL.
                let read = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
                byStrings.add(group: group, seen: read, id: Int64(id))
            }
            let (days, latest) = byBytes.finish()
            var expectedDays: [String] = []
            for (group, counts) in byStrings.days {
                for (day, count) in counts { expectedDays.append("\(group)|\(day)|\(count)") }
            }
            XCTAssertEqual(
                Set(days.map { "\($0.group)|\($0.day)|\($0.count)" }).count, days.count,
                "one row per group and day")
            XCTAssertEqual(
                days.map { "\($0.group)|\($0.day)|\($0.count)" }.sorted(), expectedDays.sorted(),
                "round \(round)")
            XCTAssertEqual(latest, byStrings.latest.mapValues { $0.map(\.id) }, "round \(round)")
        }
    }
}
