import XCTest

@testable import CrashScanIngest
@testable import CrashScanJSON
@testable import CrashScanModel

/// Bugly's own counts and the usage that crash rates divide by, read from every kind of file
/// issue 40 names (fixtures in Fixtures/scale): each value as the file gives it, a count Bugly
/// does not know (`-1`, empty) unknown rather than zero, and rows that cannot be read named.
final class ScaleFilesTests: XCTestCase {
    func fixture(_ name: String) throws -> String {
        try String(contentsOf: TestPaths.fixture("scale/\(name)"), encoding: .utf8)
    }

    /// The first day of the crash-trend fixtures, JSON and sheet alike.
    let firstTrendDay = UsageRow(
        day: "2015-03-01", appVersion: "2.3.1", launches: 12_400, activeDevices: 3_100, crashes: 9,
        crashDevices: 8)

    func testBuglyCrashTrendJSON() throws {
        let value = try JSONValue.parse(try fixture("bugly-crash-trend.json"), .crashReports)
        let file = try XCTUnwrap(UsageReader.trend(value, appVersion: "2.3.1"))
        XCTAssertEqual(file.source, .buglyTrend)
        XCTAssertEqual(
            file.rows,
            [firstTrendDay, UsageRow(day: "2015-03-02", appVersion: "2.3.1", launches: 30_100)],
            "the ANR row is no crash row; -1 is unknown")
        XCTAssertEqual(file.skipped, ["row 4: no date (YYYYMMDD)"])
        // Without `--app-version` and without a `version` field: all versions.
        XCTAssertEqual(try XCTUnwrap(UsageReader.trend(value)).rows.map(\.appVersion), [nil, nil])
        // Not a trend: a crash report, an issue list.
        XCTAssertNil(
            UsageReader.trend(try JSONValue.parse(try fixture("bugly-issue-list.json"), .crashReports)))
    }

    func testBuglyCrashTrendSheet() throws {
        let file = try XCTUnwrap(UsageReader.sheet(try fixture("bugly-crash-trend.csv"), appVersion: "9.9"))
        XCTAssertEqual(file.source, .buglyTrend)
        XCTAssertEqual(
            file.rows,
            [
                firstTrendDay,
                UsageRow(
                    day: "2015-03-02", appVersion: "2.3.1", launches: 30_100, activeDevices: 7_400,
                    crashes: 0,
                    crashDevices: 0),
            ], "a row's version wins over --app-version; `crashnum` as bugly_tool spells it")
        XCTAssertEqual(file.skipped, [])
    }

    func testPlainUsageSheet() throws {
        let file = try XCTUnwrap(UsageReader.sheet(try fixture("usage.csv")))
        XCTAssertEqual(file.source, .usageSheet)
        XCTAssertEqual(
            file.rows,
            [
                UsageRow(
                    day: "2015-03-01", appVersion: "2.3.1", osVersion: "8.1.3", launches: 12_400,
                    activeDevices: 3_100),
                UsageRow(day: "2015-03-01", appVersion: "2.3.1", osVersion: "8.4", launches: 30_100),
                UsageRow(appVersion: "2.3.0", launches: 5_000, activeDevices: 1_200),
            ])
        XCTAssertEqual(file.skipped, ["row 5: launches is not a count"])
        // A sheet of neither kind.
        XCTAssertNil(UsageReader.sheet("date,app_version\n2015-03-01,2.3.1\n"))
        XCTAssertNil(UsageReader.sheet(try fixture("bugly-issue-list.csv")))
    }

    func testBuglyIssueListJSON() throws {
        let value = try JSONValue.parse(try fixture("bugly-issue-list.json"), .crashReports)
        let list = try XCTUnwrap(BuglyIssueListReader.list(value))
        XCTAssertEqual(list.issues.count, 2)
        let first = list.issues[0]
        XCTAssertEqual(first.issueID, "1183")
        XCTAssertEqual(first.occurrences, 763_670)
        XCTAssertEqual(first.affectedDevices, 762_282)
        XCTAssertEqual(first.appVersions, ["2.3.1", "2.3.0"])
        XCTAssertEqual(first.exceptionName, "NSUnknownKeyException")
        XCTAssertTrue(first.exceptionMessage?.hasSuffix("for the key _placeholderLabel.") == true)
        XCTAssertEqual(first.keyStack, "-[PostViewController viewDidLoad]")
        XCTAssertEqual(first.lastCrashAt, "2015-03-08 10:01:02")
        let second = list.issues[1]
        XCTAssertEqual(second.issueID, "2291", "a number as an id")
        XCTAssertEqual(second.occurrences, 9, "a count given as text")
        XCTAssertNil(second.affectedDevices, "-1: unknown, not zero")
        XCTAssertEqual(second.appVersions, ["4.1.0"])
        XCTAssertEqual(list.skipped, ["issue 3: no issueId"])
        XCTAssertNil(
            BuglyIssueListReader.list(
                try JSONValue.parse(try fixture("bugly-crash-trend.json"), .crashReports)))
    }

    func testBuglyIssueListSheet() throws {
        let list = try XCTUnwrap(BuglyIssueListReader.sheet(try fixture("bugly-issue-list.csv")))
        XCTAssertEqual(list.issues.map(\.issueID), ["1183", "2291"])
        XCTAssertEqual(list.issues[0].occurrences, 763_670)
        XCTAssertEqual(list.issues[0].affectedDevices, 762_282)
        XCTAssertEqual(list.issues[0].appVersions, ["2.3.1", "2.3.0"], "异常版本 before 软件版本")
        XCTAssertEqual(list.issues[0].lastCrashAt, "2015-03-08 10:01:02", "after a quoted field of two lines")
        XCTAssertEqual(list.issues[1].appVersions, ["4.1.0"], "软件版本 when 异常版本 is empty")
        XCTAssertNil(list.issues[1].affectedDevices, "an empty count is unknown")
        XCTAssertEqual(list.skipped, ["row 4: 异常次数 or 影响设备数 is not a count"])
        XCTAssertNil(BuglyIssueListReader.sheet(try fixture("usage.csv")))
    }

    /// `.xlsx` workbooks: the issue list written by openpyxl (inline strings, numbers as numbers,
    /// a cell of two lines, empty cells) and the usage sheet with shared strings as Excel writes
    /// them (one of them in two formatted runs); read as their CSV twins are.
    func testWorkbooks() throws {
        let issues = try XCTUnwrap(
            XLSXSheet.records(try Data(contentsOf: TestPaths.fixture("scale/bugly-issue-list.xlsx"))))
        XCTAssertEqual(issues.count, 3)
        XCTAssertEqual(
            issues[2],
            [
                "2291", "NSUnknownKeyException", "4.1.0", "", "Shop", "9", "", "-[UIApplication statusBar]",
                "", "2018-11-14 17:30:02",
            ])
        let list = try XCTUnwrap(BuglyIssueListReader.sheet(records: issues))
        let twin = try XCTUnwrap(BuglyIssueListReader.sheet(try fixture("bugly-issue-list.csv")))
        XCTAssertEqual(list.issues, twin.issues)
        XCTAssertTrue(issues[1][8].contains("\n1 Shop"), "a cell of two lines")

        let usage = try XCTUnwrap(
            XLSXSheet.records(try Data(contentsOf: TestPaths.fixture("scale/usage.xlsx"))))
        XCTAssertEqual(usage[0], ["date", "app_version", "os_version", "launches", "active_devices"])
        let file = try XCTUnwrap(UsageReader.sheet(records: usage))
        XCTAssertEqual(file.rows, try XCTUnwrap(UsageReader.sheet(try fixture("usage.csv"))).rows)
        XCTAssertEqual(file.skipped, [])
        // Not a workbook: a zip of other files, and no zip at all.
        XCTAssertNil(XLSXSheet.records(Data(try fixture("usage.csv").utf8)))
        XCTAssertNil(
            XLSXSheet.records(
                try Data(contentsOf: TestPaths.sampleReports.appendingPathComponent("17-bugly-download.zip")))
        )
    }

    /// An issue page's header copied with the crash gives Bugly's counts for the whole issue
    /// (`发生次数：763670`, `影响设备数：762282`; the ASCII colon or the full-width one, blanks
    /// around it; English labels), which are no crash evidence on their own.
    func testAnIssuePageHeaderGivesTheIssuesCounts() throws {
        let page = """
            异常消息：[<UITextView 0x1702e1a00> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key _placeholderLabel.
            设备机型: iPhone 6 Plus
            系统版本: 8.1.3 (12B466)
            发生次数：763670
            影响设备数 ： 762,282
            NSUnknownKeyException
            0 CoreFoundation 0x0000000183e2259c __exceptionPreprocess + 132
            1 Shop 0x00000001000a1b2c -[PostViewController viewDidLoad] + 120
            """
        let report = try XCTUnwrap(try ReportReader.read(text: page).get().first)
        XCTAssertEqual(report.issueOccurrences, 763_670)
        XCTAssertEqual(report.issueAffectedDevices, 762_282)
        XCTAssertEqual(report.exceptionType, "NSUnknownKeyException")
        let english = try XCTUnwrap(
            try ReportReader.read(
                text: page.replacingOccurrences(of: "发生次数：", with: "Occurrences: ")
                    .replacingOccurrences(of: "影响设备数 ：", with: "Affected devices:")
            ).get().first)
        XCTAssertEqual(english.issueOccurrences, 763_670)
        XCTAssertEqual(english.issueAffectedDevices, 762_282)
        // Counts alone are no crash.
        XCTAssertNil(try? ReportReader.read(text: "发生次数：763670\n影响设备数：762282\n").get())
    }

    /// Quoted fields hold separators, line breaks and doubled quotes; a sheet saved with tabs or
    /// semicolons is read too.
    func testSheetsAreReadAsSpreadsheetsWriteThem() {
        XCTAssertEqual(
            CSVRecords.parse("a,b,c\r\n\"x, y\",\"say \"\"hi\"\"\",\"two\nlines\"\r\n\r\n1,,3"),
            [["a", "b", "c"], ["x, y", "say \"hi\"", "two\nlines"], ["1", "", "3"]])
        XCTAssertEqual(CSVRecords.parse("a\tb;c\n1\t2;3\n"), [["a", "b;c"], ["1", "2;3"]])
        XCTAssertEqual(CSVRecords.parse("a;b\n1;2"), [["a", "b"], ["1", "2"]])
        XCTAssertEqual(CountText.day("20150308"), "2015-03-08")
        XCTAssertEqual(CountText.day("2015-03-08"), "2015-03-08")
        XCTAssertEqual(CountText.day("2015/03/08"), "2015-03-08")
        XCTAssertNil(CountText.day("2015-13-08"))
        XCTAssertNil(CountText.day("20150231"), "no 31st of February")
        XCTAssertNil(CountText.day("2015-03-08 10:00"), "a time, not a day")
        XCTAssertNil(CountText.day("1425168000"), "seconds since 1970, not a day")
        XCTAssertEqual(CountText.read("12,400"), .count(12_400))
        XCTAssertEqual(CountText.read("-1"), .unknown)
        XCTAssertEqual(CountText.read("1.5"), .invalid)
    }
}
