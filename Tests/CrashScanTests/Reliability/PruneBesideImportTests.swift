import Foundation
import XCTest

@testable import CrashScanDatabase
@testable import CrashScanModel
@testable import CrashScanStore

/// PostgreSQL: `prune` while an import writes into the months it drops. Once the importer ended
/// with "no partition of relation report found for row", and a partition dropped after an
/// importer had committed into it took reports with it while `report_hash`, the failures and the
/// tallies still counted them (a later import took the lost reports for duplicates for ever).
/// Now prune and the import batches exclude each other where they meet, a partition is dropped
/// only when empty, and the importer makes again a partition it needs.
final class PruneBesideImportTests: XCTestCase {
    /// `count` console reports, one a file, spread over 2015–2020 (a month each in turn).
    private func corpus(_ count: Int, in folder: URL, from first: Int) throws -> URL {
        let template = try String(
            contentsOf: TestPaths.sampleReports.appendingPathComponent("02-bugly-console-zh-textview.txt"),
            encoding: .utf8)
        let corpus = folder.appendingPathComponent("corpus-\(first)")
        try FileManager.default.createDirectory(at: corpus, withIntermediateDirectories: true)
        for index in first..<(first + count) {
            let month = index % 72
            let time = String(
                format: "%04d-%02d-%02d %02d:%02d:%02d", 2015 + month / 12, 1 + month % 12,
                1 + index / 72 % 28,
                index / 3600 % 24, index / 60 % 60, index % 60)
            let text = template.replacingOccurrences(of: "发生时间：2015-03-01 08:18:47", with: "发生时间：" + time)
            try Data(text.utf8).write(
                to: corpus.appendingPathComponent(String(format: "crash-%05d.txt", index)))
        }
        return corpus
    }

    /// When report `index` was seen, in UTC (its console time is China Standard Time, +08:00).
    static func seen(_ index: Int) -> String {
        let month = index % 72
        var parts = DateComponents(
            timeZone: TimeZone(secondsFromGMT: 8 * 3600), year: 2015 + month / 12, month: 1 + month % 12,
            day: 1 + index / 72 % 28, hour: index / 3600 % 24, minute: index / 60 % 60, second: index % 60)
        parts.calendar = Calendar(identifier: .gregorian)
        let formatter = ISO8601DateFormatter()
        return formatter.string(from: parts.date ?? Date.distantPast)
    }

    func testPruneWhileAnImportWritesLosesNothing() throws {
        guard CommandRunner.isBuilt else { throw XCTSkip("crashscan binary not built") }
        guard ProcessInfo.processInfo.environment["CRASHSCAN_TEST_POSTGRES"] != nil else {
            throw XCTSkip("needs the test PostgreSQL server")
        }
        for delay in [300_000, 700_000] as [useconds_t] {
            let folder = try TestPaths.temporaryFolder(self)
            let runner = CommandRunner(folder: folder)
            let url = try TestPostgres.freshDatabase(self)
            let base = try corpus(1_500, in: folder, from: 0)
            let more = try corpus(3_000, in: folder, from: 1_500)
            XCTAssertEqual(try runner.run(["import", "--quiet", base.path, "--db", url]).status, 0)

            let imported = Locked<CommandRunner.Run?>(nil)
            let done = DispatchSemaphore(value: 0)
            Thread {
                imported.withLock { $0 = try? runner.run(["import", "--quiet", more.path, "--db", url]) }
                done.signal()
            }.start()
            usleep(delay)
            let prune = try runner.run(["prune", "--before", "2016-06-01", "--db", url])
            done.wait()
            let run = try XCTUnwrap(imported.withLock { $0 })
            XCTAssertEqual(run.status, 0, "the import beside prune: \(run.err)")
            XCTAssertEqual(prune.status, 0, prune.err)

            let db = try Database(postgresURL: url, name: "team")
            func count(_ sql: String) throws -> Int { try db.query(sql).first?.int("n") ?? -1 }
            XCTAssertEqual(
                try count(
                    "SELECT count(*) AS n FROM report_hash h WHERE NOT EXISTS (SELECT 1 FROM report r WHERE r.id = h.report_id)"
                ),
                0, "no content hash claimed by a report that is gone")
            XCTAssertEqual(
                try count(
                    "SELECT count(*) AS n FROM kvc_failure f WHERE NOT EXISTS (SELECT 1 FROM report r WHERE r.id = f.report_id)"
                ),
                0, "no failure without its report")
            XCTAssertEqual(
                try count("SELECT count(*) AS n FROM report"),
                try count("SELECT count(*) AS n FROM report_hash"))
            // Every report from June 2016 on is stored: prune never takes them, and the import
            // lost none.
            let kept = (0..<4_500).filter { Self.seen($0) >= "2016-06-01T00:00:00Z" }.count
            XCTAssertEqual(
                try count("SELECT count(*) AS n FROM report WHERE retained_at >= '2016-06-01'"), kept)
            let check = try runner.run(["check", "--db", url])
            XCTAssertEqual(check.status, 0, check.out + check.err)
            // Read again, every pruned report is new again: nothing is taken for a duplicate of a
            // report that is gone.
            XCTAssertEqual(
                try runner.run(["import", "--quiet", "--reparse", base.path, more.path, "--db", url]).status,
                0)
            XCTAssertEqual(try count("SELECT count(*) AS n FROM report"), 4_500)
            try CacheAssertions.assertCachesMatchRows(try Store(path: url, access: .readOnly))
        }
    }
}
