import Foundation
import XCTest

@testable import CrashScanModel

/// The times crashscan stores: formatted as Foundation's Gregorian calendar gives them, and the
/// written forms of Bugly's and Apple's reports read into UTC.
final class TimestampTests: XCTestCase {
    func testFormattedTimesAgreeWithFoundationsCalendar() {
        var random = SystemRandomNumberGenerator()
        // The days around the epoch, leap days, the ends of years and centuries, then any time.
        var instants = [0, 86_399, 86_400, 951_782_400, 951_868_799, 4_102_444_799, 1_735_689_599]
        instants += (0..<2_000).map { _ in Int.random(in: 0...4_102_444_800, using: &random) }
        for instant in instants {
            let expected = Timestamp.format(Date(timeIntervalSince1970: TimeInterval(instant)))
            XCTAssertEqual(Timestamp.format(epochSeconds: instant), expected, "\(instant)")
        }
        XCTAssertEqual(
            Timestamp.format(epochSeconds: 1_715_653_293, millis: ".117"), "2024-05-14T02:21:33.117Z")
    }

    /// The zone a report's times were read in, as `time_zone_assumed` stores it.
    func testOffsetsAreWrittenAsSignHoursAndMinutes() {
        let cases = [
            (8 * 3_600, "+08:00"), (0, "+00:00"), (-(5 * 3_600 + 30 * 60), "-05:30"),
            (5 * 3_600 + 45 * 60, "+05:45"), (14 * 3_600, "+14:00"), (-12 * 3_600, "-12:00"),
            (-30 * 60, "-00:30"), (100 * 3_600, "+100:00"),
        ]
        for (offset, text) in cases { XCTAssertEqual(TimeBase.describe(offset: offset), text, "\(offset)") }
    }

    func testWrittenTimesAreReadIntoUTC() {
        let cases: [(String, Int, String?)] = [
            // Bugly's console: no zone, read at the offset assumed.
            ("2024-05-14 10:21:33", 8 * 3_600, "2024-05-14T02:21:33Z"),
            ("  2024/05/14 10:21:33\n", 0, "2024-05-14T10:21:33Z"),
            ("2024.05.14 10:21", 0, "2024-05-14T10:21:00Z"),
            // Apple's `.crash`: milliseconds and a zone.
            ("2015-02-11 10:47:35.887 +0800", 0, "2015-02-11T02:47:35.887Z"),
            ("2015-02-11 10:47:35.8 -05:30", 0, "2015-02-11T16:17:35.800Z"),
            ("2015-02-11T10:47:35.123456Z", 3_600, "2015-02-11T10:47:35.123Z"),
            // A zero fraction is no fraction; CrashSight's milliseconds after a space.
            ("2015-02-11 10:47:35.000 +0000", 0, "2015-02-11T10:47:35Z"),
            ("2023-08-09 14:45:39 223", 0, "2023-08-09T14:45:39.223Z"),
            ("2023-08-09 14:45:39.", 0, "2023-08-09T14:45:39Z"),
            // A bare day; epoch seconds and milliseconds, always UTC.
            ("2015-02-11", 8 * 3_600, "2015-02-10T16:00:00Z"),
            ("1715653293", 8 * 3_600, "2024-05-14T02:21:33Z"),
            ("1715653293117", 0, "2024-05-14T02:21:33Z"),
            // No times: impossible dates, placeholders, a clock cut short, other text.
            ("2015-02-30 10:00:00", 0, nil), ("2015-13-01", 0, nil), ("0000-01-01 00:00:00", 0, nil),
            ("2015-02-11 10", 0, nil), ("2015-02-11 25:00", 0, nil), ("12345678", 0, nil),
            ("２０１５-02-11", 0, nil), ("", 0, nil), ("yesterday", 0, nil),
        ]
        for (text, offset, expected) in cases {
            XCTAssertEqual(Timestamp.iso8601(text, assumedOffset: offset), expected, text)
        }
        XCTAssertEqual(Timestamp.parse("2015-02-11")?.isDay, true)
        XCTAssertNil(Timestamp.parse("2015-02-11 10:00")?.offset)
        XCTAssertEqual(Timestamp.parse("2015-02-11 10:00 Z")?.offset, 0)
    }
}
