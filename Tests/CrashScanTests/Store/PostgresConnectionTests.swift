import XCTest

@testable import CrashScanDatabase
@testable import CrashScanStore

/// The libpq connection the team database is built on (issue: PostgreSQL as the second store),
/// against a real server: `CRASHSCAN_TEST_POSTGRES` names it (`scripts/postgres-test-server.sh
/// start` makes one; `.ci/run` does). Without it the tests skip with that message.
final class PostgresConnectionTests: XCTestCase {
    private func connect() throws -> PostgresConnection {
        try PostgresConnection(url: try TestPostgres.serverURL())
    }

    func testValuesAreBoundAndReadBackByColumnName() throws {
        let db = try connect()
        XCTAssertGreaterThanOrEqual(db.serverVersion, 150_000)
        try db.execute(
            """
            CREATE TEMPORARY TABLE t (id bigint, name text, score double precision, ok boolean, data bytea,
                                      note text)
            """)
        let hostile = "'); DROP TABLE t; -- 设备ID \"x\" \\ %_"
        let bytes: [UInt8] = [0, 255, 10, 92, 120]
        _ = try db.query(
            "INSERT INTO t VALUES ($1, $2, $3, $4, $5, $6)",
            [.integer(Int64.max), .text(hostile), .real(2.5), .integer(1), .blob(bytes), .null])
        let row = try XCTUnwrap(try db.query("SELECT * FROM t WHERE name = $1", [.text(hostile)]).first)
        XCTAssertEqual(try row.value("id"), .integer(Int64.max))
        XCTAssertEqual(try row.string("name"), hostile, "the text arrives as it was sent")
        XCTAssertEqual(try row.value("score"), .real(2.5))
        XCTAssertEqual(try row.int("ok"), 1, "booleans read as 0/1, as SQLite stores them")
        XCTAssertEqual(try row.bytes("data"), bytes)
        XCTAssertEqual(try row.value("note"), .null)
        XCTAssertEqual(try db.query("SELECT count(*) AS n FROM t").first?.int("n"), 1, "nothing else ran")
    }

    func testErrorsCarryTheirSQLStateAndStatement() throws {
        let db = try connect()
        XCTAssertThrowsError(try db.query("SELECT * FROM no_such_table WHERE id = $1", [.integer(1)])) {
            error in
            let failure = error as? DatabaseError
            XCTAssertEqual(failure?.sqlState, "42P01")
            XCTAssertEqual(failure?.sql, "SELECT * FROM no_such_table WHERE id = $1")
            XCTAssertTrue(failure?.message.contains("no_such_table") == true, "\(error)")
        }
        XCTAssertThrowsError(try db.query("SELECT $1::text", [.text("a\u{0}b")])) { error in
            XCTAssertTrue("\(error)".contains("NUL"), "\(error)")
        }
        // The connection is still usable after an error.
        XCTAssertEqual(try db.query("SELECT 41 + 1 AS n").first?.int("n"), 42)
    }

    func testAnUnreachableServerIsNamedWithoutItsPassword() throws {
        _ = try connect()
        XCTAssertThrowsError(
            try PostgresConnection(
                url: "postgresql://someone:secret-word@/db?host=/nonexistent-folder&port=1&connect_timeout=2")
        ) { error in
            let text = "\(error)"
            XCTAssertTrue(text.hasPrefix("cannot connect to PostgreSQL: "), text)
            XCTAssertTrue(text.contains("/nonexistent-folder"), text)
            XCTAssertFalse(text.contains("secret-word"), text)
        }
    }
}
