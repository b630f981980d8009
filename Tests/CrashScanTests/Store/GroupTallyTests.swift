import XCTest

@testable import CrashScanArchive
@testable import CrashScanCLI
@testable import CrashScanCatalogs
@testable import CrashScanClassification
@testable import CrashScanImport
@testable import CrashScanIngest
@testable import CrashScanModel
@testable import CrashScanReport
@testable import CrashScanRules
@testable import CrashScanStore
@testable import CrashScanSymbolication

/// The group tallies (migration 0007) the evidence reads instead of the reports must say what a
/// GROUP BY over the reports says, after an import and after a user edits or deletes reports by
/// hand; an old database gets them filled in when it is upgraded.
final class GroupTallyTests: XCTestCase {
    static let fromReports = """
        SELECT group_id, coalesce(process_name, app_image, '') AS app, coalesce(os_version, '') AS os,
               coalesce(os_key, -1) AS k, coalesce(app_version, '') AS v, count(*) AS n
        FROM report GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
        """
    static let fromTally = """
        SELECT group_id, app, os_version AS os, os_key AS k, app_version AS v, reports AS n
        FROM group_tally ORDER BY 1, 2, 3, 4, 5
        """
    static let devicesFromReports = """
        SELECT group_id, coalesce(device_name, device_model, '') AS device, count(*) AS n
        FROM report GROUP BY 1, 2 ORDER BY 1, 2
        """
    static let devicesFromTally =
        "SELECT group_id, device, reports AS n FROM group_device_tally ORDER BY 1, 2"
    /// The distinct device and user ids of each group (migration 13) and its blame frames
    /// (migration 15).
    static let idsFromReports = [
        "SELECT group_id, device_id AS device, count(*) AS n FROM report WHERE device_id IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2",
        "SELECT group_id, user_id AS device, count(*) AS n FROM report WHERE user_id IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2",
        "SELECT group_id, blame_frame AS device, count(*) AS n FROM report WHERE blame_frame IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2",
    ]
    static let idsFromTally = [
        "SELECT group_id, device_id AS device, reports AS n FROM group_device_id_tally ORDER BY 1, 2",
        "SELECT group_id, user_id AS device, reports AS n FROM group_user_id_tally ORDER BY 1, 2",
        "SELECT group_id, blame_frame AS device, reports AS n FROM group_blame_tally ORDER BY 1, 2",
    ]

    static func rows(_ db: Database, _ sql: String) throws -> [String] {
        try db.query(sql).map { row in
            try ["group_id", "app", "os", "k", "v", "device", "n"].filter(row.columns.contains).compactMap {
                try row.string($0)
            }.joined(separator: "|")
        }
    }

    static func assertTalliesMatchReports(
        _ db: Database, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let expected = try Self.rows(db, Self.fromReports)
        XCTAssertFalse(expected.isEmpty, file: file, line: line)
        XCTAssertEqual(try Self.rows(db, Self.fromTally), expected, file: file, line: line)
        XCTAssertEqual(
            try Self.rows(db, Self.devicesFromTally), try Self.rows(db, Self.devicesFromReports), file: file,
            line: line
        )
        for (tally, reports) in zip(Self.idsFromTally, Self.idsFromReports) {
            XCTAssertEqual(
                try Self.rows(db, tally), try Self.rows(db, reports), tally, file: file, line: line)
        }
        try FailureCellTests.assertCellsMatchFailures(db, file: file, line: line)
    }

    /// An import that commits between its batches (every 3 files here, 4,096 by default) stores
    /// what one transaction stores, with the tallies of each part, and a failure after such a
    /// commit keeps the files committed before it.
    func testCommitsBetweenBatchesKeepTheReportsAndTheirTallies() throws {
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
        XCTAssertEqual(parts.kvcFailures, whole.kvcFailures)
        try Self.assertTalliesMatchReports(committedInParts.db)
        let groups =
            "SELECT fingerprint, report_count, device_count, first_seen, last_seen FROM crash_groups ORDER BY 1"
        let columns = ["fingerprint", "report_count", "device_count", "first_seen", "last_seen"]
        func dump(_ store: Store) throws -> [String] {
            try store.db.query(groups).map { row in
                try columns.map { try row.string($0) ?? row.int($0).map(String.init) ?? "-" }.joined(
                    separator: "|")
            }
        }
        XCTAssertEqual(try dump(committedInParts), try dump(oneTransaction))

        // A database failure in the last sample file: the files before it stay.
        let last = try XCTUnwrap(
            FileManager.default.contentsOfDirectory(atPath: TestPaths.sampleReports.path).filter {
                $0.first?.isNumber == true  // the numbered crash files, not the sample app's folder
            }.max())
        let store = try Store(path: folder.appendingPathComponent("failing.sqlite").path)
        try store.db.execute(
            "CREATE TEMP TRIGGER boom BEFORE INSERT ON report WHEN NEW.source_path LIKE '%/\(last)%' BEGIN SELECT RAISE(ABORT, 'disk on fire'); END"
        )
        let importer = Importer(
            store: store, rules: try RuleSet.builtIn(), batchSize: 2, filesPerTransaction: 3)
        XCTAssertThrowsError(
            try importer.run(
                InputWalker().expand([TestPaths.sampleReports.path]), arguments: "t", version: "t")
        ) { error in XCTAssertTrue("\(error)".contains("disk on fire"), "\(error)") }
        let kept = try XCTUnwrap(store.db.query("SELECT count(*) AS n FROM report").first?.int("n"))
        XCTAssertGreaterThan(kept, 0, "the commits before the failure stay")
        XCTAssertLessThan(kept, whole.imported, "the failed file is not stored")
        try Self.assertTalliesMatchReports(store.db)
    }

    func testTalliesFollowImportsEditsAndDeletes() throws {
        try checkTalliesFollowEditsAndDeletes(try SampleStore.make(self))
    }

    /// PostgreSQL keeps the tallies with statement-level triggers (migrations/postgresql/0001).
    func testTalliesFollowImportsEditsAndDeletesOnPostgreSQL() throws {
        try checkTalliesFollowEditsAndDeletes(try SampleStore.make(self, postgres: true))
    }

    private func checkTalliesFollowEditsAndDeletes(_ store: Store) throws {
        let db = store.db
        try Self.assertTalliesMatchReports(db)
        let before = try XCTUnwrap(db.query("SELECT count(*) AS n FROM group_tally").first?.int("n"))

        // A hand edit moves one report to another OS version and app version.
        let id = try XCTUnwrap(db.query("SELECT min(id) AS id FROM report").first?.int("id"))
        try db.run(
            "UPDATE report SET os_version = '99.1', os_key = 99001000, app_version = NULL, device_model = NULL WHERE id = ?",
            [.integer(Int64(id))])
        try Self.assertTalliesMatchReports(db)
        XCTAssertEqual(
            try db.query("SELECT reports FROM group_tally WHERE os_version = '99.1' AND app_version = ''")
                .first?
                .int("reports"), 1)

        // Hand edits of the ids (migration 13): a report takes another's device id and loses its
        // user id; a report with ids moves to another group.
        try db.run(
            """
            UPDATE report SET device_id = (SELECT device_id FROM report WHERE device_id IS NOT NULL ORDER BY id LIMIT 1),
                              user_id = NULL
            WHERE id = (SELECT max(id) FROM report WHERE user_id IS NOT NULL)
            """)
        try Self.assertTalliesMatchReports(db)
        try db.run(
            """
            UPDATE report SET group_id = (SELECT min(id) FROM crash_group)
            WHERE id = (SELECT max(id) FROM report WHERE device_id IS NOT NULL AND group_id <> (SELECT min(id) FROM crash_group))
            """)
        try Self.assertTalliesMatchReports(db)

        // Hand deletes: one report, then a whole group's; emptied tally rows go.
        try db.run("DELETE FROM report WHERE id = ?", [.integer(Int64(id))])
        try Self.assertTalliesMatchReports(db)
        XCTAssertTrue(try db.query("SELECT 1 FROM group_tally WHERE os_version = '99.1'").isEmpty)
        let group = try XCTUnwrap(db.query("SELECT max(group_id) AS g FROM report").first?.int("g"))
        try db.run(
            "DELETE FROM kvc_failure WHERE report_id IN (SELECT id FROM report WHERE group_id = ?)",
            [
                .integer(Int64(group))
            ])
        try db.run("DELETE FROM report WHERE group_id = ?", [.integer(Int64(group))])
        try Self.assertTalliesMatchReports(db)
        XCTAssertTrue(
            try db.query("SELECT 1 FROM group_tally WHERE group_id = ?", [.integer(Int64(group))]).isEmpty)
        XCTAssertLessThan(
            try XCTUnwrap(db.query("SELECT count(*) AS n FROM group_tally").first?.int("n")), before)
    }

    func testImportAddsItsReportsOnceAndHandInsertsStillCount() throws {
        // The sample import goes through the importer's per-transaction flush (migration 0008):
        // the trigger is left on again afterwards.
        let store = try SampleStore.make(self)
        let db = store.db
        try Self.assertTalliesMatchReports(db)
        XCTAssertEqual(try db.query("SELECT count(*) AS n FROM tally_deferral").first?.int("n"), 0)

        // A report inserted by hand (a copy of one with another hash and OS) is counted by the trigger.
        let id = try XCTUnwrap(db.query("SELECT min(id) AS id FROM report").first?.int("id"))
        let columns = try db.query("PRAGMA table_info(report)").compactMap { try $0.string("name") }
            .filter { !["id", "content_hash", "os_version", "os_key"].contains($0) }
            .joined(separator: ", ")
        try db.run(
            """
            INSERT INTO report (content_hash, os_version, os_key, \(columns))
            SELECT 'hand-made', '77.1', 77001000, \(columns) FROM report WHERE id = ?
            """, [.integer(Int64(id))])
        try Self.assertTalliesMatchReports(db)
        XCTAssertEqual(
            try db.query("SELECT reports FROM group_tally WHERE os_version = '77.1'").first?.int("reports"), 1
        )

        // A second import into the same database adds to the existing tallies.
        let folder = try TestPaths.temporaryFolder(self).appendingPathComponent("more")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let sample = try String(
            contentsOf: TestPaths.sampleReports.appendingPathComponent("02-bugly-console-zh-textview.txt"),
            encoding: .utf8)
        for variant in 0..<3 {
            try sample.replacingOccurrences(of: "2015", with: "20\(30 + variant)")
                .write(
                    to: folder.appendingPathComponent("again-\(variant).txt"), atomically: true,
                    encoding: .utf8)
        }
        let summary = try Importer(store: store, rules: RuleSet.builtIn()).run(
            InputWalker().expand([folder.path]), arguments: "import more", version: "test")
        XCTAssertEqual(summary.imported, 3)
        try Self.assertTalliesMatchReports(db)
        XCTAssertEqual(try db.query("SELECT count(*) AS n FROM tally_deferral").first?.int("n"), 0)
    }

    func testTheFlushReadsOnlyTheNewRows() throws {
        // A plan that walks an index of every report made a one-file import into a million
        // reports cost 82 ms more; the flush must search the rowid range.
        let store = try SampleStore.make(self)
        for sql in DeferredTallies.additions(DeferredTallies.sqliteNewRows) {
            let plan = try store.db.query("EXPLAIN QUERY PLAN " + sql, [.integer(1)])
                .compactMap { try $0.string("detail") }
            XCTAssertTrue(plan.contains { $0.contains("report USING INTEGER PRIMARY KEY") }, "\(plan)")
            XCTAssertFalse(plan.contains { $0.hasPrefix("SCAN report") }, "\(plan)")
        }
    }

    func testUpgradeFillsTheTalliesFromStoredReports() throws {
        let path: String
        do {
            // A version-6 database with reports in it, as an earlier crashscan left it: the
            // sample reports imported, then everything migrations 7 to 22 made taken out again.
            let store = try SampleStore.make(self)
            path = store.db.path
            try store.db.execute(
                """
                DROP TRIGGER report_count_insert; DROP TRIGGER report_count_delete; DROP TRIGGER report_count_update;
                DROP TABLE report_count;
                DROP TRIGGER report_day_insert; DROP TRIGGER report_day_delete; DROP TRIGGER report_day_update;
                DROP TABLE report_day; DROP TABLE failure_seen; DROP TABLE device_number; DROP TABLE user_number;
                DROP TABLE deferred_index;
                DROP TRIGGER kvc_failure_key_insert; DROP TRIGGER kvc_failure_key_delete; DROP TRIGGER kvc_failure_key_update;
                DROP TRIGGER report_key_delete; DROP TRIGGER report_key_update; DROP TABLE failure_group_key;
                DROP TRIGGER failure_day_change_apply; DROP TABLE failure_day; DROP INDEX report_group_seen;
                CREATE INDEX report_occurred ON report (occurred_at);
                DROP TRIGGER report_blame_insert; DROP TRIGGER report_blame_delete; DROP TRIGGER report_blame_update;
                DROP TABLE group_blame_tally;
                DROP TRIGGER kvc_failure_cell_insert; DROP TRIGGER kvc_failure_cell_delete;
                DROP TRIGGER report_cell_delete; DROP TRIGGER report_cell_update;
                DROP TRIGGER failure_cell_change_apply; DROP VIEW failure_cell_change;
                DROP TABLE failure_cell_device; DROP TABLE failure_cell_user; DROP TABLE failure_cell;
                DROP TABLE failure_group_device; DROP TABLE failure_group_user; DROP TABLE failure_device;
                DROP TABLE failure_user;
                DROP TRIGGER report_tally_insert; DROP TRIGGER report_tally_delete; DROP TRIGGER report_tally_update;
                DROP TABLE group_tally; DROP TABLE group_device_tally; DROP TABLE tally_deferral;
                DROP TABLE group_device_id_tally; DROP TABLE group_user_id_tally;
                CREATE INDEX report_app_os ON report (coalesce(process_name, app_image), os_key);
                DROP VIEW reports; DROP VIEW kvc_failures; DROP VIEW crash_groups;
                ALTER TABLE report DROP COLUMN symbolication; ALTER TABLE report DROP COLUMN images;
                ALTER TABLE report DROP COLUMN blame_symbolicated; ALTER TABLE report DROP COLUMN app_build;
                ALTER TABLE report DROP COLUMN uploaded_at_raw; ALTER TABLE report DROP COLUMN time_zone_assumed;
                ALTER TABLE report DROP COLUMN text_repairs;
                ALTER TABLE report DROP COLUMN device_id; ALTER TABLE report DROP COLUMN user_id;
                ALTER TABLE report DROP COLUMN source_issue_id; ALTER TABLE report DROP COLUMN source_crash_id;
                ALTER TABLE report DROP COLUMN source_url;
                DROP VIEW source_findings; DROP TABLE source_finding; DROP TABLE source_scan;
                ALTER TABLE kvc_failure DROP COLUMN class_origin; ALTER TABLE kvc_failure DROP COLUMN class_origin_reason;
                ALTER TABLE crash_group DROP COLUMN blame_key; ALTER TABLE crash_group DROP COLUMN class_origin;
                DROP VIEW import_runs; ALTER TABLE import_run DROP COLUMN skipped;
                DELETE FROM schema_migrations WHERE version >= 7;
                """)
        }
        let store = try Store(path: path)
        XCTAssertEqual(try Migrator.currentVersion(store.db), Migration.builtIn.last?.version)
        try Self.assertTalliesMatchReports(store.db)
    }
}
