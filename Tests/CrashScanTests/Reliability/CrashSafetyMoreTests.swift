import Foundation
import XCTest

@testable import CrashScanDatabase
@testable import CrashScanStore
@testable import CrashScanSymbolication

/// `kill -9` during `symbolicate` (which rewrites reports and moves them between groups) and
/// during an upgrade's migrations: the database stays valid after every kill, no report is lost,
/// the schema is one version or the next (never half of one), and running the command again
/// finishes the work.
final class CrashSafetyMoreTests: XCTestCase {
    func count(_ sql: String, in db: Database) throws -> Int? {
        try db.query(sql).first?.int("n")
    }

    func testKilledSymbolicationsNeverLoseAReport() throws {
        guard CommandRunner.isBuilt else { throw XCTSkip("crashscan binary not built") }
        guard LLVMSymbolizer.locate() != nil else {
            throw XCTSkip("llvm-symbolizer is not installed (Debian package llvm)")
        }
        let folder = try TestPaths.temporaryFolder(self)
        let dsym = try DSYMBuilder.makeDSYM(
            in: folder.appendingPathComponent("dsyms"), uuid: SymbolicationTests.buildOne)
        let object = try DSYMBuilder.compileObject(in: folder)
        let method = try XCTUnwrap(
            DSYMBuilder.address(of: "-[LFPPlaceholderHelper applyPlaceholder:]", in: object))
        let inputs = folder.appendingPathComponent("inputs")
        try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
        let reports = 1_500
        for index in 0..<reports {
            let text = SymbolicationTests.report(
                uuid: SymbolicationTests.buildOne, blameOffset: method + 8, incident: "kill-\(index)")
            try Data(text.utf8).write(to: inputs.appendingPathComponent("r\(index).crash"))
        }
        let runner = CommandRunner(folder: folder)
        XCTAssertEqual(try runner.run(["import", inputs.path, "--quiet"]).status, 0)
        let symbolicate = ["symbolicate", "--all", "--dsym", dsym.path]
        let killer = KilledRun(folder: folder)
        let pristine = try Database(path: folder.appendingPathComponent("crashscan.sqlite").path)
        /// Each round on a fresh copy of the imported database: a finished run leaves nothing to do.
        func copy(_ name: String) throws -> String {
            let path = folder.appendingPathComponent(name).path
            try pristine.run("VACUUM INTO ?", [.text(path)])
            return path
        }
        let duration = try killer.duration(symbolicate + ["--db", try copy("timed.sqlite")])
        var killed = 0
        for round in 0..<6 {
            let path = folder.appendingPathComponent("round\(round).sqlite").path
            let wasKilled = try killer.killMidway(within: duration) {
                KilledRun.removeDatabase(atPath: path)
                return symbolicate + ["--db", try copy("round\(round).sqlite")]
            }
            if wasKilled { killed += 1 }
            let db = try Database(path: path, readOnly: true)
            XCTAssertEqual(
                try db.query("PRAGMA integrity_check").first?.string("integrity_check"), "ok",
                "round \(round)")
            XCTAssertEqual(try count("SELECT count(*) AS n FROM report", in: db), reports)
            XCTAssertEqual(
                try count("SELECT sum(report_count) AS n FROM crash_groups", in: db), reports,
                "every report in one group, round \(round)")
            XCTAssertEqual(
                try count(
                    "SELECT count(*) AS n FROM reports WHERE symbolication NOT IN ('symbolicated', 'missing_dsym')",
                    in: db), 0)
            try CacheAssertions.assertCachesMatchRows(try Store(path: path, access: .readOnly))
            // Run again, it finishes the work.
            let last = try runner.run(symbolicate + ["--db", path])
            XCTAssertEqual(last.status, 0, last.err)
            let finished = try Database(path: path, readOnly: true)
            XCTAssertEqual(
                try count(
                    "SELECT count(*) AS n FROM reports WHERE symbolication = 'symbolicated'", in: finished),
                reports)
            XCTAssertEqual(
                try count("SELECT sum(report_count) AS n FROM crash_groups", in: finished), reports)
            try CacheAssertions.assertCachesMatchRows(try Store(path: path, access: .readOnly))
        }
        XCTAssertGreaterThan(killed, 3, "most runs were killed mid-way (a whole one takes \(duration) s)")
    }

    /// An older crashscan's database (schema 8, the samples plus 20,000 more reports so that the
    /// migrations take a while), upgraded and killed at random points, each round on a fresh copy.
    func testKilledUpgradesLeaveOneSchemaVersionAndEveryReport() throws {
        guard CommandRunner.isBuilt else { throw XCTSkip("crashscan binary not built") }
        let folder = try TestPaths.temporaryFolder(self)
        let old = folder.appendingPathComponent("old.sqlite")
        try FileManager.default.copyItem(at: TestPaths.fixture("databases/schema8-samples.sqlite"), to: old)
        do {
            let db = try Database(path: old.path)
            try db.execute(
                """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000)
                INSERT INTO import_file (run_id, path, outcome, reason, source_format, reports_imported, duplicates, bytes)
                SELECT run_id, path || '-' || i, outcome, reason, source_format, 1, 0, bytes
                FROM import_file, n WHERE import_file.id = 1;
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000)
                INSERT INTO report (content_hash, source_path, source_format, occurred_at, imported_at, device_raw,
                    device_model, os_raw, os_version, os_major, os_minor, os_patch, os_key, app_version,
                    exception_type, exception_reason, blame_frame, group_id)
                SELECT content_hash || '-' || i, source_path, source_format, occurred_at, imported_at, device_raw,
                    device_model, os_raw, os_version, os_major, os_minor, os_patch, os_key, app_version,
                    exception_type, exception_reason, blame_frame, group_id
                FROM report, n WHERE report.id = 2;
                """)
        }
        let reports = 20_021
        let killer = KilledRun(folder: folder)
        let timed = folder.appendingPathComponent("timed.sqlite")
        try FileManager.default.copyItem(at: old, to: timed)
        let duration = try killer.duration(["upgrade", "--db", timed.path])
        var killed = 0
        for round in 0..<6 {
            let copy = folder.appendingPathComponent("round\(round).sqlite")
            let wasKilled = try killer.killMidway(within: duration) {
                KilledRun.removeDatabase(atPath: copy.path)
                try FileManager.default.copyItem(at: old, to: copy)
                return ["upgrade", "--db", copy.path]
            }
            if wasKilled { killed += 1 }
            let db = try Database(path: copy.path, readOnly: true)
            XCTAssertEqual(try db.query("PRAGMA integrity_check").first?.string("integrity_check"), "ok")
            XCTAssertEqual(try count("SELECT count(*) AS n FROM report", in: db), reports, "round \(round)")
            // Each migration is whole or absent: version 11's column exists exactly when 11 is recorded.
            let version = try count("SELECT max(version) AS n FROM schema_migrations", in: db) ?? 0
            let columns = try db.query("PRAGMA table_info(report)").compactMap { try $0.string("name") }
            XCTAssertEqual(
                columns.contains("text_repairs"), version >= 11, "round \(round), version \(version)")
            let finish = try CommandRunner(folder: folder).run(["upgrade", "--db", copy.path])
            XCTAssertEqual(finish.status, 0, finish.err)
            let upgraded = try Database(path: copy.path, readOnly: true)
            XCTAssertEqual(
                try count("SELECT max(version) AS n FROM schema_migrations", in: upgraded),
                Migration.builtIn.last?.version)
            XCTAssertEqual(try count("SELECT count(*) AS n FROM reports", in: upgraded), reports)
            XCTAssertEqual(
                try count("SELECT sum(report_count) AS n FROM crash_groups", in: upgraded), reports)
            XCTAssertEqual(try count("SELECT count(*) AS n FROM import_files", in: upgraded), 20_018)
            try CacheAssertions.assertCachesMatchRows(try Store(path: copy.path, access: .readOnly))
        }
        XCTAssertGreaterThan(killed, 3, "most upgrades were killed mid-way (a whole one takes \(duration) s)")
    }
}
