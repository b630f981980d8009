import XCTest

@testable import CrashScanCLI
@testable import CrashScanCatalogs
@testable import CrashScanClassification
@testable import CrashScanImport
@testable import CrashScanIngest
@testable import CrashScanModel
@testable import CrashScanReport
@testable import CrashScanRules
@testable import CrashScanStore

final class OSVersionTests: XCTestCase {
    func testEverySpelling() throws {
        let cases: [(String, String, String?)] = [
            ("8.1.3(12B466)", "8.1.3", "12B466"), ("8.1.3 (12B466)", "8.1.3", "12B466"),
            ("iOS 8.1.3 (12B466)", "8.1.3", "12B466"), ("iPhone OS 8.1.3 (12B466)", "8.1.3", "12B466"),
            ("8.1.3(12 B 466)", "8.1.3", "12B466"), ("iPhone OS 11.4.1 (Build 15G77)", "11.4.1", "15G77"),
            ("iPhone OS 14.2 (18B5061e)", "14.2", "18B5061e"), ("13.5", "13.5", nil),
            ("iOS13.5", "13.5", nil),
            ("iPadOS 17.4 (21E219)", "17.4", "21E219"), ("8.4 (12H143)", "8.4", "12H143"),
        ]
        for (raw, text, build) in cases {
            let version = try XCTUnwrap(OSVersion.parse(raw), raw)
            XCTAssertEqual(version.text, text, raw)
            XCTAssertEqual(version.build, build, raw)
            XCTAssertEqual(version.platform, "iOS", raw)
        }
    }

    func testNumbersAndBeta() throws {
        let version = try XCTUnwrap(OSVersion.parse("iPhone OS 14.2 (18B5061e)"))
        XCTAssertEqual([version.major, version.minor, version.patch], [14, 2, nil])
        XCTAssertTrue(version.isBeta)
        XCTAssertEqual(version.sortKey, 14_002_000)
        XCTAssertFalse(try XCTUnwrap(OSVersion.parse("8.1.3 (12B466)")).isBeta)
    }

    func testNotIOS() {
        XCTAssertNil(OSVersion.parse("Android 8.1.0,level 27"))
        XCTAssertNil(OSVersion.parse("unknown"))
        XCTAssertEqual(OSVersion.parse("Mac OS X 10.11.3 (15D21)")?.platform, "macOS")
    }

    func testRanges() throws {
        func contains(_ spec: String, _ version: String) throws -> Bool {
            try OSRange.parse(spec).contains(XCTUnwrap(OSVersion.parse(version)))
        }
        XCTAssertTrue(try contains("8.1", "8.1.3"))
        XCTAssertTrue(try contains("8.1", "8.1"))
        XCTAssertFalse(try contains("8.1", "8.2"))
        XCTAssertTrue(try contains("8", "8.4.1"))
        XCTAssertFalse(try contains("8.1.3", "8.1.2"))
        XCTAssertTrue(try contains("8.0..8.2", "8.2.1"))
        XCTAssertFalse(try contains("8.0..8.2", "8.3"))
        XCTAssertTrue(try contains(">=13", "13.0"))
        XCTAssertFalse(try contains(">=13", "12.4.1"))
        XCTAssertFalse(try contains(">13", "13.7"))
        XCTAssertTrue(try contains(">13", "14.0"))
        XCTAssertTrue(try contains("<8.3", "8.2.9"))
        XCTAssertFalse(try contains("<8.3", "8.3"))
        XCTAssertTrue(try contains("<=8.1", "8.1.3"))
        XCTAssertTrue(try contains("iOS 13", "13.1.2"))
    }

    func testBadRangesSayWhatIsAccepted() {
        for bad in ["8.x", "", "abc", "8..", "9..8", ">=", "1.2.3.4", "<0"] {
            XCTAssertThrowsError(try OSRange.parse(bad), bad) { error in
                XCTAssertTrue("\(error)".contains("expected a version"), "\(error)")
            }
        }
    }
}
