import Foundation
import XCTest

@testable import CrashScanDatabase
@testable import CrashScanStore

/// Affected devices and users: counted from the ids the reports carry, null (never 0) without
/// them, the same in the view, every output format, `explain` and the evidence.
final class AffectedTests: XCTestCase {
    private func samples() throws -> CommandRunner {
        guard CommandRunner.isBuilt else { throw XCTSkip("crashscan binary not built") }
        let runner = CommandRunner(folder: try TestPaths.temporaryFolder(self))
        XCTAssertEqual(try runner.run(["import", TestPaths.sampleReports.path, "--quiet"]).status, 0)
        return runner
    }

    private func json(_ runner: CommandRunner, _ arguments: [String] = []) throws -> [String: Any] {
        let run = try runner.run(["report", "--format", "json"] + arguments)
        XCTAssertEqual(run.status, 0, run.err)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
    }

    private func groups(_ report: [String: Any]) -> [[String: Any]] {
        report["groups"] as? [[String: Any]] ?? []
    }

    func testGroupsCountDistinctIDsAndSayNullWithoutThem() throws {
        let runner = try samples()
        let report = try json(runner)
        let textView = try XCTUnwrap(
            groups(report).first {
                $0["key"] as? String == "_placeholderLabel" && $0["receiver_class"] as? String == "UITextView"
            })
        // 9 reports, 5 of them with a device id: 4 distinct ids, one of them (a CrashReporter Key
        // in two Apple reports) on an iPhone 6 Plus and an iPhone 6, so 5 devices; 3 with a user
        // id: 2 users (u_301245 on two devices, u_488120). Lower bounds, and said so.
        XCTAssertEqual(textView["report_count"] as? Int, 9)
        XCTAssertEqual(textView["affected_devices"] as? Int, 5)
        XCTAssertEqual(textView["affected_users"] as? Int, 2)
        XCTAssertEqual(textView["failures_with_device_id"] as? Int, 5)
        XCTAssertEqual(textView["failures_with_user_id"] as? Int, 3)
        XCTAssertEqual(textView["affected_devices_exact"] as? Bool, false)
        let searchBar = try XCTUnwrap(groups(report).first { $0["key"] as? String == "_searchField" })
        XCTAssertTrue(searchBar["affected_devices"] is NSNull, "no id in its reports: null, not 0")
        XCTAssertTrue(searchBar["affected_users"] is NSNull)
        XCTAssertEqual(searchBar["failures_with_device_id"] as? Int, 0)
        let shopster = try XCTUnwrap(groups(report).first { $0["cause"] as? String == "outlet_mismatch" })
        XCTAssertEqual(shopster["affected_devices_exact"] as? Bool, true, "its one failure carries both ids")
        XCTAssertEqual(shopster["affected_users_exact"] as? Bool, true)
        let summary = try XCTUnwrap(report["summary"] as? [String: Any])
        XCTAssertEqual(summary["affected_devices"] as? Int, 7)
        XCTAssertEqual(summary["affected_users"] as? Int, 4)
        XCTAssertEqual(summary["failures_with_device_id"] as? Int, 7)
        XCTAssertEqual(summary["failures_with_user_id"] as? Int, 5)
        XCTAssertEqual(summary["kvc_failures"] as? Int, 18)
        XCTAssertEqual(summary["affected_devices_exact"] as? Bool, false)

        // The documented view says the same, group by group.
        let db = try Database(
            path: runner.folder.appendingPathComponent("crashscan.sqlite").path, readOnly: true)
        for group in groups(report) {
            let row = try XCTUnwrap(
                try db.query(
                    """
                    SELECT affected_devices, affected_users, reports_with_device_id, reports_with_user_id
                    FROM crash_groups WHERE fingerprint = ?
                    """,
                    [.text(group["fingerprint"] as? String ?? "")]
                ).first)
            XCTAssertEqual(try row.int("affected_devices"), group["affected_devices"] as? Int)
            XCTAssertEqual(try row.int("affected_users"), group["affected_users"] as? Int)
            XCTAssertEqual(try row.int("reports_with_device_id"), group["failures_with_device_id"] as? Int)
            XCTAssertEqual(try row.int("reports_with_user_id"), group["failures_with_user_id"] as? Int)
        }
        let stored = try db.query(
            "SELECT device_id, user_id, source_issue_id, source_url FROM reports WHERE source_path LIKE '%06-bugly-api-crashmap.json'"
        ).first
        XCTAssertEqual(
            try stored?.string("source_url"),
            "https://bugly.qq.com/v2/crash-reporting/crashes/900012345/1183?pid=2")
        XCTAssertEqual(try stored?.string("user_id"), "u_301245")
    }

    func testFiltersCountOnlyTheReportsTheyKeep() throws {
        let runner = try samples()
        // iOS 8.1.3 keeps the three iPhone 6 Plus reports: two Bugly ids and one CrashReporter Key.
        let report = try json(runner, ["--os", "8.1.3", "--key", "_placeholderLabel"])
        let group = try XCTUnwrap(groups(report).first)
        XCTAssertEqual(group["report_count"] as? Int, 4)
        XCTAssertEqual(group["affected_devices"] as? Int, 3)
        XCTAssertEqual(group["affected_users"] as? Int, 1)
        XCTAssertEqual(group["failures_with_device_id"] as? Int, 3)
        // iOS 13 keeps three groups, none of whose failures carries an id: the headline says so
        // instead of dropping the line.
        let text = try runner.run(["report", "--os", "13"], environment: ["COLUMNS": "120"]).out
        XCTAssertTrue(text.contains("Affected: unknown (no failure carries a device or user id)"), text)
    }

    func testSortOrders() throws {
        let runner = try samples()
        // Most groups have failures without a device id: their counts are lower bounds, so
        // `--sort affected` ranks by reports and says why.
        let partly = try json(runner, ["--sort", "affected"])
        XCTAssertEqual(partly["sort"] as? String, "reports")
        XCTAssertEqual(
            partly["sort_note"] as? String,
            "ranked by reports, not affected devices: in 7 of 9 groups not every failure carries a device id")
        let counts = groups(partly).map { $0["report_count"] as? Int ?? 0 }
        XCTAssertEqual(counts, counts.sorted(by: >))
        let partlyText = try runner.run(["report", "--sort", "affected"], environment: ["COLUMNS": "200"]).out
        XCTAssertTrue(partlyText.contains("Order: ranked by reports, not affected devices"), partlyText)
        // A Bugly SDK log and a console copy that carry both ids: ranked by affected devices.
        let covered = try json(runner, ["--sort", "affected", "--os", "12.4", "--os", "14.0.1"])
        XCTAssertEqual(covered["sort"] as? String, "affected")
        XCTAssertNil(covered["sort_note"])
        XCTAssertEqual(groups(covered).count, 2)
        let devices = groups(covered).map { $0["affected_devices"] as? Int ?? -1 }
        XCTAssertEqual(devices, devices.sorted(by: >))
        let recent = groups(try json(runner, ["--sort", "recent"])).map { $0["last_seen"] as? String ?? "" }
        XCTAssertEqual(recent, recent.sorted(by: >))
        let reports = groups(try json(runner)).map { $0["report_count"] as? Int ?? 0 }
        XCTAssertEqual(reports, reports.sorted(by: >), "reports is the default")
        let bad = try runner.run(["report", "--sort", "users"])
        XCTAssertEqual(bad.status, 64)
        XCTAssertTrue(
            bad.err.contains("invalid --sort 'users' (expected one of: affected, reports, recent)"), bad.err)
    }

    func testTextCSVMarkdownExplainAndEvidenceSayIt() throws {
        let runner = try samples()
        let text = try runner.run(["report"], environment: ["COLUMNS": "120"]).out
        XCTAssertTrue(
            text.contains(
                "Affected: ≥ 7 devices (7 of 18 failures carry a device id), ≥ 4 users (5 of 18 failures carry a user id)"
            ), text)
        XCTAssertTrue(
            text.contains(
                "affected: ≥ 5 devices (5 of 9 failures carry a device id), ≥ 2 users (3 of 9 failures carry a user"
            ),
            text)
        XCTAssertTrue(text.contains("affected: unknown (no failure carries a device or user id)"), text)
        let words = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        XCTAssertTrue(
            words.contains(
                "; affected: ≥ 5 devices (5 of 9 reports carry a device id), ≥ 2 users (3 of 9 reports carry a user id); crashing on iOS"
            ), "the evidence sentence: \(text)")
        let csv = try runner.run(["report", "--format", "csv"]).out.split(separator: "\n")
        let header = csv[0].split(separator: ",", omittingEmptySubsequences: false)
        let devicesColumn = try XCTUnwrap(header.firstIndex(of: "affected_devices"))
        XCTAssertEqual(
            header.dropLast(3).suffix(5),
            ["failures_with_device_id", "failures_with_user_id", "confidence", "fixed_in", "regressed"],
            "columns are only ever added at the end (Bugly's counts last)")
        let searchRow = try XCTUnwrap(csv.first { $0.contains("_searchField") })
        XCTAssertEqual(
            searchRow.split(separator: ",", omittingEmptySubsequences: false)[devicesColumn], "",
            "empty, not 0")
        let markdown = try runner.run(["report", "--format", "markdown"]).out
        XCTAssertTrue(markdown.contains("| Affected devices | Affected users |"), markdown)
        XCTAssertTrue(markdown.contains("| ≥ 5 (5 of 9) | ≥ 2 (3 of 9) |"), markdown)
        let id = try XCTUnwrap(groups(try json(runner)).first?["id"] as? String)
        let explain = try runner.run(["explain", id], environment: ["COLUMNS": "100"])
        XCTAssertTrue(
            explain.out.contains("affected        ≥ 5 devices (5 of 9 reports carry a device id)"),
            explain.out)
        XCTAssertTrue(
            explain.out.replacingOccurrences(of: "\n", with: " ").contains("1 device id seen on several"),
            explain.out)
        let explainJSON = try runner.run(["explain", id, "--format", "json"]).out
        let affected = try XCTUnwrap(
            (JSONSerialization.jsonObject(with: Data(explainJSON.utf8)) as? [String: Any])?["affected"]
                as? [String: Any])
        XCTAssertEqual(affected["devices"] as? Int, 5)
        XCTAssertEqual(affected["users"] as? Int, 2)
        XCTAssertEqual(affected["reports_with_device_id"] as? Int, 5)
        XCTAssertEqual(affected["reports_with_user_id"] as? Int, 3)
        // The Bugly console link of a report, under its facts and in the JSON.
        XCTAssertTrue(
            explain.out.contains(
                "      https://bugly.qq.com/v2/crash-reporting/crashes/900012345/1183?pid=2\n"),
            explain.out)
        XCTAssertTrue(
            explainJSON.contains(
                #""source_url" : "https://bugly.qq.com/v2/crash-reporting/crashes/900012345/1183?pid=2""#),
            explainJSON)
    }

    func testBuglyAppIDOptionGivesConsoleLinks() throws {
        guard CommandRunner.isBuilt else { throw XCTSkip("crashscan binary not built") }
        let runner = CommandRunner(folder: try TestPaths.temporaryFolder(self))
        let array = TestPaths.sampleReports.appendingPathComponent("07-bugly-api-array.json").path
        XCTAssertEqual(try runner.run(["import", array, "--bugly-app-id", "a81f9c7e38"]).status, 0)
        let db = try Database(
            path: runner.folder.appendingPathComponent("crashscan.sqlite").path, readOnly: true)
        let links = try db.query("SELECT source_url FROM reports ORDER BY source_issue_id").map {
            try $0.string("source_url")
        }
        XCTAssertEqual(
            links,
            ["2290", "2291", "2305"].map {
                "https://bugly.qq.com/v2/crash-reporting/crashes/a81f9c7e38/\($0)?pid=2"
            })
        let bad = try runner.run(["import", array, "--bugly-app-id", "a/../b"])
        XCTAssertEqual(bad.status, 64)
        XCTAssertTrue(bad.err.contains("invalid --bugly-app-id"), bad.err)
    }
}
