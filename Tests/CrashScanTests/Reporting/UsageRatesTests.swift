import XCTest

@testable import CrashScanCatalogs
@testable import CrashScanReport
@testable import CrashScanStore

/// Every rate against values worked out by hand from the rows below (Bugly's crash trend of
/// version 2.3.1 on two days, a usage sheet per OS version on the first, an undated row of
/// 2.3.0): crashes per launch and crashed devices per active device as the source counted them,
/// imported KVC logs per launch, and unknown (never 0) where no usage covers a value.
final class UsageRatesTests: XCTestCase {
    let rows = [
        StoredUsage(
            day: "2015-03-01", appVersion: "2.3.1", launches: 12_400, activeDevices: 3_100, crashes: 9,
            crashDevices: 8, source: "Bugly crash trend"),
        StoredUsage(day: "2015-03-02", appVersion: "2.3.1", launches: 30_100, source: "Bugly crash trend"),
        StoredUsage(
            day: "2015-03-01", appVersion: "2.3.1", osVersion: "8.1.3", launches: 4_000, activeDevices: 1_000,
            source: "usage sheet"),
        StoredUsage(
            day: "2015-03-01", appVersion: "2.3.1", osVersion: "8.4", launches: 8_400, activeDevices: 2_100,
            source: "usage sheet"),
        StoredUsage(appVersion: "2.3.0", launches: 5_000, activeDevices: 1_200, source: "usage sheet"),
    ]
    let failures = [
        FailureCellCount(day: "2015-03-01", appVersion: "2.3.1", osVersion: "8.1.3", failures: 3),
        FailureCellCount(day: "2015-03-02", appVersion: "2.3.1", osVersion: "8.1.3", failures: 2),
        FailureCellCount(day: "2015-02-20", appVersion: "2.3.1", osVersion: "8.1.2", failures: 4),
        FailureCellCount(day: "2015-02-27", appVersion: "2.3.0", osVersion: "8.1.2", failures: 1),
        FailureCellCount(day: "2019-11-25", appVersion: "4.1.0", osVersion: "13.2.3", failures: 1),
    ]

    func rates(_ selection: ReportSelection = ReportSelection()) throws -> UsageRates {
        try XCTUnwrap(UsageRates.compute(rows: rows, failures: failures, selection: selection))
    }

    func line(_ lines: [UsageRates.Line], _ value: String) throws -> UsageRates.Line {
        try XCTUnwrap(lines.first { $0.value == value }, "no line \(value)")
    }

    func testOneDayOfTheCrashTrend() throws {
        let day = try XCTUnwrap(try line(try rates().byDay, "2015-03-01").usage)
        // The trend's row of all OS versions, not it plus the sheet's rows per OS version.
        XCTAssertEqual(day.launches, 12_400)
        XCTAssertEqual(try XCTUnwrap(day.crashRate), 9.0 / 12_400, accuracy: 1e-12)  // 0.0726 %
        XCTAssertEqual(try XCTUnwrap(day.deviceCrashRate), 8.0 / 3_100, accuracy: 1e-12)  // 0.258 %
        XCTAssertEqual(try XCTUnwrap(day.crashFreeDevices), 3_092.0 / 3_100, accuracy: 1e-12)
        // Failures of that day, every OS version: 3.
        XCTAssertEqual(day.kvcFailures, 3)
        XCTAssertEqual(try XCTUnwrap(day.kvcRate), 3.0 / 12_400, accuracy: 1e-12)
    }

    func testAVersionOverTwoDays() throws {
        let version = try XCTUnwrap(try line(try rates().byAppVersion, "2.3.1").usage)
        XCTAssertEqual(version.launches, 42_500)
        XCTAssertEqual(version.days, 2)
        XCTAssertNil(version.crashes, "the second day's crashes are unknown (-1): no partial sum")
        XCTAssertNil(version.crashRate)
        XCTAssertNil(version.activeDevices, "devices of two days cannot be added up")
        XCTAssertEqual(version.kvcFailures, 5, "3 + 2 on the usage's days; the 4 of 2015-02-20 are outside")
        XCTAssertEqual(try XCTUnwrap(version.kvcRate), 5.0 / 42_500, accuracy: 1e-12)
        XCTAssertEqual(
            try line(try rates().byAppVersion, "2.3.1").kvcFailures, 9, "all of the version's logs")
    }

    /// 2015-03-01 was a Sunday: its week began on Monday 2015-02-23; 2015-03-02 begins the next.
    func testWeeksStartOnMonday() throws {
        let weeks = try rates().byWeek
        XCTAssertEqual(weeks.map(\.value), ["2015-02-23", "2015-03-02"])
        let first = try XCTUnwrap(weeks[0].usage)
        XCTAssertEqual(first.launches, 12_400)
        XCTAssertEqual(try XCTUnwrap(first.crashRate), 9.0 / 12_400, accuracy: 1e-12)
        XCTAssertEqual(weeks[1].usage?.launches, 30_100)
        XCTAssertNil(weeks[1].usage?.crashRate, "Bugly did not know that day's crashes")
    }

    func testAVersionWithoutUsageHasNoRate() throws {
        let unknown = try line(try rates().byAppVersion, "4.1.0")
        XCTAssertNil(unknown.usage, "no usage: the rate is unknown, not zero")
        XCTAssertEqual(unknown.kvcFailures, 1)
        // An undated row covers every day of its version.
        let undated = try XCTUnwrap(try line(try rates().byAppVersion, "2.3.0").usage)
        XCTAssertEqual(undated.kvcFailures, 1)
        XCTAssertEqual(undated.activeDevices, 1_200)
        XCTAssertTrue(undated.includesUndated)
        XCTAssertEqual(try XCTUnwrap(undated.kvcRate), 1.0 / 5_000, accuracy: 1e-12)
    }

    func testTheTotalAddsVersionsWithoutCountingARowTwice() throws {
        let total = try XCTUnwrap(try rates().total)
        XCTAssertEqual(total.launches, 12_400 + 30_100 + 5_000)
        // 2.3.1's 3 + 2 on its days, 2.3.0's 1 (undated: any day).
        XCTAssertEqual(total.kvcFailures, 6)
    }

    func testAnOSFilterReadsTheRowsPerOSVersion() throws {
        var selection = ReportSelection()
        selection.osRanges = [try OSRange.parse("8.1")]
        let rates = try rates(selection)
        let total = try XCTUnwrap(rates.total)
        XCTAssertEqual(
            total.launches, 4_000,
            "8.1.3's row of the sheet; the trend's row of all OS versions cannot be split")
        XCTAssertEqual(total.kvcFailures, 3, "8.1.3 on 2015-03-01")
        XCTAssertEqual(try XCTUnwrap(total.kvcRate), 3.0 / 4_000, accuracy: 1e-12)
        XCTAssertNil(total.crashRate, "the sheet gives no crashes")
        XCTAssertEqual(rates.byOSVersion.map(\.value), ["8.1.3", "8.1.2"], "8.4 is outside the filter")
        XCTAssertNil(try line(rates.byOSVersion, "8.1.2").usage)
        XCTAssertEqual(try line(try self.rates().byOSVersion, "8.4").usage?.launches, 8_400)
    }

    func testFiltersTheUsageCannotAnswerAreSaid() throws {
        var osSelection = ReportSelection()
        osSelection.osRanges = [try OSRange.parse("8.1")]
        var byDevice = ReportSelection()
        byDevice.devices = [.name("iPhone 6 Plus")]
        let device = try rates(byDevice)
        XCTAssertNil(device.total)
        XCTAssertTrue(device.notes.contains { $0.contains("no device dimension") })

        let withoutOS = try XCTUnwrap(
            UsageRates.compute(
                rows: rows.filter { $0.osVersion.isEmpty }, failures: failures,
                selection: osSelection))
        XCTAssertNil(withoutOS.total, "never the rate of all OS versions under an OS filter")
        XCTAssertTrue(withoutOS.notes.contains { $0.contains("no OS versions") })

        var version = ReportSelection()
        version.appVersions = ["2.3.1"]
        let undatedAll = try XCTUnwrap(
            UsageRates.compute(
                rows: [StoredUsage(launches: 100, source: "usage sheet")], failures: failures,
                selection: version))
        XCTAssertNil(undatedAll.total, "a row of all versions is no version's")
        XCTAssertTrue(undatedAll.notes.contains { $0.contains("the usage has no app versions") })

        var since = ReportSelection()
        since.since = "2015-03-02"
        let later = try XCTUnwrap(try rates(since).total)
        XCTAssertEqual(later.launches, 30_100, "the undated row is of no day within the bounds")
        XCTAssertEqual(later.kvcFailures, 2)
    }

    func testRatesReadAsPercentages() {
        XCTAssertEqual(ScaleText.rate(9.0 / 12_400), "0.0726%")
        XCTAssertEqual(ScaleText.rate(8.0 / 3_100), "0.258%")
        XCTAssertEqual(ScaleText.rate(0.125), "12.50%")
        XCTAssertEqual(ScaleText.rate(0), "0%")
        XCTAssertEqual(ScaleText.rate(nil), "-")
        XCTAssertEqual(ScaleText.count(763_670), "763,670")
        XCTAssertEqual(ScaleText.count(999), "999")
        XCTAssertEqual(ScaleText.count(1_000), "1,000")
    }
}
