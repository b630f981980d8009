import XCTest

@testable import CrashScanKit

/// Web-API JSON: `ret.crashMap`, a bare crashMap, an array of them.
final class BuglyJSONParserTests: XCTestCase {
    let crashMap = """
        {"expName":"NSUnknownKeyException","expMessage":"[<UITextView 0x1702e1a00> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key _placeholderLabel.","model":"iPhone 6 Plus","modelOriginalName":"iPhone7,1","osVer":"8.1.3 (12B466)","productVersion":"2.3.1","crashTime":"2015-02-27 19:44:10","uploadTime":"2015-02-27 19:44:31","processName":"LilyForParent","isRooted":"false","retraceCrashDetail":"0 CoreFoundation    ___exceptionPreprocess + 132\\n5 LilyForParent    -[UITextView(Extension) was_setPlaceholderWithText:Color:] (UITextView+Extension.m:41)"}
        """

    func testRetWrappedCrashMapWithDetailMap() throws {
        let text = "{\"code\":200,\"ret\":{\"crashMap\":\(crashMap),\"detailMap\":{\"fileList\":[]}}}"
        let reports = try XCTUnwrap(ReportReader.read(text: text).reports)
        XCTAssertEqual(reports.count, 1)
        let report = reports[0]
        XCTAssertEqual(report.format, .buglyJSON)
        XCTAssertEqual(report.deviceRaw, "iPhone7,1", "the identifier is preferred over the marketing name")
        XCTAssertEqual(report.osRaw, "8.1.3 (12B466)")
        XCTAssertEqual(report.appVersion, "2.3.1")
        XCTAssertEqual(report.occurredAtRaw, "2015-02-27 19:44:10")
        XCTAssertEqual(report.uploadedAtRaw, "2015-02-27 19:44:31")
        XCTAssertEqual(report.jailbroken, false)
        XCTAssertEqual(report.frames.count, 2)
        let analyzed = AnalyzedReport(report)
        XCTAssertEqual(analyzed.failure?.receiverClass, "UITextView")
        XCTAssertEqual(analyzed.occurredAt, "2015-02-27T19:44:10")
    }

    func testBareObjectAndArray() throws {
        XCTAssertEqual(ReportReader.read(text: crashMap).reports?.count, 1)
        let other = crashMap.replacingOccurrences(of: "2015-02-27 19:44:10", with: "2015-02-28 10:00:00")
        let reports = try XCTUnwrap(
            ReportReader.read(text: "[\(crashMap), {\"crashMap\": \(other)}]").reports)
        XCTAssertEqual(reports.map(\.positionInFile), [0, 1])
        XCTAssertNotEqual(
            AnalyzedReport(reports[0]).contentHash, AnalyzedReport(reports[1]).contentHash,
            "two crashes in one array are two reports")
    }

    func testCallStackWhenNoRetracedStack() throws {
        let text =
            "{\"expName\":\"SIGSEGV\",\"callStack\":\"0 libobjc.A.dylib    objc_msgSend + 16\\n1 MyApp    0x0000000100c40a1c 0x0000000100a00000 + 2361884\"}"
        let report = try XCTUnwrap(ReportReader.read(text: text).reports?.first)
        XCTAssertEqual(report.frames.count, 2)
        XCTAssertNil(AnalyzedReport(report).failure)
    }

    func testOtherJSONIsRejectedByName() {
        XCTAssertEqual(
            ReportReader.read(text: "{\"name\": \"x\"}").rejection?.reason,
            "JSON that is not a crash report (top-level keys: name)")
        XCTAssertEqual(
            ReportReader.read(text: "{\"report\": {}, \"crash\": {}, \"system\": {}}").rejection?.reason,
            "KSCrash JSON without a crash (no error, threads or system)")
        XCTAssertTrue(
            ReportReader.read(text: "{\"crashMap\": {\"expName\": \"X\",}").rejection?.reason.hasPrefix(
                "malformed Bugly JSON") ?? false)
    }
}
