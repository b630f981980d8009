import XCTest

@testable import CrashScanDatabase
@testable import CrashScanImport
@testable import CrashScanIngest
@testable import CrashScanModel
@testable import CrashScanRules
@testable import CrashScanStore

/// Version 23 rebuilds `report` without the UNIQUE constraint on its content hash and looks the
/// content and file hashes up by their first 16 digits: every row, index and trigger is kept,
/// the lookups use the short indexes, and a duplicate is still a whole-hash match.
final class HashPrefixMigrationTests: XCTestCase {
    private func importSamples(into store: Store) throws -> ImportSummary {
        let sources = try InputWalker().expand([TestPaths.sampleReports.path])
        return try Importer(store: store, rules: RuleSet.builtIn()).run(
            sources, arguments: "test", version: "test")
    }

    private func rows(_ sql: String, _ db: Database, _ arguments: [SQLValue] = []) throws -> [String] {
        try db.query(sql, arguments).map { row in
            row.values.map { $0.textForm ?? "NULL" }.joined(separator: "|")
        }
    }

    func testTheRebuildKeepsEveryRowIndexAndTrigger() throws {
        let path = try TestPaths.temporaryFolder(self).appendingPathComponent("db.sqlite").path
        // The samples as crashscan 0.1.0 stored them (schema 8), brought to schema 22.
        try FileManager.default.copyItem(
            at: TestPaths.fixture("databases/schema8-samples.sqlite"), to: URL(fileURLWithPath: path))
        let before: (reports: [String], failures: [String], columns: [String], objects: [String])
        do {
            let old = try Store(path: path, migrations: Migration.builtIn.filter { $0.version <= 22 })
            XCTAssertGreaterThan(
                try old.db.query("SELECT count(*) AS n FROM report").first?.int("n") ?? 0, 20)
            before = (
                try rows("SELECT * FROM report ORDER BY id", old.db),
                try rows("SELECT * FROM kvc_failure ORDER BY rowid", old.db),
                try rows("PRAGMA table_info(report)", old.db),
                try rows(
                    "SELECT type, name, sql FROM sqlite_master WHERE tbl_name = 'report' AND type IN ('index', 'trigger') AND sql IS NOT NULL ORDER BY name",
                    old.db)
            )
        }
        let store = try Store(path: path, migrations: Migration.builtIn.filter { $0.version <= 23 })
        XCTAssertEqual(store.appliedMigrations, [23])
        XCTAssertEqual(try rows("SELECT * FROM report ORDER BY id", store.db), before.reports)
        XCTAssertEqual(try rows("SELECT * FROM kvc_failure ORDER BY rowid", store.db), before.failures)
        XCTAssertEqual(try rows("PRAGMA table_info(report)", store.db), before.columns)
        let objects = try rows(
            "SELECT type, name, sql FROM sqlite_master WHERE tbl_name = 'report' AND type IN ('index', 'trigger') AND sql IS NOT NULL ORDER BY name",
            store.db)
        XCTAssertEqual(
            objects.filter { !$0.hasPrefix("index|report_content_key|") }, before.objects,
            "the indexes and triggers as they were")
        XCTAssertEqual(objects.count, before.objects.count + 1)
        XCTAssertTrue(before.objects.contains { $0.hasPrefix("trigger|report_tally_insert|") })
        XCTAssertEqual(
            try store.db.query(
                "SELECT count(*) AS n FROM sqlite_master WHERE name = 'sqlite_autoindex_report_1'"
            )
            .first?.int("n"), 0, "the UNIQUE constraint's index is gone")
        XCTAssertEqual(try rows("PRAGMA foreign_key_check", store.db), [])
        XCTAssertEqual(try rows("PRAGMA integrity_check", store.db), ["ok"])
        XCTAssertEqual(try store.db.query("PRAGMA foreign_keys").first?.int("foreign_keys"), 1)
        XCTAssertEqual(try store.db.query("PRAGMA legacy_alter_table").first?.int("legacy_alter_table"), 0)

        // Brought up to this crashscan, the files again (0.1.0 read a few of them otherwise), then
        // once more: every report a duplicate, nothing stored twice.
        let current = try Store(path: path)
        let first = try importSamples(into: current)
        XCTAssertLessThan(first.imported, before.reports.count / 2)
        let stored = try current.db.query("SELECT count(*) AS n FROM report").first?.int("n")
        XCTAssertEqual(stored, before.reports.count + first.imported)
        let again = try importSamples(into: current)
        XCTAssertEqual(again.imported, 0)
        XCTAssertEqual(try current.db.query("SELECT count(*) AS n FROM report").first?.int("n"), stored)
        try CacheAssertions.assertCachesMatchRows(current)
    }

    /// The importer's two lookups search the 16-digit indexes (a scan of a million reports for
    /// each report would make an import of a few files take minutes).
    func testTheLookupsSearchTheShortIndexes() throws {
        let store = try Store(
            path: try TestPaths.temporaryFolder(self).appendingPathComponent("db.sqlite").path)
        let reportPlan = try rows(
            "EXPLAIN QUERY PLAN " + ReportWriter.storedReportSQL, store.db, [.text("0a")])
        XCTAssertEqual(reportPlan.count, 1)
        XCTAssertTrue(
            reportPlan[0].hasSuffix("SEARCH report USING INDEX report_content_key (<expr>=?)"),
            "\(reportPlan)")
        let filePlan = try rows(
            "EXPLAIN QUERY PLAN " + FileLookup.sql(for: .sqlite), store.db,
            [.text("0a"), .int(1), .text("r")])
        XCTAssertEqual(filePlan.count, 1)
        XCTAssertTrue(
            filePlan[0].hasSuffix("SEARCH import_file USING INDEX import_file_hash (<expr>=?)"), "\(filePlan)"
        )
    }

    /// A stored report whose hash shares its first 16 digits with a new report's is not taken
    /// for it: the new report is stored, and a second import of it is a duplicate.
    func testSixteenSharedDigitsAreNotADuplicate() throws {
        let folder = try TestPaths.temporaryFolder(self)
        let sample = try XCTUnwrap(
            try InputWalker().expand([TestPaths.sampleReports.path]).first { source in
                if case .file(let path) = source { return path.hasSuffix(".txt") }
                return false
            })
        let reference = try Store(path: folder.appendingPathComponent("reference.sqlite").path)
        _ = try Importer(store: reference, rules: RuleSet.builtIn()).run(
            [sample], arguments: "test", version: "test")
        let hashes = try reference.db.query("SELECT content_hash FROM report ORDER BY id").compactMap {
            try $0.digest("content_hash")
        }
        XCTAssertFalse(hashes.isEmpty)

        let store = try Store(path: folder.appendingPathComponent("db.sqlite").path)
        // A stand-in for each of the sample's reports: the same first 16 digits (8 bytes), the
        // rest changed.
        try store.db.execute(
            "INSERT INTO crash_group (id, fingerprint, created_at) VALUES (1, 'stand-in', '2026-01-01T00:00:00Z')"
        )
        for hash in hashes {
            let last = hash.last == "0" ? "1" : "0"
            try store.db.run(
                "INSERT INTO report (content_hash, source_path, source_format, imported_at, group_id) VALUES (?, 'x', 'x', 'x', 1)",
                [store.db.dialect.digest(String(hash.dropLast()) + last)])
        }
        let first = try Importer(store: store, rules: RuleSet.builtIn()).run(
            [sample], arguments: "test", version: "test")
        XCTAssertEqual(first.imported, hashes.count)
        XCTAssertEqual(first.duplicates, 0)
        let second = try Importer(store: store, rules: RuleSet.builtIn(), reparse: true).run(
            [sample], arguments: "test", version: "test")
        XCTAssertEqual(second.imported, 0)
        XCTAssertEqual(second.duplicates, hashes.count)
    }
}
