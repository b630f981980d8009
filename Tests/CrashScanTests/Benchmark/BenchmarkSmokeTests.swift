import Foundation
import XCTest

/// The benchmark's small run: it must generate, import and report end to end and print every
/// figure the README quotes. (The figures themselves are not asserted: speed is measured by the
/// benchmark, not by a timed test.)
final class BenchmarkSmokeTests: XCTestCase {
    func testSmokeRunPrintsEveryFigure() throws {
        let bench = CommandRunner.binary.deletingLastPathComponent().appendingPathComponent("crashscan-bench")
        guard FileManager.default.isExecutableFile(atPath: bench.path) else {
            return XCTFail("crashscan-bench is not built beside the tests at \(bench.path)")
        }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3") else {
            throw XCTSkip("the sqlite3 shell is not installed (apt-get install sqlite3); .ci/run installs it")
        }
        let folder = try TestPaths.temporaryFolder(self)
        // With a PostgreSQL server (CI has one), the team database's figures too.
        let postgres = ProcessInfo.processInfo.environment["CRASHSCAN_TEST_POSTGRES"].flatMap {
            $0.isEmpty ? nil : $0
        }
        // With a Python that has pycrashreport (CI makes one), the .ips peer too; the test does not
        // install it.
        let peer = ProcessInfo.processInfo.environment["CRASHSCAN_BENCH_PEER_PYTHON"].flatMap {
            $0.isEmpty ? nil : $0
        }
        let run = try CommandRunner(folder: folder).run(
            ["--smoke", "--work", folder.path, "--binary", CommandRunner.binary.path]
                + (postgres.map { ["--postgres", $0] } ?? []) + (peer == nil ? ["--no-peer"] : []),
            binary: bench)
        XCTAssertEqual(run.status, 0, run.err)
        let lines = run.out.split(separator: "\n").map(String.init)
        func line(_ prefix: String) -> String? { lines.first { $0.hasPrefix(prefix) } }

        XCTAssertEqual(line("crashscan-bench: ")?.hasPrefix("crashscan-bench: 300 crash logs"), true)
        for label in ["read all files (I/O floor)", "sqlite3 .import (storage floor)", "crashscan import "] {
            XCTAssertNotNil(
                line(label)?.range(of: #" reports/s, [0-9.]+ MB/s"#, options: .regularExpression), label)
        }
        XCTAssertNotNil(
            line("crashscan import ")?.range(of: #"peak RSS [1-9][0-9]* MB"#, options: .regularExpression))
        XCTAssertNotNil(line("crashscan import again")?.range(of: "× faster"))
        // Every generated log is read: the first import stores all that are not duplicates of
        // each other, the second stores nothing.
        let first = try XCTUnwrap(line("  first:  "))
        XCTAssertTrue(first.hasPrefix("  first:  300 files, "), first)
        XCTAssertTrue(first.hasSuffix(", 0 rejected"), first)
        let again = try XCTUnwrap(line("  again:  "))
        XCTAssertTrue(again.hasPrefix("  again:  300 files, 0 reports imported, "), again)
        XCTAssertNotNil(
            line("database size")?.range(of: #"[1-9][0-9]* bytes per report"#, options: .regularExpression))

        // The report database's build: its rate, and how much of its CPU the generator took (the
        // texts are generated in the building process, on the cores the importer uses).
        XCTAssertNotNil(
            line("built the 2000-report database ")?.range(
                of: #" in [0-9]+ s \([0-9]+ reports/s\), peak RSS [1-9][0-9]* MB$"#,
                options: .regularExpression),
            run.out)
        XCTAssertNotNil(
            line("  of its CPU, generating the texts")?.range(
                of: #" took [0-9]+ s$"#, options: .regularExpression),
            run.out)
        // The eight the issue named, then --key, --kind on the page, a narrow and a wide --since.
        let reportLines = lines.filter { $0.hasPrefix("  report") }
        XCTAssertEqual(reportLines.count, 12, run.out)
        if postgres != nil {
            XCTAssertNotNil(
                line("  import into a fresh database: ")?.range(
                    of: #" reports/s, [0-9.]+ of SQLite's [0-9]+ reports/s"#, options: .regularExpression),
                run.out)
            XCTAssertNotNil(line("  import again (all duplicates): "), run.out)
            let onServer = lines.filter { $0.hasPrefix("    report") }
            XCTAssertEqual(onServer.count, 12, run.out)
            for reportLine in onServer {
                XCTAssertNotNil(
                    reportLine.range(of: #" [0-9]+ ms$"#, options: .regularExpression), reportLine)
            }
        }
        for reportLine in reportLines {
            XCTAssertNotNil(reportLine.range(of: #" [0-9]+ ms$"#, options: .regularExpression), reportLine)
        }
        // The HTML page's lines give its size.
        let pages = reportLines.filter { $0.contains("--format html") }
        XCTAssertEqual(pages.count, 3)
        for page in pages {
            XCTAssertNotNil(page.range(of: #"\([0-9]+\.[0-9]{2} MB\)"#, options: .regularExpression), page)
        }
        // The scan step: 500 generated source files, what was planted found.
        // The .ips comparison: crashscan's import of 200 generated .ips files, and the peer's reading.
        XCTAssertEqual(line(".ips: ")?.hasPrefix(".ips: 200 files, "), true, run.out)
        XCTAssertNotNil(line("  200 files, 200 reports imported, 0 duplicates, 0 rejected"), run.out)
        // KSCrash and MetricKit: 100 generated files (half each), every one stored.
        XCTAssertEqual(
            line("KSCrash and MetricKit: ")?.hasPrefix("KSCrash and MetricKit: 100 files, "), true, run.out)
        XCTAssertNotNil(line("  100 files, 100 reports imported, 0 duplicates, 0 rejected"), run.out)
        // The two timed imports (.ips, then KSCrash and MetricKit) give their rates.
        let medians = lines.filter { $0.hasPrefix("crashscan import (median of 1) ") }
        XCTAssertEqual(medians.count, 2, run.out)
        for median in medians { XCTAssertNotNil(median.range(of: " reports/s, "), median) }
        if peer != nil {
            XCTAssertNotNil(line("pycrashreport (Python peer, median) ")?.range(of: "200 reports, "), run.out)
            XCTAssertNotNil(line("  crashscan import is ")?.range(of: "× as fast as the peer"), run.out)
        } else {
            XCTAssertNotNil(line("pycrashreport (Python peer)        not run (--no-peer)"), run.out)
        }
        XCTAssertEqual(line("crashscan scan: ")?.hasPrefix("crashscan scan: 500 source files"), true, run.out)
        XCTAssertNotNil(
            line("crashscan scan (median")?.range(of: #"[0-9.]+ MB/s"#, options: .regularExpression))
        XCTAssertEqual(line("  findings: "), "  findings: 6 of 6 planted")
        // Many reports in one file against one a file: both store all 200.
        XCTAssertEqual(line("200 Bugly console reports, ")?.contains("in one file"), true, run.out)
        XCTAssertNotNil(line("  one file:   1 file, 200 reports imported, 0 duplicates, 0 rejected"), run.out)
        XCTAssertNotNil(
            line("  one a file: 200 files, 200 reports imported, 0 duplicates, 0 rejected"), run.out)
        XCTAssertNotNil(line("  one file against one a file ")?.range(of: "×"), run.out)
        // Many groups: 300 imported, then report in every format with its peak memory.
        XCTAssertNotNil(line("  300 files, 300 reports imported, 0 duplicates, 0 rejected"), run.out)
        let groupReports = lines.filter { $0.hasPrefix("  crashscan report --format ") }
        XCTAssertEqual(groupReports.count, 5, run.out)
        for groupReport in groupReports {
            XCTAssertNotNil(
                groupReport.range(
                    of: #" s   peak RSS +[1-9][0-9]* MB +[0-9.]+ MB written$"#, options: .regularExpression),
                groupReport)
        }
    }
}
