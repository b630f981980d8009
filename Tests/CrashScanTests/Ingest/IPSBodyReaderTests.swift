import Foundation
import XCTest

@testable import CrashScanIngest
@testable import CrashScanModel

/// The `.ips` body read on its bytes (`IPSBodyReader`) gives the report `JSONSerialization`'s
/// objects give, on every real `.ips` at hand and on shapes written to differ; a malformed body is
/// refused with where the problem is.
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
        let object = try JSONTolerance.object(from: Data(text.utf8.dropFirst(header.bodyOffset)))
        let dictionary = try XCTUnwrap(object as? [String: Any], file: file, line: line)
        return (fast, IPSParser.jsonBody(dictionary, content: content))
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

    func testShapesFoundationReadsItsOwnWayAreLeftToIt() throws {
        // A duplicate key, a boolean where text is read, a fraction where an integer is read:
        // the streaming reader declines and the import reads them as before.
        let bodies = [
            #"{"procName":"A","procName":"B","threads":[]}"#,
            #"{"modelCode":true,"threads":[]}"#,
            #"{"faultingThread":1.0,"threads":[]}"#,
            #"{"threads":[{"triggered":1,"frames":[]}]}"#,
            // The exception backtrace is read as it is met: a frame it declines is declined for
            // the document, whether or not the thread's frames would be used.
            #"{"lastExceptionBacktrace":[{"imageIndex":0.5}],"threads":[]}"#,
            #"{"lastExceptionBacktrace":[{"symbol":"a","symbol":"b"}],"threads":[]}"#,
        ]
        for body in bodies {
            let text = ips(body)
            let header = try XCTUnwrap(IPSParser.header(text))
            var copy = text
            XCTAssertThrowsError(
                try copy.withUTF8 { try IPSBodyReader.read($0, from: header.bodyOffset, content: "") }, body
            ) { error in
                XCTAssertTrue(error is JSONShapeNotCovered, "\(body): \(error)")
            }
            let reports = try XCTUnwrap(ReportReader.read(text: text).reports, body)
            XCTAssertEqual(reports.count, 1, body)
        }
    }

    func testAMalformedBodyIsRefusedWithWhereTheProblemIs() throws {
        let cases: [(body: String, position: String)] = [
            ("{\n  \"modelCode\" : \"iPhone12,1\"\n  \"procName\" : \"Shop\"\n}", "line 4, column 3"),
            ("{\n  \"threads\" : [{\"frames\" : [1, 2,, 3]}]\n}", "line 3, column 34"),
            ("{\n  \"procName\" : \"Sh\u{1}op\"\n}", "line 3, column 19"),
            ("{\n  \"procName\" : \"Shop\"", "line 4, column 1"),
            // A backtrace frame the reader declines, then a syntax error after it: the error
            // is found (the backtrace's decline waits for the end of the document).
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
        // A trailing comma (seen in crash reporters' JSON) is still read, through the repair.
        let repaired = ReportReader.read(text: ips(#"{"procName":"Shop","threads":[{"frames":[]},],}"#))
        XCTAssertEqual(repaired.reports?.first?.processName, "Shop")
    }
}
