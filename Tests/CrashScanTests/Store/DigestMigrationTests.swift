import XCTest

@testable import CrashScanDatabase
@testable import CrashScanImport
@testable import CrashScanIngest
@testable import CrashScanModel
@testable import CrashScanRules
@testable import CrashScanStore

/// Version 31 keeps the content hashes, incident keys and file hashes as their bytes: every
/// digest reads back as the digits it was, every other value and the id counter are kept, and a
/// report or file stored before is still known to the importer.
final class DigestMigrationTests: XCTestCase {
    private func rows(_ sql: String, _ db: Database) throws -> [String] {
        try db.query(sql).map { row in row.values.map { $0.textForm ?? "NULL" }.joined(separator: "|") }
    }

    private func importSamples(into store: Store, reparse: Bool = false) throws -> ImportSummary {
        let sources = try InputWalker().expand([TestPaths.sampleReports.path])
        return try Importer(store: store, rules: RuleSet.builtIn(), reparse: reparse).run(
            sources, arguments: "test", version: "test")
    }

    /// Every report's content hash as digits, from a fresh database holding the samples.
    private func sampleHashes() throws -> Set<String> {
        let fresh = try Store(
            path: try TestPaths.temporaryFolder(self).appendingPathComponent("fresh.sqlite").path)
        _ = try importSamples(into: fresh)
        return Set(
            try fresh.db.query("SELECT content_hash FROM report").compactMap { try $0.digest("content_hash") }
        )
    }

    func testTheDigestsBecomeBytesAndStayKnown() throws {
        let path = try TestPaths.temporaryFolder(self).appendingPathComponent("db.sqlite").path
        // The samples as crashscan stored them at schema 23 (its digests as digits), brought to schema 30.
        try FileManager.default.copyItem(
            at: TestPaths.fixture("databases/schema23-samples.sqlite"), to: URL(fileURLWithPath: path))
        let others =
            "id, import_file_id, source_path, source_format, occurred_at, device_model, os_version, group_id, seen_at, os_key"
        let before: (hashes: [String], files: [String], reports: [String], sequence: [String])
        do {
            let old = try Store(path: path, migrations: Migration.builtIn.filter { $0.version <= 30 })
            // The last report deleted by hand: its id must never be given again.
            try old.db.run("DELETE FROM report WHERE id = (SELECT max(id) FROM report)")
            before = (
                try rows("SELECT id, content_hash, typeof(content_hash) FROM report ORDER BY id", old.db),
                try rows(
                    "SELECT id, file_hash FROM import_file WHERE file_hash IS NOT NULL ORDER BY id", old.db),
                try rows("SELECT \(others) FROM report ORDER BY id", old.db),
                try rows("SELECT seq FROM sqlite_sequence WHERE name = 'report'", old.db)
            )
        }
        XCTAssertGreaterThan(before.hashes.count, 15)
        XCTAssertTrue(
            before.hashes.allSatisfy { $0.hasSuffix("|text") && $0.split(separator: "|")[1].count == 64 })
        XCTAssertFalse(before.files.isEmpty)

        let store = try Store(path: path, migrations: Migration.builtIn.filter { $0.version <= 31 })
        XCTAssertEqual(store.appliedMigrations, [31])
        XCTAssertEqual(
            try rows(
                "SELECT id, lower(hex(content_hash)), typeof(content_hash) FROM report ORDER BY id", store.db),
            before.hashes.map { $0.replacingOccurrences(of: "|text", with: "|blob") })
        XCTAssertEqual(
            try rows(
                "SELECT id, lower(hex(file_hash)) FROM import_file WHERE file_hash IS NOT NULL ORDER BY id",
                store.db), before.files)
        XCTAssertEqual(
            try rows(
                "SELECT count(*) FROM import_file WHERE typeof(file_hash) NOT IN ('blob', 'null')", store.db),
            ["0"])
        XCTAssertEqual(try rows("SELECT \(others) FROM report ORDER BY id", store.db), before.reports)
        XCTAssertEqual(
            try rows("SELECT seq FROM sqlite_sequence WHERE name = 'report'", store.db), before.sequence)
        XCTAssertEqual(
            try rows("SELECT count(*) FROM sqlite_sequence WHERE name LIKE '%_v31'", store.db), ["0"])
        XCTAssertEqual(try rows("PRAGMA foreign_key_check", store.db), [])
        XCTAssertEqual(try rows("PRAGMA integrity_check", store.db), ["ok"])
        // The triggers and indexes `report` and `import_file` had are there again.
        for name in ["report_group_seen", "import_file_run", "report_content_key", "import_file_hash"] {
            XCTAssertEqual(
                try rows("SELECT count(*) FROM sqlite_master WHERE name = '\(name)'", store.db), ["1"], name)
        }

        // Brought up to this crashscan, the samples again: a report stored before is a duplicate
        // (found by its bytes), the others are new, and a third import stores nothing.
        let current = try Store(path: path)
        let storedBefore = Set(before.hashes.map { String($0.split(separator: "|")[1]) })
        let samples = try sampleHashes()
        let first = try importSamples(into: current, reparse: true)
        XCTAssertEqual(first.imported, samples.subtracting(storedBefore).count)
        XCTAssertEqual(first.duplicates, samples.intersection(storedBefore).count)
        XCTAssertGreaterThan(first.duplicates, 0)
        let again = try importSamples(into: current)
        XCTAssertEqual(again.imported, 0)
        let oldIDs = Set(before.hashes.map { String($0.split(separator: "|")[0]) })
        let newIDs = try rows("SELECT id FROM report", current.db).filter { !oldIDs.contains($0) }.compactMap
        { Int($0) }
        XCTAssertEqual(newIDs.count, first.imported)
        XCTAssertGreaterThan(
            newIDs.min() ?? 0, Int(before.sequence.first ?? "") ?? .max,
            "a new report's id is above every id given before")
        try CacheAssertions.assertCachesMatchRows(current)
    }

    /// A database made new stores the digests as bytes, and its lookups search the short
    /// indexes with them.
    func testANewDatabaseStoresBytes() throws {
        let store = try Store(
            path: try TestPaths.temporaryFolder(self).appendingPathComponent("db.sqlite").path)
        let first = try importSamples(into: store)
        XCTAssertGreaterThan(first.imported, 15)
        XCTAssertEqual(
            try rows(
                """
                SELECT DISTINCT typeof(content_hash), length(content_hash), typeof(incident_key),
                                coalesce(length(incident_key), 32) FROM report
                """, store.db
            ).sorted(), ["blob|32|blob|32", "blob|32|null|32"])
        XCTAssertEqual(
            try rows(
                "SELECT DISTINCT typeof(file_hash), length(file_hash) FROM import_file WHERE file_hash IS NOT NULL",
                store.db),
            ["blob|16"])
        let again = try importSamples(into: store)
        XCTAssertEqual(again.imported, 0)
        XCTAssertEqual(again.duplicates, first.imported)
        let reparsed = try importSamples(into: store, reparse: true)
        XCTAssertEqual(reparsed.imported, 0)
        XCTAssertEqual(reparsed.duplicates, first.imported)
    }
}
