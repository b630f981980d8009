import XCTest

@testable import CrashScanStore

/// The HTML page's days and latest failures folded in place (`PageFold`) are what sorting and
/// grouping the bytes says, as SQL sees texts: days and times are equal when their bytes are
/// (canonically equal spellings are two), and the latest are the newest by byte order, the larger
/// id first on the same time. (`FailureCellTests` checks that the days kept at import agree.)
final class PageFoldTests: XCTestCase {
    func testTheFoldCountsDaysAndKeepsTheLatestByTheirBytes() {
        let times = [
            "2015-03-02T08:10:00Z", "2015-03-02T23:59:59+08:00", "2015-03-03", "2015-03", "",
            "2015-03-02\r\nT", "2015-03-0\u{0301}2T00:00:00Z", "2015-03-02\u{0301}",
            // U+212B ANGSTROM SIGN and U+00C5: canonically equal, different bytes.
            "\u{212B}015-03-02", "\u{00C5}015-03-02", "2015-03-02\0hidden", "2016-01-01T00:00:00Z",
            "2014-12-31T23:59:59Z",
        ]
        var generator = SystemRandomNumberGenerator()
        for round in 0..<20 {
            var fold = PageFold()
            var failures: [(group: Int, day: [UInt8], time: [UInt8], id: Int64)] = []
            for id in 1...300 {
                let group = Int.random(in: 1...3, using: &generator)
                var time = Array((times.randomElement(using: &generator) ?? "").utf8)
                if round.isMultiple(of: 2) {
                    time += Array(String(Int.random(in: 0...9, using: &generator)).utf8)
                }
                // Ten code points, as SQL's `substr` cuts (the query makes the real cut).
                let scalars = String(decoding: time, as: UTF8.self).unicodeScalars.prefix(10)
                let day = Array(String(String.UnicodeScalarView(scalars)).utf8)
                failures.append((group, day, time, Int64(id)))
                day.withUnsafeBytes { day in
                    time.withUnsafeBytes { fold.add(group: group, day: day, time: $0, id: Int64(id)) }
                }
            }
            let (days, latest) = fold.finish()
            var expectedDays: [String: Int] = [:]
            for failure in failures {
                expectedDays["\(failure.group)|\(failure.day)", default: 0] += 1
            }
            XCTAssertEqual(
                Dictionary(
                    uniqueKeysWithValues: days.map { ("\($0.group)|\(Array($0.day.utf8))", $0.count) }),
                expectedDays, "round \(round)")
            let expectedLatest = Dictionary(grouping: failures, by: \.group).mapValues { group in
                group.sorted { a, b in
                    a.time == b.time ? a.id > b.id : b.time.lexicographicallyPrecedes(a.time)
                }.prefix(FailureScan.latestKept).map(\.id)
            }
            XCTAssertEqual(latest, expectedLatest, "round \(round)")
        }
    }
}
