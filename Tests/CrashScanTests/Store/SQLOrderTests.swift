import XCTest

@testable import CrashScanDatabase
@testable import CrashScanStore

/// The orderings the folds use where SQL would have ordered: text by its bytes, as SQLite's
/// BINARY collation compares it.
final class SQLOrderTests: XCTestCase {
    func testTextIsOrderedByItsBytesAsSQLiteOrdersIt() throws {
        let texts = [
            "", "a", "ab", "abc", "abd", "B", "b", "2024-01-01 00:00:00", "2024-01-01",
            "2024-01-01T00:00:00Z",
            "café", "cafe\u{301}", "caf", "ü", "u", "\u{1F600}", "\u{FFFD}", "iPhone 6 Plus", "iPhone 6",
            "iPhone7,1", "iPhone10,1",
        ]
        let db = try Database(path: ":memory:")
        for a in texts {
            for b in texts {
                let sqlite = try XCTUnwrap(
                    db.query("SELECT ? < ? AS before", [.text(a), .text(b)]).first?.int("before"))
                XCTAssertEqual(
                    SQLOrder.bytewise(a, b), sqlite == 1, "\(a.debugDescription) < \(b.debugDescription)")
            }
            XCTAssertEqual(SQLOrder.earlier(a, nil), a)
            XCTAssertEqual(SQLOrder.later(nil, a), a)
        }
        XCTAssertEqual(SQLOrder.earlier("cafe\u{301}", "café"), "cafe\u{301}")
        XCTAssertEqual(SQLOrder.later("2024-01-01", "2024-01-01 00:00:00"), "2024-01-01 00:00:00")
    }
}
