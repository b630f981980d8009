import XCTest

@testable import CrashScanImport
@testable import CrashScanIngest
@testable import CrashScanRules
@testable import CrashScanStore

/// Where an import keeps SQLite's journals (`Store.tuneForBulkTransaction`): in memory while it
/// writes the files, in files after them; never at the cost of the connection's temporary
/// objects, which a change of `temp_store` would drop.
final class JournalPlacementTests: XCTestCase {
    private func tempStore(_ store: Store) throws -> Int? {
        try store.db.query("PRAGMA temp_store").first?.int("temp_store")
    }

    func testJournalsAreInMemoryWhileTheFilesAreWrittenAndInFilesAfterwards() throws {
        let folder = try TestPaths.temporaryFolder(self)
        let store = try Store(path: folder.appendingPathComponent("db.sqlite").path)
        try store.tuneForBulkTransaction()
        XCTAssertEqual(try tempStore(store), 2, "MEMORY while the files are written")
        try store.endBulkWrites()
        XCTAssertEqual(try tempStore(store), 0, "back to the default for the steps after the files")
    }

    /// The page cache and the files a transaction holds follow the database's size: the old
    /// fixed values for a small one, more for a large one, never without bound. The log is
    /// copied into the database every 65,536 pages (256 MiB), whatever its size.
    func testThePageCacheAndTheTransactionsGrowWithTheDatabase() throws {
        let folder = try TestPaths.temporaryFolder(self)
        let store = try Store(path: folder.appendingPathComponent("db.sqlite").path)
        XCTAssertEqual(
            try store.tuneForBulkTransaction(), Store.BulkTransactionShape(scale: 1, savepointPerBatch: true))
        XCTAssertEqual(try store.db.query("PRAGMA cache_size").first?.int("cache_size"), -32_768)
        XCTAssertEqual(
            try store.db.query("PRAGMA wal_autocheckpoint").first?.int("wal_autocheckpoint"), 65_536)
        let megabyte = 1 << 20
        XCTAssertEqual(Store.bulkCacheKiB(databaseBytes: 116 * megabyte), 32_768)
        XCTAssertEqual(Store.bulkCacheKiB(databaseBytes: 400 * megabyte), 102_400)
        XCTAssertEqual(Store.bulkCacheKiB(databaseBytes: 4_000 * megabyte), 262_144)
        XCTAssertEqual(Store.bulkTransactionScale(databaseBytes: 116 * megabyte), 1)
        XCTAssertEqual(Store.bulkTransactionScale(databaseBytes: 400 * megabyte), 2)
        XCTAssertEqual(Store.bulkTransactionScale(databaseBytes: 600 * megabyte), 3)
        XCTAssertEqual(Store.bulkTransactionScale(databaseBytes: 1_000 * megabyte), 4)
        XCTAssertEqual(Store.bulkTransactionScale(databaseBytes: 4_000 * megabyte), 4)
        XCTAssertTrue(Store.savepointPerBatch(databaseBytes: 116 * megabyte))
        XCTAssertFalse(
            Store.savepointPerBatch(databaseBytes: 400 * megabyte), "a savepoint a file past 256 MiB")
    }

    /// When an import returns, the database file holds its reports without the write-ahead log:
    /// the log was copied into it on another connection while the import ended
    /// (`BackgroundCheckpoint`), although the import's own commits never reached the checkpoint
    /// interval. A copy of the file alone, taken while the connection is open, reads them.
    func testTheLogIsCopiedIntoTheDatabaseFileWhileTheImportEnds() throws {
        let folder = try TestPaths.temporaryFolder(self)
        let path = folder.appendingPathComponent("db.sqlite").path
        let store = try Store(path: path)
        let summary = try Importer(store: store, rules: RuleSet.builtIn()).run(
            try InputWalker().expand([TestPaths.sampleReports.path]), arguments: "test", version: "test")
        XCTAssertGreaterThan(summary.imported, 10)
        XCTAssertTrue(FileManager.default.fileExists(atPath: path + "-wal"), "the connection is still open")
        let copy = folder.appendingPathComponent("copy.sqlite").path
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        let copied = try Store(path: copy, access: .readOnly)
        XCTAssertEqual(
            try copied.db.query("SELECT count(*) AS n FROM report").first?.int("n"), summary.imported)
    }

    func testAConnectionWithTemporaryObjectsKeepsThem() throws {
        let folder = try TestPaths.temporaryFolder(self)
        let store = try Store(path: folder.appendingPathComponent("db.sqlite").path)
        try store.db.execute("CREATE TEMP TABLE mine (x)")
        try store.tuneForBulkTransaction()
        try store.endBulkWrites()
        XCTAssertEqual(try tempStore(store), 0)
        XCTAssertEqual(
            try store.db.query("SELECT count(*) AS n FROM temp.sqlite_master WHERE name = 'mine'").first?.int(
                "n"),
            1)
    }
}
