import XCTest

@testable import CrashScanDatabase
@testable import CrashScanImport
@testable import CrashScanIngest
@testable import CrashScanModel
@testable import CrashScanReport
@testable import CrashScanRules
@testable import CrashScanStore

/// One schema however a database got it: a new database is made from the baseline
/// (`migrations/baseline.sql`), an older one upgraded by the numbered migrations, and both end
/// alike on both backends; `docs/schema/sqlite.sql` is what a new database holds.
final class SchemaTests: XCTestCase {
    /// The baseline, and the migrations from an empty database, give the same schema.
    func testTheBaselineMakesWhatTheMigrationsMake() throws {
        let folder = try TestPaths.temporaryFolder(self)
        let fromBaseline = try Store(path: folder.appendingPathComponent("baseline.sqlite").path)
        XCTAssertEqual(fromBaseline.appliedMigrations, [Migration.baseline(for: .sqlite).version])
        XCTAssertTrue(fromBaseline.madeSchema)
        let fromMigrations = try Store(
            path: folder.appendingPathComponent("migrations.sqlite").path, migrations: Migration.builtIn)
        XCTAssertEqual(fromMigrations.appliedMigrations, Migration.builtIn.map(\.version))
        XCTAssertEqual(try SchemaDump.of(fromBaseline.db), try SchemaDump.of(fromMigrations.db))
        XCTAssertEqual(Migration.baseline(for: .sqlite).version, Migration.builtIn.last?.version)
        // A later opening knows the database as crashscan's and leaves it as it is.
        let again = try Store(path: fromBaseline.location)
        XCTAssertEqual(again.appliedMigrations, [])
        XCTAssertEqual(again.cacheOutcome, .current)
    }

    func testTheBaselineMakesWhatTheMigrationsMakeOnPostgreSQL() throws {
        let fromBaseline = try Store(path: try TestPostgres.freshDatabase(self))
        XCTAssertEqual(fromBaseline.appliedMigrations, [Migration.baseline(for: .postgresql).version])
        let fromMigrations = try Store(
            path: try TestPostgres.freshDatabase(self), migrations: Migration.builtInPostgreSQL)
        XCTAssertEqual(fromMigrations.appliedMigrations, Migration.builtInPostgreSQL.map(\.version))
        XCTAssertEqual(try SchemaDump.of(fromBaseline.db), try SchemaDump.of(fromMigrations.db))
        XCTAssertEqual(
            Migration.baseline(for: .postgresql).version, Migration.builtInPostgreSQL.last?.version)
    }

    /// Databases an older crashscan wrote (0.1.0 at schema 8, the last one before the caches at
    /// schema 23, and one made from the first baseline at schema 24, all holding the samples) are
    /// upgraded to the schema of a new database, keep every report, and say what their rows say.
    func testSchema8And23And24DatabasesAreUpgradedToTheNewSchema() throws {
        let folder = try TestPaths.temporaryFolder(self)
        let fresh = try Store(path: folder.appendingPathComponent("new.sqlite").path)
        for version in [8, 23, 24] {
            let path = folder.appendingPathComponent("schema\(version).sqlite")
            try FileManager.default.copyItem(
                at: TestPaths.fixture("databases/schema\(version)-samples.sqlite"), to: path)
            let reports = try Database(path: path.path, readOnly: true).query(
                "SELECT count(*) AS n FROM report"
            ).first?.int("n")
            // `report` refuses it until it is upgraded, and says so (not "not a crashscan database").
            XCTAssertThrowsError(try Store(path: path.path, access: .readOnly)) { error in
                XCTAssertTrue("\(error)".contains("crashscan upgrade"), "\(error)")
            }
            let upgraded = try Store(path: path.path)
            XCTAssertEqual(upgraded.appliedMigrations.first, version + 1)
            XCTAssertEqual(upgraded.cacheOutcome, .made)
            XCTAssertEqual(
                try SchemaDump.of(upgraded.db), try SchemaDump.of(fresh.db), "from schema \(version)")
            XCTAssertEqual(try upgraded.db.query("SELECT count(*) AS n FROM report").first?.int("n"), reports)
            XCTAssertEqual(try upgraded.db.query("PRAGMA foreign_key_check").count, 0)
            try CacheAssertions.assertCachesMatchRows(upgraded)
            try CacheAssertions.assertScansAgree(upgraded)
        }
    }

    /// The team database: a schema-13 database (PostgreSQL's first) and a schema-23 one holding
    /// the samples (crashscan 450afa6's, restored from its pg_dump) are upgraded to the schema of
    /// a new database.
    func testSchema13And23DatabasesAreUpgradedOnPostgreSQL() throws {
        let fresh = try Store(path: try TestPostgres.freshDatabase(self))
        let old = try TestPostgres.freshDatabase(self)
        _ = try Store(path: old, migrations: Migration.builtInPostgreSQL.filter { $0.version <= 13 })
        let from13 = try Store(path: old)
        XCTAssertEqual(from13.appliedMigrations, Array(14...Migration.builtInPostgreSQL.count))
        XCTAssertEqual(try SchemaDump.of(from13.db), try SchemaDump.of(fresh.db), "from schema 13")

        let dumped = try TestPostgres.freshDatabase(self)
        let restore = try Database(postgresURL: dumped, name: "restore")
        try restore.execute(
            try String(
                contentsOf: TestPaths.fixture("databases/schema23-samples-postgresql.sql"), encoding: .utf8))
        let reports = try restore.query("SELECT count(*) AS n FROM report").first?.int("n")
        XCTAssertEqual(reports, 21)
        let from23 = try Store(path: dumped)
        XCTAssertEqual(from23.appliedMigrations, Array(24...Migration.builtInPostgreSQL.count))
        XCTAssertEqual(try SchemaDump.of(from23.db), try SchemaDump.of(fresh.db), "from schema 23")
        XCTAssertEqual(try from23.db.query("SELECT count(*) AS n FROM report").first?.int("n"), reports)
        XCTAssertEqual(try from23.db.query("SELECT count(*) AS n FROM kvc_failure").first?.int("n"), 18)
        try CacheAssertions.assertCachesMatchRows(from23)
        try CacheAssertions.assertScansAgree(from23)
    }

    /// `docs/schema/sqlite.sql` is the schema of a new database, derived tables included
    /// (`scripts/schema-docs.sh` writes it, and `docs/schema/postgresql.sql`).
    func testTheSchemaFileIsANewDatabasesSchema() throws {
        let store = try Store(
            path: try TestPaths.temporaryFolder(self).appendingPathComponent("new.sqlite").path)
        let statements = try store.db.query(
            """
            SELECT sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%'
            ORDER BY CASE type WHEN 'table' THEN 0 WHEN 'index' THEN 1 WHEN 'view' THEN 2 ELSE 3 END, name
            """
        ).compactMap { try $0.string("sql") }
        let file = try String(
            contentsOf: TestPaths.packageRoot.appendingPathComponent("docs/schema/sqlite.sql"),
            encoding: .utf8)
        let body = file.components(separatedBy: "\n").drop { $0.hasPrefix("--") || $0.isEmpty }
            .joined(separator: "\n")
        XCTAssertEqual(
            body, statements.map { $0 + ";" }.joined(separator: "\n\n") + "\n",
            "docs/schema/sqlite.sql is out of date: run scripts/schema-docs.sh")
    }
}
