import Foundation
import XCTest

@testable import CrashScanIngest
@testable import CrashScanModel
@testable import CrashScanStore

/// Reports that used to be lost inside files: one invalid byte refused the whole report, and
/// reports concatenated in one file became one. Each is now read, and a repair is recorded.
final class DamagedTextTests: XCTestCase {
    func sample(_ name: String) throws -> Data {
        try Data(contentsOf: TestPaths.sampleReports.appendingPathComponent(name))
    }

    func reports(_ data: Data, file: StaticString = #filePath, line: UInt = #line) -> [CrashReport] {
        switch ReportReader.read(data) {
        case .success(let reports): return reports
        case .failure(let rejection):
            XCTFail("refused: \(rejection.reason)", file: file, line: line)
            return []
        }
    }

    /// An invalid byte mid-report, a Latin-1 `é`, a character cut off at the end: each report is
    /// kept, the bytes become U+FFFD and the count is recorded; the fields around them are read.
    func testInvalidTextIsRepairedAndTheReportKept() throws {
        let original = try sample("02-bugly-console-zh-textview.txt")
        // After the first line: between characters (inside one, the rest of it is broken too).
        let lineEnd = original.firstIndex(of: 10)! + 1
        let cases: [(String, Data, Int)] = [
            (
                "invalid byte mid-report",
                original.prefix(upTo: lineEnd) + Data([0xFF]) + original.suffix(from: lineEnd), 1
            ),
            (
                "Latin-1 é",
                Data("Café Crash\n".utf8.map { $0 == 0xC3 ? 0xE9 : $0 }.filter { $0 != 0xA9 }) + original, 1
            ),
            ("cut-off character", original + Data("设".utf8.prefix(2)), 1),
        ]
        for (name, data, repairs) in cases {
            XCTAssertNil(String(data: data, encoding: .utf8), "\(name): the test data is not valid UTF-8")
            let read = reports(data)
            XCTAssertEqual(read.count, 1, name)
            XCTAssertEqual(read.first?.textRepairs, repairs, name)
            XCTAssertEqual(read.first?.deviceRaw, "iPhone 6 Plus", name)
            XCTAssertEqual(read.first?.exceptionType, "NSUnknownKeyException", name)
            XCTAssertEqual(
                read.first?.textRepairNote, "text repaired: 1 invalid byte sequence replaced with U+FFFD",
                name)
        }
        XCTAssertEqual(reports(original).first?.textRepairs, 0, "valid text is not repaired")
        let decoded = try TextDecoder.decode(Data([0x61, 0xFF, 0xFE, 0x62, 0xC3]))
        XCTAssertEqual(decoded.text, "a\u{FFFD}\u{FFFD}b\u{FFFD}")
        XCTAssertEqual(decoded.repairs, 3)
    }

    /// GBK exports stay GB18030 (their bytes are pairs); UTF-16 cut after an odd byte is repaired.
    func testGBKIsStillReadAsGBKAndOddUTF16IsRepaired() throws {
        let gbk = try TextDecoder.decode(try sample("03-bugly-console-zh-gbk.txt"))
        XCTAssertEqual(gbk.encoding, .gb18030)
        XCTAssertEqual(gbk.repairs, 0)
        XCTAssertTrue(gbk.text.contains("设备机型"))
        var utf16 = Data([0xFF, 0xFE])
        for unit in "Device Model: iPhone 6 Plus\n".utf16 {
            utf16.append(contentsOf: [UInt8(unit & 0xFF), UInt8(unit >> 8)])
        }
        utf16.append(0x41)
        let decoded = try TextDecoder.decode(utf16)
        XCTAssertEqual(decoded.encoding, .utf16LE)
        XCTAssertEqual(decoded.repairs, 1)
        XCTAssertTrue(decoded.text.hasSuffix("\n\u{FFFD}"))
    }

    /// `cat a.crash b.crash > all.crash`: two reports, in file order, each with its own device and
    /// time; a report whose header has no body yet still ends where the next begins.
    func testConcatenatedAppleReportsAreSplit() throws {
        let crash = String(decoding: try sample("15-apple-textview-ios8.1.3.crash"), as: UTF8.self)
        let second = crash.replacingOccurrences(of: "iPhone7,1", with: "iPhone9,3")
            .replacingOccurrences(of: "Incident Identifier: ", with: "Incident Identifier: 0")
        let headerOnly = crash.components(separatedBy: "\n").prefix(12).joined(separator: "\n")
        let read = reports(
            Data(
                (crash + "\n" + second + "\n" + headerOnly + "\n"
                    + crash.replacingOccurrences(of: "7,1", with: "8,2")).utf8))
        XCTAssertEqual(read.map(\.deviceRaw), ["iPhone7,1", "iPhone9,3", "iPhone7,1", "iPhone8,2"])
        XCTAssertEqual(read.map(\.positionInFile), [0, 1, 2, 3])
        XCTAssertEqual(Set(read.map(\.normalizedContent)).count, 4, "each part hashes on its own text")
        XCTAssertEqual(read[1].exceptionType, "NSUnknownKeyException")
        XCTAssertEqual(reports(Data(crash.utf8)).count, 1, "one report stays one")
    }

    /// A report pasted without `Incident Identifier` starts at its own header block, not at the
    /// repeated key: the `Hardware Model` before `Process` goes with the report it describes.
    func testASplitStartsAtTheHeaderBlock() {
        let lines = """
            Process:         A [1]
            Exception Type:  EXC_CRASH
            Thread 0 Crashed:
            0   A   0x1 main + 1

            Hardware Model:  iPhone9,3
            Process:         B [2]
            Exception Type:  EXC_BAD_ACCESS
            Thread 0 Crashed:
            0   B   0x2 main + 2
            """.split(separator: "\n", omittingEmptySubsequences: false)
        let parts = AppleReportSplitter.split(lines)
        XCTAssertEqual(parts.count, 2)
        XCTAssertEqual(parts.last?.first(where: { !$0.isEmpty }), "Hardware Model:  iPhone9,3")
    }

    /// `cat *.ips > all.ips`: each document is read; a hang report among them is left out as it
    /// would be alone; a JSON string holding braces does not end a document early.
    func testConcatenatedIPSDocumentsAreSplit() throws {
        let ips = String(decoding: try sample("16-apple-searchbar-ios16.1.ips"), as: UTF8.self)
        let other = ips.replacingOccurrences(of: "iPhone14,5", with: "iPhone15,2")
        let hang = "{\"bug_type\":\"298\",\"name\":\"x\"}\n{\"a\": \"}{\\\"\"}\n"
        let read = reports(Data((ips + "\n" + hang + other).utf8))
        XCTAssertEqual(read.map(\.deviceRaw), ["iPhone14,5", "iPhone15,2"])
        XCTAssertEqual(read.map(\.positionInFile), [0, 1])
        let onlyHangs = ReportReader.read(Data((hang + hang).utf8))
        guard case .failure(let rejection) = onlyHangs else { return XCTFail("hang reports are not crashes") }
        XCTAssertEqual(rejection.disposition, .skipped)
    }

    /// Bugly console pages copied one after the other, in the table form (`| 设备机型 | 系统版本 |`).
    func testConcatenatedBuglyTablesAreSplit() throws {
        let page = String(decoding: try sample("05-bugly-console-zh-table-header.md"), as: UTF8.self)
        let read = reports(
            Data((page + page.replacingOccurrences(of: "iPhone XS Max", with: "iPhone 11")).utf8))
        XCTAssertEqual(read.map(\.deviceRaw), ["iPhone XS Max", "iPhone 11"])
    }
}

/// The repair as a user meets it: the import says which file was repaired, the report is stored
/// with `text_repairs`, `import_files.reason` says what was done, a second import stores nothing
/// twice.
final class DamagedTextImportTests: XCTestCase {
    func testARepairedFileIsImportedNamedAndRecorded() throws {
        guard CommandRunner.isBuilt else { throw XCTSkip("crashscan binary not built") }
        let folder = try TestPaths.temporaryFolder(self)
        let runner = CommandRunner(folder: folder)
        var data = try Data(
            contentsOf: TestPaths.sampleReports.appendingPathComponent("02-bugly-console-zh-textview.txt"))
        data.insert(0xE9, at: 100)
        try data.write(to: folder.appendingPathComponent("latin1.txt"))
        let apple = try String(
            contentsOf: TestPaths.sampleReports.appendingPathComponent("15-apple-textview-ios8.1.3.crash"),
            encoding: .utf8)
        try (apple + "\n" + apple.replacingOccurrences(of: "iPhone7,1", with: "iPhone9,3"))
            .write(to: folder.appendingPathComponent("all.crash"), atomically: true, encoding: .utf8)
        let first = try runner.run(["import", "latin1.txt", "all.crash", "--db", "r.sqlite"])
        XCTAssertEqual(first.status, 0, first.err)
        XCTAssertTrue(first.out.contains("3 reports imported"), first.out)
        XCTAssertTrue(first.out.contains("1 file with repaired text"), first.out)
        XCTAssertTrue(
            first.err.contains(
                "imported latin1.txt with its text repaired: 1 invalid byte sequence replaced with U+FFFD"),
            first.err)
        let store = try Store(path: folder.appendingPathComponent("r.sqlite").path, access: .readOnly)
        let rows = try store.db.query(
            "SELECT source_path, text_repairs, device_model FROM reports ORDER BY id")
        XCTAssertEqual(
            try rows.map { try $0.string("source_path") }, ["latin1.txt", "all.crash", "all.crash"])
        XCTAssertEqual(try rows.map { try $0.int("text_repairs") }, [1, 0, 0])
        XCTAssertEqual(
            try rows.map { try $0.string("device_model") }, ["iPhone7,1", "iPhone7,1", "iPhone9,3"])
        let reasons = try store.db.query("SELECT path, reason FROM import_files ORDER BY path")
        XCTAssertEqual(
            try reasons.map { try $0.string("reason") },
            [nil, "text repaired: 1 invalid byte sequence replaced with U+FFFD"])
        let again = try runner.run(["import", "latin1.txt", "all.crash", "--db", "r.sqlite"])
        XCTAssertTrue(again.out.contains("0 reports imported, 3 duplicates"), again.out)
    }
}
