import XCTest

@testable import CrashScanDatabase
@testable import CrashScanImport
@testable import CrashScanIngest
@testable import CrashScanRules
@testable import CrashScanStore

/// Version 32: failures left without their report by a hand delete with foreign keys off (or,
/// in PostgreSQL, where `kvc_failure` has no foreign key) are deleted by the upgrade, and the
/// caches are filled again from the rows.
final class FailureFollowsReportTests: XCTestCase {
    private func orphans(_ db: Database) throws -> Int? {
        try db.query(
            "SELECT count(*) AS n FROM kvc_failure f WHERE NOT EXISTS (SELECT 1 FROM report r WHERE r.id = f.report_id)"
        ).first?.int("n")
    }

    private func upgradeRemovesOrphans(at location: String, dialect: SQLDialect) throws {
        let old = try Store(
            path: location, migrations: Migration.builtIn(for: dialect).filter { $0.version <= 31 })
        // Today's importer writes the columns schema 33 added to the import tables, and weighs
        // the evidence with its usage table: they are there for the import only, and taken off
        // again.
        let added = ["import_run", "import_file"].flatMap { table in
            ["usage_rows", "issue_counts"].map { (table, $0) }
        }
        for (table, column) in added {
            try old.db.execute("ALTER TABLE \(table) ADD COLUMN \(column) INTEGER NOT NULL DEFAULT 0")
        }
        try old.db.execute(
            """
            CREATE TABLE app_usage (
                day TEXT, app_version TEXT, os_version TEXT, launches INTEGER, active_devices INTEGER,
                crashes INTEGER, crash_devices INTEGER, source TEXT)
            """)
        _ = try Importer(store: old, rules: RuleSet.builtIn()).run(
            try InputWalker().expand([TestPaths.sampleReports.path]), arguments: "test", version: "test")
        for (table, column) in added { try old.db.execute("ALTER TABLE \(table) DROP COLUMN \(column)") }
        try old.db.execute("DROP TABLE app_usage")
        let failures = try old.db.query("SELECT count(*) AS n FROM kvc_failure").first?.int("n") ?? 0
        // What schema 31 allowed: reports deleted while their failures stay (the sqlite3 shell's
        // foreign keys off; in PostgreSQL, a delete its trigger missed).
        let deleteTwo =
            "DELETE FROM report WHERE id IN (SELECT report_id FROM kvc_failure ORDER BY report_id LIMIT 2)"
        switch dialect {
        case .sqlite:
            try old.db.execute("PRAGMA foreign_keys = OFF")
            try old.db.run(deleteTwo)
        case .postgresql:
            try old.db.run("ALTER TABLE report DISABLE TRIGGER report_delete_dependents")
            try old.db.run(deleteTwo)
            try old.db.run("ALTER TABLE report ENABLE TRIGGER report_delete_dependents")
        }
        XCTAssertEqual(try orphans(old.db), 2)

        let upgraded = try Store(path: location)
        XCTAssertEqual(upgraded.appliedMigrations, [32, 33])
        XCTAssertEqual(try orphans(upgraded.db), 0)
        XCTAssertEqual(
            try upgraded.db.query("SELECT count(*) AS n FROM kvc_failure").first?.int("n"), failures - 2)
        try CacheAssertions.assertCachesMatchRows(upgraded)
    }

    func testTheUpgradeDeletesFailuresWithoutTheirReport() throws {
        try upgradeRemovesOrphans(
            at: try TestPaths.temporaryFolder(self).appendingPathComponent("db.sqlite").path, dialect: .sqlite
        )
    }

    func testTheUpgradeDeletesFailuresWithoutTheirReportOnPostgreSQL() throws {
        try upgradeRemovesOrphans(at: try TestPostgres.freshDatabase(self), dialect: .postgresql)
    }
}

extension FailureFollowsReportTests {
    /// Failure rows written by hand under ids no report has yet: the reports that later get
    /// those ids are stored with their own failures or none (once "UNIQUE constraint failed:
    /// kvc_failure.report_id" stopped every later import, and a report that is no KVC failure
    /// showed as one).
    private func futureFailuresAreDeleted(at location: String) throws {
        let store = try Store(path: location)
        let samples = try InputWalker().expand([TestPaths.sampleReports.path])
        _ = try Importer(store: store, rules: RuleSet.builtIn()).run(
            Array(samples.prefix(3)), arguments: "test", version: "test")
        let largest = try store.db.query("SELECT max(id) AS n FROM report").first?.int("n") ?? 0
        if store.dialect == .sqlite { try store.db.execute("PRAGMA foreign_keys = OFF") }
        for id in (largest + 1)...(largest + 40) {
            try store.db.run(
                "INSERT INTO kvc_failure (report_id, kind, key_is_private, cause, evidence, class_origin) VALUES (?, 'undefined_key', \(store.dialect == .sqlite ? "0" : "false"), 'unknown', 'hand-made', 'unknown')",
                [.int(id)])
        }
        if store.dialect == .sqlite { try store.db.execute("PRAGMA foreign_keys = ON") }
        let reopened = try Store(path: location)
        let summary = try Importer(store: reopened, rules: RuleSet.builtIn()).run(
            samples, arguments: "test", version: "test")
        XCTAssertGreaterThan(summary.imported, 15)
        XCTAssertEqual(try orphans(reopened.db), 0)
        // Every failure is the importer's, none of the hand-written rows.
        XCTAssertEqual(
            try reopened.db.query(
                "SELECT count(*) AS n FROM kvc_failure WHERE evidence = 'hand-made'"
            ).first?.int("n"), 0)
        XCTAssertEqual(
            try reopened.db.query("SELECT count(*) AS n FROM kvc_failures").first?.int("n"),
            try reopened.db.query("SELECT count(*) AS n FROM kvc_failure").first?.int("n"))
        try CacheAssertions.assertCachesMatchRows(reopened)
    }

    func testFailuresWrittenByHandUnderFutureIdsAreDeletedBeforeTheNextImport() throws {
        try futureFailuresAreDeleted(
            at: try TestPaths.temporaryFolder(self).appendingPathComponent("db.sqlite").path)
    }

    func testFailuresWrittenByHandUnderFutureIdsAreDeletedBeforeTheNextImportOnPostgreSQL() throws {
        try futureFailuresAreDeleted(at: try TestPostgres.freshDatabase(self))
    }
}
