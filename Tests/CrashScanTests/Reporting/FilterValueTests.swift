import XCTest

@testable import CrashScanCatalogs
@testable import CrashScanReport

/// Every value `report` prints can be given back as a filter, and families and ranges mean what
/// a team lead types (issue 36, point 5).
final class FilterValueTests: XCTestCase {
    var runner: CommandRunner!

    override func setUpWithError() throws {
        runner = CommandRunner(folder: try TestPaths.temporaryFolder(self))
        let samples = runner.folder.appendingPathComponent("SampleReports")
        try FileManager.default.copyItem(at: TestPaths.sampleReports, to: samples)
        XCTAssertEqual(try runner.run(["import", "SampleReports", "--quiet"]).status, 0)
    }

    /// The KVC failures `report` counts under `arguments` (JSON `summary.kvc_failures`).
    func failures(_ arguments: [String]) throws -> Int {
        let run = try runner.run(["report", "--format", "json"] + arguments)
        XCTAssertEqual(run.status, 0, run.err)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
        return try XCTUnwrap((json["summary"] as? [String: Any])?["kvc_failures"] as? Int)
    }

    func testDeviceFamiliesMatchEveryModelOfTheFamily() throws {
        XCTAssertEqual(try failures(["--device", "iPad"]), 1, "the iPad mini 2")
        XCTAssertEqual(try failures(["--device", "iPad mini"]), 1)
        XCTAssertEqual(try failures(["--device", "ipad MINI"]), 1, "any case")
        let all = try failures([])
        let iPhones = try failures(["--device", "iPhone"])
        let unknown = try failures(["--device", "unknown"])
        XCTAssertEqual(iPhones, 17, "iPhone 6, 6 Plus, 8, X, XS, XS Max, 11, 11 Pro, 12 and 13")
        let iPads = try failures(["--device", "iPad"])
        XCTAssertEqual(iPhones + iPads + unknown, all, "every failure is an iPhone's or an iPad's")
        XCTAssertEqual(try failures(["--device", "iPod"]), 0)
        // The report that named only "iPhone XS Max" may be iPhone11,6 (or iPhone11,4).
        XCTAssertEqual(try failures(["--device", "iPhone11,6"]), 1)
        XCTAssertEqual(try failures(["--device", "iPhone XS Max"]), 1)
        XCTAssertEqual(try DeviceQuery.resolve("iPad Pro"), .family("iPad Pro"))
        XCTAssertEqual(
            try DeviceQuery.resolve("iPhone 6 Plus"), .name("iPhone 6 Plus"), "a model stays a model")
    }

    /// An OS version as `report` prints it (`8.1.x`, a summed column of a narrow matrix) or as
    /// reports write it (`iPhone OS 8.1`, `iOS8.1`).
    func testOSVersionsAsPrintedAndAsReportsWriteThem() throws {
        let expected = try failures(["--os", "8.1"])
        XCTAssertEqual(expected, 9)
        for spelling in ["8.1.x", "iOS 8.1", "iOS8.1", "iPhone OS 8.1", "ios 8.1.*"] {
            XCTAssertEqual(try failures(["--os", spelling]), expected, spelling)
        }
        XCTAssertEqual(try OSRange.parse("iOS >=13").description, "iOS >=13")
        XCTAssertEqual(try OSRange.parse("macOS 10.15").lower, 110_015_000)
        XCTAssertThrowsError(try OSRange.parse("8.1.y"))
    }

    func testAppVersionsAsPrintedAsWrittenByBuglyAndAsRanges() throws {
        let all = try failures([])
        let unknown = try failures(["--app-version", "unknown"])
        XCTAssertGreaterThan(unknown, 0, "report prints an `unknown` app version")
        let known = try failures(["--app-version", ">=0"])
        XCTAssertEqual(known + unknown, all)
        XCTAssertEqual(
            try failures(["--app-version", "2.3.1(231)"]), try failures(["--app-version", "2.3.1"]),
            "Bugly's version with its build")
        let from23 = try failures(["--app-version", ">=2.3"])
        let before23 = try failures(["--app-version", "<2.3"])
        XCTAssertEqual(from23 + before23 + unknown, all)
        XCTAssertEqual(
            try failures(["--app-version", "2.3.0..2.3.1"]),
            try failures(["--app-version", "2.3.0"]) + failures(["--app-version", "2.3.1"]))
        let none = try runner.run(["report", "--app-version", ">=99"])
        XCTAssertEqual(none.status, 0)
        XCTAssertTrue(none.out.contains("No KVC failures matching the filters"), none.out)
        XCTAssertTrue(none.err.contains("no report has app version '>=99' (the most frequent:"), none.err)
    }

    func testAFilterThatMatchesNothingSaysSoWithTheNearestValues() throws {
        for (arguments, note) in [
            (["--os", "9"], "no report ran iOS 9 (the nearest stored: 8.1, 8.1.2, 8.1.3, 8.2, 8.4)"),
            (["--platform", "tvos"], "no report ran tvOS (no report from tvOS at all)"),
            (
                ["--device", "iPod"],
                "no report is from 'iPod' (every iPod) (the devices stored: iPad mini 2,"
            ),
            (
                ["--since", "2030-01-01"],
                "no report was seen since 2030-01-01 (the reports span 2015-01-19 –"
            ),
            (["--app-version", "9.9"], "no report has app version '9.9' (the most frequent: 2.3.1"),
        ] {
            let run = try runner.run(["report"] + arguments)
            XCTAssertEqual(run.status, 0, run.err)
            XCTAssertTrue(run.err.contains("crashscan: note: " + note), "\(arguments): " + run.err)
            XCTAssertTrue(run.out.contains("No KVC failures matching the filters"), run.out)
        }
        let matched = try runner.run(["report", "--os", "8.1", "--device", "iPad", "--since", "2015-01-01"])
        XCTAssertFalse(matched.err.contains("note:"), matched.err)
    }

    /// 21 stored reports are not shown as 18 without a word: the other 3 are said, and listed
    /// with `--all-crashes` (issue 36, point 7).
    func testCrashesThatAreNoKVCFailureAreSaidAndListed() throws {
        let plain = try runner.run(["report"], environment: ["COLUMNS": "160"])
        XCTAssertTrue(
            plain.out.contains(
                "Also 3 crash reports that are no KVC failure (--all-crashes lists their groups)"),
            plain.out)
        XCTAssertFalse(plain.out.contains("OTHER CRASH GROUPS"))
        let listed = try runner.run(["report", "--all-crashes"])
        XCTAssertTrue(listed.out.contains("OTHER CRASH GROUPS"), listed.out)
        for line in ["EXC_BAD_ACCESS", "-[LFPTimelineViewController tableView:cellForRowAtIndexPath:]"] {
            XCTAssertTrue(listed.out.contains(line), listed.out)
        }
        let json = try runner.run(["report", "--all-crashes", "--os", "13", "--format", "json"])
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        let others = try XCTUnwrap(object["other_groups"] as? [[String: Any]])
        XCTAssertEqual(
            others.map { $0["exception_type"] as? String }, ["NSRangeException"], "the filters apply")
        let id = try XCTUnwrap(others.first?["id"] as? String)
        XCTAssertEqual(try runner.run(["explain", id]).status, 0, "the id is one explain takes")
        let withoutFlag = try runner.run(["report", "--format", "json"])
        XCTAssertFalse(withoutFlag.out.contains("other_groups"))
        let keyed = try runner.run(["report", "--key", "_placeholderLabel"])
        XCTAssertFalse(keyed.out.contains("no KVC failure"), "other keys are no non-KVC crashes")
    }

    /// Per group: the first and last app version, whether it is new in the app's newest
    /// version, and a comparison of two releases (issue 36, point 8).
    func testAppVersionsPerGroupAndTwoReleasesCompared() throws {
        let json = try runner.run(["report", "--format", "json"])
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        let groups = try XCTUnwrap(object["groups"] as? [[String: Any]])
        let seed = try XCTUnwrap(groups.first { $0["id"] as? String == "1b4b4cd6" })
        XCTAssertEqual(seed["first_app_version"] as? String, "2.2.9")
        XCTAssertEqual(seed["last_app_version"] as? String, "2.3.1")
        XCTAssertTrue(seed["new_in_version"] is NSNull, "it crashed before LilyForParent's newest version")
        // NetPulse's newest version is 4.1.0, and the statusBar group first crashed in it.
        let new = groups.filter { $0["new_in_version"] as? String != nil }
        XCTAssertEqual(new.map { $0["new_in_version"] as? String }, ["4.1.0"])
        let text = try runner.run(["report"], environment: ["COLUMNS": "160"])
        XCTAssertTrue(
            text.out.contains("app: 2.3.1 (6), 2.2.9 (1), 2.3.0 (1), unknown (1); first 2.2.9, last 2.3.1"),
            text.out)
        XCTAssertTrue(text.out.contains("; NEW in 4.1.0, the newest version"), text.out)

        let compared = try runner.run(
            ["report", "--compare", "2.3.0..2.3.1(231)"], environment: ["COLUMNS": "160"])
        XCTAssertEqual(compared.status, 0, compared.err)
        XCTAssertTrue(compared.out.contains("RELEASES 2.3.0 → 2.3.1"), compared.out)
        let rows = compared.out.split(separator: "\n").filter {
            $0.hasPrefix("abbecda2 ") || $0.hasPrefix("1b4b4cd6 ")
        }
        .map { $0.split(separator: " ", omittingEmptySubsequences: true).suffix(3).joined(separator: " ") }
        XCTAssertTrue(rows.contains("0 1 new"), "\(rows)")
        XCTAssertTrue(rows.contains("1 6 up"), "\(rows)")
        let gone = try runner.run(["report", "--compare", "2.3.1..2.3.0", "--format", "json"])
        let comparison = try XCTUnwrap(
            (JSONSerialization.jsonObject(with: Data(gone.out.utf8)) as? [String: Any])?["comparison"]
                as? [String: Any])
        let changes = (comparison["groups"] as? [[String: Any]])?.map {
            "\($0["id"] ?? "") \($0["change"] ?? "")"
        }
        XCTAssertEqual(changes, ["1b4b4cd6 down", "abbecda2 gone"])
        let unknown = try runner.run(["report", "--compare", "2.3.0..9.9"])
        XCTAssertTrue(unknown.err.contains("--compare: no report has app version '9.9'"), unknown.err)
        XCTAssertEqual(try runner.run(["report", "--compare", "2.3.0"]).status, 64)
    }

    func testTheUnknownKeyGroupCanBeSelected() throws {
        let report = try runner.run(["report"])
        XCTAssertTrue(report.out.contains("?.?"), report.out)
        XCTAssertEqual(try failures(["--key", "?"]), 1, "the ?.? group")
        let withKey = try failures(["--key", "_placeholderLabel", "--key", "?"])
        XCTAssertEqual(withKey, try failures(["--key", "_placeholderLabel"]) + 1, "either key")
        XCTAssertFalse(try runner.run(["report", "--key", "?"]).err.contains("no KVC failure"))
    }
}
