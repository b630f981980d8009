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
        XCTAssertEqual(try DeviceQuery.resolve("iPad Pro"), .family("iPad Pro"))
        XCTAssertEqual(
            try DeviceQuery.resolve("iPhone 6 Plus"), .name("iPhone 6 Plus"), "a model stays a model")
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

    func testTheUnknownKeyGroupCanBeSelected() throws {
        let report = try runner.run(["report"])
        XCTAssertTrue(report.out.contains("?.?"), report.out)
        XCTAssertEqual(try failures(["--key", "?"]), 1, "the ?.? group")
        let withKey = try failures(["--key", "_placeholderLabel", "--key", "?"])
        XCTAssertEqual(withKey, try failures(["--key", "_placeholderLabel"]) + 1, "either key")
        XCTAssertFalse(try runner.run(["report", "--key", "?"]).err.contains("no KVC failure"))
    }
}
