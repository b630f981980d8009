import Foundation
import XCTest

@testable import CrashScanDatabase
@testable import CrashScanImport
@testable import CrashScanIngest
@testable import CrashScanRules
@testable import CrashScanStore

/// The disk fills up during an import: exit 74 with a message that says so, the database valid
/// and holding what it held, and the same import run again (with space) stores everything once.
final class DiskFullTests: XCTestCase {
    /// Contents a user would compare before and after: reports, files, groups and their tallies.
    func contents(_ path: String) throws -> Set<String> {
        let db = try Database(path: path, readOnly: true)
        XCTAssertEqual(try db.query("PRAGMA integrity_check").first?.string("integrity_check"), "ok")
        return Set(
            try db.query(
                """
                SELECT 'report ' || lower(hex(content_hash)) AS line FROM report
                UNION ALL SELECT 'file ' || path || ' ' || outcome || ' ' || reports_imported FROM import_files
                """
            ).map { try $0.string("line") ?? "" })
    }

    /// After a failed import: everything from before is still there, the database is valid, and
    /// each generated file it did store is stored whole (its report with it).
    func assertNothingLostOrHalfWritten(_ path: String, before: Set<String>) throws {
        let after = try contents(path)
        XCTAssertTrue(before.isSubset(of: after), "nothing stored before is lost")
        let db = try Database(path: path, readOnly: true)
        let storedFiles = try db.query(
            "SELECT count(*) AS n FROM import_files WHERE path LIKE '%/corpus/crash-%' AND outcome = 'imported'"
        ).first?.int("n")
        let reports = try db.query("SELECT count(*) AS n FROM report").first?.int("n")
        XCTAssertEqual(reports, (storedFiles ?? 0) + before.filter { $0.hasPrefix("report ") }.count)
        XCTAssertEqual(
            try db.query("SELECT sum(report_count) AS n FROM crash_groups").first?.int("n"), reports,
            "the group tallies agree with the reports")
        try CacheAssertions.assertCachesMatchRows(try Store(path: path, access: .readOnly))
    }

    /// A real full disk: a 2 MiB tmpfs where the machine allows `mount` (root, as CI runs). The
    /// samples' import holds its log and the file at once, about 1.0 MiB, and its last writes
    /// go on growing the log while it is copied (`BackgroundCheckpoint`), which 1 MiB no longer
    /// held; the generated corpus needs several MiB.
    func testAFullDiskStopsTheImportWith74AndLosesNothing() throws {
        guard CommandRunner.isBuilt else { throw XCTSkip("crashscan binary not built") }
        let folder = try TestPaths.temporaryFolder(self)
        let small = folder.appendingPathComponent("small")
        try FileManager.default.createDirectory(at: small, withIntermediateDirectories: true)
        guard try Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=2m", "tmpfs", small.path]) == 0 else {
            throw XCTSkip(
                "mounting a tmpfs is not allowed here; testSQLiteFullRollsBackTheTransaction covers the store"
            )
        }
        defer { _ = try? Self.run("/bin/umount", [small.path]) }
        let runner = CommandRunner(folder: folder)
        let database = small.appendingPathComponent("db.sqlite").path
        XCTAssertEqual(try runner.run(["import", TestPaths.sampleReports.path, "--db", database]).status, 0)
        let before = try contents(database)
        let corpus = folder.appendingPathComponent("corpus")
        try GeneratedCorpus.write(files: 3_000, to: corpus)
        let full = try runner.run(["import", corpus.path, "--db", database])
        XCTAssertEqual(full.status, 74, full.err)
        XCTAssertTrue(full.err.contains("cannot write the database: the disk is full"), full.err)
        try assertNothingLostOrHalfWritten(database, before: before)
        XCTAssertEqual(try runner.run(["report", "--db", database]).status, 0, "and can be read")
        // With space again, the same import stores every report once.
        // The database is its file and its WAL: with the disk full, the import's last checkpoint
        // could not grow the file, so committed pages may still be only in the WAL.
        let roomy = folder.appendingPathComponent("db.sqlite").path
        for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: database + suffix) {
            try FileManager.default.copyItem(atPath: database + suffix, toPath: roomy + suffix)
        }
        let again = try runner.run(["import", corpus.path, "--db", roomy])
        XCTAssertEqual(again.status, 0, again.err)
        XCTAssertEqual(
            try contents(roomy).filter { $0.hasPrefix("report ") }.count,
            before.filter { $0.hasPrefix("report ") }.count + 3_000)
        try CacheAssertions.assertCachesMatchRows(try Store(path: roomy, access: .readOnly))
    }

    /// The same through SQLite's own limit (`max_page_count`), on any machine: the transaction
    /// that hits SQLITE_FULL is rolled back whole.
    func testSQLiteFullRollsBackTheTransaction() throws {
        let folder = try TestPaths.temporaryFolder(self)
        let path = folder.appendingPathComponent("db.sqlite").path
        let store = try Store(path: path)
        _ = try Importer(store: store, rules: RuleSet.builtIn()).run(
            try InputWalker().expand([TestPaths.sampleReports.path]), arguments: "t", version: "t")
        let before = try contents(path)
        let pages = try store.db.query("PRAGMA page_count").first?.int("page_count") ?? 0
        _ = try store.db.query("PRAGMA max_page_count = \(pages + 8)")
        let corpus = folder.appendingPathComponent("corpus")
        try GeneratedCorpus.write(files: 1_000, to: corpus)
        XCTAssertThrowsError(
            try Importer(store: store, rules: RuleSet.builtIn()).run(
                try InputWalker().expand([corpus.path]), arguments: "t", version: "t")
        ) { error in
            XCTAssertEqual((error as? DatabaseError)?.code, 13, "\(error)")
        }
        try assertNothingLostOrHalfWritten(path, before: before)
        // With room again, the same import stores the rest, each report once.
        _ = try store.db.query("PRAGMA max_page_count = 1000000")
        let summary = try Importer(store: store, rules: RuleSet.builtIn()).run(
            try InputWalker().expand([corpus.path]), arguments: "t", version: "t")
        XCTAssertEqual(
            try Database(path: path, readOnly: true).query("SELECT count(*) AS n FROM report").first?.int(
                "n"),
            before.filter { $0.hasPrefix("report ") }.count + 1_000)
        XCTAssertEqual(summary.imported + summary.duplicates, 1_000)
        try CacheAssertions.assertCachesMatchRows(store)
    }

    static func run(_ tool: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
