import XCTest

@testable import CrashScanCLI
@testable import CrashScanCatalogs
@testable import CrashScanDatabase
@testable import CrashScanImport
@testable import CrashScanIngest
@testable import CrashScanModel
@testable import CrashScanReport
@testable import CrashScanRules
@testable import CrashScanStore

/// The caches (`Caches.all`): what their definitions compute from the rows after imports in one
/// transaction or several, the same answers as the rows for every filter, stale (and never read)
/// after a hand edit until a command that writes rebuilds them, and `crashscan check`.
final class CacheTests: XCTestCase {
    func testCachesAnswerAsTheRowsOnTheSamples() throws {
        try checkAfterEdits(try SampleStore.make(self))
    }

    func testCachesAnswerAsTheRowsOnPostgreSQL() throws {
        try checkAfterEdits(try SampleStore.make(self, postgres: true))
    }

    /// The caches after the import, then hand edits (a cell's first failure deleted, its last
    /// moved to another group, a failure's classification removed, times and ids changed, ids
    /// spelled in canonically equivalent ways): stale, the report reads the rows, and opening the
    /// database to write rebuilds them.
    private func checkAfterEdits(_ store: Store) throws {
        let db = store.db
        try CacheAssertions.assertCachesMatchRows(store)
        try CacheAssertions.assertScansAgree(store)

        // An edit of a column no cache reads leaves them current.
        try db.run("UPDATE report SET signal = 'SIGABRT' WHERE id = (SELECT min(report_id) FROM kvc_failure)")
        try CacheAssertions.assertCachesMatchRows(store)

        let failing = try db.query("SELECT report_id AS id FROM kvc_failure ORDER BY report_id").compactMap {
            try $0.int("id")
        }
        XCTAssertGreaterThan(failing.count, 8)
        try db.run("DELETE FROM report WHERE id = ?", [.int(failing[0])])
        try db.run(
            "UPDATE report SET group_id = (SELECT min(id) FROM crash_group WHERE id <> report.group_id) WHERE id = ?",
            [.int(failing[1])])
        try db.run("DELETE FROM kvc_failure WHERE report_id = ?", [.int(failing[2])])
        try db.run(
            "UPDATE report SET occurred_at = ?, device_id = ? WHERE id = ?",
            [.text("2001-02-03T04:05:06Z"), .text("edited-device"), .int(failing[3])])
        try db.run(
            "UPDATE report SET occurred_at = NULL, uploaded_at = NULL WHERE id = ?", [.int(failing[4])])
        for (index, id) in ["caf\u{E9}", "cafe\u{301}", "K", "\u{212A}"].enumerated() {
            try db.run(
                "UPDATE report SET device_id = ?, user_id = ? WHERE id = ?",
                [.text(id), .text(id), .int(failing[index + 5])])
        }
        // As in the sqlite3 shell, which opens a database with foreign keys off: a report deleted
        // there takes its failure with it. And a report given another id keeps its failure (and,
        // in PostgreSQL, its content hash's claim).
        if db.dialect == .sqlite {
            try db.execute("PRAGMA foreign_keys = OFF")
            try db.run("DELETE FROM report WHERE id = ?", [.int(failing[9])])
            try db.execute("PRAGMA foreign_keys = ON")
        }
        try db.run("UPDATE report SET id = id + 100000 WHERE id = ?", [.int(failing[10])])
        XCTAssertEqual(
            try db.query(
                "SELECT count(*) AS n FROM kvc_failure f WHERE NOT EXISTS (SELECT 1 FROM report r WHERE r.id = f.report_id)"
            ).first?.int("n"), 0, "no failure without its report")
        XCTAssertEqual(
            try db.query(
                "SELECT count(*) AS n FROM kvc_failure WHERE report_id = ?", [.int(failing[10] + 100_000)]
            )
            .first?.int("n"), 1)
        if db.dialect == .postgresql {
            XCTAssertEqual(
                try db.query(
                    "SELECT count(*) AS n FROM report_hash h WHERE NOT EXISTS (SELECT 1 FROM report r WHERE r.id = h.report_id)"
                ).first?.int("n"), 0, "no claim without its report")
        }
        let check = try store.checkCaches()
        XCTAssertTrue(check.stale, "a hand edit marks the caches stale")
        XCTAssertFalse(check.differences.isEmpty, "and check names what differs")
        XCTAssertFalse(try store.cachesReadable())
        try CacheAssertions.assertScansAgree(store)

        // Opening to write (any command that writes) rebuilds them.
        let reopened = try Store(path: store.location)
        XCTAssertEqual(reopened.cacheOutcome, .rebuilt)
        try CacheAssertions.assertCachesMatchRows(reopened)
        try CacheAssertions.assertScansAgree(reopened)
        // And later imports store what is new beside the edited rows (no id given twice).
        let again = try Importer(store: reopened, rules: RuleSet.builtIn(), reparse: true).run(
            try InputWalker().expand([TestPaths.sampleReports.path]), arguments: "test", version: "test")
        XCTAssertEqual(
            again.imported, db.dialect == .sqlite ? 2 : 1, "the reports deleted by hand, stored again")
        try CacheAssertions.assertCachesMatchRows(reopened)
    }

    /// The example: an OS version edited by hand (the documented columns) is what
    /// `report --os` finds, as the `reports` view shows it.
    func testAnOSVersionEditedByHandIsWhatTheReportFilters() throws {
        for postgres in [false, true] {
            let store = try SampleStore.make(self, postgres: postgres)
            try store.db.run(
                "UPDATE report SET os_version = '9.9', os_major = 9, os_minor = 9 WHERE id = (SELECT min(report_id) FROM kvc_failure)"
            )
            var selection = ReportSelection()
            selection.osRanges = [try OSRange.parse("9.9")]
            XCTAssertEqual(try store.scanFailures(selection, forPage: false).cells.map(\.count), [1])
            XCTAssertEqual(try store.reportCount(selection), 1)
            XCTAssertEqual(
                try store.db.query("SELECT count(*) AS n FROM reports WHERE os_version = '9.9'").first?.int(
                    "n"), 1)
        }
    }

    /// A cache edited by hand (not the rows) is not marked stale: `check` finds the difference,
    /// and `--repair` makes it what the rows say.
    func testCheckFindsACacheThatDiffersAndRepairsIt() throws {
        for postgres in [false, true] {
            let store = try SampleStore.make(self, postgres: postgres)
            try store.db.run(
                "UPDATE failure_cell SET failures = failures + 1 WHERE number = (SELECT min(number) FROM failure_cell)"
            )
            try store.db.run(
                "DELETE FROM group_tally WHERE group_id = (SELECT min(group_id) FROM group_tally)")
            let check = try store.checkCaches()
            XCTAssertFalse(check.stale)
            XCTAssertEqual(Set(check.differences.map(\.cache)), ["failure_cell", "group_tally"])
            let cell = try XCTUnwrap(check.differences.first { $0.cache == "failure_cell" })
            XCTAssertEqual([cell.onlyKept, cell.onlyComputed], [1, 1])
            XCTAssertTrue(
                cell.samples.contains { $0.hasPrefix("kept, not in the rows: ") }, "\(cell.samples)")
            try store.repairCaches()
            try CacheAssertions.assertCachesMatchRows(store)
        }
    }

    /// `crashscan check` prints the differences and exits 1; `--repair` rebuilds and exits 0.
    func testTheCheckCommand() throws {
        guard CommandRunner.isBuilt else { throw XCTSkip("the crashscan binary is not built") }
        let store = try SampleStore.make(self)
        let path = store.location
        let runner = CommandRunner(folder: try TestPaths.temporaryFolder(self))
        var run = try runner.run(["check", "--db", path])
        XCTAssertEqual(run.status, 0, run.out + run.err)
        XCTAssertTrue(run.out.contains("\(Caches.all.count) derived tables match the rows"), run.out)
        try store.db.run(
            "UPDATE report SET app_version = '9.9.9' WHERE id = (SELECT min(report_id) FROM kvc_failure)")
        run = try runner.run(["check", "--db", path])
        XCTAssertEqual(run.status, 1, run.out + run.err)
        XCTAssertTrue(run.out.contains("marked stale"), run.out)
        XCTAssertTrue(run.out.contains("failure_cell differs from the rows"), run.out)
        XCTAssertTrue(run.out.contains("app_version=9.9.9"), run.out)
        run = try runner.run(["check", "--repair", "--db", path])
        XCTAssertEqual(run.status, 0, run.out + run.err)
        XCTAssertTrue(run.out.contains("rebuilt from the rows; they match"), run.out)
        run = try runner.run(["check", "--db", path])
        XCTAssertEqual(run.status, 0, run.out + run.err)
        // A derived table edited by hand is not stale (no trigger watches it): opening the
        // database rebuilds nothing, so --repair does.
        try store.db.run(
            "UPDATE failure_cell SET failures = failures + 1 WHERE number = (SELECT min(number) FROM failure_cell)"
        )
        run = try runner.run(["check", "--db", path])
        XCTAssertEqual(run.status, 1, run.out + run.err)
        XCTAssertFalse(run.out.contains("marked stale"), run.out)
        XCTAssertTrue(run.out.contains("failure_cell differs from the rows"), run.out)
        run = try runner.run(["check", "--repair", "--db", path])
        XCTAssertEqual(run.status, 0, run.out + run.err)
        run = try runner.run(["check", "--db", path])
        XCTAssertEqual(run.status, 0, run.out + run.err)
    }

    /// `report` and `explain` say when they count the reports themselves (the derived tables
    /// made by another crashscan, or stale after a hand edit), print the same all the same, and
    /// say nothing once `check --repair` has made them again.
    func testReportSaysWhenItCountsTheReportsThemselves() throws {
        guard CommandRunner.isBuilt else { throw XCTSkip("the crashscan binary is not built") }
        let store = try SampleStore.make(self)
        let path = store.location
        let runner = CommandRunner(folder: try TestPaths.temporaryFolder(self))
        let group = try XCTUnwrap(
            store.db.query("SELECT fingerprint FROM crash_group ORDER BY id LIMIT 1").first?.string(
                "fingerprint"))
        let explain = ["explain", String(group.prefix(8)), "--db", path]
        let current = try runner.run(["report", "--db", path])
        let explained = try runner.run(explain)
        XCTAssertEqual(current.status, 0, current.err)
        XCTAssertEqual(explained.status, 0, explained.err)
        XCTAssertFalse((current.err + explained.err).contains("derived tables"), current.err + explained.err)
        let edits = [
            ("UPDATE cache_state SET digest = 'another crashscan'", "made by another version of crashscan"),
            (
                "UPDATE report SET os_version = os_version WHERE id = (SELECT min(id) FROM report)",
                "changed outside crashscan"
            ),
        ]
        for (edit, reason) in edits {
            try store.db.run(edit)
            var run = try runner.run(["report", "--db", path])
            XCTAssertEqual(run.status, 0, run.err)
            XCTAssertEqual(run.out, current.out, "the report counted from the reports themselves")
            XCTAssertTrue(run.err.contains(reason), run.err)
            XCTAssertTrue(run.err.contains("'crashscan check --repair --db \(path)'"), run.err)
            run = try runner.run(explain)
            XCTAssertEqual(run.out, explained.out, "the group explained from the reports themselves")
            XCTAssertTrue(run.err.contains(reason), run.err)
            run = try runner.run(["check", "--repair", "--db", path])
            XCTAssertEqual(run.status, 0, run.out + run.err)
            run = try runner.run(["report", "--db", path])
            XCTAssertEqual(run.out, current.out)
            XCTAssertFalse(run.err.contains("derived tables"), run.err)
        }
    }

    /// An import that commits between its batches (every 3 files here, 4,096 by default) keeps
    /// the same caches as one transaction, and a failure after such a commit keeps the files
    /// committed before it with their caches.
    func testCommitsBetweenBatchesKeepTheCaches() throws {
        let folder = try TestPaths.temporaryFolder(self)
        func importSamples(into name: String, filesPerTransaction: Int) throws -> (ImportSummary, Store) {
            let store = try Store(path: folder.appendingPathComponent(name).path)
            let importer = Importer(
                store: store, rules: try RuleSet.builtIn(), batchSize: 2,
                filesPerTransaction: filesPerTransaction)
            let sources = try InputWalker().expand([TestPaths.sampleReports.path])
            return (try importer.run(sources, arguments: "t", version: "t"), store)
        }
        let (whole, oneTransaction) = try importSamples(into: "one.sqlite", filesPerTransaction: 4096)
        let (parts, committedInParts) = try importSamples(into: "parts.sqlite", filesPerTransaction: 3)
        XCTAssertEqual(parts.imported, whole.imported)
        try CacheAssertions.assertCachesMatchRows(committedInParts)
        try CacheAssertions.assertCachesMatchRows(oneTransaction)
        let all = ReportSelection()
        XCTAssertEqual(
            CacheAssertions.summed(try committedInParts.scanFailures(all, forPage: false).cells),
            CacheAssertions.summed(try oneTransaction.scanFailures(all, forPage: false).cells))

        // A database failure in the last sample file: the files before it stay, with their caches.
        let store = try Store(path: folder.appendingPathComponent("failing.sqlite").path)
        try failInserts(from: try lastSampleFile(), in: store)
        let importer = Importer(
            store: store, rules: try RuleSet.builtIn(), batchSize: 2, filesPerTransaction: 3)
        XCTAssertThrowsError(
            try importer.run(
                InputWalker().expand([TestPaths.sampleReports.path]), arguments: "t", version: "t")
        ) { error in XCTAssertTrue("\(error)".contains("disk on fire"), "\(error)") }
        let kept = try XCTUnwrap(store.db.query("SELECT count(*) AS n FROM report").first?.int("n"))
        XCTAssertGreaterThan(kept, 0, "the commits before the failure stay")
        XCTAssertLessThan(kept, whole.imported, "the failed file is not stored")
        try CacheAssertions.assertCachesMatchRows(store)
    }

    /// The name of the last numbered sample file (the tests make its reports fail to insert).
    private func lastSampleFile() throws -> String {
        try XCTUnwrap(
            FileManager.default.contentsOfDirectory(atPath: TestPaths.sampleReports.path).filter {
                $0.first?.isNumber == true
            }.max())
    }

    /// Makes the insert of every report read from `file` fail, as a full disk would.
    private func failInserts(from file: String, in store: Store) throws {
        try store.db.execute(
            "CREATE TEMP TRIGGER boom BEFORE INSERT ON report WHEN NEW.source_path LIKE '%/\(file)%' BEGIN SELECT RAISE(ABORT, 'disk on fire'); END"
        )
    }

    /// An import adds its reports to the caches between batches, a few at a time
    /// (`BatchTransaction.addWhenDue`), and the rest at the commit: the caches hold what the rows
    /// say, as after an import that added them all at its one commit; and when a file fails
    /// half-way, the files before it stay with their caches.
    func testReportsAddedToTheCachesBetweenBatchesGiveWhatTheRowsSay() throws {
        let folder = try TestPaths.temporaryFolder(self)
        let sources = try InputWalker().expand([TestPaths.sampleReports.path])
        func importSamples(into name: String, perAddition: Int, failing: String? = nil) throws -> (
            Result<ImportSummary, any Error>, Store
        ) {
            let store = try Store(path: folder.appendingPathComponent(name).path)
            if let failing { try failInserts(from: failing, in: store) }
            let importer = Importer(store: store, rules: try RuleSet.builtIn(), batchSize: 2)
            importer.reportsPerCacheAddition = perAddition
            return (Result { try importer.run(sources, arguments: "t", version: "t") }, store)
        }
        let (atCommit, committedOnce) = try importSamples(into: "commit.sqlite", perAddition: 1_000_000)
        let whole = try atCommit.get()
        XCTAssertGreaterThan(whole.imported, 6)
        for perAddition in [1, 3] {
            let (between, store) = try importSamples(
                into: "between-\(perAddition).sqlite", perAddition: perAddition)
            XCTAssertEqual(try between.get().imported, whole.imported)
            try CacheAssertions.assertCachesMatchRows(store)
            let all = ReportSelection()
            XCTAssertEqual(
                CacheAssertions.summed(try store.scanFailures(all, forPage: false).cells),
                CacheAssertions.summed(try committedOnce.scanFailures(all, forPage: false).cells))
        }
        let (failed, store) = try importSamples(
            into: "failing.sqlite", perAddition: 3, failing: try lastSampleFile())
        XCTAssertThrowsError(try failed.get(), "the import stops at the failing file") { error in
            XCTAssertTrue("\(error)".contains("disk on fire"), "\(error)")
        }
        let kept = try XCTUnwrap(store.db.query("SELECT count(*) AS n FROM report").first?.int("n"))
        XCTAssertGreaterThan(kept, 3, "the files before the failure stay")
        XCTAssertLessThan(kept, whole.imported, "the failed file is not stored")
        try CacheAssertions.assertCachesMatchRows(store)
    }

    /// SQLite adds a commit's reports to the caches a few thousand a statement
    /// (`CacheUpkeep.reportsPerAddition`): added one, two or a thousand at a time, with one report
    /// left out (the parts around it are lists of ids, not ranges) and added after, the caches
    /// hold what the rows say.
    func testReportsAddedToTheCachesInPartsGiveWhatTheRowsSay() throws {
        let store = try SampleStore.make(self)
        let db = store.db
        let ids = try db.query("SELECT id FROM report ORDER BY id").compactMap { try $0.int("id") }.map(
            Int64.init)
        XCTAssertGreaterThan(ids.count, 8)
        let left = ids[3]
        for partSize in [1, 2, 1_000] {
            try CacheUpkeep.transaction(db) { upkeep in
                for cache in Caches.all { try db.execute("DELETE FROM \(cache.name)") }
                var statements: [String: Statement] = [:]
                try upkeep.add(
                    reports: ids.filter { $0 != left }, statements: &statements, reportsPerStatement: partSize
                )
            }
            XCTAssertFalse(try store.checkCaches().differences.isEmpty, "report \(left) is not added yet")
            try CacheUpkeep.transaction(db) { upkeep in
                var statements: [String: Statement] = [:]
                try upkeep.add(reports: [left], statements: &statements, reportsPerStatement: partSize)
            }
            try CacheAssertions.assertCachesMatchRows(store)
        }
    }

    /// A second import adds to the caches of the first; a report inserted by hand marks them
    /// stale, and the next import rebuilds them before it adds its own.
    func testLaterImportsAddToTheCachesAndRebuildThemAfterAHandInsert() throws {
        let store = try SampleStore.make(self)
        let db = store.db
        let id = try XCTUnwrap(db.query("SELECT min(report_id) AS id FROM kvc_failure").first?.int("id"))
        let columns = try db.query("SELECT name FROM pragma_table_info('report')").compactMap {
            try $0.string("name")
        }
        .filter { !["id", "content_hash", "os_major", "os_key", "seen_at"].contains($0) }
        .joined(separator: ", ")
        try db.run(
            "INSERT INTO report (content_hash, os_major, \(columns)) SELECT 'hand-made', 77, \(columns) FROM report WHERE id = ?",
            [.int(id)])
        XCTAssertTrue(try store.checkCaches().stale)
        let folder = try TestPaths.temporaryFolder(self)
        let sample = try String(
            contentsOf: TestPaths.sampleReports.appendingPathComponent("02-bugly-console-zh-textview.txt"),
            encoding: .utf8)
        for variant in 0..<3 {
            try sample.replacingOccurrences(of: "2015", with: "20\(30 + variant)")
                .write(
                    to: folder.appendingPathComponent("again-\(variant).txt"), atomically: true,
                    encoding: .utf8)
        }
        let writer = try Store(path: store.location)
        XCTAssertEqual(writer.cacheOutcome, .rebuilt)
        let summary = try Importer(store: writer, rules: RuleSet.builtIn()).run(
            InputWalker().expand([folder.path]), arguments: "import more", version: "test")
        XCTAssertEqual(summary.imported, 3)
        try CacheAssertions.assertCachesMatchRows(writer)
        XCTAssertEqual(
            try db.query("SELECT sum(reports) AS n FROM group_tally WHERE os_key / 1000000 = 77").first?.int(
                "n"), 1)
    }

    /// Every real report of the corpus, imported in small batches and transactions.
    func testCachesAnswerAsTheRowsOnTheCorpus() throws {
        let corpus = TestPaths.corpus
        guard FileManager.default.fileExists(atPath: corpus.path) else {
            throw XCTSkip("../shared/corpus is not beside the checkout")
        }
        let store = try Store(
            path: try TestPaths.temporaryFolder(self).appendingPathComponent("c.sqlite").path)
        let sources = try InputWalker().expand([corpus.path, TestPaths.sampleReports.path])
        _ = try Importer(store: store, rules: RuleSet.builtIn(), batchSize: 7, filesPerTransaction: 5).run(
            sources, arguments: "test", version: "test")
        try CacheAssertions.assertCachesMatchRows(store)
        try CacheAssertions.assertScansAgree(store)
    }

    /// A filter on no cache's column reads the rows: every filter that a cache does not hold (an
    /// empty app version, which the counts keep as their "none") is answered from what holds it.
    func testAFilterNoCacheHoldsIsAnsweredByTheRows() throws {
        var selection = ReportSelection()
        selection.appVersions = [""]
        XCTAssertFalse(FilterTarget(Caches.reportCount, alias: "c").answers(selection, failures: false))
        XCTAssertTrue(FilterTarget(Caches.failureFact, alias: "f").answers(selection))
        selection = ReportSelection()
        selection.osRanges = [try OSRange.parse("8.1")]
        XCTAssertTrue(FilterTarget(Caches.failureCell, alias: "c").answers(selection))
        XCTAssertFalse(FilterTarget(Caches.failureGroupDevice, alias: "c").answers(selection))
        selection.since = "2015-01-01"
        XCTAssertFalse(FilterTarget(Caches.reportCount, alias: "c").answers(selection, failures: false))
        XCTAssertTrue(FilterTarget(Caches.failureFact, alias: "f").answers(selection))
        XCTAssertTrue(FilterTarget.rows.answers(selection, failures: false))
    }

    /// Each cache is declared once: its statements come from the declaration, and its upkeep
    /// reads the new rows by their ids (never a whole table).
    func testAddingNewRowsReadsOnlyThem() throws {
        let store = try SampleStore.make(self)
        for cache in Caches.all {
            let variants: [(String, [SQLValue])] = [
                (cache.addSQL(.sqlite), [.text("[1,2]")]),
                (cache.addSQL(.sqlite, inRange: true), [.integer(1), .integer(2)]),
            ]
            for (sql, ids) in variants {
                let plan = try store.db.query("EXPLAIN QUERY PLAN " + sql, ids).compactMap {
                    try $0.string("detail")
                }
                XCTAssertFalse(
                    plan.contains { $0.hasPrefix("SCAN r") || $0.hasPrefix("SCAN k") },
                    "\(cache.name): \(plan)")
            }
        }
    }

    /// `--since` and `--until` on SQLite add bounds an index answers (`t >= since`, `t <` the text
    /// just after every one that starts with until).
    func testTheTextJustAfterAPrefix() {
        XCTAssertEqual(ReportSelection.justAfterPrefix("2015-03-02"), "2015-03-03")
        XCTAssertEqual(ReportSelection.justAfterPrefix("2015-03-09"), "2015-03-0:")
        XCTAssertNil(ReportSelection.justAfterPrefix("2015-03-0\u{0301}"))
        XCTAssertNil(ReportSelection.justAfterPrefix(""))
        XCTAssertEqual(ReportSelection.justAfterPrefix("a~"), "a\u{7F}")
        XCTAssertNil(ReportSelection.justAfterPrefix("a\u{7F}"))
    }
}
