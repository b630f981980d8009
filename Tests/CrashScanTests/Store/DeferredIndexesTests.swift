import XCTest

@testable import CrashScanImport
@testable import CrashScanIngest
@testable import CrashScanRules
@testable import CrashScanStore

/// An import into a database that holds no report fills the caches without their indexes and
/// makes them when it ends (`CacheUpkeep.deferIndexes`): after it every index is there; an
/// import stopped before its end leaves caches that readers do not read, that `check` names,
/// and that the next command that writes makes again; a database with reports keeps its indexes.
final class DeferredIndexesTests: XCTestCase {
    /// Every index the caches declare.
    private let declared = Set(Caches.all.flatMap { cache in cache.indexes.map(cache.indexName) })

    /// The declared indexes the database has, each with its SQL.
    private func indexes(_ store: Store) throws -> [String: String] {
        var found: [String: String] = [:]
        for row in try store.db.query("SELECT name, sql FROM sqlite_master WHERE type = 'index'") {
            guard let name = try row.string("name"), declared.contains(name) else { continue }
            found[name] = try row.string("sql")
        }
        return found
    }

    /// The indexes as a new database's caches are made (`createSQL`).
    private var declaredSQL: [String: String] {
        var sql: [String: String] = [:]
        for cache in Caches.all {
            for (index, statement) in zip(cache.indexes, cache.indexSQL(.sqlite)) {
                sql[cache.indexName(index)] = statement
            }
        }
        return sql
    }

    private func importSamples(into store: Store) throws {
        _ = try Importer(store: store, rules: RuleSet.builtIn()).run(
            try InputWalker().expand([TestPaths.sampleReports.path]), arguments: "test", version: "test")
    }

    func testAnImportIntoANewDatabaseEndsWithEveryIndex() throws {
        XCTAssertGreaterThan(declared.count, 5)
        let store = try SampleStore.make(self)
        XCTAssertEqual(try indexes(store), declaredSQL)
        try CacheAssertions.assertCachesMatchRows(store)
        XCTAssertTrue(try store.cachesReadable())
        try CacheAssertions.assertScansAgree(store)
    }

    func testAnImportStoppedBeforeItsEndLeavesCachesTheNextWriterMakesAgain() throws {
        let path = try TestPaths.temporaryFolder(self).appendingPathComponent("db.sqlite").path
        var store = try Store(path: path)
        XCTAssertTrue(try store.deferCacheIndexes(), "a new database")
        XCTAssertEqual(try indexes(store), [:])
        // The files of an import killed before its end: written with their caches (this importer
        // finds the indexes deferred already, and leaves them so).
        try importSamples(into: store)
        XCTAssertEqual(try indexes(store), [:], "the import that deferred them never ended")
        let check = try store.checkCaches()
        XCTAssertTrue(check.loading)
        XCTAssertFalse(check.outdated)
        XCTAssertFalse(check.isClean)
        XCTAssertEqual(check.caches.count, Caches.all.count, "the rows are compared all the same")
        XCTAssertEqual(check.differences.map(\.cache), [])
        // `report` reads the rows meanwhile: nothing asks for an index that is not there.
        XCTAssertFalse(try store.cachesReadable())
        try CacheAssertions.assertScansAgree(store)

        store = try Store(path: path)
        XCTAssertEqual(try indexes(store), declaredSQL, "a command that writes makes them again")
        try CacheAssertions.assertCachesMatchRows(store)
        try CacheAssertions.assertScansAgree(store)
    }

    func testADatabaseWithReportsKeepsItsIndexes() throws {
        let store = try SampleStore.make(self)
        XCTAssertFalse(try store.deferCacheIndexes())
        XCTAssertEqual(try indexes(store), declaredSQL)
        try importSamples(into: store)
        XCTAssertEqual(try indexes(store), declaredSQL)
        try CacheAssertions.assertCachesMatchRows(store)
    }

    func testTheCheckCommandNamesCachesStillLoading() throws {
        guard CommandRunner.isBuilt else { throw XCTSkip("the crashscan binary is not built") }
        let path = try TestPaths.temporaryFolder(self).appendingPathComponent("db.sqlite").path
        let store = try Store(path: path)
        XCTAssertTrue(try store.deferCacheIndexes())
        try importSamples(into: store)
        let runner = CommandRunner(folder: try TestPaths.temporaryFolder(self))
        var run = try runner.run(["check", "--db", path])
        XCTAssertEqual(run.status, 1, run.out + run.err)
        XCTAssertTrue(run.out.contains("stopped before it ended"), run.out)
        XCTAssertFalse(run.out.contains("differs from the rows"), run.out)
        run = try runner.run(["check", "--repair", "--db", path])
        XCTAssertEqual(run.status, 0, run.out + run.err)
        XCTAssertEqual(try indexes(try Store(path: path, access: .readOnly)), declaredSQL)
    }
}
