import Foundation
import XCTest

/// The command line as a new user meets it: flags wherever they stand, suggestions for typos,
/// filters that refuse what they cannot mean, `rules test` in JSON.
final class CommandLineTests: XCTestCase {
    var folder: URL!
    var runner: CommandRunner!

    override func setUpWithError() throws {
        guard CommandRunner.isBuilt else { throw XCTSkip("crashscan binary not built") }
        folder = try TestPaths.temporaryFolder(self)
        runner = CommandRunner(folder: folder)
    }

    func sample(_ name: String) -> String { TestPaths.sampleReports.appendingPathComponent(name).path }

    func importSamples() throws {
        XCTAssertEqual(try runner.run(["import", "--quiet", TestPaths.sampleReports.path]).status, 0)
    }

    func testFlagsAreFlagsWhereverTheyStand() throws {
        let quietFirst = try runner.run(["--quiet", "import", sample("02-bugly-console-zh-textview.txt")])
        XCTAssertEqual(quietFirst.status, 0, quietFirst.err)
        XCTAssertTrue(
            quietFirst.out.hasPrefix(
                "imported into crashscan.sqlite: 1 file, 1 report imported, 0 duplicates"), quietFirst.out)
        let shortFirst = try runner.run([
            "-q", "--db", "other.sqlite", "import", sample("02-bugly-console-zh-textview.txt"),
        ])
        XCTAssertEqual(shortFirst.status, 0, shortFirst.err)
        XCTAssertTrue(shortFirst.out.hasPrefix("imported into other.sqlite"), shortFirst.out)
        let helpHelp = try runner.run(["help", "--help"])
        XCTAssertEqual(helpHelp.status, 0)
        XCTAssertTrue(helpHelp.out.contains("USAGE: crashscan <command>"))
    }

    func testTyposGetSuggestions() throws {
        let command = try runner.run(["reprot"])
        XCTAssertEqual(command.status, 64)
        XCTAssertTrue(command.err.contains("unknown command 'reprot' (did you mean 'report'?)"), command.err)
        let help = try runner.run(["help", "explian"])
        XCTAssertEqual(help.status, 64)
        XCTAssertTrue(help.err.contains("did you mean 'explain'?"), help.err)
        let subcommand = try runner.run(["rules", "tset"])
        XCTAssertTrue(subcommand.err.contains("did you mean 'test'?"), subcommand.err)
    }

    /// Every command's help page lists every option the command accepts (the page and the parser
    /// read the same declarations), and a mistyped option is refused with the nearest one.
    func testEveryOptionACommandTakesIsOnItsHelpPage() throws {
        for command in ["import", "report", "explain", "fix", "fixed", "symbolicate", "regroup", "rules"] {
            let page = try runner.run(["help", command])
            XCTAssertEqual(page.status, 0, command)
            XCTAssertTrue(page.out.contains("-h, --help        Show help."), command)
            let options = Set(
                page.out.split(separator: "\n").filter { $0.hasPrefix("  -") }.flatMap { line in
                    line.split(separator: " ").filter { $0.hasPrefix("--") }.map {
                        String($0.trimmingCharacters(in: [","]))
                    }
                })
            XCTAssertTrue(options.contains("--rules"), "\(command): \(options)")
            for option in options where option != "--help" {
                // Accepted: whatever fails next, it is not the option.
                let database = options.contains("--db") ? ["--db", "none.sqlite"] : []
                let run = try runner.run([command, option, "x"] + database)
                XCTAssertFalse(run.err.contains("unknown option"), "\(command) \(option): \(run.err)")
            }
        }
        let typo = try runner.run(["report", "--devcie", "iPhone 6"])
        XCTAssertEqual(typo.status, 64)
        XCTAssertTrue(
            typo.err.contains("unknown option '--devcie' for report (did you mean '--device'?)"), typo.err)
        let flagValue = try runner.run(["report", "--explain=yes"])
        XCTAssertEqual(flagValue.status, 64)
        XCTAssertTrue(flagValue.err.contains("--explain takes no value"), flagValue.err)
    }

    func testReportFiltersRefuseWhatTheyCannotMean() throws {
        try importSamples()
        let device = try runner.run(["report", "--device", "iphone6plu"])
        XCTAssertEqual(device.status, 64)
        XCTAssertTrue(device.err.contains("Did you mean 'iPhone 6 Plus'"), device.err)
        XCTAssertTrue(device.out.isEmpty)
        let date = try runner.run(["report", "--since", "2015-02-30"])
        XCTAssertEqual(date.status, 64)
        XCTAssertTrue(date.err.contains("invalid date '2015-02-30'"), date.err)
        let twice = try runner.run(["report", "--os", "8.1", "--os", "8.2", "--format", "json"])
        XCTAssertEqual(twice.status, 0, twice.err)
        XCTAssertTrue(
            twice.out.contains(#""os" : "iOS 8.1 or iOS 8.2""#),
            "each on iOS, as the header says: "
                + twice.out)
        let version = try runner.run(["report", "--app-version", "9.9"])
        XCTAssertEqual(version.status, 0)
        XCTAssertTrue(version.err.contains("crashscan: note: no report has app version '9.9'"), version.err)
        XCTAssertTrue(version.out.contains("No KVC failures matching the filters"), version.out)
    }

    func testColourIsForTerminalsAndCanBeForcedOrRefused() throws {
        try importSamples()
        XCTAssertFalse(try runner.run(["report"]).out.contains("\u{1B}["), "not a terminal: no colour")
        let forced = try runner.run(["report"], environment: ["CLICOLOR_FORCE": "1"])
        XCTAssertTrue(forced.out.contains("\u{1B}[33mconfidence medium\u{1B}[0m"), forced.out)
        let refused = try runner.run(["report"], environment: ["CLICOLOR_FORCE": "1", "NO_COLOR": "1"])
        XCTAssertFalse(refused.out.contains("\u{1B}["))
        let wide = try runner.run(["report"], environment: ["COLUMNS": "120"])
        XCTAssertTrue(wide.out.contains("CAUSE"), "the cause column comes back with room for it")
        XCTAssertFalse(try runner.run(["report"]).out.contains("CAUSE"))
    }

    func testRulesTestSpeaksJSONAndCatchesATypoInExpect() throws {
        let rules = TestPaths.packageRoot.appendingPathComponent("rules/kvc.json").path
        let crash = sample("02-bugly-console-zh-textview.txt")
        let typo = try runner.run(["rules", "test", rules, crash, "--expect", "associated-object-placeholdr"])
        XCTAssertEqual(typo.status, 64)
        XCTAssertTrue(typo.err.contains("did you mean 'associated-object-placeholder'?"), typo.err)
        let json = try runner.run([
            "rules", "test", rules, crash, "--expect", "associated-object-placeholder", "--format", "json",
        ])
        XCTAssertEqual(json.status, 0, json.err)
        let document = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any], json.out)
        XCTAssertEqual(document["schema"] as? String, "crashscan.rules-test/1")
        let report = try XCTUnwrap((document["reports"] as? [[String: Any]])?.first)
        XCTAssertEqual(report["fix"] as? String, "associated-object-placeholder")
        XCTAssertEqual(report["matches_expected"] as? Bool, true)
        XCTAssertEqual((document["summary"] as? [String: Any])?["not_matched"] as? Int, 0)
        let miss = try runner.run(
            ["rules", "test", rules, crash, "--expect", "search-text-field"], environment: ["COLUMNS": "200"])
        XCTAssertEqual(miss.status, 1)
        XCTAssertTrue(miss.out.hasSuffix("1 report, 1 not matched by search-text-field\n"), miss.out)
        XCTAssertTrue(
            miss.out.contains(
                "why: uisearchbar-search-field does not match: class UITextView in [UISearchBar] does not hold"
            ),
            miss.out)

        // A team's rule that matches wins over the built-in one, however much less specific.
        let team = runner.folder.appendingPathComponent("team.json")
        try Data(
            #"""
            {"rules": [{"id": "team-placeholder", "match": {"key": "_placeholderLabel"},
              "fix": "team-placeholder-view", "title": "Use TeamPlaceholderTextView", "detail": "Ours."}]}
            """#.utf8
        ).write(to: team)
        let ours = try runner.run(["rules", "test", team.path, crash, "--expect", "team-placeholder"])
        XCTAssertEqual(ours.status, 0, ours.out)
        XCTAssertTrue(ours.out.contains("-> team-placeholder -> team-placeholder-view"), ours.out)
        let builtIn = try runner.run(
            ["rules", "test", team.path, crash, "--expect", "uitextview-placeholder-label"],
            environment: ["COLUMNS": "200"])
        XCTAssertEqual(builtIn.status, 1)
        XCTAssertTrue(
            builtIn.out.contains(
                "why: uitextview-placeholder-label matches, but team-placeholder wins: a team rule wins over a built-in one"
            ), builtIn.out)
    }
}

/// A PostgreSQL URL as the database is refused with what to do, before anything is written, and
/// never repeats its password.
final class DatabaseURLTests: XCTestCase {
    func testAnUnreachablePostgreSQLServerIsNamedWithoutItsPassword() throws {
        guard CommandRunner.isBuilt else { throw XCTSkip("crashscan binary not built") }
        let runner = CommandRunner(folder: try TestPaths.temporaryFolder(self))
        let sample = TestPaths.sampleReports.appendingPathComponent("02-bugly-console-zh-textview.txt").path
        let nowhere = "/nonexistent-crashscan-socket-folder"
        for (arguments, environment) in [
            (
                [
                    "import", sample, "--db",
                    "postgresql://ci:hunter2@/crashes?host=\(nowhere)&connect_timeout=2",
                ], [:]
            ),
            (["report"], ["CRASHSCAN_DB": "POSTGRES://ci:hunter2@/crashes?host=\(nowhere)"]),
            (
                ["explain", "1b4b"],
                ["CRASHSCAN_DB": "postgresql:///crashes?host=\(nowhere)&password=hunter2"]
            ),
        ] {
            let run = try runner.run(arguments, environment: environment)
            XCTAssertEqual(run.status, 69, run.err)
            XCTAssertTrue(run.err.hasPrefix("crashscan: cannot connect to PostgreSQL: "), run.err)
            XCTAssertTrue(run.err.contains(nowhere), run.err)
            XCTAssertFalse(run.err.contains("hunter2"), run.err)
        }
        XCTAssertTrue(
            try FileManager.default.contentsOfDirectory(atPath: runner.folder.path).isEmpty,
            "nothing was created")
    }
}
