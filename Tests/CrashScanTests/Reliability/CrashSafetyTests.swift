import Foundation
import XCTest

@testable import CrashScanDatabase
@testable import CrashScanStore

/// `kill -9` at random points of an import of 3,000 reports, again and again (during the schema
/// set-up of the new database too): the database stays valid after every kill, and a last import
/// stores every distinct report exactly once, with every file accounted for in `import_files`.
final class CrashSafetyTests: XCTestCase {
    /// `files` distinct Bugly console crashes (their times differ), one per file.
    func makeCorpus(files: Int, kinds: Int = 1) throws -> (folder: URL, corpus: URL) {
        guard CommandRunner.isBuilt else { throw XCTSkip("crashscan binary not built") }
        let folder = try TestPaths.temporaryFolder(self)
        let corpus = folder.appendingPathComponent("corpus")
        try GeneratedCorpus.write(files: files, to: corpus, kinds: kinds)
        return (folder, corpus)
    }

    func testKilledImportsNeverCorruptLoseOrDuplicate() throws {
        let files = 3_000
        let (folder, corpus) = try makeCorpus(files: files)
        let database = folder.appendingPathComponent("db.sqlite").path
        var generator = SystemRandomNumberGenerator()
        var killed = 0
        for round in 0..<12 {
            let process = Process()
            process.executableURL = CommandRunner.binary
            process.arguments = ["import", corpus.path, "--db", database, "--quiet"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // The first rounds die early (schema set-up, first batch), later ones anywhere.
            let wait =
                round < 3
                ? UInt32.random(in: 0...40_000, using: &generator)
                : UInt32.random(in: 0...600_000, using: &generator)
            usleep(wait)
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                killed += 1
            }
            process.waitUntilExit()
            guard FileManager.default.fileExists(atPath: database) else { continue }
            let db = try Database(path: database, readOnly: true)
            XCTAssertEqual(
                try db.query("PRAGMA integrity_check").first?.string("integrity_check"), "ok",
                "after kill \(round) (\(wait / 1000) ms)")
            // Once the caches are made: they say what the rows say, their indexes made or not yet
            // (`check.loading`: the kill came before the import's end).
            if let store = try? Store(path: database, access: .readOnly),
                case let check = try store.checkCaches(),
                !check.outdated, !check.stale
            {
                XCTAssertEqual(check.differences.map(\.cache), [], "after kill \(round)")
            }
        }
        XCTAssertGreaterThan(killed, 6, "most rounds were killed mid-import")
        let last = try CommandRunner(folder: folder).run(["import", corpus.path, "--db", database, "--quiet"])
        XCTAssertEqual(last.status, 0, last.err)
        let db = try Database(path: database, readOnly: true)
        XCTAssertEqual(
            try db.query("SELECT count(*) AS n FROM report").first?.int("n"), files, "each report once")
        XCTAssertEqual(
            try db.query("SELECT count(DISTINCT content_hash) AS n FROM report").first?.int("n"), files)
        let accounted = try db.query(
            "SELECT count(DISTINCT path) AS n FROM import_files WHERE outcome IN ('imported', 'duplicate')"
        ).first?.int("n")
        XCTAssertEqual(accounted, files, "every file stored, in this run or one before it")
        XCTAssertEqual(
            try db.query("SELECT sum(report_count) AS n FROM crash_groups").first?.int("n"), files,
            "the group tallies count every report once")
        // Every kill left the caches as the rows say (stale or loading, made again by the next import).
        try CacheAssertions.assertCachesMatchRows(try Store(path: database, access: .readOnly))
    }

    /// `report` in every format while an import writes: it never fails, and each answer is one
    /// snapshot (the failures it counts are the failures its groups add up to).
    func testReportsDuringAnImportAlwaysSucceedOnOneSnapshot() throws {
        let (folder, corpus) = try makeCorpus(files: 3_000)
        let runner = CommandRunner(folder: folder)
        XCTAssertEqual(try runner.run(["import", TestPaths.sampleReports.path, "--quiet"]).status, 0)
        let importer = Process()
        importer.executableURL = CommandRunner.binary
        importer.arguments = ["import", corpus.path, "--quiet"]
        importer.currentDirectoryURL = folder
        importer.standardOutput = FileHandle.nullDevice
        importer.standardError = FileHandle.nullDevice
        try importer.run()
        var reads = 0
        var checked = 0
        let formats = ["json", "text", "csv", "markdown"]
        while importer.isRunning || reads < 4 {
            let format = formats[reads % formats.count]
            let run = try runner.run(["report", "--format", format])
            XCTAssertEqual(run.status, 0, "\(format): \(run.err)")
            if format == "json",
                let json = try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any],
                let summary = json["summary"] as? [String: Any],
                let groups = json["groups"] as? [[String: Any]]
            {
                let counted = groups.compactMap { $0["report_count"] as? Int }.reduce(0, +)
                XCTAssertEqual(summary["kvc_failures"] as? Int, counted, "one snapshot")
                checked += 1
            }
            reads += 1
        }
        importer.waitUntilExit()
        XCTAssertEqual(importer.terminationStatus, 0)
        XCTAssertGreaterThan(reads, 4)
        XCTAssertGreaterThan(checked, 0, "the JSON answers were read")
    }

    /// `kill -9` during `regroup` leaves the database valid with every report in exactly one
    /// group, killed or not. Before each round the two groups' reports are swapped, so that the
    /// regroup moves every report.
    func testKilledRegroupsNeverLoseAReport() throws {
        let files = 2_000
        let (folder, corpus) = try makeCorpus(files: files, kinds: 2)
        let runner = CommandRunner(folder: folder)
        XCTAssertEqual(try runner.run(["import", corpus.path, "--quiet"]).status, 0)
        let database = folder.appendingPathComponent("crashscan.sqlite").path
        func swapGroups() throws {
            let db = try Database(path: database)
            let groups = try db.query("SELECT id FROM crash_group ORDER BY id").compactMap {
                try $0.int("id")
            }
            XCTAssertEqual(groups.count, 2)
            try db.run(
                "UPDATE report SET group_id = CASE group_id WHEN ? THEN ? ELSE ? END",
                [.int(groups[0]), .int(groups[1]), .int(groups[0])])
        }
        let killer = KilledRun(folder: folder)
        try swapGroups()
        let duration = try killer.duration(["regroup", "--db", database])
        var killed = 0
        for round in 0..<8 {
            let wasKilled = try killer.killMidway(within: duration) {
                try swapGroups()
                return ["regroup", "--db", database]
            }
            if wasKilled { killed += 1 }
            let db = try Database(path: database, readOnly: true)
            XCTAssertEqual(try db.query("PRAGMA integrity_check").first?.string("integrity_check"), "ok")
            XCTAssertEqual(try db.query("SELECT count(*) AS n FROM report").first?.int("n"), files)
            XCTAssertEqual(
                try db.query("SELECT sum(report_count) AS n FROM crash_groups").first?.int("n"), files,
                "every report in one group, round \(round)")
            // The swap by hand marked the caches stale; a regroup that finished rebuilt them.
            try CacheAssertions.assertCachesMatchRowsOrAreStale(try Store(path: database, access: .readOnly))
        }
        XCTAssertGreaterThan(killed, 4, "most regroups were killed mid-way (a whole one takes \(duration) s)")
        XCTAssertEqual(try runner.run(["regroup", "--db", database]).status, 0)
        let db = try Database(path: database, readOnly: true)
        XCTAssertEqual(
            try db.query(
                "SELECT group_concat(report_count) AS n FROM (SELECT report_count FROM crash_groups ORDER BY 1)"
            )
            .first?.string("n"), "1000,1000", "a last regroup puts each crash back in its group")
        try CacheAssertions.assertCachesMatchRows(try Store(path: database, access: .readOnly))
    }
}
