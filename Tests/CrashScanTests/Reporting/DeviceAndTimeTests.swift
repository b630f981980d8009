import XCTest

@testable import CrashScanArchive
@testable import CrashScanCLI
@testable import CrashScanCatalogs
@testable import CrashScanClassification
@testable import CrashScanImport
@testable import CrashScanIngest
@testable import CrashScanModel
@testable import CrashScanReport
@testable import CrashScanRules
@testable import CrashScanStore
@testable import CrashScanSymbolication

/// One identity per device and one time base: the header, the matrix, the views and the
/// evidence count the same devices, and every stored time is UTC.
final class DeviceAndTimeTests: XCTestCase {
    var folder: URL!
    var store: Store!

    override func setUpWithError() throws {
        folder = try TestPaths.temporaryFolder(self)
        store = try Store(path: folder.appendingPathComponent("db.sqlite").path)
    }

    /// The bundled Chinese console copy with another device line and crash time.
    func consoleCopy(device: String, time: String) throws -> String {
        let text = try String(
            contentsOf: TestPaths.sampleReports.appendingPathComponent("02-bugly-console-zh-textview.txt"),
            encoding: .utf8)
        let url = folder.appendingPathComponent("\(device)-\(time).txt")
        try Data(
            text.replacingOccurrences(of: "设备机型：iPhone 6 Plus", with: "设备机型：\(device)")
                .replacingOccurrences(of: "发生时间：2015-03-01 08:18:47", with: "发生时间：\(time)").utf8
        ).write(to: url)
        return url.path
    }

    func importPaths(_ paths: [String], timeBase: TimeBase = TimeBase()) throws {
        _ = try Importer(store: store, rules: RuleSet.builtIn(), settings: ParseSettings(timeBase: timeBase))
            .run(
                try InputWalker().expand(paths), arguments: "test", version: "test")
    }

    func testASharedNameAndItsIdentifiersAreOneDeviceModelEverywhere() throws {
        try importPaths([
            try consoleCopy(device: "iPhone 7", time: "2015-03-01 08:18:47"),
            try consoleCopy(device: "iPhone9,1", time: "2015-03-01 09:18:47"),
            try consoleCopy(device: "iPhone9,3", time: "2015-03-01 10:18:47"),
            try consoleCopy(device: "iPhone7,1", time: "2015-03-01 11:18:47"),
        ])
        let report = try ReportBuilder.build(store: store, filter: ReportFilter(), rules: RuleSet.builtIn())
        XCTAssertEqual(report.summary.devices, 2, "iPhone 7 (three spellings) and iPhone 6 Plus")
        let rows = Set(report.matrix.map(\.device))
        XCTAssertEqual(rows, ["iPhone 7", "iPhone 6 Plus"], "the matrix has one row per counted device")
        XCTAssertEqual(report.summary.devices, rows.count, "the header and the matrix agree")
        XCTAssertEqual(report.matrix.first { $0.device == "iPhone 7" }?.deviceModel, nil, "two identifiers")
        XCTAssertEqual(report.matrix.first { $0.device == "iPhone 6 Plus" }?.deviceModel, "iPhone7,1")
        let group = try XCTUnwrap(report.groups.first)
        XCTAssertEqual(group.deviceCount, 2)
        XCTAssertEqual(group.evidence?.devices, 2)
        XCTAssertEqual(
            try store.db.query("SELECT device_count FROM crash_groups").first?.int("device_count"), 2)
        XCTAssertEqual(
            try store.db.query("SELECT device_model FROM reports ORDER BY id").map {
                try $0.string("device_model")
            },
            [nil, "iPhone9,1", "iPhone9,3", "iPhone7,1"], "the identifier stays where the report gave one")
    }

    func testEveryStoredTimeIsUTCAndBuglyTimesAreReadAsChinaTime() throws {
        try importPaths([
            TestPaths.sampleReports.appendingPathComponent("02-bugly-console-zh-textview.txt").path,
            TestPaths.sampleReports.appendingPathComponent("15-apple-textview-ios8.1.3.crash").path,
        ])
        let rows = try store.db.query(
            "SELECT source_format, occurred_at, occurred_at_raw, uploaded_at, time_zone_assumed FROM reports ORDER BY id"
        )
        XCTAssertEqual(
            try rows.map {
                [
                    try $0.string("source_format"), try $0.string("occurred_at"),
                    try $0.string("occurred_at_raw"),
                    try $0.string("uploaded_at"), try $0.string("time_zone_assumed"),
                ].map { $0 ?? "-" }.joined(separator: " | ")
            },
            [
                "bugly-console | 2015-03-01T00:18:47Z | 2015-03-01 08:18:47 | 2015-03-01T00:19:02Z | +08:00",
                "apple-crash | 2015-03-02T11:07:41.328Z | 2015-03-02 19:07:41.328 +0800 | - | -",
            ])
        let every = try store.db.query(
            "SELECT count(*) AS n FROM reports WHERE occurred_at NOT LIKE '%Z' OR uploaded_at NOT LIKE '%Z'")
        XCTAssertEqual(try every.first?.int("n"), 0)
    }

    func testAssumeTimezoneChangesOnlyZonelessTimes() throws {
        try importPaths(
            [
                TestPaths.sampleReports.appendingPathComponent("02-bugly-console-zh-textview.txt").path,
                TestPaths.sampleReports.appendingPathComponent("15-apple-textview-ios8.1.3.crash").path,
            ], timeBase: TimeBase(assumedOffset: 0))
        XCTAssertEqual(
            try store.db.query("SELECT occurred_at FROM reports ORDER BY id").map {
                try $0.string("occurred_at")
            },
            ["2015-03-01T08:18:47Z", "2015-03-02T11:07:41.328Z"])
    }

    func testDateFiltersTakeUTCOrAnExplicitZoneAndRefuseImpossibleDates() throws {
        var filter = ReportFilter()
        try filter.setDate("2015-03-01 08:18:47+08:00", bound: .since)
        XCTAssertEqual(filter.since, "2015-03-01T00:18:47")
        try filter.setDate("2015-03-01T00:18", bound: .until)
        XCTAssertEqual(filter.until, "2015-03-01T00:18:00")
        XCTAssertThrowsError(try filter.setDate("2016-02-29", bound: .until), "one bound, given twice")
        var leap = ReportFilter()
        try leap.setDate("2016-02-29", bound: .until)
        XCTAssertEqual(leap.until, "2016-02-29")
        for bad in ["2015-02-30", "2015-13-01", "2015-04-31", "yesterday", "1425168000"] {
            var fresh = ReportFilter()
            XCTAssertThrowsError(try fresh.setDate(bad, bound: .since), bad) { error in
                XCTAssertTrue("\(error)".contains("invalid date '\(bad)'"), "\(error)")
            }
        }
        // On the data: the console crash of 08:18:47 China time is 00:18:47 UTC.
        try importPaths([
            TestPaths.sampleReports.appendingPathComponent("02-bugly-console-zh-textview.txt").path
        ])
        func failures(since: String) throws -> Int {
            var filter = ReportFilter()
            try filter.setDate(since, bound: .since)
            return try ReportBuilder.build(store: store, filter: filter, rules: RuleSet.builtIn()).summary
                .kvcFailures
        }
        XCTAssertEqual(try failures(since: "2015-03-01 00:18:47"), 1)
        XCTAssertEqual(try failures(since: "2015-03-01 00:18:48"), 0)
        XCTAssertEqual(try failures(since: "2015-03-01 08:18:47 +08:00"), 1)
        XCTAssertEqual(try failures(since: "2015-03-01 08:18:48+0800"), 0)
    }

    func testTimezoneOffsetsAreReadStrictly() {
        XCTAssertEqual(TimeBase.parseOffset("+08:00"), 28_800)
        XCTAssertEqual(TimeBase.parseOffset("+0800"), 28_800)
        XCTAssertEqual(TimeBase.parseOffset("-05:30"), -19_800)
        XCTAssertEqual(TimeBase.parseOffset("+8"), 28_800)
        XCTAssertEqual(TimeBase.parseOffset("UTC"), 0)
        for bad in ["8", "+25:00", "+08:61", "+8:00", "China", ""] {
            XCTAssertNil(TimeBase.parseOffset(bad), bad)
        }
    }

    /// `report` on the bundled samples: each group's counts, devices and times are what the
    /// documented `crash_groups` view says, and the header's device count is the matrix's rows.
    func testTheReportAgreesWithTheViewsOnTheSamples() throws {
        let samples = try SampleStore.make(self)
        let report = try ReportBuilder.build(store: samples, filter: ReportFilter(), rules: RuleSet.builtIn())
        XCTAssertEqual(report.groups.count, 9)
        for group in report.groups {
            let row = try XCTUnwrap(
                samples.db.query("SELECT * FROM crash_groups WHERE id = ?", [.int(group.databaseID)]).first)
            XCTAssertEqual(try row.int("report_count"), group.reportCount, group.fingerprint)
            XCTAssertEqual(try row.int("device_count"), group.deviceCount, group.fingerprint)
            XCTAssertEqual(try row.string("first_seen"), group.firstSeen, group.fingerprint)
            XCTAssertEqual(try row.string("last_seen"), group.lastSeen, group.fingerprint)
            XCTAssertEqual(
                group.evidence.map(\.devices) ?? group.deviceCount, group.deviceCount, group.fingerprint)
        }
        XCTAssertEqual(
            report.summary.devices, Set(report.matrix.map(\.device)).subtracting(["unknown"]).count)
        XCTAssertEqual(
            report.summary.devices,
            try samples.db.query(
                "SELECT count(DISTINCT coalesce(device_name, device_model)) AS n FROM kvc_failures"
            ).first?.int("n"))
    }
}
