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
        XCTAssertEqual(analyzed.occurredAt, "2015-02-27T11:44:10Z", "Bugly's zone-less China time, in UTC")
        XCTAssertEqual(analyzed.timeZoneAssumed, "+08:00")
        let elsewhere = AnalyzedReport(report, timeBase: TimeBase(assumedOffset: -5 * 3_600))
        XCTAssertEqual(elsewhere.occurredAt, "2015-02-28T00:44:10Z", "import --assume-timezone -05:00")
        XCTAssertEqual(elsewhere.timeZoneAssumed, "-05:00")
    }

    func testAppUUIDAndBaseAddressMakeTheAppImage() throws {
        let unsymbolicated = #"""
            {"expName":"NSUnknownKeyException","processName":"Shopster","appUUID":"9c1e4b7a-2d3f-4e8b-a1c6-5f0d7e9b2a14","appBaseAddr":"0x100a00000","retraceCrashDetail":"3 Foundation    -[NSObject(NSKeyValueCoding) setValue:forUndefinedKey:] + 200\n4 Shopster 0x0000000100b1d2e4 0x0000000100a00000 + 1168100"}
            """#
        let report = try XCTUnwrap(ReportReader.read(text: unsymbolicated).reports?.first)
        XCTAssertEqual(
            report.binaryImages,
            [
                BinaryImage(
                    name: "Shopster", uuid: "9C1E4B7A2D3F4E8BA1C65F0D7E9B2A14", loadAddress: 0x1_00a0_0000)
            ])
        XCTAssertEqual(AnalyzedReport(report).symbolication, .missingDSYM, "a dSYM can resolve it later")
        let numeric = unsymbolicated.replacingOccurrences(of: #""0x100a00000""#, with: "4305453056")
        XCTAssertEqual(
            try XCTUnwrap(ReportReader.read(text: numeric).reports?.first).binaryImages.first?.loadAddress,
            0x1_00a0_0000, "a number, read by the JSONSerialization path")
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

    /// Everything a report holds, for comparing two ways of reading it.
    private func dump(_ result: Result<[CrashReport], Rejection>?) -> String {
        switch result {
        case nil: return "not JSON"
        case .failure(let rejection): return "rejected: \(rejection.reason)"
        case .success(let reports):
            return reports.map { report in
                let fields: [Any?] = [
                    report.format, report.positionInFile, report.deviceRaw, report.osRaw, report.appVersion,
                    report.bundleID, report.processName, report.occurredAtRaw, report.uploadedAtRaw,
                    report.exceptionType, report.exceptionReason, report.cpuArch, report.jailbroken,
                    report.frames.map(\.displayText), report.normalizedContent,
                ]
                return fields.map { "\($0 ?? "nil")" }.joined(separator: "|")
            }.joined(separator: "\n")
        }
    }

    func testDocumentsAreReadAsFoundationReadsThem() throws {
        let body = String(crashMap.dropFirst().dropLast())
        // The crash map's members without one key (to give it another value).
        func without(_ key: String) -> String {
            body.replacingOccurrences(of: "\"\(key)\":\"[^\"]*\",?", with: "", options: .regularExpression)
        }
        var documents = [
            crashMap,
            "{\"ret\":{\"crashMap\":\(crashMap),\"detailMap\":{\"callStack\":\"0 A    -[B c] + 1\"}}}",
            "[\(crashMap)]", "{\"data\":[{\"crashMap\":\(crashMap)}]}",
            // Strings with escapes, unicode escapes, a surrogate pair, a stack as an array of lines.
            "{\(without("cpuType")),\"cpuType\":\"arm64\\/e \\u00e9\\ud83d\\ude00 \\\"q\\\" \\\\ \\t\"}",
            "{\"expName\":\"NSRangeException\",\"callStack\":[\"0 A    -[B c] + 1\",7,null,\"1 D    e + 2\"]}",
            // Fields read here that are not text: numbers (their canonical form, as NSNumber's) and
            // booleans (`true`/`false`, where NSNumber gives 1 and 0).
            "{\(without("isRooted")),\"isRooted\":false}",
            "{\(without("productVersion")),\"productVersion\":2.30}",
            "{\(without("osVer")),\"osVer\":null}", "{\(without("model")),\"model\":{\"a\":1}}",
            "{\(without("crashTime")),\"crashTime\":1617970885}",
            // Numbers and booleans in fields nobody reads, big ones included.
            "{\(body),\"crashCount\":3,\"uploadTimestamp\":1617970885663,\"x\":1e400,\"y\":-0.5,\"z\":true}",
            // Several crashes, none, and other formats' shapes.
            "[\(crashMap),\(crashMap)]", "{\"crashMap\":7,\"expName\":\"X\"}", "{\"expMessage\":null}",
            "{\"crash\":{},\"system\":{},\"report\":{},\"expName\":\"X\"}",
            "{\"event_id\":\"1\",\"expName\":\"X\"}",
            "{\"callStacks\":[],\"expName\":\"X\"}",
            // Not strict JSON: duplicate keys, a trailing comma, a lone surrogate, control bytes.
            "{\"expName\":\"A\",\"expName\":\"B\"}", "{\(body),}", "{\"expName\":\"\\ud800x\"}",
            "{\"expName\":\"a\u{01}b\"}", "{\"expName\":\"NSException\"} x", "{\"expName\":01}",
            // A member name spelled with an escape.
            "{\(without("model")),\"mod\\u0065l\":\"iPhone7,1\"}",
        ]
        for name in ["06-bugly-api-crashmap.json", "07-bugly-api-array.json"] {
            documents.append(
                try String(contentsOf: TestPaths.sampleReports.appendingPathComponent(name), encoding: .utf8))
        }
        var compared = 0
        for document in documents {
            let text = document.trimmingCharacters(in: .whitespacesAndNewlines)
            if assertReadAsFoundationReads(text) { compared += 1 }
        }
        // Foundation refuses the number no Double holds (`1e400`), the lone surrogate, the control
        // byte, the text after the document and `01`; crashscan refuses the last three too, keeps
        // `1e400` as it stands and reads the lone surrogate as U+FFFD.
        XCTAssertEqual(compared, documents.count - 5)
        XCTAssertEqual(
            try ReportReader.readJSON("{\(body),\"x\":1e400}")?.get().first?.exceptionType,
            "NSUnknownKeyException")
        XCTAssertEqual(
            try ReportReader.readJSON("{\"expName\":\"\\ud800x\"}")?.get().first?.exceptionType, "\u{FFFD}x")
        for refused in ["{\"expName\":\"a\u{01}b\"}", "{\"expName\":\"NSException\"} x", "{\"expName\":01}"] {
            XCTAssertNotNil(ReportReader.readJSON(Substring(refused))?.rejection, refused)
        }
        // A name given twice: its last value.
        XCTAssertEqual(
            try ReportReader.readJSON("{\"expName\":\"A\",\"expName\":\"B\"}")?.get().first?.exceptionType,
            "B")
    }
}
