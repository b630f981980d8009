import Foundation
import XCTest

@testable import CrashScanReport

/// `report --format html`: one well-formed, self-contained page whose numbers are the JSON
/// report's, with every string from a crash report shown as text.
final class HTMLReportTests: XCTestCase {
    private func samples() throws -> CommandRunner {
        guard CommandRunner.isBuilt else { throw XCTSkip("crashscan binary not built") }
        let runner = CommandRunner(folder: try TestPaths.temporaryFolder(self))
        XCTAssertEqual(try runner.run(["import", TestPaths.sampleReports.path, "--quiet"]).status, 0)
        return runner
    }

    private func page(_ runner: CommandRunner, _ arguments: [String] = []) throws -> (String, HTMLPageReader)
    {
        let run = try runner.run(["report", "--format", "html"] + arguments)
        XCTAssertEqual(run.status, 0, run.err)
        return (run.out, try HTMLPageReader(run.out))
    }

    private func json(_ runner: CommandRunner, _ arguments: [String] = []) throws -> [String: Any] {
        let run = try runner.run(["report", "--format", "json"] + arguments)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
    }

    /// The header facts, the groups table and the heatmap equal the JSON report, unfiltered and
    /// with filters.
    func testPageNumbersEqualTheJSONReport() throws {
        let runner = try samples()
        for filters in [[], ["--os", ">=13"], ["--key", "_placeholderLabel", "--device", "iPhone 6 Plus"]] {
            let (_, html) = try page(runner, filters)
            // The page's order (most affected devices first) is `--sort affected` in JSON.
            let report = try json(runner, filters + ["--sort", "affected"])
            let summary = try XCTUnwrap(report["summary"] as? [String: Any])
            let facts = Dictionary(
                html.all("dd").compactMap { element in
                    element.attributes["data-fact"].map { ($0, element.text) }
                },
                uniquingKeysWith: { first, _ in first })
            XCTAssertEqual(facts["crash-reports"], String(summary["reports"] as? Int ?? -1), "\(filters)")
            XCTAssertEqual(facts["kvc-failures"], String(summary["kvc_failures"] as? Int ?? -1))
            XCTAssertEqual(facts["groups"], String(summary["groups"] as? Int ?? -1))
            XCTAssertEqual(facts["device-models"], String(summary["devices"] as? Int ?? -1))
            // Exact where every failure carries the id, else a lower bound that says so.
            func affected(_ what: String) -> String {
                guard let count = summary["affected_\(what)s"] as? Int else { return "unknown (no ids)" }
                let carried = summary["failures_with_\(what)_id"] as? Int ?? -1
                let failures = summary["kvc_failures"] as? Int ?? -1
                guard carried < failures else { return String(count) }
                return
                    "≥ \(count) (\(carried) of \(failures) failures \(carried == 1 ? "carries" : "carry") a \(what) id)"
            }
            XCTAssertEqual(facts["affected-devices"], affected("device"), "\(filters)")
            XCTAssertEqual(facts["affected-users"], affected("user"), "\(filters)")

            let groups = try XCTUnwrap(report["groups"] as? [[String: Any]])
            let rows = html.all("tr") { $0.attributes["data-group"] != nil }
            XCTAssertEqual(
                Set(rows.compactMap { $0.attributes["data-group"] }),
                Set(groups.compactMap { $0["id"] as? String }))
            // The numeric cells of each row, in the table's order: reports, affected devices,
            // affected users, device models (-1 for "no ids").
            let numericCells = html.all("td") { $0.attributes["data-sort"] != nil }
            let numbers = numericCells.map { Int($0.attributes["data-sort"] ?? "") ?? -2 }
            XCTAssertEqual(numbers.count, groups.count * 4)
            for (index, group) in groups.enumerated() {
                let row = Array(numbers[(index * 4)..<(index * 4 + 4)])
                XCTAssertEqual(
                    row,
                    [
                        group["report_count"] as? Int ?? -2, group["affected_devices"] as? Int ?? -1,
                        group["affected_users"] as? Int ?? -1, group["device_count"] as? Int ?? -2,
                    ],
                    "group \(group["id"] ?? "?") with \(filters)")
                // A lower bound is marked as one in its cell.
                let devicesCell = numericCells[index * 4 + 1].text
                let carried = group["failures_with_device_id"] as? Int ?? 0
                XCTAssertEqual(
                    devicesCell.hasPrefix("≥"), carried > 0 && carried < group["report_count"] as? Int ?? 0,
                    "group \(group["id"] ?? "?") with \(filters): \(devicesCell)")
            }

            let matrix = try XCTUnwrap(report["matrix"] as? [[String: Any]])
            var expected: [String: Int] = [:]
            for cell in matrix {
                expected["\(cell["device"] ?? "")|\(cell["os_version"] ?? "")", default: 0] +=
                    cell["reports"] as? Int ?? 0
            }
            var shown: [String: Int] = [:]
            for cell in html.all("td", where: { $0.attributes["data-scope"] == "all" }) {
                let count = Int(cell.attributes["data-count"] ?? "") ?? -1
                XCTAssertEqual(cell.text, count == 0 ? "" : String(count), "the number is in the cell")
                if count > 0 {
                    shown["\(cell.attributes["data-device"] ?? "")|\(cell.attributes["data-os"] ?? "")"] =
                        count
                }
            }
            XCTAssertEqual(shown, expected, "\(filters)")
            // Each group's own heatmap sums to its reports.
            for group in groups {
                let cells = html.all("td") { $0.attributes["data-scope"] == group["id"] as? String }
                XCTAssertEqual(
                    cells.reduce(0) { $0 + (Int($1.attributes["data-count"] ?? "") ?? 0) },
                    group["report_count"] as? Int)
            }
        }
    }

    func testThePageIsSelfContainedAndReadableWithoutScript() throws {
        let runner = try samples()
        let (text, html) = try page(runner)
        XCTAssertTrue(text.hasPrefix("<!DOCTYPE html>"))
        XCTAssertTrue(text.contains("default-src 'none'"), "a policy that forbids any request")
        XCTAssertTrue(html.all("link").isEmpty && html.all("img").isEmpty && html.all("iframe").isEmpty)
        XCTAssertFalse(text.contains("<script src"))
        XCTAssertFalse(text.contains("../shared"), "the page cites public sources, not our notes")
        XCTAssertTrue(text.contains("prefers-color-scheme:dark"))
        // Without JavaScript: every group is in the table, the copy buttons stay hidden, the
        // fix code is there as text.
        XCTAssertEqual(html.all("tr") { $0.attributes["data-group"] != nil }.count, 9)
        let buttons = html.all("button") { $0.attributes["class"] == "copy" }
        XCTAssertFalse(buttons.isEmpty)
        XCTAssertTrue(buttons.allSatisfy { $0.attributes["hidden"] != nil })
        XCTAssertTrue(
            html.all("code").contains {
                $0.text.contains("objc_setAssociatedObject") || $0.text.contains("cs_placeholder")
            })
        // Charts have titles and a text alternative.
        let charts = html.all("svg")
        XCTAssertFalse(charts.isEmpty)
        XCTAssertTrue(
            charts.allSatisfy { $0.attributes["role"] == "img" && $0.attributes["aria-labelledby"] != nil })
        XCTAssertEqual(
            html.all("title").count - 1, charts.count + html.all("rect").filter { !$0.text.isEmpty }.count,
            "a title per chart and per bar")
        // The failing window is outlined in the group's heatmap and named in its caption.
        XCTAssertTrue(html.all("caption").contains { $0.text.contains("failing window, iOS <8.3") })
        XCTAssertTrue(
            html.all("a").contains {
                $0.attributes["href"]
                    == "https://bugly.qq.com/v2/crash-reporting/crashes/900012345/1183?pid=2"
            }, "the Bugly console link of a sample report")
    }

    /// A recorded fix and the versions that came back after it are marked on the group's trend:
    /// the fix version where it first crashed, or else where the app's reports first show it.
    func testTrendMarksTheFixAndTheRegressions() throws {
        let runner = try samples()
        let report = try json(runner)
        let groups = try XCTUnwrap(report["groups"] as? [[String: Any]])
        let textView = try XCTUnwrap(
            groups.first { $0["receiver_class"] as? String == "UITextView" }?["id"] as? String)
        let searchBar = try XCTUnwrap(
            groups.first { $0["key"] as? String == "_searchField" }?["id"] as? String)
        // 2.3.0 crashed with the text view group, 2.3.1 after it; the search bar's app never ran
        // 6.3.0, so only its regression in 6.4.0 has a mark.
        XCTAssertEqual(try runner.run(["fixed", textView, "2.3.0"]).status, 0)
        XCTAssertEqual(try runner.run(["fixed", searchBar, "6.3.0"]).status, 0)
        let (_, html) = try page(runner)
        let labels = html.all("text").map(\.text)
        XCTAssertTrue(labels.contains("fixed in 2.3.0, crashed"), "\(labels)")
        XCTAssertTrue(labels.contains("regressed 2.3.1"), "\(labels)")
        XCTAssertTrue(labels.contains("regressed 6.4.0"), "\(labels)")
        XCTAssertFalse(labels.contains("fixed in 6.3.0"))
        XCTAssertTrue(html.all("td").contains { $0.text == "REGRESSED" })
    }

    func testStringsFromReportsAreEscaped() throws {
        guard CommandRunner.isBuilt else { throw XCTSkip("crashscan binary not built") }
        let runner = CommandRunner(folder: try TestPaths.temporaryFolder(self))
        let folder = runner.folder.appendingPathComponent("in<script>")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let hostile = [
            "<script>alert(1)</script>", "\"><img src=x onerror=alert(2)>", "'><svg onload=alert(3)>",
        ]
        for (index, payload) in hostile.enumerated() {
            let text = """
                Device Model: iPhone 6 Plus\(index == 1 ? payload : "")
                OS Version: 8.1.3 (12B466)
                App Version: 2.3.1\(payload)
                Process: Lily\(payload)
                NSUnknownKeyException
                [<UITextView 0x1> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key _placeholderLabel. \(payload)
                0 CoreFoundation    ___exceptionPreprocess + 132
                1 Lily    -[Editor \(payload)] (Editor.m:4)
                """
            try Data(text.utf8).write(to: folder.appendingPathComponent("r\(index)\"<b>.txt"))
        }
        XCTAssertEqual(try runner.run(["import", folder.path, "--quiet"]).status, 0)
        let (text, html) = try page(runner)
        XCTAssertFalse(text.contains("<script>alert"))
        XCTAssertFalse(text.contains("<img"))
        XCTAssertFalse(text.contains("<svg onload"))
        XCTAssertFalse(text.contains("<b>"))
        XCTAssertTrue(text.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        XCTAssertTrue(text.contains("&quot;&gt;&lt;img src=x onerror=alert(2)&gt;"))
        XCTAssertEqual(text.components(separatedBy: "<script").count, 2, "only the page's own script")
        XCTAssertTrue(
            html.all("code").contains { $0.text.contains("\"><img src=x onerror=alert(2)>") }, "shown as text"
        )
    }

    func testOutputFileAndUnwritablePath() throws {
        let runner = try samples()
        let path = runner.folder.appendingPathComponent("report.html").path
        let run = try runner.run(["report", "--format", "html", "--output", path])
        XCTAssertEqual(run.status, 0, run.err)
        XCTAssertEqual(run.out, "")
        XCTAssertTrue(run.err.contains("wrote \(path)"), run.err)
        let written = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(written.hasSuffix("</html>\n"))
        let explained = try runner.run(["report", "--format", "html", "--explain"])
        XCTAssertEqual(explained.status, 64, "an option the page cannot show is refused, not ignored")
        XCTAssertTrue(explained.err.contains("--explain is not drawn in --format html"), explained.err)
        let missing = try runner.run(["report", "--format", "html", "--output", "/nonexistent-folder/r.html"])
        XCTAssertEqual(missing.status, 73)
        XCTAssertTrue(missing.err.contains("cannot write /nonexistent-folder/r.html"), missing.err)
    }

    func testAnEmptyDatabaseGivesAPageThatSaysSo() throws {
        guard CommandRunner.isBuilt else { throw XCTSkip("crashscan binary not built") }
        let runner = CommandRunner(folder: try TestPaths.temporaryFolder(self))
        XCTAssertEqual(
            try runner.run([
                "import",
                TestPaths.sampleReports.appendingPathComponent("12-not-a-crash-release-notes.txt").path,
            ]).status, 0)
        let (text, html) = try page(runner)
        XCTAssertTrue(text.contains("No KVC failures"), text)
        XCTAssertTrue(html.all("table").isEmpty)
    }
}

extension HTMLReportTests {
    /// The heatmap has a "fails" row for every recommended rule with a failing window, each once
    /// (the samples' groups recommend eight such rules; a cap once stopped at six without a word).
    func testTheHeatmapShowsEveryRecommendedRulesWindow() throws {
        let runner = try samples()
        let (page, _) = try page(runner)
        let report = try json(runner)
        let groups = try XCTUnwrap(report["groups"] as? [[String: Any]])
        let ruleIDs = Set(
            groups.compactMap { group -> String? in
                guard (group["evidence"] as? [String: Any])?["failing_os"] is String else { return nil }
                return (group["recommendation"] as? [String: Any])?["rule_id"] as? String
            })
        let rows = page.components(separatedBy: "<th scope=\"row\">fails: ").dropFirst().compactMap {
            $0.split(separator: " ").first.map(String.init)
        }
        XCTAssertEqual(rows.count, ruleIDs.count, "one row per rule")
        XCTAssertEqual(Set(rows), ruleIDs)
        XCTAssertGreaterThan(rows.count, 6)
    }
}

extension HTMLReportTests {
    /// A rule's prose is rendered: a paragraph per block, `code` as code, no literal backticks.
    func testTheFixTextIsRenderedNotShownRaw() throws {
        let runner = try samples()
        let (page, _) = try page(runner)
        XCTAssertTrue(page.contains("<code>crashscan fix associated-object-placeholder</code>"))
        XCTAssertTrue(
            page.contains("<p>Why it crashes: <code>_placeholderLabel</code> is a private instance variable"))
        XCTAssertFalse(page.contains("`_placeholderLabel`"), "no literal backticks")
        XCTAssertTrue(
            page.contains(
                "Written for a deployment target of iOS 8.0 (the Swift for iOS 12.0, built with Xcode 15.3 (Swift 5.10) or later)"
            ))
        XCTAssertEqual(
            HTMLText.codeSpans("a `b` c ` d"), "a <code>b</code> c ` d", "an unpaired backtick stays")
        XCTAssertEqual(HTMLText.prose("one\nline\n\n`x` &"), "<p>one line</p><p><code>x</code> &amp;</p>")
    }
}
