import XCTest

@testable import CrashScanModel
@testable import CrashScanReport

/// `--tz` and `CRASHSCAN_TZ`: times shown in the zone a team works in, a date-only filter read
/// as that zone's day, every output saying its zone, and dates back from now (issue 36, point 4).
final class TimeZoneTests: XCTestCase {
    var runner: CommandRunner!
    var db: String!

    /// A crash at 00:10 Beijing time on 11 March 2015 (16:10 UTC on the 10th).
    static let crash = """
        设备机型：iPhone 6 Plus
        系统版本：8.1.3(12B466)
        应用版本：2.3.1
        发生时间：2015-03-11 00:10:00
        进程名：LilyForParent
        异常名称：NSUnknownKeyException
        异常原因：[<UITextView 0x17e52c00> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key _placeholderLabel.
        出错堆栈：
        0 LilyForParent    -[UITextView(Extension) was_setPlaceholderWithText:Color:] (UITextView+Extension.m:41)

        """

    override func setUpWithError() throws {
        let folder = try TestPaths.temporaryFolder(self)
        runner = CommandRunner(folder: folder)
        try Data(Self.crash.utf8).write(to: folder.appendingPathComponent("midnight.txt"))
        db = folder.appendingPathComponent("db.sqlite").path
        let imported = try runner.run(["import", "midnight.txt", "--db", db, "--quiet"])
        XCTAssertEqual(imported.status, 0, imported.err)
    }

    /// The report, its lines wide enough not to wrap.
    func report(_ arguments: [String], environment: [String: String] = [:]) throws -> CommandRunner.Run {
        let run = try runner.run(
            ["report", "--db", db] + arguments,
            environment: environment.merging(["COLUMNS": "160"]) { a, _ in a })
        XCTAssertEqual(run.status, 0, run.err)
        return run
    }

    func testTimesAreShownInTheZoneAskedForAndSayIt() throws {
        let utc = try report([])
        XCTAssertTrue(utc.out.contains("times in UTC"), utc.out)
        XCTAssertTrue(utc.out.contains("first 2015-03-10, last 2015-03-10"), utc.out)
        let beijing = try report(["--tz", "+08:00"])
        XCTAssertTrue(beijing.out.contains("times in UTC+08:00"), beijing.out)
        XCTAssertTrue(beijing.out.contains("first 2015-03-11, last 2015-03-11"), beijing.out)
        let fromEnvironment = try report([], environment: ["CRASHSCAN_TZ": "+8"])
        XCTAssertTrue(fromEnvironment.out.contains("first 2015-03-11"), fromEnvironment.out)
        let overridden = try report(["--tz", "UTC"], environment: ["CRASHSCAN_TZ": "+08:00"])
        XCTAssertTrue(overridden.out.contains("first 2015-03-10"), "--tz wins: " + overridden.out)
        let local = try report(["--tz", "local"], environment: ["TZ": "Asia/Shanghai"])
        XCTAssertTrue(local.out.contains("times in local time (Asia/Shanghai)"), local.out)
        XCTAssertTrue(local.out.contains("first 2015-03-11"), local.out)

        let markdown = try report(["--tz", "+08:00", "--format", "markdown"])
        XCTAssertTrue(markdown.out.contains("times in UTC+08:00"), markdown.out)
        let json = try report(["--tz", "+08:00", "--format", "json"])
        XCTAssertTrue(json.out.contains(#""display_time_zone" : "UTC+08:00""#), json.out)
        XCTAssertTrue(
            json.out.contains(#""first_seen" : "2015-03-10T16:10:00Z""#), "JSON stays UTC: " + json.out)

        let group = try XCTUnwrap(
            utc.out.split(separator: "\n").first { $0.contains("UITextView._placeholderLabel") }?.split(
                separator: " "
            ).first.map(String.init))
        let explained = try runner.run(["explain", group, "--db", db, "--tz", "+08:00"])
        XCTAssertEqual(explained.status, 0, explained.err)
        XCTAssertTrue(explained.out.contains("times in UTC+08:00"), explained.out)
        XCTAssertTrue(explained.out.contains("2015-03-11 00:10:00"), explained.out)
    }

    func testADateWithoutATimeIsADayOfTheZone() throws {
        func reports(_ arguments: [String]) throws -> String {
            try report(arguments + ["--format", "json"]).out
        }
        let utcDay = try reports(["--since", "2015-03-10", "--until", "2015-03-10"])
        XCTAssertTrue(utcDay.contains(#""reports" : 1"#), utcDay)
        let notUTCDay = try reports(["--since", "2015-03-11", "--until", "2015-03-11"])
        XCTAssertTrue(notUTCDay.contains(#""reports" : 0"#), notUTCDay)
        let beijingDay = try reports(["--since", "2015-03-11", "--until", "2015-03-11", "--tz", "+08:00"])
        XCTAssertTrue(beijingDay.contains(#""reports" : 1"#), beijingDay)
        let beijingTime = try reports(["--since", "2015-03-11 00:10", "--tz", "+08:00"])
        XCTAssertTrue(beijingTime.contains(#""reports" : 1"#), beijingTime)
        let justAfter = try reports(["--since", "2015-03-11 00:11", "--tz", "+08:00"])
        XCTAssertTrue(justAfter.contains(#""reports" : 0"#), justAfter)
    }

    func testDatesBackFromNow() throws {
        let recent = try report(["--since", "7d", "--format", "json"]).out
        XCTAssertTrue(recent.contains(#""reports" : 0"#), "2015 is more than a week ago: " + recent)
        let all = try report(["--since", "10000w"])
        XCTAssertTrue(all.out.contains("since 10000w ("), "the header says what it meant: " + all.out)
        XCTAssertTrue(all.out.contains("1 crash report"), all.out)
        let older = try report(["--until", "52w", "--format", "json"]).out
        XCTAssertTrue(older.contains(#""reports" : 1"#), older)

        var filter = ReportFilter()
        try filter.setDate("2d", bound: .since, now: Date(timeIntervalSince1970: 1_425_168_000))
        XCTAssertEqual(filter.since, "2015-02-27T00:00:00")
    }

    func testAZoneThatMeansNothingIsRefused() throws {
        for (arguments, environment, shown) in [
            (["--tz", "mars"], [String: String](), "invalid --tz 'mars'"),
            ([], ["CRASHSCAN_TZ": "Beijing"], "invalid CRASHSCAN_TZ 'Beijing'"),
            (["--tz", "+25:00"], [:], "invalid --tz '+25:00'"),
        ] {
            let run = try runner.run(["report", "--db", db] + arguments, environment: environment)
            XCTAssertEqual(run.status, 64, run.err)
            XCTAssertTrue(run.err.contains(shown), run.err)
        }
        let typo = try runner.run(["report", "--db", db, "--since", "7 days"])
        XCTAssertEqual(typo.status, 64)
        XCTAssertTrue(typo.err.contains("a time back from now such as 7d"), typo.err)
    }

    func testDayBoundsFollowTheZone() {
        let beijing = DisplayZone.parse("+08:00")!
        XCTAssertEqual(beijing.utcBounds(ofDay: 2015, 3, 11).first, "2015-03-10T16:00:00")
        XCTAssertEqual(beijing.utcBounds(ofDay: 2015, 3, 11).last, "2015-03-11T15:59:59")
        XCTAssertEqual(beijing.time("2015-03-10T16:10:00Z"), "2015-03-11 00:10:00")
        XCTAssertEqual(DisplayZone.utc.day("2015-03-10T16:10:00.117Z"), "2015-03-10")
        XCTAssertEqual(DisplayZone.parse("-05:30")?.description, "UTC-05:30")
        XCTAssertNil(DisplayZone.parse("CET"))
    }
}
