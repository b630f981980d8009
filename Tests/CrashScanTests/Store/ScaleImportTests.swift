import XCTest

@testable import CrashScanDatabase
@testable import CrashScanImport
@testable import CrashScanIngest
@testable import CrashScanModel
@testable import CrashScanReport
@testable import CrashScanRules
@testable import CrashScanStore

/// Files of usage and of Bugly's issue counts go through `import` as crash logs do, recognised by
/// their content: stored once per day, version and OS (or per issue), the last file read
/// replacing an earlier one, and linked to the crash groups they count.
final class ScaleImportTests: XCTestCase {
    func testScaleFilesAreImportedBesideTheLogs() throws {
        try importsScale(at: try TestPaths.temporaryFolder(self).appendingPathComponent("db.sqlite").path)
    }

    func testScaleFilesAreImportedBesideTheLogsOnPostgreSQL() throws {
        try importsScale(at: try TestPostgres.freshDatabase(self))
    }

    private func importsScale(at location: String) throws {
        let store = try Store(path: location)
        let scale = TestPaths.fixture("scale")
        let files = ["bugly-crash-trend.json", "usage.csv", "bugly-issue-list.json", "bugly-issue-page.txt"]
        let settings = ParseSettings(buglyAppID: "900012345", appVersion: "2.3.1")
        let summary = try Importer(store: store, rules: RuleSet.builtIn(), settings: settings).run(
            try InputWalker().expand(
                [TestPaths.sampleReports.path] + files.map { scale.appendingPathComponent($0).path }),
            arguments: "test", version: "test")
        // 2 trend rows + 3 usage rows; 2 issues of the list + 1 issue page.
        XCTAssertEqual(summary.usageRows, 5)
        XCTAssertEqual(summary.issueCounts, 3)
        XCTAssertEqual(
            summary.leftOut.map(\.path).map { ($0 as NSString).lastPathComponent }, files.prefix(3).map { $0 }
        )
        XCTAssertEqual(summary.rejected, 0)

        let usage = try store.usageRows()
        XCTAssertEqual(
            usage.first { $0.day == "2015-03-01" && $0.osVersion == "" },
            StoredUsage(
                day: "2015-03-01", appVersion: "2.3.1", launches: 12_400, activeDevices: 3_100, crashes: 9,
                crashDevices: 8, source: "Bugly crash trend"))
        XCTAssertEqual(
            usage.first { $0.osVersion == "8.1.3" }?.launches, 12_400,
            "`iOS 8.1.3` stored as reports write it")
        XCTAssertEqual(usage.first { $0.appVersion == "2.3.0" }?.day, "", "a row without a date")

        let issues = try store.buglyIssues()
        let listed = try XCTUnwrap(issues.first { $0.issueID == "1183" })
        XCTAssertEqual(listed.occurrences, 763_670)
        XCTAssertEqual(listed.affectedDevices, 762_282)
        XCTAssertEqual(
            listed.buglyURL, "https://bugly.qq.com/v2/crash-reporting/crashes/900012345/1183?pid=2")
        // Sample 06 names issue 1183 of app 900012345: linked by the id.
        XCTAssertEqual(listed.groups.map(\.linkedBy), [.issueID])
        // The page names no issue: its counts are kept under its group, linked by its exception,
        // reason and blame frame.
        let page = try XCTUnwrap(issues.first { $0.identity.hasPrefix("group:") })
        XCTAssertEqual(page.occurrences, 4_812)
        XCTAssertEqual(page.groups.map(\.linkedBy), [.exceptionReasonAndKeyStack])
        // Issue 2291 is the status bar's (no KVC reason in the list); sample 07 names it.
        XCTAssertEqual(issues.first { $0.issueID == "2291" }?.groups.map(\.linkedBy), [.issueID])

        // A later export replaces the counts it gives again, and keeps what it leaves out.
        let later = try TestPaths.temporaryFolder(self).appendingPathComponent("later.csv")
        try "issueId,异常次数,影响设备数\n1183,800000,790000\n".write(to: later, atomically: true, encoding: .utf8)
        let trend = try TestPaths.temporaryFolder(self).appendingPathComponent("trend.csv")
        try "date,accessNum,accessUser,crashNum,crashUser\n20150301,13000,3200,10,9\n".write(
            to: trend, atomically: true, encoding: .utf8)
        let second = try Importer(
            store: try Store(path: location), rules: RuleSet.builtIn(), settings: settings
        )
        .run(try InputWalker().expand([later.path, trend.path]), arguments: "test", version: "test")
        XCTAssertEqual(second.issueCounts, 1)
        XCTAssertEqual(second.usageRows, 1)
        let replaced = try XCTUnwrap(try store.buglyIssues().first { $0.issueID == "1183" })
        XCTAssertEqual(replaced.occurrences, 800_000)
        XCTAssertEqual(replaced.exceptionType, "NSUnknownKeyException", "kept from the list")
        XCTAssertEqual(replaced.source, "Bugly issue sheet")
        let rows = try store.usageRows()
        XCTAssertEqual(rows.count, usage.count, "one row per day, version and OS")
        XCTAssertEqual(rows.first { $0.day == "2015-03-01" && $0.osVersion == "" }?.launches, 13_000)

        // The report reads them alike on both backends (PostgreSQL's views and day arithmetic).
        let report = try ReportBuilder.build(store: store, filter: ReportFilter(), rules: RuleSet.builtIn())
        XCTAssertEqual(report.groups.first { $0.id == "1b4b4cd6" }?.bugly?.occurrences, 800_000)
        let version = report.scale.rates?.byAppVersion.first { $0.value == "2.3.1" }?.usage
        XCTAssertEqual(version?.launches, 13_000 + 30_100)
        XCTAssertEqual(version?.kvcFailures, 2, "2.3.1's KVC logs of 2015-03-01 and 2015-03-02")
        let files2 = try store.db.query(
            "SELECT path, outcome, source_format, usage_rows, issue_counts FROM import_files WHERE usage_rows + issue_counts > 0 ORDER BY path"
        )
        XCTAssertEqual(try files2.map { try $0.string("outcome") }, Array(repeating: "imported", count: 6))
        try CacheAssertions.assertCachesMatchRows(store)
    }

    /// A sheet none of whose rows can be read is refused with its first reason; a workbook of
    /// other columns is skipped, never opened as an archive of crash logs.
    func testAFileOfScaleWithoutARowThatCanBeReadIsRefused() throws {
        let folder = try TestPaths.temporaryFolder(self)
        try "date,launches\n2015-03-01,many\n".write(
            to: folder.appendingPathComponent("usage.csv"), atomically: true, encoding: .utf8)
        let parsed = try InputWalker().expand([folder.path]).flatMap { SourceReader.read($0) }
        guard case .rejected(let rejection) = try XCTUnwrap(parsed.first).outcome else {
            return XCTFail("\(parsed)")
        }
        XCTAssertEqual(
            rejection.reason, "usage sheet without a row that can be read (row 2: launches is not a count)")
        XCTAssertEqual(rejection.disposition, .rejected)
    }

    /// A workbook is an archive: it expands no further than the archive limits allow (refused
    /// with the limit's reason), and only its first sheet is kept.
    func testAWorkbookExpandsNoFurtherThanAnArchive() throws {
        let workbook = try Data(contentsOf: TestPaths.fixture("scale/usage.xlsx"))
        var tight = ParseSettings()
        tight.archiveLimits = ArchiveLimits(expandedBytes: 1_000, ratio: 200)
        let refused = SourceReader.read(workbook, path: "usage.xlsx", depth: 0, settings: tight)
        guard case .rejected(let rejection) = try XCTUnwrap(refused.first).outcome else {
            return XCTFail("\(refused)")
        }
        XCTAssertTrue(rejection.reason.hasPrefix("workbook: archive "), rejection.reason)
        let read = SourceReader.read(workbook, path: "usage.xlsx", depth: 0)
        guard case .scale(let scale) = try XCTUnwrap(read.first).outcome else { return XCTFail("\(read)") }
        XCTAssertEqual(scale.usage.count, 3)
    }

    /// One issue is never counted twice because one export was imported with `--bugly-app-id` and
    /// another without: the counts of an issue id without its app go to the one issue of that id
    /// stored with an app, and an issue id with its app replaces the same id stored without one.
    func testAnIssueIsKeptOnceWithOrWithoutItsApp() throws {
        let folder = try TestPaths.temporaryFolder(self)
        let store = try Store(path: folder.appendingPathComponent("db.sqlite").path)
        func importList(count: Int, appID: String?) throws {
            let file = folder.appendingPathComponent("list-\(count).csv")
            try "issueId,异常次数,影响设备数\n1183,\(count),\(count / 2)\n".write(
                to: file, atomically: true, encoding: .utf8)
            _ = try Importer(
                store: store, rules: RuleSet.builtIn(), settings: ParseSettings(buglyAppID: appID)
            )
            .run(try InputWalker().expand([file.path]), arguments: "test", version: "test")
        }
        try importList(count: 100, appID: nil)
        XCTAssertEqual(try store.buglyIssues().map(\.identity), ["/1183"])
        try importList(count: 200, appID: "900012345")
        XCTAssertEqual(try store.buglyIssues().map(\.identity), ["900012345/1183"])
        try importList(count: 300, appID: nil)
        let issues = try store.buglyIssues()
        XCTAssertEqual(issues.map(\.identity), ["900012345/1183"])
        XCTAssertEqual(issues.first?.occurrences, 300)
        XCTAssertNotNil(issues.first?.buglyURL, "its app kept")
    }
}
