import Foundation
import XCTest

@testable import CrashScanIngest
@testable import CrashScanJSON
@testable import CrashScanModel

/// The `.ips` body read on its bytes (`IPSBodyReader`) gives the report Foundation's reading
/// gives (`FoundationOracle`), on every real `.ips` at hand and on shapes written to differ; a
/// malformed body is refused with where the problem is.
final class IPSBodyReaderTests: XCTestCase {
    /// Everything about a report, frames included (`dump` follows the frame objects).
    func described(_ report: CrashReport) -> String {
        var text = ""
        dump(report, to: &text)
        return text
    }

    /// The report of both readers for the body of `text` (a header line, then the body).
    func bothReadings(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> (
        fast: CrashReport, foundation: CrashReport
    ) {
        let header = try XCTUnwrap(IPSParser.header(text), "no .ips header", file: file, line: line)
        let content = ContentNormalizer.normalize(text)
        var copy = text
        let fast = try copy.withUTF8 { try IPSBodyReader.read($0, from: header.bodyOffset, content: content) }
        let foundation = try XCTUnwrap(
            FoundationOracle.ipsBody(text, from: header.bodyOffset), "Foundation does not read it",
            file: file,
            line: line)
        return (fast, foundation)
    }

    func testEveryJSONIPSAtHandReadsAsFoundationReadsIt() throws {
        var files: [URL] = []
        for folder in [TestPaths.corpus, TestPaths.sampleReports, TestPaths.fixtures] {
            guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
            else {
                continue
            }
            for case let url as URL in walker where url.pathExtension == "ips" { files.append(url) }
        }
        var compared = 0
        for url in files {
            guard let text = String(data: try Data(contentsOf: url), encoding: .utf8),
                let header = IPSParser.header(text), header.line == 0, IPSDocuments.split(text) == nil,
                text.utf8.dropFirst(header.bodyOffset).first(where: { $0 > 32 }) == UInt8(ascii: "{")
            else { continue }
            let (fast, foundation) = try bothReadings(text)
            XCTAssertEqual(described(fast), described(foundation), url.lastPathComponent)
            XCTAssertFalse(fast.frames.isEmpty, url.lastPathComponent)
            compared += 1
        }
        // The samples hold one JSON-bodied .ips; `../shared/corpus` (beside the checkout on developer
        // machines and in CI) holds four more.
        let corpusIsHere = FileManager.default.fileExists(atPath: TestPaths.corpus.path)
        XCTAssertGreaterThanOrEqual(compared, corpusIsHere ? 5 : 1)
    }

    static let header =
        #"{"app_name":"Shop","timestamp":"2024-01-01 10:00:00.00 +0000","app_version":"5.1","bug_type":"309","os_version":"iPhone OS 16.1 (20B82)","platform":2}"#

    func ips(_ body: String) -> String { Self.header + "\n" + body + "\n" }

    func testShapesThatDifferFromApplesOwnReadTheSame() throws {
        let bodies = [
            // Escapes, a surrogate pair, numbers as text, a source file and line, no `triggered`.
            #"""
            {"modelCode":"iPhone12,1","osVersion":{"train":"iPhone OS 16.1","build":"20B82"},
             "procName":" Sh\u00f6p ","cpuType":"ARM-64","crashReporterKey":"abc",
             "bundleInfo":{"CFBundleShortVersionString":"5.1","CFBundleIdentifier":"com.example.shop"},
             "exception":{"type":"EXC_CRASH","signal":"SIGABRT"},"faultingThread":1,
             "threads":[{"frames":[{"imageIndex":0,"imageOffset":1}]},"not a thread",
               {"frames":[{"imageIndex":"1","symbol":"-[A b:]","symbolLocation":8,"sourceFile":"A.m","sourceLine":12},
                 {"imageIndex":9,"imageOffset":4096},{"imageIndex":0,"symbol":"\ud83d\ude00 emoji\n"}]}],
             "usedImages":[{"name":"Shop","path":"\/var\/Shop.app\/Shop","base":4294967296,"uuid":"U1","arch":"arm64"},
               {"path":"\/System\/Library\/Frameworks\/UIKitCore.framework\/UIKitCore"},"not an image"],
             "procPath":"\/var\/Shop.app\/Shop"}
            """#,
            // iOS 17's structured reason, an exception backtrace, the triggered thread second.
            #"""
            {"exceptionReason":{"name":"NSUnknownKeyException","composed_message":"[<UITextView 0x1> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key _placeholderLabel."},
             "lastExceptionBacktrace":[{"imageIndex":0,"symbol":"objc_exception_throw","symbolLocation":56}],
             "threads":[{"frames":[]},{"triggered":true,"frames":[{"imageIndex":0,"imageOffset":2}]}],
             "usedImages":[{"name":"libobjc.A.dylib"}],"osVersion":{"train":"iPhone OS 17.4"}}
            """#,
            // The reason among `asi` strings of two libraries (sorted by name), numbers in odd places.
            #"""
            {"asi":{"libsystem_c.dylib":["abort() called"],"CoreFoundation":["*** Terminating app due to uncaught exception 'NSUnknownKeyException', reason: '[<UIStatusBar_Modern 0x2> valueForUndefinedKey:]: this class is not key value coding-compliant for the key foregroundView.'",7]},
             "modelCode":12,"osVersion":"not an object","threads":{"not":"an array"},"usedImages":[],
             "lastExceptionBacktrace":[{"imageIndex":-3,"symbol":"x","symbolLocation":-1},{"imageIndex":0}],
             "registers":{"x":[1,2.5,-3e7,true,false,null]}}
            """#,
        ]
        for body in bodies {
            let (fast, foundation) = try bothReadings(ips(body))
            XCTAssertEqual(described(fast), described(foundation), String(body.prefix(60)))
        }
    }

    /// Where Foundation reads a body its own way, crashscan's rules decide: a member given twice
    /// counts with its last value, a boolean read as text is `true`, a fraction read as an
    /// integer loses it, a number read as a boolean is one when it is 1.
    func testWhereRFC8259IsSilentCrashscansRulesDecide() throws {
        func report(_ body: String) throws -> CrashReport {
            try XCTUnwrap(ReportReader.read(text: ips(body)).reports?.first, body)
        }
        XCTAssertEqual(try report(#"{"procName":"A","procName":"B","threads":[]}"#).processName, "B")
        XCTAssertEqual(try report(#"{"modelCode":true,"threads":[]}"#).deviceRaw, "true")
        let frame = #"{"imageIndex":0,"imageOffset":16}"#
        let threads = #""threads":[{"frames":[\#(frame)]},{"frames":[\#(frame),\#(frame)]}]"#
        XCTAssertEqual(try report(#"{"faultingThread":1.0,\#(threads)}"#).frames.count, 2)
        XCTAssertEqual(
            try report(#"{"threads":[{"frames":[]},{"triggered":1,"frames":[\#(frame)]}]}"#).frames.count, 1)
        let images = #""usedImages":[{"name":"Shop"},{"name":"Other"}]"#
        XCTAssertEqual(
            try report(#"{"lastExceptionBacktrace":[{"imageIndex":1.5,"imageOffset":1}],\#(images)}"#).frames
                .first?
                .image, "Other")
        XCTAssertEqual(
            try report(#"{"lastExceptionBacktrace":[{"symbol":"a","symbol":"b"}],"threads":[]}"#).frames
                .first?.symbol,
            "b")
        // `threads` given twice: the second list only.
        XCTAssertEqual(
            try report(#"{"threads":[{"frames":[\#(frame),\#(frame)]}],"threads":[{"frames":[\#(frame)]}]}"#)
                .frames.count, 1)
    }

    func testAMalformedBodyIsRefusedWithWhereTheProblemIs() throws {
        let cases: [(body: String, position: String)] = [
            ("{\n  \"modelCode\" : \"iPhone12,1\"\n  \"procName\" : \"Shop\"\n}", "line 4, column 3"),
            ("{\n  \"threads\" : [{\"frames\" : [1, 2,, 3]}]\n}", "line 3, column 34"),
            ("{\n  \"procName\" : \"Sh\u{1}op\"\n}", "line 3, column 19"),
            ("{\n  \"procName\" : \"Shop\"", "line 4, column 1"),
            // A backtrace frame of an odd shape, then a syntax error after it: the error is found.
            (
                "{\n  \"lastExceptionBacktrace\" : [{\"imageIndex\" : true}],\n  \"procName\" : \"Shop\" \"x\"\n}",
                "line 4, column 23"
            ),
            (
                "{\n  \"lastExceptionBacktrace\" : [{\"imageIndex\" : 1,, \"symbol\" : \"a\"}]\n}",
                "line 3, column 49"
            ),
        ]
        for (body, position) in cases {
            guard case .failure(let rejection) = ReportReader.read(text: ips(body)) else {
                XCTFail("accepted: \(body)")
                continue
            }
            XCTAssertTrue(rejection.reason.hasPrefix("malformed .ips JSON body: "), rejection.reason)
            // Positions are the file's (the header is its line 1), as an editor shows them.
            XCTAssertTrue(rejection.reason.contains(position), "\(rejection.reason) (expected \(position))")
        }
        // Other JSON documents say where they break too.
        let bugly = ReportReader.read(
            text: "{\"crashMap\": {\"expName\": \"NSUnknownKeyException\"\n  \"model\": 1}}")
        XCTAssertEqual(
            bugly.rejection?.reason,
            "malformed Bugly JSON: line 2, column 3: expected ',' or '}' after a member, found '\"'")
        // White space of any kind before the body (a no-break space here) is left out, as before.
        let spaced = ReportReader.read(text: ips("\u{00A0}\n{\"procName\":\"Shop\",\"threads\":[]}"))
        XCTAssertEqual(spaced.reports?.first?.processName, "Shop")
        // A trailing comma (seen in crash reporters' JSON) is read.
        let repaired = ReportReader.read(text: ips(#"{"procName":"Shop","threads":[{"frames":[]},],}"#))
        XCTAssertEqual(repaired.reports?.first?.processName, "Shop")
    }
}
