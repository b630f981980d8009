import XCTest

@testable import CrashScanArchive
@testable import CrashScanCLI
@testable import CrashScanCatalogs
@testable import CrashScanClassification
@testable import CrashScanDatabase
@testable import CrashScanImport
@testable import CrashScanIngest
@testable import CrashScanModel
@testable import CrashScanReport
@testable import CrashScanRules
@testable import CrashScanStore
@testable import CrashScanSymbolication

/// Migrations: fresh database, upgrade in place, refusal of a newer file, rollback of a
/// failing migration, and the embedded copies kept in step with `migrations/`.
final class MigrationTests: XCTestCase {
    func temporaryDatabase() throws -> String {
        try TestPaths.temporaryFolder(self).appendingPathComponent("test.sqlite").path
    }

    func tableNames(_ db: Database) throws -> Set<String> {
        Set(
            try db.query("SELECT name FROM sqlite_master WHERE type IN ('table', 'view')").compactMap {
                try $0.string("name")
            })
    }

    func testFreshDatabaseGetsEverySchemaObjectAndPragmas() throws {
        let path = try temporaryDatabase()
        let store = try Store(path: path)
        let names = try tableNames(store.db)
        for name in [
            "reports", "kvc_failures", "crash_groups", "recommendations", "import_runs", "import_files",
            "schema_migrations",
        ] {
            XCTAssertTrue(names.contains(name), name)
        }
        XCTAssertEqual(try Migrator.currentVersion(store.db), Migration.builtIn.last?.version)
        XCTAssertEqual(try store.db.query("PRAGMA journal_mode").first?.string("journal_mode"), "wal")
        XCTAssertEqual(try store.db.query("PRAGMA foreign_keys").first?.int("foreign_keys"), 1)
        // Made from the baseline, which is recorded as the schema's version.
        let recorded = try store.db.query("SELECT version, name FROM schema_migrations ORDER BY version")
        XCTAssertEqual(try recorded.compactMap { try $0.string("name") }, ["baseline"])
        XCTAssertEqual(try recorded.compactMap { try $0.int("version") }, [Migration.builtIn.last?.version])
    }

    func testOpeningTwiceAppliesNothing() throws {
        let path = try temporaryDatabase()
        _ = try Store(path: path)
        let db = try Database(path: path)
        XCTAssertEqual(
            try Migrator.migrate(
                db, migrations: Migration.builtIn, baseline: Migration.baseline(for: .sqlite)), [])
        // Without the baseline, such a database is not known as crashscan's.
        XCTAssertThrowsError(try Migrator.migrate(db, migrations: Migration.builtIn))
    }

    func testOlderDatabaseIsUpgradedInPlaceKeepingItsData() throws {
        let path = try temporaryDatabase()
        let first = try XCTUnwrap(Migration.builtIn.first)
        do {
            let db = try Database(path: path)
            XCTAssertEqual(try Migrator.migrate(db, migrations: [first]), [1])
            try db.run(
                "INSERT INTO import_run (started_at, crashscan_version, arguments) VALUES (?, ?, ?)",
                [.text("2020-01-01T00:00:00Z"), .text("0.0.1"), .text("import old")])
            XCTAssertFalse(try tableNames(db).contains("reports"), "version 1 has no views yet")
        }
        let store = try Store(path: path)
        XCTAssertTrue(try tableNames(store.db).contains("reports"))
        XCTAssertEqual(
            try store.db.query("SELECT arguments FROM import_runs").first?.string("arguments"), "import old")
    }

    func testNewerDatabaseIsRefusedWithAClearMessage() throws {
        let path = try temporaryDatabase()
        _ = try Store(path: path)
        let db = try Database(path: path)
        try db.run("INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, 'future', 'x')")
        XCTAssertThrowsError(try Store(path: path)) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("newer crashscan"), text)
            XCTAssertTrue(text.contains("schema version 999"), text)
        }
    }

    func testFailingMigrationLeavesNeitherItsTablesNorItsRecord() throws {
        let path = try temporaryDatabase()
        let db = try Database(path: path)
        let broken = [
            Migration(version: 1, name: "ok", sql: "CREATE TABLE a (x INTEGER);"),
            Migration(
                version: 2, name: "broken", sql: "CREATE TABLE b (x INTEGER); INSERT INTO nowhere VALUES (1);"
            ),
        ]
        XCTAssertThrowsError(try Migrator.migrate(db, migrations: broken)) { error in
            XCTAssertTrue("\(error)".contains("migration 2_broken failed"), "\(error)")
        }
        XCTAssertEqual(try Migrator.currentVersion(db), 1)
        let names = try tableNames(db)
        XCTAssertTrue(names.contains("a"))
        XCTAssertFalse(names.contains("b"))
    }

    /// The built-in copies equal the files of `folder` with `suffix` (and the prefix, when
    /// given), in name order.
    func assertEmbedded(
        _ files: [(name: String, text: String)], match folder: String, suffix: String,
        where included: (String) -> Bool = { _ in true }
    ) throws {
        let url = TestPaths.packageRoot.appendingPathComponent(folder)
        let names = try FileManager.default.contentsOfDirectory(atPath: url.path).filter {
            $0.hasSuffix(suffix) && included($0)
        }
        .sorted()
        XCTAssertEqual(files.map(\.name), names, "run scripts/embed-resources.sh")
        for file in files {
            let onDisk = try String(contentsOf: url.appendingPathComponent(file.name), encoding: .utf8)
            XCTAssertEqual(
                file.text + "\n", onDisk,
                "\(file.name) differs from the built-in copy: run scripts/embed-resources.sh")
        }
    }

    func testEmbeddedMigrationsAndRulesMatchTheFilesInTheRepository() throws {
        let numbered = { (name: String) in name.first?.isNumber == true }
        try assertEmbedded(
            EmbeddedMigrations.files.map { ($0.name, $0.sql) }, match: "migrations", suffix: ".sql",
            where: numbered)
        try assertEmbedded(
            EmbeddedMigrations.postgresql.map { ($0.name, $0.sql) }, match: "migrations/postgresql",
            suffix: ".sql",
            where: numbered)
        let baselines = EmbeddedMigrations.baselines.map { ($0.name, $0.sql) }
        try assertEmbedded([baselines[0]], match: "migrations", suffix: "baseline.sql")
        try assertEmbedded([baselines[1]], match: "migrations/postgresql", suffix: "baseline.sql")
        try assertEmbedded(EmbeddedRules.files.map { ($0.name, $0.json) }, match: "rules", suffix: ".json")
        try assertEmbedded(EmbeddedFixes.files.map { ($0.name, $0.text) }, match: "fixes", suffix: ".md")
        try assertEmbedded(
            EmbeddedCatalogs.files.map { ($0.name, $0.text) }, match: "catalogs", suffix: ".tsv")
        XCTAssertEqual(
            Migration.builtIn.map(\.version), Array(1...Migration.builtIn.count), "numbered without gaps")
    }

    /// Version 9 on a version-8 database: Bugly's zone-less times become UTC (read as UTC+8, the
    /// text kept), other zone-less times are read as UTC, the device tally counts marketing names,
    /// and the blame frame is marked symbolicated or not.
    func testVersion9PutsOldTimesIntoUTCAndCountsDevicesByName() throws {
        let path = try temporaryDatabase()
        do {
            let db = try Database(path: path)
            try Migrator.migrate(db, migrations: Migration.builtIn.filter { $0.version <= 8 })
            try db.run(
                """
                INSERT INTO crash_group (id, fingerprint, created_at) VALUES (1, 'f1', 'x');
                """)
            let insert = """
                INSERT INTO report (content_hash, source_path, source_format, imported_at, occurred_at, uploaded_at,
                                    device_model, device_name, app_image, blame_frame, group_id)
                VALUES (?, 'p', ?, 'x', ?, ?, ?, ?, 'Shopster', ?, 1)
                """
            for values: [SQLValue] in [
                [
                    .text("a"), .text("bugly-console"), .text("2015-03-01T08:18:47"),
                    .text("2015-03-01T08:19:02.5"),
                    .null, .text("iPhone 7"), .text("-[A b]"),
                ],
                [
                    .text("b"), .text("apple-crash"), .text("2015-03-02T11:07:41.328Z"), .null,
                    .text("iPhone9,1"),
                    .text("iPhone 7"), .text("Shopster + 1168100"),
                ],
                [
                    .text("c"), .text("console-text"), .text("2015-03-03T10:00:00"), .null,
                    .text("iPhone9,3"),
                    .text("iPhone 7"), .null,
                ],
            ] {
                try db.run(insert, values)
            }
        }
        let store = try Store(path: path)
        let rows = try store.db.query(
            "SELECT occurred_at, uploaded_at, uploaded_at_raw, time_zone_assumed, blame_symbolicated FROM report ORDER BY id"
        )
        XCTAssertEqual(
            try rows.map { try $0.string("occurred_at") },
            ["2015-03-01T00:18:47Z", "2015-03-02T11:07:41.328Z", "2015-03-03T10:00:00Z"])
        XCTAssertEqual(try rows[0].string("uploaded_at"), "2015-03-01T00:19:02.5Z")
        XCTAssertEqual(try rows[0].string("uploaded_at_raw"), "2015-03-01T08:19:02.5")
        XCTAssertEqual(try rows.map { try $0.string("time_zone_assumed") }, ["+08:00", nil, "+00:00"])
        XCTAssertEqual(try rows.map { try $0.int("blame_symbolicated") }, [1, 0, nil])
        XCTAssertEqual(
            try store.db.query("SELECT device, reports FROM group_device_tally").map {
                "\(try $0.string("device") ?? "") \(try $0.int("reports") ?? 0)"
            }, ["iPhone 7 3"], "iPhone9,1, iPhone9,3 and the bare name are one device model")
        XCTAssertEqual(
            try store.db.query("SELECT device_count FROM crash_groups").first?.int("device_count"), 1)
    }

    /// Version 10 rebuilds `import_file` (its outcome may now be `skipped`) with foreign keys off:
    /// reports keep their file, files that held no crash become skipped, run totals follow.
    func testVersion10SkipsWhatHeldNoCrashAndKeepsEveryLink() throws {
        let path = try temporaryDatabase()
        do {
            let db = try Database(path: path)
            try Migrator.migrate(db, migrations: Migration.builtIn.filter { $0.version <= 9 })
            try db.execute(
                """
                INSERT INTO import_run (id, started_at, crashscan_version, arguments, files, rejected)
                VALUES (1, 'x', '0.1.0', 'import', 3, 2);
                INSERT INTO import_file (id, run_id, path, outcome, reason) VALUES
                    (1, 1, 'a.txt', 'imported', NULL),
                    (2, 1, 'README.md', 'rejected', 'no crash report found (no exception name, reason or stack frames)'),
                    (3, 1, 'bad.json', 'rejected', 'malformed Bugly JSON: unexpected end');
                INSERT INTO crash_group (id, fingerprint, created_at) VALUES (1, 'f', 'x');
                INSERT INTO report (content_hash, import_file_id, source_path, source_format, imported_at, group_id)
                VALUES ('h', 1, 'a.txt', 'bugly-console', 'x', 1);
                """)
        }
        let store = try Store(path: path)
        let files = try store.db.query("SELECT path, outcome FROM import_files ORDER BY path").map {
            "\(try $0.string("path") ?? ""):\(try $0.string("outcome") ?? "")"
        }
        XCTAssertEqual(files, ["README.md:skipped", "a.txt:imported", "bad.json:rejected"])
        XCTAssertEqual(
            try store.db.query("SELECT import_file_id FROM report").first?.int("import_file_id"), 1)
        let run = try XCTUnwrap(store.db.query("SELECT rejected, skipped FROM import_runs").first)
        XCTAssertEqual([try run.int("rejected"), try run.int("skipped")], [1, 1])
        XCTAssertEqual(try store.db.query("PRAGMA foreign_keys").first?.int("foreign_keys"), 1)
        XCTAssertThrowsError(
            try store.db.run(
                "INSERT INTO import_file (run_id, path, outcome) VALUES (1, 'x', 'lost')"), "the CHECK holds")
    }

    /// Version 27 on a version-26 database: a macOS report's OS key starts at macOS's base, so
    /// that an iOS range no longer takes it in, and its version names the platform.
    func testVersion27PutsEachPlatformInItsOwnKeys() throws {
        let path = try temporaryDatabase()
        do {
            let db = try Database(path: path)
            try Migrator.migrate(db, migrations: Migration.builtIn.filter { $0.version <= 26 })
            try db.execute(
                """
                INSERT INTO crash_group (id, fingerprint, created_at) VALUES (1, 'f1', 'x');
                INSERT INTO report (content_hash, source_path, source_format, imported_at, group_id,
                                    os_platform, os_version, os_major, os_minor, os_patch)
                VALUES ('a', 'mac.crash', 'apple-crash', 'x', 1, 'macOS', '10.15.7', 10, 15, 7),
                       ('b', 'ios.crash', 'apple-crash', 'x', 1, 'iOS', '10.3.3', 10, 3, 3);
                """)
            XCTAssertEqual(
                try db.query("SELECT os_key FROM report ORDER BY id").map { try $0.int("os_key") },
                [10_015_007, 10_003_003], "before: one range for both")
        }
        let store = try Store(path: path)
        let rows = try store.db.query("SELECT os_version, os_key FROM report ORDER BY id")
        XCTAssertEqual(try rows.map { try $0.string("os_version") }, ["macOS 10.15.7", "10.3.3"])
        XCTAssertEqual(try rows.map { try $0.int("os_key") }, [110_015_007, 10_003_003])
        var ios10 = ReportSelection()
        ios10.osRanges = [try OSRange.parse("10")]
        XCTAssertEqual(try store.reportCount(ios10), 1, "iOS 10 only")
        var mac = ReportSelection()
        mac.osRanges = [try OSRange.parse("macOS 10.15")]
        XCTAssertEqual(try store.reportCount(mac), 1)
        XCTAssertEqual(
            try store.db.query("SELECT os_version FROM group_tally ORDER BY os_key").map {
                try $0.string("os_version")
            }, ["10.3.3", "macOS 10.15.7"], "the caches were rebuilt from the rows")
    }

    /// The stored `os_key` (the generated column's CASE) and `OSVersion.sortKey` (Swift's
    /// `Platform.keyBase`) are two spellings of one rule: they agree on every platform.
    func testTheStoredOSKeyIsTheSortKeyOnEveryPlatform() throws {
        let store = try Store(path: try temporaryDatabase())
        try store.db.run("INSERT INTO crash_group (id, fingerprint, created_at) VALUES (1, 'f', 'x')")
        for (index, platform) in Platform.allCases.enumerated() {
            try store.db.run(
                """
                INSERT INTO report (content_hash, source_path, source_format, imported_at, group_id,
                                    os_platform, os_major, os_minor, os_patch)
                VALUES (?, 'p', 'apple-crash', 'x', 1, ?, 10, 15, 7)
                """, [.text("h\(index)"), .text(platform.rawValue)])
            let stored = try store.db.query(
                "SELECT os_key FROM report WHERE content_hash = ?", [.text("h\(index)")]
            ).first?.int("os_key")
            let version = OSVersion(platform: platform.rawValue, major: 10, minor: 15, patch: 7)
            XCTAssertEqual(stored, version.sortKey, "\(platform)")
            XCTAssertEqual(Platform.of(key: version.sortKey), platform)
        }
    }

    func testABadlyNamedMigrationFileIsRefusedNotSkipped() throws {
        let db = try Database(path: try temporaryDatabase())
        XCTAssertEqual(Migration.parse(name: "0011_next.sql", sql: "").version, 11)
        for bad in ["11-next.sql", "next.sql", "0011_next.txt", "0000_zero.sql"] {
            let migrations = Migration.builtIn + [Migration.parse(name: bad, sql: "CREATE TABLE x (y);")]
            XCTAssertThrowsError(try Migrator.migrate(db, migrations: migrations), bad) { error in
                XCTAssertTrue("\(error)".contains("'\(bad)' is not named NNNN_name.sql"), "\(error)")
            }
        }
        XCTAssertEqual(try Migrator.currentVersion(db), 0, "nothing applied")
    }

    /// Every outcome the importer records is one the table's CHECK constraint accepts.
    func testEveryImportFileOutcomeFitsTheSchema() throws {
        let store = try Store(path: try temporaryDatabase())
        try store.db.run(
            "INSERT INTO import_run (id, started_at, crashscan_version, arguments) VALUES (1, 'x', 'x', 'x')")
        for outcome in ImportFileOutcome.allCases {
            try store.db.run(
                "INSERT INTO import_file (run_id, path, outcome) VALUES (1, ?, ?)",
                [.text(outcome.rawValue), .text(outcome.rawValue)])
        }
        XCTAssertEqual(
            try store.db.query("SELECT count(*) AS n FROM import_files").first?.int("n"),
            ImportFileOutcome.allCases.count)
        XCTAssertThrowsError(
            try store.db.run("INSERT INTO import_file (run_id, path, outcome) VALUES (1, 'x', 'lost')"),
            "an outcome outside the vocabulary is refused")
    }

    /// Every kind and cause of a KVC failure is one the table's CHECK constraints accept (checked
    /// by comparisons since version 29), and a hand edit to anything else is refused.
    func testEveryFailureKindAndCauseFitsTheSchema() throws {
        let store = try Store(path: try temporaryDatabase())
        try store.db.execute("PRAGMA foreign_keys = OFF")
        var id: Int64 = 0
        for kind in KVCKind.allCases {
            for cause in KVCCause.allCases {
                id += 1
                try store.db.run(
                    """
                    INSERT INTO kvc_failure (report_id, kind, accessor, key_is_private, cause, evidence)
                    VALUES (?, ?, 'set', 0, ?, '')
                    """, [.integer(id), .text(kind.rawValue), .text(cause.rawValue)])
            }
        }
        XCTAssertEqual(
            try store.db.query("SELECT count(*) AS n FROM kvc_failure").first?.int("n"),
            KVCKind.allCases.count * KVCCause.allCases.count)
        for (kind, cause, accessor) in [
            ("lost", "unknown", "set"), ("undefined_key", "lost", "set"),
            ("undefined_key", "unknown", "put"),
        ] {
            XCTAssertThrowsError(
                try store.db.run(
                    """
                    INSERT INTO kvc_failure (report_id, kind, accessor, key_is_private, cause, evidence)
                    VALUES (1000, ?, ?, 0, ?, '')
                    """, [.text(kind), .text(accessor), .text(cause)]), "\(kind) \(cause) \(accessor)")
        }
    }

    /// The importer inserts reports by column name: every column of `report` but `id` and
    /// `import_file_id` gets a named value, and nothing else.
    func testTheReportRowIsInsertedByColumnName() throws {
        let store = try Store(path: try temporaryDatabase())
        let table = try store.db.query("PRAGMA table_info(report)").compactMap { try $0.string("name") }
        XCTAssertEqual(
            Set(AnalyzedReport.storedColumnNames), Set(table).subtracting(["id", "import_file_id"]))
        XCTAssertEqual(
            AnalyzedReport.storedColumnNames.count, Set(AnalyzedReport.storedColumnNames).count,
            "no column twice")
    }
}
