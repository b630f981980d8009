import Foundation
import XCTest

@testable import CrashScanDatabase
@testable import CrashScanModel
@testable import CrashScanStore

/// `crashscan scan` as a user and a CI job run it: the compiler's line form, exit codes, the JSON
/// document, SARIF read by an independent consumer, fingerprints that survive unrelated edits.
final class ScanCommandTests: XCTestCase {
    var folder: URL!
    var runner: CommandRunner!

    override func setUpWithError() throws {
        guard CommandRunner.isBuilt else { throw XCTSkip("crashscan binary not built") }
        folder = try TestPaths.temporaryFolder(self)
        runner = CommandRunner(folder: folder)
        try FileManager.default.copyItem(at: ScanFindingTests.app, to: folder.appendingPathComponent("App"))
    }

    func testTextIsTheCompilersFormAndTheExitCodeFollowsFailOn() throws {
        let run = try runner.run(["scan", "App"])
        XCTAssertEqual(run.status, 1, "high findings fail by default")
        let lines = run.out.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 15)
        XCTAssertEqual(
            lines[1],
            "App/Placeholder.m:21:33: warning: KVC on UITextView's private key '_placeholderLabel': crashes on iOS <8.3 (NSUnknownKeyException); fix: crashscan fix associated-object-placeholder [uitextview-placeholder-label]"
        )
        XCTAssertTrue(
            lines.last!.hasPrefix("crashscan scan: 14 findings (13 high, 1 medium, 0 low) in 3 files"),
            lines.last!)
        XCTAssertEqual(try runner.run(["scan", "App", "--fail-on", "none"]).status, 0)
        XCTAssertEqual(try runner.run(["scan", "App/SearchBar.swift", "--fail-on", "low"]).status, 1)
        // Only the medium finding's file region: nothing high once the certain ones are excluded.
        let medium = try runner.run([
            "scan", "App", "--exclude", "*.swift", "--exclude", "*.storyboard", "--fail-on", "high",
        ])
        XCTAssertEqual(medium.status, 1)
        XCTAssertEqual(try runner.run(["scan", "App", "--fail-on", "severe"]).status, 64)
        XCTAssertEqual(try runner.run(["scan", "App", "--format", "xml"]).status, 64)
        XCTAssertEqual(try runner.run(["scan"]).status, 64)
        let missing = try runner.run(["scan", "Nope"])
        XCTAssertEqual(missing.status, 66)
        XCTAssertTrue(missing.err.contains("no such file or folder: Nope"), missing.err)
        XCTAssertTrue(
            try runner.run(["scan", "--help"]).out.contains("EXIT CODES: 0 nothing at or above --fail-on"))
    }

    /// Without `--db`, scan reads source only: no database is opened, made or even looked for,
    /// whatever `$CRASHSCAN_DB` names (here a server nobody listens on).
    func testWithoutADatabaseScanOpensNone() throws {
        let run = try runner.run(
            ["scan", "App", "--fail-on", "none"],
            environment: ["CRASHSCAN_DB": "postgresql://nobody@/none?host=/nonexistent&connect_timeout=1"])
        XCTAssertEqual(run.status, 0, run.err)
        XCTAssertEqual(run.err, "")
        let made = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != "App" }
        XCTAssertEqual(made, [], "scan without --db wrote no file")
    }

    /// A file over 64 MiB is named and not read; the rest is scanned; exit 65 when nothing fails.
    func testAFileTooLargeIsNamedAndTheRestScanned() throws {
        let huge = folder.appendingPathComponent("App/Huge.m")
        XCTAssertTrue(FileManager.default.createFile(atPath: huge.path, contents: nil))
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: 70_000_000)  // sparse: nothing written
        try handle.close()
        let run = try runner.run(["scan", "App", "--fail-on", "none"])
        XCTAssertEqual(run.status, 65, run.err)
        XCTAssertTrue(
            run.err.contains(
                "rejected App/Huge.m: cannot read the file: larger than 64 MiB (70000000 bytes)"),
            run.err)
        XCTAssertTrue(run.out.contains("14 findings"), run.out)
    }

    func testJSONHasTheDocumentedFields() throws {
        let run = try runner.run(["scan", "App", "--format", "json", "--fail-on", "none"])
        XCTAssertEqual(run.status, 0, run.err)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
        XCTAssertEqual(Set(json.keys), ["crashscan", "scanned", "summary", "findings"])
        let summary = try XCTUnwrap(json["summary"] as? [String: Int])
        XCTAssertEqual(summary, ["findings": 14, "high": 13, "medium": 1, "low": 0])
        let findings = try XCTUnwrap(json["findings"] as? [[String: Any]])
        XCTAssertEqual(
            Set(findings[0].keys),
            [
                "path", "line", "column", "endLine", "endColumn", "language", "severity", "ruleId", "fix",
                "failsOn",
                "exceptions", "accessor", "receiver", "receiverClass", "ruleClass", "classKnown",
                "classReason",
                "appClass", "key", "keyPath", "message", "fingerprint", "crashGroups",
            ])
        let unknown = try XCTUnwrap(findings.first { $0["classKnown"] as? Bool == false })
        XCTAssertEqual(unknown["receiver"] as? String, "thing")
        XCTAssertNil(unknown["receiverClass"] as? String)
        XCTAssertEqual(unknown["severity"] as? String, "medium")
        let subclass = try XCTUnwrap(findings.first { $0["appClass"] as? String == "LFPTextView" })
        XCTAssertEqual(subclass["receiverClass"] as? String, "UITextView")
        XCTAssertEqual(subclass["accessor"] as? String, "setValue:forKey:")
        XCTAssertTrue(subclass["crashGroups"] is NSNull, "null without --db")
    }

    /// SARIF 2.1.0 with relative paths; fingerprints that do not move when lines are added above.
    func testSARIFLocationsAndFingerprintsSurviveUnrelatedEdits() throws {
        func sarif() throws -> [String: Any] {
            let run = try runner.run(["scan", "App", "--format", "sarif"])
            XCTAssertEqual(run.status, 1, run.err)
            return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
        }
        func results(_ log: [String: Any]) -> [[String: Any]] {
            ((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
        }
        func fingerprints(_ log: [String: Any]) -> [String] {
            results(log).compactMap {
                ($0["partialFingerprints"] as? [String: String])?["crashscanFinding/v1"]
            }
        }
        let before = try sarif()
        XCTAssertEqual(before["version"] as? String, "2.1.0")
        let run = try XCTUnwrap((before["runs"] as? [[String: Any]])?.first)
        let rules =
            try XCTUnwrap((run["tool"] as? [String: Any])?["driver"] as? [String: Any])["rules"]
            as? [[String: Any]]
        XCTAssertEqual(rules?.count, 5)
        XCTAssertTrue(
            ((rules?.first?["help"] as? [String: Any])?["markdown"] as? String)?.contains(
                "FIX attributed-placeholder")
                == true)
        let first = try XCTUnwrap(results(before).first?["locations"] as? [[String: Any]])
        let physical = try XCTUnwrap(first.first?["physicalLocation"] as? [String: Any])
        XCTAssertEqual(
            (physical["artifactLocation"] as? [String: String]),
            ["uri": "App/Main.storyboard", "uriBaseId": "%SRCROOT%"])
        XCTAssertEqual((physical["region"] as? [String: Int])?["startLine"], 12)
        XCTAssertEqual(Set(fingerprints(before)).count, 14, "one fingerprint per finding")
        // Three lines added at the top of the Objective-C file: its findings move, their prints do not.
        let file = folder.appendingPathComponent("App/Placeholder.m")
        let text = try String(contentsOf: file, encoding: .utf8)
        try ("// Copyright\n//\n\n" + text).write(to: file, atomically: true, encoding: .utf8)
        let after = try sarif()
        XCTAssertEqual(fingerprints(after), fingerprints(before))
        XCTAssertNotEqual(
            results(after).map { ($0["locations"] as? [[String: Any]])?.description ?? "" },
            results(before).map { ($0["locations"] as? [[String: Any]])?.description ?? "" })
    }

    /// With `--db`, each finding names the crash groups of its class and key; the findings are
    /// stored (the `source_findings` view, the latest scan), and `report` and `explain` say where
    /// in the code a group's crash comes from.
    func testFindingsLinkToTheCrashesOfTheDatabase() throws {
        XCTAssertEqual(try runner.run(["import", TestPaths.sampleReports.path, "--quiet"]).status, 0)
        let missing = try runner.run(["scan", "App", "--db", "none.sqlite"])
        XCTAssertEqual(missing.status, 66)
        XCTAssertTrue(missing.err.contains("no database at none.sqlite"), missing.err)
        let run = try runner.run(["scan", "App", "--db", "crashscan.sqlite"])
        XCTAssertEqual(run.status, 1, run.err)
        let lines = run.out.split(separator: "\n").map(String.init)
        let index = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("App/Placeholder.m:21:33: warning:") })
        XCTAssertEqual(
            lines[index + 1],
            "App/Placeholder.m:21:33: note: seen in 9 crash reports, 3 device models, iOS 8.1–8.1.3, raising NSUnknownKeyException (group 1b4b4cd6)"
        )
        // A finding links only to groups that reach the key as the code does: the seed's group
        // sets `_placeholderLabel`; code reading it is another crash.
        let store = try Store(path: runner.folder.appendingPathComponent("crashscan.sqlite").path)
        for (accessor, expected) in [(KVCAccessor?.none, ["1b4b4cd6"]), (.set, ["1b4b4cd6"]), (.get, [])] {
            XCTAssertEqual(
                try store.crashGroups(
                    receiverClass: "UITextView", key: "_placeholderLabel", accessor: accessor
                ).map(\.id),
                expected, "\(String(describing: accessor))")
        }
        let json = try runner.run(["scan", "App", "--db", "crashscan.sqlite", "--format", "json"])
        let document = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        let findings = try XCTUnwrap(document["findings"] as? [[String: Any]])
        let linked = try XCTUnwrap(
            findings.first { $0["line"] as? Int == 21 }?["crashGroups"] as? [[String: Any]])
        XCTAssertEqual(linked.first?["id"] as? String, "1b4b4cd6")
        XCTAssertEqual(linked.first?["reports"] as? Int, 9)
        let stored = try Database(
            path: folder.appendingPathComponent("crashscan.sqlite").path, readOnly: true)
        XCTAssertEqual(
            try stored.query("SELECT count(*) AS n FROM source_findings").first?.int("n"), 14,
            "the view shows the latest scan only (two scans stored)")
        XCTAssertEqual(try stored.query("SELECT count(*) AS n FROM source_scan").first?.int("n"), 2)
        let report = try runner.run(["report"], environment: ["COLUMNS": "200"])
        XCTAssertTrue(
            report.out.contains(
                "in code at App/Placeholder.m:21:33, App/Placeholder.m:28:41, App/Placeholder.m:45:50, App/SearchBar.swift:31:21"
            ), report.out)
        let reportJSON = try runner.run(["report", "--format", "json"])
        XCTAssertTrue(reportJSON.out.contains("\"source_locations\""), reportJSON.out)
        let explain = try runner.run(["explain", "1b4b4cd6"])
        XCTAssertTrue(explain.out.contains("IN CODE (the latest crashscan scan --db)"), explain.out)
        XCTAssertTrue(
            explain.out.contains("  App/SearchBar.swift:31:21  [uitextview-placeholder-label]"), explain.out)
    }

    /// The README's example: the sample app under SampleReports/ and the bundled crash reports.
    /// Every finding but one (`_currentPageImage`, which no bundled report shows) names its crashes.
    func testTheSampleAppsFindingsLinkToTheBundledCrashReports() throws {
        XCTAssertEqual(try runner.run(["import", TestPaths.sampleReports.path, "--quiet"]).status, 0)
        let app = TestPaths.sampleReports.appendingPathComponent("SampleApp").path
        let run = try runner.run(["scan", app, "--db", "crashscan.sqlite", "--format", "json"])
        XCTAssertEqual(run.status, 1, run.err)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
        let findings = try XCTUnwrap(document["findings"] as? [[String: Any]])
        let linked = findings.map { finding -> String in
            let name = ((finding["path"] as? String ?? "") as NSString).lastPathComponent
            let groups = (finding["crashGroups"] as? [[String: Any]]) ?? []
            let ids = groups.compactMap { $0["id"] as? String }.joined(separator: ",")
            return "\(name):\(finding["line"] ?? "") \(finding["ruleId"] ?? "") \(ids)"
        }
        XCTAssertEqual(
            linked,
            [
                "Onboarding.xib:9 uipagecontrol-page-image-ivar 7893a32d",
                "Onboarding.xib:10 uipagecontrol-page-image-ivar ",
                "UITextView+Extension.m:41 uitextview-placeholder-label 1b4b4cd6",
                "UISearchBar+MLTheme.m:10 uisearchbar-search-field 7985ce73",
                "NPNetworkProbe.m:13 uiapplication-status-bar d56673c2,49ce39b1",
                "TKSearchHeaderView.swift:12 uitextfield-placeholder-label 3195a2ea",
            ])
        // `valueForKeyPath:@"statusBar.foregroundView"` raised both crashes: iOS 13's `-statusBar`
        // on UIApplication, and UIStatusBar_Modern's missing `foregroundView` on an iPhone X; the
        // second group says where in the code it comes from too.
        let explain = try runner.run(["explain", "49ce39b1"])
        XCTAssertTrue(explain.out.contains("UIStatusBar_Modern"), explain.out)
        XCTAssertTrue(explain.out.contains("NPNetworkProbe.m:13:"), explain.out)
    }

    /// An independent SARIF consumer from PyPI (`sarif-pydantic`, which `.ci/run` installs into a
    /// virtual environment and names in CRASHSCAN_SARIF_PYTHON) reads the output.
    func testAnIndependentConsumerReadsTheSARIF() throws {
        guard let python = ProcessInfo.processInfo.environment["CRASHSCAN_SARIF_PYTHON"] else {
            throw XCTSkip("set CRASHSCAN_SARIF_PYTHON to a Python with sarif-pydantic (.ci/run does)")
        }
        let run = try runner.run(["scan", "App", "--format", "sarif"])
        let path = folder.appendingPathComponent("scan.sarif")
        try Data(run.out.utf8).write(to: path)
        let check = try runner.run(
            [TestPaths.packageRoot.appendingPathComponent("scripts/check-sarif.py").path, path.path],
            binary: URL(fileURLWithPath: python))
        XCTAssertEqual(check.status, 0, check.err)
        XCTAssertTrue(check.out.contains("14 results, 5 rules, ok"), check.out)
    }
}
