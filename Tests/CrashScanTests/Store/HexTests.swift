import XCTest

@testable import CrashScanDatabase
@testable import CrashScanModel
@testable import CrashScanStore

/// A digest's digits and its bytes, both ways, as the store converts them on SQLite.
final class HexTests: XCTestCase {
    func testDigitsAndBytesRoundTrip() {
        let digest = SHA256.hex("_placeholderLabel")
        let bytes = Hex.bytes(digest)
        XCTAssertEqual(bytes?.count, 32)
        XCTAssertEqual(bytes.map(Hex.string), digest)
        XCTAssertEqual(Hex.bytes("00ff7A"), [0x00, 0xFF, 0x7A], "either case")
        XCTAssertEqual(Hex.string([0x00, 0xFF, 0x7A]), "00ff7a", "lower case")
        XCTAssertEqual(Hex.bytes(""), [])
    }

    func testAnythingElseIsNotDigits() {
        for text in ["0", "0g", "hand-made", "00 ff", "ff\u{0}0", "é0"] {
            XCTAssertNil(Hex.bytes(text), text)
        }
    }

    /// SQLite stores a digest as its bytes and reads it back as its digits; a value that is not
    /// digits (a row written by hand) is kept as text, and PostgreSQL keeps the digits.
    func testTheDialectsBindAndReadDigests() throws {
        let digest = SHA256.hex("report")
        XCTAssertEqual(SQLDialect.sqlite.digest(digest), .blob(Hex.bytes(digest) ?? []))
        XCTAssertEqual(SQLDialect.sqlite.digest("hand-made"), .text("hand-made"))
        XCTAssertEqual(SQLDialect.postgresql.digest(digest), .text(digest))
        XCTAssertEqual(SQLDialect.sqlite.digest(nil as String?), .null)
        let db = try Database(path: ":memory:")
        let row = try XCTUnwrap(
            try db.query(
                "SELECT ? AS bytes, ? AS text, crashscan_unhex(?) AS converted, crashscan_unhex('x1') AS kept",
                [SQLDialect.sqlite.digest(digest), .text(digest), .text(digest.uppercased())]
            ).first)
        XCTAssertEqual(try row.digest("bytes"), digest)
        XCTAssertEqual(try row.digest("text"), digest)
        XCTAssertEqual(try row.digest("converted"), digest, "the migration's conversion")
        XCTAssertEqual(try row.digest("kept"), "x1")
    }
}
