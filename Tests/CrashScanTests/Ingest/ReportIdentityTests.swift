import CrashScanModel
import XCTest

@testable import CrashScanIngest

/// The device and user ids and the crash service's ids each source gives (README, "Who is
/// affected"), and nothing else about a user.
final class ReportIdentityTests: XCTestCase {
    private func one(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> CrashReport
    {
        let reports = try XCTUnwrap(ReportReader.read(text: text).reports, file: file, line: line)
        XCTAssertEqual(reports.count, 1, file: file, line: line)
        return try XCTUnwrap(reports.first, file: file, line: line)
    }

    func testBuglyWebJSONGivesDeviceUserIssueAndCrashIDs() throws {
        let data = try TestPaths.read(
            TestPaths.sampleReports.appendingPathComponent("06-bugly-api-crashmap.json"))
        let report = try XCTUnwrap(ReportReader.read(data).reports?.first)
        XCTAssertEqual(report.deviceID, "A7F0C2B4-6E1D-4F55-9E43-0B3C1D2E9F10")
        XCTAssertEqual(report.userID, "u_301245")
        XCTAssertEqual(report.sourceIssueID, "1183")
        XCTAssertEqual(report.sourceCrashID, "5F1C0A927B334E108DA4612FC90E71B8")
        XCTAssertEqual(report.sourceAppID, "900012345")
        XCTAssertEqual(
            ReportIdentity.buglyIssueURL(appID: report.sourceAppID, issueID: report.sourceIssueID),
            "https://bugly.qq.com/v2/crash-reporting/crashes/900012345/1183?pid=2")
    }

    func testBuglyJSONWithNumericIDsReadsThemToo() throws {
        // Numbers take the JSONSerialization path instead of the fast one: the same answer.
        let report = try one(
            #"{"crashMap":{"expName":"NSUnknownKeyException","expMessage":"[<UITextView 0x1> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key _placeholderLabel.","issueId":2290,"userId":10086,"deviceId":"D-1"}}"#
        )
        XCTAssertEqual(report.sourceIssueID, "2290")
        XCTAssertEqual(report.userID, "10086")
        XCTAssertEqual(report.deviceID, "D-1")
    }

    func testBuglyConsoleLabelsInChineseAndEnglish() throws {
        let chinese = try one(
            """
            设备机型：iPhone 6 Plus
            系统版本：8.1.3(12B466)
            设备ID：C2E81F04-5B9A-4D3E-8F61-92A7D4B0E5C3
            用户ID：u_301245
            异常名称：NSUnknownKeyException
            异常原因：[<UITextView 0x17e52c00> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key _placeholderLabel.
            出错堆栈：
            0 CoreFoundation    ___exceptionPreprocess + 132
            """)
        XCTAssertEqual(chinese.deviceID, "C2E81F04-5B9A-4D3E-8F61-92A7D4B0E5C3")
        XCTAssertEqual(chinese.userID, "u_301245")
        let english = try one(
            """
            Device Model: iPhone 11 Pro
            OS Version: 14.0.1 (18A393)
            Device ID: 0E7C4B2A
            User ID: 7731
            Issue ID: 4410
            NSInvalidArgumentException
            -[_UIDatePickerIOSCompactView _setTextColor:]: unrecognized selector sent to instance 0x10a38e6f0
            0 CoreFoundation    ___exceptionPreprocess + 220
            """)
        XCTAssertEqual(english.deviceID, "0E7C4B2A")
        XCTAssertEqual(english.userID, "7731")
        XCTAssertEqual(english.sourceIssueID, "4410")
    }

    func testIDLabelsAloneDoNotMakeACrash() throws {
        let result = ReportReader.read(text: "User ID: 7731\nDevice ID: 0E7C4B2A\nSome notes about a user.\n")
        XCTAssertNil(result.reports?.first?.userID)
    }

    func testSDKLogRDMLines() throws {
        let data = try TestPaths.read(
            TestPaths.sampleReports.appendingPathComponent("08-bugly-sdk-crash.log"))
        let reports = try XCTUnwrap(ReportReader.read(data).reports)
        XCTAssertEqual(
            reports.map(\.deviceID),
            ["8F4C2D1A-77B3-4C0E-9A51-2E6D8B1F3C70", "3D9A7B51-0C2E-4F6A-8B1D-7E4C5A6B2F90"])
        XCTAssertEqual(reports.map(\.userID), ["10086", "20931"])
    }

    func testAppleCrashReporterKeyIsTheDeviceAndPlaceholdersAreNot() throws {
        let data = try TestPaths.read(
            TestPaths.sampleReports.appendingPathComponent("15-apple-textview-ios8.1.3.crash"))
        let report = try XCTUnwrap(ReportReader.read(data).reports?.first)
        XCTAssertEqual(report.deviceID, "5f3c2a9d8e7b6a5c4d3e2f1a0b9c8d7e6f5a4b3c")
        XCTAssertNil(report.userID, "Apple's reports name no user")
        let text = String(decoding: data, as: UTF8.self)
        for placeholder in ["TODO", "(null)", "00000000-0000-0000-0000-000000000000", ""] {
            let edited = text.replacingOccurrences(
                of: "5f3c2a9d8e7b6a5c4d3e2f1a0b9c8d7e6f5a4b3c", with: placeholder)
            XCTAssertNil(try one(edited).deviceID, placeholder)
        }
    }

    func testIPSCrashReporterKey() throws {
        let data = try TestPaths.read(
            TestPaths.sampleReports.appendingPathComponent("16-apple-searchbar-ios16.1.ips"))
        let text = String(decoding: data, as: UTF8.self).replacingOccurrences(
            of: "\"modelCode\"",
            with: "\"crashReporterKey\" : \"533C17C1-DBB1-4134-1FDE-68346F18AAA2\",\n\"modelCode\"")
        XCTAssertEqual(try one(text).deviceID, "533C17C1-DBB1-4134-1FDE-68346F18AAA2")
    }

    func testKSCrashDeviceHashAndUserIDButNoEmail() throws {
        func kscrash(user: String) -> String {
            """
            {"report":{"id":"1","timestamp":1600000000,"type":"standard"},
             "system":{"machine":"iPhone12,1","system_name":"iOS","system_version":"14.2","device_app_hash":"0f5acf3111131a0729addeb2f4c33b946985737d"},
             "crash":{"error":{"type":"nsexception","nsexception":{"name":"NSUnknownKeyException","reason":"[<UITextView 0x1> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key _placeholderLabel."}},"threads":[]},
             \(user)}
            """
        }
        let withID = try one(kscrash(user: #""user":{"id":"42","email":"a@example.com"}"#))
        XCTAssertEqual(withID.deviceID, "0f5acf3111131a0729addeb2f4c33b946985737d")
        XCTAssertEqual(withID.userID, "42")
        let sentry = try one(
            kscrash(user: #""user":{},"sentry_sdk_scope":{"user":{"email":"tony@example.com","id":"1"}}"#))
        XCTAssertEqual(sentry.userID, "1")
        let emailOnly = try one(kscrash(user: #""user":{"user":{"email":"philipp@example.com"}}"#))
        XCTAssertNil(emailOnly.userID, "an e-mail address is not taken as a user id")
    }
}
