import XCTest

@testable import CrashScanArchive
@testable import CrashScanCLI
@testable import CrashScanCatalogs
@testable import CrashScanClassification
@testable import CrashScanDatabase
@testable import CrashScanImport
@testable import CrashScanIngest
@testable import CrashScanModel
@testable import CrashScanReport
@testable import CrashScanRules
@testable import CrashScanStore
@testable import CrashScanSymbolication

/// The statement layer the importer writes through.
final class StatementTests: XCTestCase {
    func makeDatabase() throws -> Database {
        let db = try Database(path: ":memory:")
        try db.execute(
            """
            CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
            CREATE TABLE log (id INTEGER PRIMARY KEY, note TEXT);
            CREATE TRIGGER item_log AFTER INSERT ON item BEGIN
                INSERT INTO log (note) VALUES ('a'), ('b'), ('c');
            END;
            """)
        return db
    }

    func testInsertGivesTheNewRowOrNilWhenNothingWasInserted() throws {
        let db = try makeDatabase()
        let insert = try db.prepare("INSERT INTO item (name) VALUES (?) ON CONFLICT (name) DO NOTHING")
        XCTAssertEqual(try insert.insert([.text("first")]), 1)
        // The trigger's three rows neither count as the insert nor change the id it reports.
        XCTAssertEqual(try insert.insert([.text("second")]), 2)
        XCTAssertNil(try insert.insert([.text("first")]), "a conflict inserts nothing")
        XCTAssertEqual(try insert.insert([.text("third")]), 3)
        XCTAssertEqual(try db.query("SELECT count(*) AS n FROM log").first?.int("n"), 9)
        XCTAssertThrowsError(try db.prepare("INSERT INTO item (name) VALUES (?)").insert([.null]))
    }

    func testTextRoundTripsWhateverItHolds() throws {
        let db = try makeDatabase()
        let insert = try db.prepare("INSERT INTO item (name) VALUES (?)")
        let bridged = NSString(string: "bridged from Foundation, not native").description
        let texts = ["", "a", "短い", "é😀 mixed", String(repeating: "long ", count: 200), bridged]
        for text in texts { _ = try insert.insert([.text(text)]) }
        let stored = try db.query("SELECT name FROM item ORDER BY id").map { try $0.string("name") }
        XCTAssertEqual(stored, texts)
        // Rebinding a statement replaces every value (no stale binding from the previous row).
        let pair = try db.prepare("SELECT ? AS a, ? AS b")
        try pair.bind([.text("x"), .text("y")])
        try pair.bind([.text("z"), .null])
        let row = try XCTUnwrap(try pair.step())
        XCTAssertEqual(try row.string("a"), "z")
        XCTAssertNil(try row.string("b"))
    }

    /// BLOBs keep every byte (NUL and invalid UTF-8 included, and the empty BLOB stays a BLOB,
    /// not NULL); a column a row does not have, or a BLOB read from a number, is an error.
    func testBlobsRoundTripAndUnknownColumnsAreErrors() throws {
        let db = try Database(path: ":memory:")
        try db.execute("CREATE TABLE blob (id INTEGER PRIMARY KEY, data BLOB)")
        let values: [[UInt8]] = [[], [0], [0xFF, 0x00, 0xFE, 0x41], Array(repeating: 7, count: 100_000)]
        for value in values { try db.run("INSERT INTO blob (data) VALUES (?)", [.blob(value)]) }
        let rows = try db.query("SELECT data, typeof(data) AS type, id FROM blob ORDER BY id")
        XCTAssertEqual(try rows.map { try $0.bytes("data") }, values)
        XCTAssertEqual(try rows.map { try $0.string("type") }, Array(repeating: "blob", count: values.count))
        XCTAssertEqual(
            try db.query("SELECT count(*) AS n FROM blob WHERE data = ?", [.blob([0xFF, 0x00, 0xFE, 0x41])])
                .first?.int("n"), 1)
        XCTAssertThrowsError(try rows[0].string("dta")) { error in
            let failure = error as? DatabaseError
            XCTAssertEqual(failure?.kind, .misuse)
            XCTAssertTrue(
                failure?.message.contains("no column 'dta'") == true, "\(String(describing: failure))")
        }
        XCTAssertThrowsError(try rows[0].bytes("id")) { error in
            let failure = error as? DatabaseError
            XCTAssertEqual(failure?.kind, .misuse)
            XCTAssertTrue(
                failure?.message.contains("holds a number") == true, "\(String(describing: failure))")
        }
    }

    func testSavepointKeepsOrDropsItsWritesWithPreparedControlStatements() throws {
        let db = try makeDatabase()
        let insert = try db.prepare("INSERT INTO item (name) VALUES (?)")
        try db.transaction {
            for round in 0..<3 {
                try db.savepoint("file") { _ = try insert.insert([.text("kept \(round)")]) }
                XCTAssertThrowsError(
                    try db.savepoint("file") {
                        _ = try insert.insert([.text("dropped \(round)")])
                        _ = try insert.insert([.text("kept 0")])  // UNIQUE: the savepoint rolls back
                    })
            }
        }
        let names = try db.query("SELECT name FROM item ORDER BY id").compactMap { try $0.string("name") }
        XCTAssertEqual(names, ["kept 0", "kept 1", "kept 2"])
    }

    /// A report's queries share one snapshot: a write committed by another connection while the
    /// snapshot is open is not seen until it ends.
    func testReadSnapshotSeesOneStateOfTheDatabase() throws {
        let path = try TestPaths.temporaryFolder(self).appendingPathComponent("s.sqlite").path
        let reader = try Database(path: path)
        try reader.prepareForWriting()
        try reader.execute("CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1);")
        let writer = try Database(path: path)
        let counts = try reader.readSnapshot { () -> [Int] in
            XCTAssertTrue(reader.inTransaction)
            let before = try reader.query("SELECT count(*) AS n FROM t").first?.int("n") ?? -1
            try writer.execute("INSERT INTO t VALUES (2)")
            let after = try reader.query("SELECT count(*) AS n FROM t").first?.int("n") ?? -1
            return [before, after]
        }
        XCTAssertEqual(counts, [1, 1], "the second query reads the same snapshot as the first")
        XCTAssertFalse(reader.inTransaction)
        XCTAssertEqual(try reader.query("SELECT count(*) AS n FROM t").first?.int("n"), 2)
    }
}
