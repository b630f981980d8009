import XCTest

@testable import CrashScanImport
@testable import CrashScanIngest
@testable import CrashScanReport
@testable import CrashScanRules
@testable import CrashScanStore
@testable import CrashScanWorkflows

/// The bundled samples with the scale fixtures (Bugly's crash trend of 2.3.1, the usage sheet,
/// the issue list, a copied issue page) and an issue of which no log was imported: `report` and
/// `explain` show Bugly's counts beside the logs and the rates, each saying what it is from.
final class ScaleReportTests: XCTestCase {
    var store: Store!

    override func setUpWithError() throws {
        let folder = try TestPaths.temporaryFolder(self)
        store = try Store(path: folder.appendingPathComponent("db.sqlite").path)
        let unlogged = folder.appendingPathComponent("issues.json")
        try """
        {"ret": {"issueList": [{"issueId": "5555", "exceptionName": "NSUnknownKeyException",
          "exceptionMessage": "[<UITableView 0x10a2b3c00> valueForUndefinedKey:]: this class is not key value coding-compliant for the key _wrapperView.",
          "count": 1204, "imeiCount": 987}]}}
        """.write(to: unlogged, atomically: true, encoding: .utf8)
        let scale = ["bugly-crash-trend.json", "usage.csv", "bugly-issue-list.json", "bugly-issue-page.txt"]
            .map { TestPaths.fixture("scale/\($0)").path }
        _ = try Importer(
            store: store, rules: RuleSet.builtIn(),
            settings: ParseSettings(buglyAppID: "900012345", appVersion: "2.3.1")
        ).run(
            try InputWalker().expand([TestPaths.sampleReports.path] + scale + [unlogged.path]),
            arguments: "test", version: "test")
    }

    func build(_ configure: (inout ReportFilter) throws -> Void = { _ in }) throws -> KVCReport {
        var filter = ReportFilter()
        try configure(&filter)
        return try ReportBuilder.build(store: store, filter: filter, rules: RuleSet.builtIn())
    }

    func testAGroupShowsBuglysCountsBesideItsLogs() throws {
        let report = try build()
        let group = try XCTUnwrap(report.groups.first { $0.id == "1b4b4cd6" })
        XCTAssertEqual(group.bugly?.occurrences, 763_670)
        XCTAssertEqual(group.bugly?.affectedDevices, 762_282)
        XCTAssertEqual(group.bugly?.issues.map(\.issueID), ["1183"])
        XCTAssertEqual(group.bugly?.issues.first?.logs, 1, "one imported log names issue 1183")
        let text = ReportRenderer.render(report, as: .text).replacingOccurrences(of: "\n     ", with: " ")
        XCTAssertTrue(
            text.contains(
                "Bugly: 763,670 occurrences on 762,282 devices (issue 1183, linked by issue id); 9 logs imported"
            ),
            text)
    }

    func testAnIssueOfWhichNoLogWasImportedIsShown() throws {
        let bugly = try XCTUnwrap(try build().scale.bugly)
        XCTAssertEqual(bugly.withoutLogs.map(\.issueID), ["5555"])
        XCTAssertEqual(bugly.withoutLogs.first?.occurrences, 1_204)
        XCTAssertEqual(bugly.withoutLogs.first?.receiverClass, "UITableView")
        let text = ReportRenderer.render(try build(), as: .text).replacingOccurrences(of: "\n  ", with: " ")
        XCTAssertTrue(
            text.contains(
                "counted by Bugly, no log imported: issue 5555 (UITableView._wrapperView), 1,204 occurrences on 987 devices"
            ), text)
        // A key filter keeps the issues of its key only.
        XCTAssertEqual(try build { try $0.addKey("_wrapper*") }.scale.bugly?.withoutLogs.count, 1)
        XCTAssertEqual(try build { try $0.addKey("_placeholderLabel") }.scale.bugly?.withoutLogs.count, 0)
    }

    func testRatesInTheJSONSayWhatTheyAreFrom() throws {
        let json = ReportRenderer.render(try build(), as: .json)
        let document = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let scale = try XCTUnwrap(document["scale"] as? [String: Any])
        let rates = try XCTUnwrap(scale["rates"] as? [String: Any])
        let versions = try XCTUnwrap(rates["by_app_version"] as? [[String: Any]])
        let version = try XCTUnwrap(versions.first { $0["value"] as? String == "2.3.1" })
        let usage = try XCTUnwrap(version["usage"] as? [String: Any])
        XCTAssertEqual(usage["launches"] as? Int, 42_500)
        XCTAssertTrue(usage["crash_rate"] is NSNull, "the second day's crashes are unknown")
        let unknown = try XCTUnwrap(versions.first { $0["value"] as? String == "4.1.0" })
        XCTAssertTrue(unknown["usage"] is NSNull, "no usage: no rate, not 0")
        let days = try XCTUnwrap(rates["by_day"] as? [[String: Any]])
        let first = try XCTUnwrap(
            days.first { $0["value"] as? String == "2015-03-01" }?["usage"] as? [String: Any])
        XCTAssertEqual(try XCTUnwrap(first["crash_rate"] as? Double), 9.0 / 12_400, accuracy: 1e-12)
        XCTAssertEqual(rates["sources"] as? [String], ["Bugly crash trend", "usage sheet"])
    }

    func testExplainShowsTheIssuesCountsAndItsBuglyLink() throws {
        let explanation = try GroupExplanation.build(
            group: try GroupLookup.find("1b4b4cd6", in: store), store: store, rules: RuleSet.builtIn())
        let text = ExplanationRenderer.text(explanation).replacingOccurrences(
            of: "\n                  ", with: " ")
        XCTAssertTrue(
            text.contains(
                "per Bugly       issue 1183: 763,670 occurrences on 762,282 devices; 1 of the group's 9 logs imported names it; linked by issue id"
            ), text)
        XCTAssertTrue(text.contains("https://bugly.qq.com/v2/crash-reporting/crashes/900012345/1183?pid=2"))
    }

    func testTheHTMLPageHasTheRateTrendAndTheKVCShare() throws {
        let html = HTMLReportRenderer.render(ReportPage(report: try build()))
        let start = try XCTUnwrap(html.range(of: "<section id=\"scale\">"))
        let section = String(html[start.lowerBound...])
        XCTAssertTrue(
            section.contains("<dt>KVC share of the crashes imported</dt><dd>86.36% (19 of 22 reports)</dd>"))
        // 2.3.1's line: the source counted crashes on 2015-03-01 only (9 of 12,400 launches).
        XCTAssertTrue(section.contains("<title>2.3.1 on 2015-03-01: 0.0726%</title>"), section)
        XCTAssertFalse(
            section.contains("<title>2.3.1 on 2015-03-02"), "no KVC rate on the line of the crash rate")
        XCTAssertTrue(section.contains("Counted by Bugly, no log imported"))
        XCTAssertTrue(
            section.contains("https://bugly.qq.com/v2/crash-reporting/crashes/900012345/5555?pid=2"))
        XCTAssertTrue(html.contains("<a href=\"#scale\">Scale and rates</a>"))
    }

    /// The recommendation's evidence counts launches per OS version of the group's app versions:
    /// 8.1.3's 12,400 launches of 2.3.1 on 2015-03-01 with the group's one crash that day, and
    /// 8.4's 30,100 without it.
    func testTheEvidenceWeighsTheUsage() throws {
        let group = try XCTUnwrap(try build().groups.first { $0.id == "1b4b4cd6" })
        let evidence = try XCTUnwrap(group.evidence)
        XCTAssertEqual(
            evidence.usageOS,
            [
                Evidence.UsageCount(value: "8.1.3", launches: 12_400, crashes: 1),
                Evidence.UsageCount(value: "8.4", launches: 30_100, crashes: 0),
            ])
        XCTAssertTrue(evidence.confidenceReason.contains("usage shows iOS 8.1.3: 12,400 launches, 1 crash"))
    }

    func testCSVAndMarkdownCarryBuglysCounts() throws {
        let report = try build()
        let csv = ReportRenderer.render(report, as: .csv).split(separator: "\n")
        XCTAssertTrue(csv[0].hasSuffix(",bugly_occurrences,bugly_affected_devices,bugly_issues"))
        XCTAssertTrue(
            try XCTUnwrap(csv.first { $0.hasPrefix("1b4b4cd6,") }).hasSuffix(",763670,762282,1183"))
        let markdown = ReportRenderer.render(report, as: .markdown)
        XCTAssertTrue(
            markdown.contains(
                "- `1b4b4cd6`: 763,670 occurrences on 762,282 devices (issue 1183, linked by issue id); 9 logs imported"
            ))
        XCTAssertTrue(markdown.contains("## Scale and rates"))
    }

    /// A regroup reads the issues' messages again with today's classification, as it does the
    /// reports: what links an issue by content is never left as an older crashscan made it.
    func testARegroupClassifiesTheIssuesAgain() throws {
        try store.db.run(
            "UPDATE bugly_issue SET reason = 'old', kind = NULL, receiver_class = NULL, key = NULL")
        XCTAssertEqual(
            try build().scale.bugly?.withoutLogs.count, 0, "no KVC issue without its classification")
        try Regrouper.run(store)
        let issue = try XCTUnwrap(try store.buglyIssues().first { $0.issueID == "5555" })
        XCTAssertEqual(issue.receiverClass, "UITableView")
        XCTAssertEqual(issue.key, "_wrapperView")
        XCTAssertEqual(try build().scale.bugly?.withoutLogs.map(\.issueID), ["5555"])
    }
}
