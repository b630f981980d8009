import XCTest

@testable import CrashScanDatabase

/// Numbers on one screen say what they count, so that two of them are never read as one
/// selection: a key or kind filter's headline, the evidence (over every report of a group) beside
/// the group's filtered count, and the table's column of device models.
final class ScreenAgreementTests: XCTestCase {
    private func samples() throws -> CommandRunner {
        guard CommandRunner.isBuilt else { throw XCTSkip("crashscan binary not built") }
        let runner = CommandRunner(folder: try TestPaths.temporaryFolder(self))
        XCTAssertEqual(try runner.run(["import", TestPaths.sampleReports.path, "--quiet"]).status, 0)
        return runner
    }

    private func words(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    func testTheHeadlineSaysWhatAKeyFilterCounted() throws {
        let runner = try samples()
        let unfiltered = try runner.run(["report"]).out
        XCTAssertTrue(
            words(unfiltered).contains("21 crash reports, 18 KVC failures in 9 groups on 11 device models"),
            unfiltered)
        let byKey = try runner.run(["report", "--key", "_placeholderLabel"]).out
        XCTAssertTrue(
            words(byKey).contains(
                "10 KVC failures in 2 groups on 4 device models (key _placeholderLabel); 21 crash reports in all"
            ),
            byKey)
        let byKeyAndOS = try runner.run(["report", "--key", "_placeholderLabel", "--os", "8.1.3"]).out
        XCTAssertTrue(
            words(byKeyAndOS).contains(
                "4 KVC failures in 1 group on 1 device model (key _placeholderLabel); 4 crash reports match the other filters"
            ), byKeyAndOS)
        let markdown = try runner.run(["report", "--kind", "prohibited_ivar", "--format", "markdown"]).out
        XCTAssertTrue(markdown.contains("(kind prohibited_ivar); 21 crash reports in all."), markdown)
    }

    func testTheEvidenceSaysItIsOverEveryReportOfTheGroup() throws {
        let runner = try samples()
        let filtered = words(try runner.run(["report", "--os", "8.1.3"]).out)
        XCTAssertTrue(filtered.contains("1b4b4cd6 undefined_key UITextView._placeholderLabel 4 1"), filtered)
        XCTAssertTrue(
            filtered.contains(
                "Evidence (every report of the group; 4 under the filters): 9 reports on 3 device models"),
            filtered)
        let whole = words(try runner.run(["report"]).out)
        XCTAssertTrue(whole.contains("Evidence: 9 reports on 3 device models"), "no note when they agree")
    }

    func testTheTableNamesItsDeviceColumnForWhatItCounts() throws {
        let runner = try samples()
        let text = try runner.run(["report"]).out
        let header = try XCTUnwrap(text.split(separator: "\n").first { $0.hasPrefix("GROUP ") })
        XCTAssertTrue(header.hasSuffix("REPORTS  MODELS"), String(header))
    }

    /// The views name a group by the id every command shows (`group_key`), and the documented
    /// query of KVC groups gives the groups `report` shows, no blank rows.
    func testTheViewsCarryTheIDsTheCommandsShow() throws {
        let runner = try samples()
        let report = try XCTUnwrap(
            try JSONSerialization.jsonObject(
                with: Data(try runner.run(["report", "--format", "json"]).out.utf8))
                as? [String: Any])
        let ids = Set((report["groups"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String })
        XCTAssertEqual(ids.count, 9)
        let db = try Database(
            path: runner.folder.appendingPathComponent("crashscan.sqlite").path, readOnly: true)
        let page = try String(
            contentsOf: TestPaths.packageRoot.appendingPathComponent("docs/querying.md"), encoding: .utf8)
        let line = try XCTUnwrap(
            page.split(separator: "\n").first { $0.contains("from crash_groups g left join recommendations") }
        )
        let query = try XCTUnwrap(line.split(separator: "\"").dropFirst().first)
        let rows = try db.query(String(query))
        XCTAssertEqual(Set(try rows.compactMap { try $0.string("group_key") }), ids)
        XCTAssertEqual(rows.count, ids.count, "one row per group report shows")
        for view in ["reports", "kvc_failures", "recommendations"] {
            let keys = try db.query("SELECT DISTINCT group_key FROM \(view) WHERE group_key IS NOT NULL")
                .compactMap {
                    try $0.string("group_key")
                }
            XCTAssertFalse(keys.isEmpty, view)
            for key in keys where view != "reports" {
                XCTAssertTrue(ids.contains(key), "\(view): \(key)")
            }
            let explained = try runner.run(["explain", try XCTUnwrap(keys.first)])
            XCTAssertEqual(
                explained.status, 0, "\(view)'s group_key is an id explain takes: \(explained.err)")
        }
    }
}
