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
        _ = try Importer(store: old, rules: RuleSet.builtIn()).run(
            try InputWalker().expand([TestPaths.sampleReports.path]), arguments: "test", version: "test")
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
        XCTAssertEqual(upgraded.appliedMigrations, [32])
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
