import XCTest

@testable import CrashScanArchive
@testable import CrashScanCLI
@testable import CrashScanCatalogs
@testable import CrashScanClassification
@testable import CrashScanImport
@testable import CrashScanIngest
@testable import CrashScanModel
@testable import CrashScanReport
@testable import CrashScanRules
@testable import CrashScanStore
@testable import CrashScanSymbolication

/// The report on the bundled SampleReports: filters, formats, width, empty results.
final class ReportTests: XCTestCase {
    var store: Store!

    override func setUpWithError() throws {
        store = try SampleStore.make(self)
    }

    func build(_ configure: (inout ReportFilter) throws -> Void = { _ in }) throws -> KVCReport {
        var filter = ReportFilter()
        try configure(&filter)
        return try ReportBuilder.build(store: store, filter: filter, rules: RuleSet.builtIn())
    }

    func testOS81ShowsTheTextViewGroupOnIPhone6PlusWithTheFix() throws {
        let report = try build { try $0.addOS("8.1") }
        let group = try XCTUnwrap(
            report.groups.first { $0.receiverClass == "UITextView" && $0.key == "_placeholderLabel" })
        XCTAssertEqual(group.recommendation?.fix, "associated-object-placeholder")
        XCTAssertTrue(group.devices.contains { $0.value == "iPhone 6 Plus" })
        XCTAssertTrue(group.osVersions.contains { $0.value == "8.1.3" })
        XCTAssertTrue(
            report.matrix.contains {
                $0.device == "iPhone 6 Plus" && $0.deviceModel == "iPhone7,1" && $0.osVersion == "8.1.3"
            })
        XCTAssertTrue(
            report.groups.allSatisfy { group in group.osVersions.allSatisfy { $0.value.hasPrefix("8.1") } })
        XCTAssertEqual(
            group.reportCount, 9,
            "seed paste, console zh, GBK, API JSON, the iPad table, the Apple .crash, both members of the zip"
                + " and the SDK 1.4.0 log whose missing reason its call site makes up for"
        )
    }

    func testFilters() throws {
        XCTAssertEqual(
            try build { try $0.addDevice("iphone7,1") }.groups.map(\.key),
            ["_placeholderLabel", "titleTextColor"])
        XCTAssertEqual(try build { try $0.addDevice("IPHONE 6 PLUS") }.summary.kvcFailures, 5)
        XCTAssertEqual(try build { try $0.addDevice("iPhone XS Max") }.groups.map(\.key), ["_searchField"])
        XCTAssertEqual(try build { try $0.addOS(">=13") }.groups.count, 5)
        XCTAssertEqual(try build { try $0.addOS("<8.3") }.summary.kvcFailures, 10)
        XCTAssertEqual(try build { try $0.addOS("8.0..8.2") }.summary.kvcFailures, 10)
        XCTAssertEqual(try build { try $0.addAppVersion("2.3.1") }.summary.kvcFailures, 7)
        XCTAssertEqual(try build { try $0.addKind("prohibited_ivar") }.groups.count, 2)
        XCTAssertEqual(
            try build { try $0.addKey("_placeholder*") }.summary.kvcFailures, 10,
            "the SDK log without a reason has the key of the group its call site joined")
        XCTAssertEqual(try build { try $0.setDate("2019-01-01", bound: .since) }.summary.kvcFailures, 7)
        XCTAssertEqual(
            try build {
                try $0.setDate("2015-02-01", bound: .since)
                try $0.setDate("2015-02-28", bound: .until)
            }.summary.kvcFailures, 2, "the GBK console copy of 11 February and the API crash of 27 February")
    }

    func testBadFiltersSayWhatIsAccepted() {
        var filter = ReportFilter()
        XCTAssertThrowsError(try filter.addOS("eight")) {
            XCTAssertTrue("\($0)".contains("expected a version"))
        }
        XCTAssertThrowsError(try filter.addKind("missing")) {
            XCTAssertTrue("\($0)".contains("undefined_key, prohibited_ivar"))
        }
        XCTAssertThrowsError(try filter.setDate("yesterday", bound: .since)) {
            XCTAssertTrue("\($0)".contains("YYYY-MM-DD"))
        }
    }

    func testTextFitsOneHundredColumnsAndHasTheSections() throws {
        let text = ReportRenderer.render(try build(), as: .text)
        for line in text.split(separator: "\n") {
            XCTAssertLessThanOrEqual(line.count, 100, String(line))
        }
        for heading in [
            "KVC FAILURE GROUPS", "DEVICES × OS VERSIONS", "RECOMMENDATIONS", "associated-object-placeholder",
        ] {
            XCTAssertTrue(text.contains(heading), heading)
        }
    }

    func testEmptyResultSaysSo() throws {
        let report = try build { try $0.addOS("17") }
        XCTAssertTrue(report.groups.isEmpty)
        XCTAssertTrue(
            ReportRenderer.render(report, as: .text).contains("No KVC failures matching the filters"))
        XCTAssertTrue(ReportRenderer.render(report, as: .markdown).contains("No KVC failures"))
        let json =
            try JSONSerialization.jsonObject(with: Data(ReportRenderer.render(report, as: .json).utf8))
            as? [String: Any]
        XCTAssertEqual((json?["groups"] as? [Any])?.count, 0)
    }

    func testCSVQuotesAndNeutralisesFormulas() throws {
        let csv = ReportRenderer.render(try build { try $0.addOS("8.1") }, as: .csv)
        let lines = csv.split(separator: "\n")
        XCTAssertEqual(String(lines[0]), ReportRenderer.csvHeader.joined(separator: ","))
        // A blame frame is no formula: it is left as it is.
        XCTAssertTrue(
            lines[1].contains(",-[UITextView(Extension) was_setPlaceholderWithText:Color:],"),
            String(lines[1]))
        XCTAssertEqual(ReportRenderer.csvField("a,\"b\""), "\"a,\"\"b\"\"\"")
        for formula in ["=1+1", "+1", "@SUM(A1)", "-1", "-(2)", "-2+3"] {
            XCTAssertTrue(ReportRenderer.csvField(formula).hasPrefix("'"), formula)
        }
        // A control character is written escaped (as on the terminal), so a tab starts no formula.
        XCTAssertEqual(ReportRenderer.csvField("\tx"), "\\tx")
        XCTAssertEqual(ReportRenderer.csvField("a\u{1B}[2Jb"), "a\\x1B[2Jb")
        for plain in ["-[NSObject setValue:forKey:]", "-", "2.3.1", "UITextView", "-x"] {
            XCTAssertEqual(ReportRenderer.csvField(plain), plain)
        }
    }
}
