import CrashScanImport
import CrashScanIngest
import CrashScanRules
import XCTest

@testable import CrashScanStore

/// The indexes an import into a new database leaves out while it writes (`Store.deferIndexes…`,
/// migration 17): every one is there again after the import, whether it succeeded, failed, or
/// was killed before it could build them (the next import does).
final class DeferredIndexTests: XCTestCase {
    /// The database's indexes, as their definitions.
    private func indexes(_ store: Store) throws -> [String] {
        try store.db.query(
            "SELECT sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name"
        )
        .compactMap { try $0.string("sql") }
    }

    private func deferred(_ store: Store) throws -> Int {
        try store.db.query("SELECT count(*) AS n FROM deferred_index").first?.int("n") ?? -1
    }

    private func importSamples(_ store: Store, filesPerTransaction: Int = 4096) throws -> ImportSummary {
        try Importer(
            store: store, rules: try RuleSet.builtIn(), batchSize: 2, filesPerTransaction: filesPerTransaction
        ).run(InputWalker().expand([TestPaths.sampleReports.path]), arguments: "t", version: "t")
    }

    func testAnImportIntoANewDatabaseBuildsTheIndexesItLeftOut() throws {
        let folder = try TestPaths.temporaryFolder(self)
        let store = try Store(path: folder.appendingPathComponent("new.sqlite").path)
        let schema = try indexes(store)
        XCTAssertTrue(schema.contains { $0.contains("report_group_seen") })
        XCTAssertTrue(try store.deferIndexesForImport(), "an empty database defers")
        XCTAssertEqual(try deferred(store), Store.deferrableIndexes.count)
        XCTAssertEqual(try indexes(store).count, schema.count - Store.deferrableIndexes.count)
        try store.restoreDeferredIndexes()
        XCTAssertEqual(try indexes(store), schema)
        XCTAssertEqual(try deferred(store), 0)

        let summary = try importSamples(store)
        XCTAssertGreaterThan(summary.imported, 0)
        XCTAssertEqual(try indexes(store), schema, "every index is there after the import")
        XCTAssertEqual(try deferred(store), 0)
        // The queries `report` runs find them.
        let plan = try store.db.query(
            "EXPLAIN QUERY PLAN SELECT count(*) FROM report WHERE os_key BETWEEN 1 AND 2"
        )
        .compactMap { try $0.string("detail") }
        XCTAssertTrue(plan.contains { $0.contains("report_os") }, "\(plan)")
    }

    func testAFailedImportBuildsThemToo() throws {
        let folder = try TestPaths.temporaryFolder(self)
        let store = try Store(path: folder.appendingPathComponent("failing.sqlite").path)
        let schema = try indexes(store)
        try store.db.execute(
            """
            CREATE TEMP TRIGGER boom BEFORE INSERT ON report WHEN NEW.source_path LIKE '%/07-%'
            BEGIN SELECT RAISE(ABORT, 'disk on fire'); END
            """)
        XCTAssertThrowsError(try importSamples(store, filesPerTransaction: 3)) { error in
            XCTAssertTrue("\(error)".contains("disk on fire"), "\(error)")
        }
        XCTAssertEqual(try indexes(store), schema)
        XCTAssertEqual(try deferred(store), 0)
    }

    /// A killed importer leaves its indexes out; the next import builds them, but never those of
    /// an importer that is still running (it builds its own when it ends).
    func testTheNextImportBuildsTheIndexesOfAKilledImporter() throws {
        let folder = try TestPaths.temporaryFolder(self)
        let path = folder.appendingPathComponent("killed.sqlite").path
        let store = try Store(path: path)
        let schema = try indexes(store)
        XCTAssertTrue(try store.deferIndexesForImport())
        // As a running importer (this test's parent process) left them.
        try store.db.run("UPDATE deferred_index SET importer = ?", [.int(Int(getppid()))])
        try store.restoreAbandonedIndexes()
        XCTAssertEqual(try deferred(store), Store.deferrableIndexes.count, "a running importer's are left")
        // As a killed one left them: a process id no process has (above Linux's largest).
        try store.db.run("UPDATE deferred_index SET importer = ?", [.int(Int(Int32.max))])
        _ = try importSamples(try Store(path: path))
        XCTAssertEqual(try indexes(store), schema)
        XCTAssertEqual(try deferred(store), 0)
    }

    func testADatabaseWithReportsKeepsItsIndexes() throws {
        let store = try SampleStore.make(self)
        try store.db.execute(
            """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(Store.indexDeferralMaximumReports))
            INSERT INTO report (source_path, source_format, imported_at, content_hash, group_id)
            SELECT 'extra/' || i, 'bugly-console', '2024-01-01T00:00:00Z', 'extra-' || i,
                   (SELECT min(id) FROM crash_group) FROM n
            """)
        XCTAssertFalse(try store.deferIndexesForImport())
        XCTAssertEqual(try deferred(store), 0)
    }
}
