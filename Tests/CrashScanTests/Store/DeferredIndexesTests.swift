import XCTest

@testable import CrashScanImport
@testable import CrashScanIngest
@testable import CrashScanRules
@testable import CrashScanStore

/// An import into a new database fills its tables without the indexes it does not read and
/// makes them when it ends (`Store.deferIndexes`): after it every index is there as a new
/// database has it; an import stopped before its end leaves caches that readers do not read,
/// that `check` names, and whose indexes the next command that writes makes (without rebuilding
/// the caches); a database with reports or files keeps its indexes.
final class DeferredIndexesTests: XCTestCase {
    /// Every index that may be deferred: the caches' and the raw tables'.
    private let deferrable = Set(
        Store.deferrableRawIndexes + Caches.all.flatMap { cache in cache.indexes.map(cache.indexName) })

    /// The deferrable indexes the database has, each with its SQL.
    private func indexes(_ store: Store) throws -> [String: String] {
        var found: [String: String] = [:]
        for row in try store.db.query("SELECT name, sql FROM sqlite_master WHERE type = 'index'") {
            guard let name = try row.string("name"), deferrable.contains(name) else { continue }
            found[name] = try row.string("sql")
        }
        return found
    }

    /// The deferrable indexes as a new database has them.
    private func newDatabaseIndexes() throws -> [String: String] {
        let fresh = try Store(
            path: try TestPaths.temporaryFolder(self).appendingPathComponent("new.sqlite").path)
        let found = try indexes(fresh)
        XCTAssertEqual(Set(found.keys), deferrable, "a new database has every one")
        return found
    }

    private func importSamples(into store: Store) throws {
        _ = try Importer(store: store, rules: RuleSet.builtIn()).run(
            try InputWalker().expand([TestPaths.sampleReports.path]), arguments: "test", version: "test")
    }

    func testAnImportIntoANewDatabaseEndsWithEveryIndex() throws {
        let store = try SampleStore.make(self)
        XCTAssertEqual(try indexes(store), try newDatabaseIndexes())
        XCTAssertNil(try store.meta(Store.deferredIndexesKey))
        try CacheAssertions.assertCachesMatchRows(store)
        XCTAssertTrue(try store.cachesReadable())
        try CacheAssertions.assertScansAgree(store)
    }

    /// The indexes a stored report is looked up by are deferred with the others; the first
    /// report met twice makes them before it is looked up (without them its lookup would read
    /// every report), and the copy is a duplicate as in any database.
    func testAReportMetTwiceMakesTheLookupIndexesBeforeItIsLookedUp() throws {
        let inputs = try TestPaths.temporaryFolder(self)
        for (name, sample) in [
            ("a.txt", "01-seed-bugly-console-ja.txt"), ("b.txt", "02-bugly-console-zh-textview.txt"),
            ("c.txt", "01-seed-bugly-console-ja.txt"),
        ] {
            try Data(contentsOf: TestPaths.sampleReports.appendingPathComponent(sample)).write(
                to: inputs.appendingPathComponent(name))
        }
        let store = try Store(
            path: try TestPaths.temporaryFolder(self).appendingPathComponent("db.sqlite").path)
        let importer = Importer(store: store, rules: try RuleSet.builtIn(), batchSize: 1)
        importer.progressInterval = 0
        var lookupIndexesAfterFile: [Int: Set<String>] = [:]
        let summary = try importer.run(
            try InputWalker().expand([inputs.path]), arguments: "test", version: "test",
            progress: { progress in
                let names = (try? self.indexes(store).keys).map(Set.init) ?? []
                // The first call after each file (the last call comes after the import's end).
                if lookupIndexesAfterFile[progress.filesDone] == nil {
                    lookupIndexesAfterFile[progress.filesDone] = names.intersection(Store.lookupIndexes)
                }
            })
        XCTAssertEqual(summary.imported, 2)
        XCTAssertEqual(summary.duplicates, 1)
        XCTAssertEqual(lookupIndexesAfterFile[1], [], "deferred while every report is new")
        XCTAssertEqual(lookupIndexesAfterFile[2], [])
        XCTAssertEqual(lookupIndexesAfterFile[3], Set(Store.lookupIndexes), "made for the copy's lookup")
        XCTAssertEqual(try indexes(store), try newDatabaseIndexes())
        try CacheAssertions.assertCachesMatchRows(store)
    }

    func testAnImportStoppedBeforeItsEndLeavesIndexesTheNextWriterMakes() throws {
        let expected = try newDatabaseIndexes()
        let path = try TestPaths.temporaryFolder(self).appendingPathComponent("db.sqlite").path
        var store = try Store(path: path)
        XCTAssertTrue(try store.deferIndexes(), "a new database")
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
        XCTAssertEqual(try indexes(store), expected, "a command that writes makes them")
        XCTAssertEqual(store.cacheOutcome, .current, "the caches' rows were whole: not rebuilt")
        XCTAssertNil(try store.meta(Store.deferredIndexesKey))
        try CacheAssertions.assertCachesMatchRows(store)
        try CacheAssertions.assertScansAgree(store)
    }

    func testADatabaseWithReportsOrFilesKeepsItsIndexes() throws {
        let expected = try newDatabaseIndexes()
        let store = try SampleStore.make(self)
        XCTAssertFalse(try store.deferIndexes())
        try importSamples(into: store)
        XCTAssertEqual(try indexes(store), expected)
        try CacheAssertions.assertCachesMatchRows(store)

        // Files recorded and no report (a folder of notes): the next import asks about each file.
        let folder = try TestPaths.temporaryFolder(self)
        try Data("shopping list\n".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        let notes = try Store(path: folder.appendingPathComponent("notes.sqlite").path)
        _ = try Importer(store: notes, rules: RuleSet.builtIn()).run(
            try InputWalker().expand([folder.appendingPathComponent("notes.txt").path]), arguments: "t",
            version: "t")
        XCTAssertEqual(try notes.db.query("SELECT count(*) AS n FROM report").first?.int("n"), 0)
        XCTAssertEqual(try notes.db.query("SELECT count(*) AS n FROM import_file").first?.int("n"), 1)
        XCTAssertFalse(try notes.deferIndexes())
        XCTAssertEqual(try indexes(notes), expected)
    }

    func testTheCheckCommandNamesCachesStillLoading() throws {
        guard CommandRunner.isBuilt else { throw XCTSkip("the crashscan binary is not built") }
        let expected = try newDatabaseIndexes()
        let path = try TestPaths.temporaryFolder(self).appendingPathComponent("db.sqlite").path
        let store = try Store(path: path)
        XCTAssertTrue(try store.deferIndexes())
        try importSamples(into: store)
        let runner = CommandRunner(folder: try TestPaths.temporaryFolder(self))
        // Read-only: nothing is made.
        var run = try runner.run(["check", "--db", path])
        XCTAssertEqual(run.status, 1, run.out + run.err)
        XCTAssertTrue(run.out.contains("stopped before it ended"), run.out)
        XCTAssertFalse(run.out.contains("differs from the rows"), run.out)
        run = try runner.run(["check", "--repair", "--db", path])
        XCTAssertEqual(run.status, 0, run.out + run.err)
        XCTAssertEqual(try indexes(try Store(path: path, access: .readOnly)), expected)
    }
}
