import XCTest

/// Nothing crashscan prints is shortened: identifiers, frames, paths and rule ids come out whole
/// whatever the width (prose wraps; a table's column grows to its widest cell), and `explain`
/// lists every report when asked.
final class WholeTextTests: XCTestCase {
    private func samples() throws -> CommandRunner {
        guard CommandRunner.isBuilt else { throw XCTSkip("crashscan binary not built") }
        let runner = CommandRunner(folder: try TestPaths.temporaryFolder(self))
        XCTAssertEqual(try runner.run(["import", TestPaths.sampleReports.path, "--quiet"]).status, 0)
        return runner
    }

    func testReportRulesAndExplainKeepIdentifiersWholeAtAnyWidth() throws {
        let runner = try samples()
        for columns in ["40", "80"] {
            let environment = ["COLUMNS": columns]
            let report = try runner.run(["report"], environment: environment)
            XCTAssertEqual(report.status, 0, report.err)
            XCTAssertFalse(report.out.contains("…"), "nothing cut at \(columns) columns:\n\(report.out)")
            for whole in [
                "UIStatusBar_Modern.foregroundView",
                "-[UITextView(Extension) was_setPlaceholderWithText:Color:]",
                "[1b4b4cd6] UITextView._placeholderLabel → associated-object-placeholder",
            ] {
                XCTAssertTrue(report.out.contains(whole), "\(whole) at \(columns) columns:\n\(report.out)")
            }
            let rules = try runner.run(["rules"], environment: environment)
            XCTAssertFalse(rules.out.contains("…"), rules.out)
            XCTAssertTrue(rules.out.contains("uitextview-placeholder-label"), rules.out)
            let explain = try runner.run(["explain", "1b4b4cd6"], environment: environment)
            XCTAssertFalse(explain.out.contains("…\n"), explain.out)
            XCTAssertTrue(
                explain.out.contains(
                    "LilyForParent             -[UITextView(Extension) was_setPlaceholderWithText:Color:] (UITextView+Extension.m:41)"
                ), explain.out)
        }
    }

    func testExplainListsEveryReportWhenAsked() throws {
        let runner = try samples()
        let some = try runner.run(["explain", "1b4b4cd6"])
        XCTAssertTrue(some.out.contains("REPORTS (9, the latest 8 shown; times in UTC)"), some.out)
        XCTAssertTrue(some.out.contains("… and 1 more (explain --reports all lists every one)"), some.out)
        let all = try runner.run(["explain", "1b4b4cd6", "--reports", "all"])
        XCTAssertEqual(all.status, 0, all.err)
        XCTAssertFalse(all.out.contains("more (explain --reports all"), all.out)
        XCTAssertEqual(
            all.out.split(separator: "\n").filter { $0.hasPrefix("  \(TestPaths.sampleReports.path)") }.count,
            9)
        let two = try runner.run(["explain", "1b4b4cd6", "--reports", "2", "--format", "json"])
        let object = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(two.out.utf8)) as? [String: Any])
        XCTAssertEqual((object["reports"] as? [Any])?.count, 2)
        XCTAssertEqual(object["report_count"] as? Int, 9)
        for bad in ["0", "-1", "some"] {
            let refused = try runner.run(["explain", "1b4b4cd6", "--reports", bad])
            XCTAssertEqual(refused.status, 64)
            XCTAssertTrue(refused.err.contains("invalid --reports '\(bad)'"), refused.err)
        }
    }
}
