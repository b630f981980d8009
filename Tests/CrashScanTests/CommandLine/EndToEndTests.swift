import Foundation
import XCTest

/// The built `crashscan` binary, run as a user runs it.
final class EndToEndTests: XCTestCase {
    typealias Run = CommandRunner.Run
    static var binary: URL { CommandRunner.binary }
    var folder: URL!

    override func setUpWithError() throws {
        guard CommandRunner.isBuilt else {
            throw XCTSkip("crashscan binary not built at \(CommandRunner.binary.path)")
        }
        folder = try TestPaths.temporaryFolder(self)
    }

    @discardableResult
    func run(
        _ arguments: [String], binary: URL = CommandRunner.binary, stdin: Data? = nil,
        environment: [String: String] = [:]
    ) throws -> Run {
        try CommandRunner(folder: folder).run(
            arguments, binary: binary, stdin: stdin, environment: environment)
    }

    func testHelpAndVersion() throws {
        for arguments in [["--help"], ["-h"], [], ["help"]] {
            let result = try run(arguments)
            XCTAssertEqual(result.status, 0)
            XCTAssertTrue(result.out.contains("USAGE: crashscan <command>"), arguments.description)
            XCTAssertTrue(result.err.isEmpty)
        }
        let importHelp = try run(["help", "import"])
        XCTAssertTrue(importHelp.out.contains("USAGE: crashscan import PATH..."))
        XCTAssertEqual(try run(["import", "--help"]).out, importHelp.out)
        XCTAssertTrue(try run(["report", "--help"]).out.contains("--os SPEC"))
        let version = try run(["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertTrue(version.out.hasPrefix("crashscan "))
    }

    func testUsageErrorsExit64OnStderr() throws {
        let unknown = try run(["frobnicate"])
        XCTAssertEqual(unknown.status, 64)
        XCTAssertTrue(unknown.err.hasPrefix("crashscan: unknown command 'frobnicate'"), unknown.err)
        XCTAssertTrue(unknown.out.isEmpty)
        XCTAssertEqual(try run(["import"]).status, 64)
        XCTAssertEqual(try run(["report", "--format", "xml"]).status, 64)
    }

    func testImportSampleReportsThenReportJSON() throws {
        let db = folder.appendingPathComponent("demo.sqlite").path
        let first = try run(["import", TestPaths.sampleReports.path, "--db", db])
        XCTAssertEqual(
            first.status, 0,
            "one sample and the sample app's source are no crash logs: skipped, which is no error")
        XCTAssertTrue(
            first.out.contains("24 files, 21 reports imported, 0 duplicates, 0 rejected, 7 skipped"),
            first.out)
        XCTAssertTrue(first.out.contains("18 KVC failures"), first.out)
        XCTAssertFalse(first.err.contains("12-not-a-crash"), "skipped files are named with --verbose only")
        let verbose = try run(["import", TestPaths.sampleReports.path, "--db", db, "--verbose"])
        XCTAssertTrue(
            verbose.err.contains(
                "crashscan: skipped \(TestPaths.sampleReports.path)/12-not-a-crash-release-notes.txt: no crash report found"
            ), verbose.err)

        let again = try run(["import", TestPaths.sampleReports.path, "--db", db])
        XCTAssertTrue(again.out.contains("0 reports imported, 21 duplicates"), again.out)

        let report = try run(["report", "--os", "8.1", "--format", "json", "--db", db])
        XCTAssertEqual(report.status, 0)
        let json = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(report.out.utf8)) as? [String: Any])
        XCTAssertEqual(json["schema"] as? String, "crashscan.report/2")
        let groups = try XCTUnwrap(json["groups"] as? [[String: Any]])
        let textView = try XCTUnwrap(
            groups.first {
                $0["receiver_class"] as? String == "UITextView" && $0["key"] as? String == "_placeholderLabel"
            })
        XCTAssertEqual(
            (textView["recommendation"] as? [String: Any])?["fix"] as? String, "associated-object-placeholder"
        )
        XCTAssertEqual(textView["kind"] as? String, "undefined_key")
        XCTAssertEqual(textView["cause"] as? String, "private_key")
        let matrix = try XCTUnwrap(json["matrix"] as? [[String: Any]])
        XCTAssertTrue(
            matrix.contains {
                $0["device"] as? String == "iPhone 6 Plus" && $0["device_model"] as? String == "iPhone7,1"
                    && $0["os_version"] as? String == "8.1.3"
            })

        let text = try run(["report", "--os", "8.1", "--db", db])
        XCTAssertTrue(text.out.contains("UITextView._placeholderLabel"))
        // One id everywhere: the JSON id is the text report's GROUP and what explain takes.
        let id = try XCTUnwrap(textView["id"] as? String)
        XCTAssertEqual(id.count, 8)
        XCTAssertTrue(text.out.contains("\n\(id)  undefined_key"), text.out)
        XCTAssertTrue(text.out.contains("[\(id)] UITextView._placeholderLabel"), text.out)
        let explained = try run(["explain", id, "--db", db])
        XCTAssertTrue(explained.out.hasPrefix("GROUP \(id) "), explained.out)
        let rowNumber = try run(["explain", "1", "--db", db])
        XCTAssertEqual(rowNumber.status, 64, "a row number is no group id")
        XCTAssertTrue(rowNumber.err.contains("as 'crashscan report' shows it"), rowNumber.err)
        XCTAssertTrue(text.out.contains("iPhone 6 Plus"))
        XCTAssertTrue(text.out.contains("associated-object-placeholder"))

        let bad = try run(["report", "--os", "eight", "--db", db])
        XCTAssertEqual(bad.status, 64)
        XCTAssertTrue(bad.err.contains("expected a version (8.1 means every 8.1.x"), bad.err)
    }

    func testDatabaseFromEnvironmentAndStandardInput() throws {
        let text =
            "NSGenericException\nAccess to UISearchBar's _searchField ivar is prohibited. This is an application bug\n"
        let result = try run(
            ["import", "-"], stdin: Data(text.utf8), environment: ["CRASHSCAN_DB": "env.sqlite"])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: folder.appendingPathComponent("env.sqlite").path))
        let report = try run(["report", "--format", "csv"], environment: ["CRASHSCAN_DB": "env.sqlite"])
        XCTAssertTrue(report.out.contains("UISearchBar,_searchField"), report.out)
    }

    func testExitCodesForMissingInputAndUnwritableDatabase() throws {
        let missing = try run(["import", "no/such/folder"])
        XCTAssertEqual(missing.status, 66)
        XCTAssertTrue(missing.err.contains("no such file or folder: no/such/folder"))
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: folder.appendingPathComponent("crashscan.sqlite").path))
        XCTAssertEqual(try run(["report", "--db", "absent.sqlite"]).status, 66)
        let unwritable = try run(["import", TestPaths.sampleReports.path, "--db", "/no/such/dir/x.sqlite"])
        XCTAssertEqual(unwritable.status, 74)
        XCTAssertTrue(unwritable.err.hasPrefix("crashscan: database error"), unwritable.err)
    }

    func testBinaryWorksWhenCopiedElsewhere() throws {
        let copy = folder.appendingPathComponent("bin/crashscan")
        try FileManager.default.createDirectory(
            at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.binary, to: copy)
        let result = try run(
            ["import", TestPaths.sampleReports.path, "--db", "copy.sqlite", "--quiet"], binary: copy)
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.out.contains("21 reports imported"), result.out)
        XCTAssertTrue(try run(["rules"], binary: copy).out.contains("associated-object-placeholder"))
    }

    func testRulesCommandAndMalformedTeamRules() throws {
        let list = try run(["rules"])
        XCTAssertEqual(list.status, 0)
        XCTAssertTrue(list.out.contains("uitextview-placeholder-label"))
        let bad = folder.appendingPathComponent("team.json")
        try Data(
            "{\"rules\": [{\"id\": \"x\", \"match\": {\"os\": \"nine\"}, \"fix\": \"f\", \"title\": \"t\", \"detail\": \"d\"}]}"
                .utf8
        ).write(to: bad)
        let result = try run(["rules", "--rules", bad.path])
        XCTAssertEqual(result.status, 65)
        XCTAssertTrue(
            result.err.contains("rules file \(bad.path), line 1, rule 'x' (#1), field 'match.os'"), result.err
        )
    }
}

/// The commands of the rules engine, run as a team runs them.
final class RulesEndToEndTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        guard CommandRunner.isBuilt else {
            throw XCTSkip("crashscan binary not built at \(CommandRunner.binary.path)")
        }
        folder = try TestPaths.temporaryFolder(self)
    }

    @discardableResult
    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> CommandRunner.Run {
        try CommandRunner(folder: folder).run(arguments, environment: environment)
    }

    func testExplainTheSeedGroup() throws {
        let db = folder.appendingPathComponent("demo.sqlite").path
        try run(["import", TestPaths.sampleReports.path, "--db", db, "--quiet"])
        let json = try run(["report", "--os", "8.1", "--format", "json", "--db", db])
        let groups = try XCTUnwrap(
            (try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])?["groups"]
                as? [[String: Any]])
        let seed = try XCTUnwrap(groups.first { $0["key"] as? String == "_placeholderLabel" })
        let fingerprint = try XCTUnwrap(seed["fingerprint"] as? String)
        XCTAssertEqual(
            (seed["evidence"] as? [String: Any])?["confidence"] as? String, "high",
            "every check fits, and UIKit's runtime headers settle the failing window and the exception")
        XCTAssertEqual((seed["evidence"] as? [String: Any])?["inferred"] as? [String], [])
        XCTAssertEqual(
            (seed["evidence"] as? [String: Any])?["measured"] as? [String],
            ["failsOn", "exceptions", "worksOn"])

        let explain = try run(["explain", String(fingerprint.prefix(6)), "--db", db])
        XCTAssertEqual(explain.status, 0, explain.err)
        for expected in [
            "RULE uitextview-placeholder-label", "confined        yes: every crash ran iOS <8.3",
            "confidence      high", "fails on        iOS <8.3 (measured)",
            "FIX associated-object-placeholder",
            "runs without it iOS 8.2 (1), 8.4 (1)",
        ] {
            XCTAssertTrue(explain.out.contains(expected), expected)
        }
        // Prose wraps to 80 columns when the terminal's width is unknown; file paths and frames
        // (identifiers a user copies) are whole, however long.
        func isFrame(_ line: Substring) -> Bool {
            let trimmed = line.drop { $0 == " " }
            return line.hasPrefix("  ") && trimmed.prefix { $0.isNumber }.count > 0
                && trimmed.drop { $0.isNumber }.hasPrefix("  ")
        }
        let over = explain.out.split(separator: "\n").filter {
            $0.count > 80 && !$0.contains(TestPaths.sampleReports.path) && !isFrame($0)
        }
        XCTAssertEqual(over, [], "prose past 80 columns")
        XCTAssertFalse(explain.out.contains("…\n"), "nothing cut")
        let wide = try run(
            ["explain", String(fingerprint.prefix(6)), "--db", db], environment: ["COLUMNS": "120"])
        XCTAssertTrue(
            wide.out.split(separator: "\n").contains {
                $0.count > 80 && !$0.hasPrefix("  \(TestPaths.sampleReports.path)")
            })
        let explainJSON = try run(["explain", fingerprint, "--format", "json", "--db", db])
        let object = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(explainJSON.out.utf8)) as? [String: Any])
        XCTAssertEqual((object["evidence"] as? [String: Any])?["confined_to_failing_os"] as? Bool, true)
        XCTAssertEqual(
            try run(["explain", "ffffffffff", "--db", db]).status, 66, "no such group, as its help says")
        XCTAssertTrue(try run(["explain", "--help"]).out.contains("66 no such group"))

        let fixed = try run(["fixed", fingerprint, "2.3.0", "--db", db])
        XCTAssertTrue(fixed.out.contains("REGRESSED: crashed in 2.3.0 (1), 2.3.1 (6)"), fixed.out)
        XCTAssertTrue(
            fixed.err.contains("warning: 2.3.0 is not newer than every version that crashed"), fixed.err)
        XCTAssertTrue(try run(["report", "--db", db]).out.contains("REGRESSED"))
    }

    func testFixPages() throws {
        let list = try run(["fix", "--list"])
        XCTAssertEqual(list.status, 0)
        XCTAssertTrue(list.out.contains("associated-object-placeholder *"))
        let page = try run(["fix", "associated-object-placeholder"])
        XCTAssertTrue(page.out.contains("@implementation UITextView (CSPlaceholder)"))
        XCTAssertTrue(page.out.contains("extension UITextView {"))
        XCTAssertEqual(try run(["fix", "nope"]).status, 64)
    }

    func testRulesCheckAndTestForATeamsCI() throws {
        let file = folder.appendingPathComponent("team.json")
        try Data(
            """
            {"rules": [{"id": "team-searchbar", "match": {"class": "UISearchBar", "key": "_searchField"},
                        "fix": "team-search-helper", "title": "Use TeamSearchHelper", "detail": "Wiki: Search."}]}
            """.utf8
        ).write(to: file)
        let check = try run(["rules", "check", file.path])
        XCTAssertEqual(check.status, 0)
        XCTAssertTrue(check.out.contains("1 rule, valid"))

        let sample = TestPaths.sampleReports.appendingPathComponent("05-bugly-console-zh-table-header.md")
            .path
        let test = try run(["rules", "test", file.path, sample, "--explain"])
        XCTAssertEqual(test.status, 0, test.err)
        XCTAssertTrue(
            test.out.contains(
                "prohibited_ivar UISearchBar._searchField (private_key) -> team-searchbar -> team-search-helper"
            ), test.out)
        XCTAssertTrue(
            test.out.contains("uisearchbar-search-field (specificity 20)"),
            "the built-in rule it overrode on specificity tie")
        XCTAssertEqual(
            try run(["rules", "test", file.path, sample, "--expect", "team-search-helper"]).status, 0)
        let other = TestPaths.sampleReports.appendingPathComponent("13-bugly-console-en-datepicker.txt").path
        XCTAssertEqual(
            try run(["rules", "test", file.path, other, "--expect", "team-search-helper"]).status, 1)

        try Data(
            "{\n  \"rules\": [\n    {\"id\": \"x\", \"match\": {\"kind\": \"nope\"}, \"fix\": \"f\", \"title\": \"t\", \"detail\": \"d\"}\n  ]\n}\n"
                .utf8
        )
        .write(to: file)
        let bad = try run(["rules", "check", file.path])
        XCTAssertEqual(bad.status, 65)
        XCTAssertTrue(
            bad.err.contains("line 3, rule 'x' (#1), field 'match.kind': unknown kind 'nope'"), bad.err)
    }
}
