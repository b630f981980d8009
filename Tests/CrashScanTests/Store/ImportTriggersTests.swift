import XCTest

@testable import CrashScanImport
@testable import CrashScanIngest
@testable import CrashScanRules
@testable import CrashScanStore

/// An SQLite import turns the connection's triggers off for its transactions only when they are
/// all crashscan's own (`ImportTriggers`).
final class ImportTriggersTests: XCTestCase {
    /// A new database's triggers are exactly the ones an import knows, and a trigger someone
    /// added still sees every report.
    func testAnImportNeverSkipsATriggerItDoesNotOwn() throws {
        let folder = try TestPaths.temporaryFolder(self)
        let store = try Store(path: folder.appendingPathComponent("db.sqlite").path)
        let names = try store.db.query("SELECT name FROM sqlite_master WHERE type = 'trigger'").compactMap {
            try $0.string("name")
        }
        XCTAssertEqual(
            Set(names), ImportTriggers.own, "a new database's triggers are the ones an import knows")
        try store.db.execute(
            """
            CREATE TABLE audit (report_id INTEGER);
            CREATE TRIGGER audit_report AFTER INSERT ON report BEGIN INSERT INTO audit VALUES (new.id); END;
            """)
        let paths = try (0..<6).map { index in
            let url = folder.appendingPathComponent("c\(index).txt")
            try Data("NSRangeException\nindex \(index) beyond bounds\n".utf8).write(to: url)
            return url.path
        }
        let summary = try Importer(store: store, rules: RuleSet.builtIn(), batchSize: 4).run(
            InputWalker().expand(paths), arguments: "test", version: "test")
        XCTAssertEqual(summary.imported, 6)
        XCTAssertEqual(
            try store.db.query("SELECT count(*) AS n FROM audit").first?.int("n"), 6,
            "the added trigger ran for every report")
    }

    /// The triggers are back on once the import is done: a hand edit on the import's own
    /// connection marks the caches stale.
    func testTheTriggersAreBackOnAfterAnImport() throws {
        let folder = try TestPaths.temporaryFolder(self)
        let store = try Store(path: folder.appendingPathComponent("db.sqlite").path)
        let url = folder.appendingPathComponent("a.txt")
        try Data("NSRangeException\nindex 99 beyond bounds\n".utf8).write(to: url)
        _ = try Importer(store: store, rules: RuleSet.builtIn()).run(
            InputWalker().expand([url.path]), arguments: "test", version: "test")
        XCTAssertFalse(try store.checkCaches().stale)
        try store.db.run("DELETE FROM report WHERE source_path = ?", [.text(url.path)])
        XCTAssertTrue(try store.checkCaches().stale, "a hand delete after an import marks the caches stale")
    }
}
