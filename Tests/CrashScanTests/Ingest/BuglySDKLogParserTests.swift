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

/// The SDK's crash.log: Apple-like header with RDM lines, several reports split at the end line.
final class BuglySDKLogParserTests: XCTestCase {
    func testSplitsReportsAndReadsHeaders() throws {
        let data = try TestPaths.read(
            TestPaths.sampleReports.appendingPathComponent("08-bugly-sdk-crash.log"))
        let reports = try XCTUnwrap(ReportReader.read(data).reports)
        XCTAssertEqual(reports.count, 2)
        let first = reports[0]
        XCTAssertEqual(first.format, .buglySDKLog)
        XCTAssertEqual(first.deviceRaw, "iPhone10,1")
        XCTAssertEqual(first.processName, "Shopster")
        XCTAssertEqual(first.appVersion, "7.4.2")
        XCTAssertEqual(first.osRaw, "12.4 (16G77)")
        XCTAssertEqual(first.exceptionType, "NSUnknownKeyException")
        XCTAssertEqual(first.signal, "SIGABRT")
        XCTAssertEqual(first.frames.count, 21, "the Last Exception backtrace, not the crashed thread")
        let analyzed = AnalyzedReport(first)
        XCTAssertEqual(analyzed.occurredAt, "2019-08-02T12:15:33.412Z")
        XCTAssertEqual(analyzed.failure?.kind, .undefinedKey)
        XCTAssertEqual(analyzed.failure?.accessor, .set)
        XCTAssertEqual(analyzed.failure?.cause, .outletMismatch)
        XCTAssertEqual(analyzed.failure?.evidence, "frames")
        XCTAssertEqual(analyzed.blameFrame, "Shopster + 1168100")

        let second = reports[1]
        XCTAssertEqual(second.exceptionType, "EXC_BAD_ACCESS")
        XCTAssertEqual(second.signal, "SIGSEGV")
        XCTAssertEqual(second.frames.count, 9, "the crashed thread when there is no exception backtrace")
        XCTAssertNil(AnalyzedReport(second).failure)
        XCTAssertEqual(second.positionInFile, 1)
    }

    /// Each report's content (what its hash is taken of) is its part of the file: the lines
    /// between two end lines, joined as they stood.
    func testEachReportsContentIsItsPartOfTheFile() throws {
        let data = try TestPaths.read(
            TestPaths.sampleReports.appendingPathComponent("08-bugly-sdk-crash.log"))
        let text = try TextDecoder.decode(data).text
        var parts: [[Substring]] = [[]]
        for line in Lines.split(text, keepEmpty: true) {
            if BuglySDKLogParser.isEndLine(line) {
                parts.append([])
            } else {
                parts[parts.count - 1].append(line)
            }
        }
        let expected = parts.filter { $0.contains { !$0.trimmingBlanks().isEmpty } }.map {
            ContentNormalizer.normalize($0.joined(separator: "\n"))
        }
        let reports = BuglySDKLogParser.parse(text)
        XCTAssertEqual(reports.count, 2)
        XCTAssertEqual(reports.map(\.normalizedContent), expected)
        XCTAssertNotEqual(reports[0].normalizedContent, reports[1].normalizedContent)
    }

    func testSDK140Template() throws {
        let data = try TestPaths.read(
            TestPaths.sampleReports.appendingPathComponent("09-bugly-sdk-1.4.0-crash.log"))
        let report = try XCTUnwrap(ReportReader.read(data).reports?.first)
        XCTAssertEqual(report.deviceRaw, "iPhone7,2")
        XCTAssertEqual(report.frames.count, 14)
        XCTAssertEqual(report.frames[3].symbol, "-[NSObject(NSKeyValueCoding) setValue:forUndefinedKey:]")
        let analyzed = AnalyzedReport(report)
        XCTAssertEqual(analyzed.failure?.receiverClass, "UITextView")
        XCTAssertEqual(analyzed.os?.text, "8.1.2")
    }

    func testAppleReportWithoutBuglyMarkersIsNotTakenForASDKLog() {
        let text =
            "Incident Identifier: X\nHardware Model:      iPhone7,2\nOS Version:          iOS 8.1.3 (12B466)\nReport Version:      105\n"
        let report = ReportReader.read(text: text).reports?.first
        XCTAssertEqual(report?.format, .appleCrash)
        XCTAssertEqual(report?.deviceRaw, "iPhone7,2")
    }
}
