import Foundation
import XCTest

@testable import CrashScanIngest
@testable import CrashScanJSON

/// crashscan's canonical form (`CanonicalJSON`) is Foundation's sorted-keys serialisation, byte for
/// byte, wherever Foundation reads a document alike (so that reports stored while Foundation
/// defined the hash keep it), and follows crashscan's own rules elsewhere.
final class CanonicalJSONTests: XCTestCase {
    /// The canonical form of `document`; nil when it is not JSON.
    func streamed(_ document: String) -> String? {
        var copy = document
        return copy.withUTF8 { bytes -> String? in
            var reader = StreamingJSON(bytes)
            guard let written = try? CanonicalJSON.write(&reader), (try? reader.end()) != nil else {
                return nil
            }
            return String(decoding: written, as: UTF8.self)
        }
    }

    func foundation(_ document: String) throws -> String {
        JSONFields.canonical(
            try JSONSerialization.jsonObject(with: Data(document.utf8), options: .fragmentsAllowed))
    }

    func testMemberNamesAreInFoundationsOrder() throws {
        var random = SystemRandomNumberGenerator()
        // Every printable ASCII character but the quote and the backslash (written escaped, which
        // the reader leaves to Foundation), and runs of digits with and without leading zeros.
        let pieces =
            (32...126).filter { $0 != 34 && $0 != 92 }.map { String(UnicodeScalar(UInt8($0))) }
            + ["10", "00", "01", "123", "a", "A", "0", "1"]
        var compared = 0
        for _ in 0..<3000 {
            var names = Set<String>()
            for _ in 0..<Int.random(in: 2...8, using: &random) {
                names.insert(
                    (0..<Int.random(in: 1...4, using: &random)).map { _ in pieces.randomElement()! }.joined())
            }
            let document = "{" + names.map { "\"\($0)\":0" }.joined(separator: ",") + "}"
            let written = try XCTUnwrap(streamed(document), document)
            // Two names that differ in leading zeros alone (`x1`, `x01`) Foundation orders its own
            // way; crashscan by their bytes.
            guard !FoundationComparison.hasAlikeNames(names) else { continue }
            XCTAssertEqual(written, try foundation(document), document)
            compared += 1
        }
        XCTAssertGreaterThan(compared, 2000)
    }

    func testKnownOrders() throws {
        XCTAssertEqual(
            streamed(#"{"b":1,"a10":2,"A":3,"a9":4,"_x":5,"-":6,"1":7,"a":8,"B":9,"x 1":10}"#),
            #"{"_x":5,"-":6,"1":7,"a":8,"A":3,"a9":4,"a10":2,"b":1,"B":9,"x 1":10}"#)
        XCTAssertEqual(
            streamed(#"{"CFBundleVersion":1,"cpu_arch":2,"CPU_TYPE":3,"cfBundle":4}"#),
            try foundation(#"{"CFBundleVersion":1,"cpu_arch":2,"CPU_TYPE":3,"cfBundle":4}"#))
        // KSCrash's notable addresses are named by address.
        let addresses =
            #"{"stack@0x16d2a0e":1,"stack@0x16d2a0d1":2,"stack@0x16d2a0d00":3,"stack@0x16d2a0c99":4}"#
        XCTAssertEqual(
            streamed(addresses),
            #"{"stack@0x16d2a0c99":4,"stack@0x16d2a0d00":3,"stack@0x16d2a0d1":2,"stack@0x16d2a0e":1}"#)
    }

    func testNumbersAreWrittenAsFoundationWritesThem() throws {
        let numbers = [
            "0", "-0", "1", "-1", "1.0", "-0.0", "1.5", "0.1", "1e5", "1E5", "1e+5", "2.5e-3", "1e-7", "1e15",
            "123456789.0", "9223372036854775807", "-9223372036854775807", "18446744073709551615",
            "9.007199254740991e15", "0.30000000000000004", "5e-324", "4.9e-324",
            "12345678901234567", "1234567890123456.5", "0.100000001490116119384765625",
            // Decimals: more than 17 characters.
            "123456789012345678901234", "-9223372036854775808", "1.23456789012345678", "-589115476.9371469",
            "100000000000000000000.0", "1.50000000000000000000", "0.000000000000000001",
            "-0.00000000000000000",
            "12345678901234567890e-5", "1.2345678901234567E5",
        ]
        for number in numbers {
            let document = "[\(number)]"
            XCTAssertEqual(streamed(document), try foundation(document), number)
        }
        var random = SystemRandomNumberGenerator()
        var compared = 0
        for _ in 0..<5000 {
            let double = Double(bitPattern: random.next() >> 2) * (Bool.random(using: &random) ? 1 : -1)
            let float = Double(Float.random(in: -1e6...1e6, using: &random))
            for number in [
                double, float, Double(Int.random(in: -1_000_000...1_000_000, using: &random)) / 64,
            ] {
                let document = "[\(number)]"
                let written = try XCTUnwrap(streamed(document), document)
                // Whole numbers from 2^53 Foundation writes its own way (`testNumbersOutsideADouble…`).
                guard number.magnitude < 0x1p53 else { continue }
                XCTAssertEqual(written, try foundation(document), document)
                compared += 1
            }
        }
        XCTAssertGreaterThan(compared, 10_000)
    }

    func testNumbersOutsideADoublesWholeRangeAreWrittenAsTheyStand() {
        // Whole Doubles from 2^53 (Foundation writes some as integers, some not), infinity (which
        // Foundation refuses).
        for number in ["1e16", "-1e17", "9.007199254740994e15", "1.7976931348623157e308", "1e400", "1E400"] {
            XCTAssertEqual(streamed("[\(number)]"), "[\(number)]", number)
        }
    }

    func testStringsAreEscapedAsFoundationEscapesThem() throws {
        let strings = [
            #""a/b""#, #""\u0000\u0001\u001f\u007f""#, #""\b\f\n\r\t\"\\\/""#, #""é😀\u00e9\ud83d\ude00""#,
            "\"\u{2028}\u{FEFF}\"", #""""#,
        ]
        for string in strings {
            let document = "{\"k\":\(string)}"
            XCTAssertEqual(streamed(document), try foundation(document), string)
        }
    }

    /// Names Foundation orders its own way follow crashscan's rules: printable ASCII names first
    /// in Foundation's order, the rest after them by their bytes; names alike to that order by
    /// their bytes; a name given twice once, with its last value; escapes decoded.
    func testNamesFoundationOrdersItsOwnWayFollowCrashscansRules() {
        let long = "x" + String(repeating: "1", count: 19)
        let cases = [
            (#"{"a":1,"a":2}"#, #"{"a":2}"#), (#"{"é":1,"z":2,"b":3}"#, #"{"b":3,"z":2,"é":1}"#),
            (#"{"x1":2,"x01":1}"#, #"{"x01":1,"x1":2}"#), (#"{"0B":1,"00b":2}"#, #"{"00b":2,"0B":1}"#),
            (#"{"b":2,"a0":1,"A00":3}"#, #"{"A00":3,"a0":1,"b":2}"#),
            (#"{"\#(long)":1,"y":2}"#, #"{"y":2,"\#(long)":1}"#), (#"{"\u0062":1,"a":2}"#, #"{"a":2,"b":1}"#),
            (#"{"a\tb":1,"a":2,"a":3,"é":4,"a":5}"#, #"{"a":5,"a\tb":1,"é":4}"#),
        ]
        for (document, canonical) in cases {
            XCTAssertEqual(streamed(document), canonical, document)
        }
    }

    func testRandomDocumentsMatch() throws {
        var random = SystemRandomNumberGenerator()
        func value(_ depth: Int) -> String {
            switch Int.random(in: 0..<(depth > 3 ? 5 : 7), using: &random) {
            case 0: return String(Int.random(in: Int.min...Int.max, using: &random))
            case 1: return String(Double.random(in: -1e9...1e9, using: &random))
            case 2:
                return ["\"x\"", #""é\"\\/\n\t\u0003""#, "\"\u{1F600}\"", "\"\""].randomElement(
                    using: &random)!
            case 3: return ["true", "false"].randomElement(using: &random)!
            case 4: return "null"
            case 5:
                return "["
                    + (0..<Int.random(in: 0...4, using: &random)).map { _ in value(depth + 1) }.joined(
                        separator: ", ") + "]"
            default:
                let names = ["id", "ID", "name", "x2", "x10", "cpu_type", "CFBundleName", "_a", "a_b", "a b"]
                    .shuffled(using: &random).prefix(Int.random(in: 0...5, using: &random))
                return "{ " + names.map { "\"\($0)\" : \(value(depth + 1))" }.joined(separator: ",\n") + " }"
            }
        }
        for _ in 0..<500 {
            let document = "[" + value(0) + "]"
            let written = try XCTUnwrap(streamed(document), document)
            XCTAssertEqual(written, try foundation(document), document)
        }
    }

    func testCorpusReportsMatch() throws {
        let corpus = try TestPaths.requireCorpus()
        var compared = 0
        for folder in ["kscrash-json", "metrickit"] {
            let directory = corpus.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: directory.path)
            where name.hasSuffix(".json") {
                let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
                let written = try XCTUnwrap(streamed(text), name)
                if FoundationComparison.canonicalFormMayDiffer(text) { continue }
                XCTAssertEqual(written, try foundation(text), name)
                compared += 1
            }
        }
        // Of the 20, KSCrash's own samples with a user key in Japanese (4) and two with a member
        // name given twice follow crashscan's own rules.
        XCTAssertEqual(compared, 14)
    }
}
