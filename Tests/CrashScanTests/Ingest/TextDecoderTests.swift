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

/// Encodings of real exports: UTF-8 ± BOM, UTF-16 with BOM, GB18030/GBK, CRLF.
final class TextDecoderTests: XCTestCase {
    let sample = "设备机型：iPhone 6 Plus\n系统版本：8.1.3(12B466)\n"

    func testUTF8WithAndWithoutBOM() throws {
        XCTAssertEqual(try TextDecoder.decode(Data(sample.utf8)).text, sample)
        let withBOM = Data([0xEF, 0xBB, 0xBF]) + Data(sample.utf8)
        XCTAssertEqual(try TextDecoder.decode(withBOM).text, sample)
    }

    func testUTF16BothByteOrders() throws {
        var little = Data([0xFF, 0xFE])
        var big = Data([0xFE, 0xFF])
        for unit in sample.utf16 {
            little.append(contentsOf: [UInt8(unit & 0xFF), UInt8(unit >> 8)])
            big.append(contentsOf: [UInt8(unit >> 8), UInt8(unit & 0xFF)])
        }
        XCTAssertEqual(try TextDecoder.decode(little).text, sample)
        XCTAssertEqual(try TextDecoder.decode(little).encoding, .utf16LE)
        XCTAssertEqual(try TextDecoder.decode(big).text, sample)
    }

    func testGBKFromChineseWindows() throws {
        // "设备机型：iPhone" in GBK, as Notepad on Chinese Windows saves it.
        let gbk = Data([0xC9, 0xE8, 0xB1, 0xB8, 0xBB, 0xFA, 0xD0, 0xCD, 0xA3, 0xBA]) + Data("iPhone".utf8)
        let decoded = try TextDecoder.decode(gbk)
        XCTAssertEqual(decoded.text, "设备机型：iPhone")
        XCTAssertEqual(decoded.encoding, .gb18030)
    }

    func testCRLFBecomesLF() throws {
        XCTAssertEqual(try TextDecoder.decode(Data("a\r\nb\rc\n".utf8)).text, "a\nb\nc\n")
    }

    func testEmptyAndBinaryAreRefused() {
        XCTAssertThrowsError(try TextDecoder.decode(Data())) {
            XCTAssertEqual($0 as? TextDecoder.Failure, .empty)
        }
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D])
        XCTAssertThrowsError(try TextDecoder.decode(png)) {
            XCTAssertEqual($0 as? TextDecoder.Failure, .binary)
        }
    }

    func testSampleFilesInOtherEncodingsParse() throws {
        let gbk = try TestPaths.read(
            TestPaths.sampleReports.appendingPathComponent("03-bugly-console-zh-gbk.txt"))
        XCTAssertEqual(try TextDecoder.decode(gbk).encoding, .gb18030)
        XCTAssertEqual(ReportReader.read(gbk).reports?.first?.deviceRaw, "iPhone 6")
        let utf16 = try TestPaths.read(
            TestPaths.sampleReports.appendingPathComponent("10-bugly-console-en-utf16-crlf.txt"))
        XCTAssertEqual(try TextDecoder.decode(utf16).encoding, .utf16LE)
        XCTAssertEqual(ReportReader.read(utf16).reports?.first?.deviceRaw, "iPhone 12")
    }

    func testWordAtATimeControlCountMatchesTheByteTest() {
        // Every byte value in every position of a word, next to neighbours that could carry.
        for value in 0...255 {
            for position in 0..<8 {
                for filler: UInt8 in [0x00, 0x1F, 0x20, 0x7F, 0x80, 0xFF, 0x0A] {
                    var bytes = [UInt8](repeating: filler, count: 8)
                    bytes[position] = UInt8(value)
                    let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
                    XCTAssertEqual(
                        TextDecoder.controlCount(word), bytes.filter(TextDecoder.isControl).count,
                        "\(bytes)")
                }
            }
        }
        // The whole test, with a tail shorter than a word: 1 % of control bytes is the limit.
        let text = String(repeating: "a", count: 1_003)
        XCTAssertFalse(TextDecoder.looksBinary(text))
        XCTAssertFalse(TextDecoder.looksBinary("\u{01}" + String(repeating: "a", count: 99)))
        XCTAssertTrue(TextDecoder.looksBinary("\u{01}\u{02}" + String(repeating: "a", count: 99)))
        XCTAssertTrue(TextDecoder.looksBinary(String(repeating: "a", count: 96) + "\u{01}\u{02}\u{03}"))
    }

    func testLinesJoinMatchesJoined() {
        for text in ["", "a", "a\n", "\n\nb\n", "设备机型：iPhone 6\n\n  x  \nlast", "é\u{301}\nz"] {
            let lines = Lines.split(text, keepEmpty: true)
            XCTAssertEqual(Lines.join(lines), lines.joined(separator: "\n"), text)
            XCTAssertEqual(Lines.join(lines.dropFirst()), lines.dropFirst().joined(separator: "\n"), text)
        }
        XCTAssertEqual(Lines.join([Substring]()), "")
    }
}
