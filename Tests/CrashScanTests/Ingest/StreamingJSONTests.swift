import Foundation
import XCTest

@testable import CrashScanIngest
@testable import CrashScanJSON

/// The streaming reader accepts what JSONSerialization accepts, reads strings as it does, and
/// refuses broken documents at the right place.
final class StreamingJSONTests: XCTestCase {
    func read<T>(_ text: String, strict: Bool = false, _ body: (inout StreamingJSON) throws -> T) throws -> T
    {
        var copy = text
        return try copy.withUTF8 { bytes in
            var reader = StreamingJSON(bytes, allowsTrailingCommas: !strict)
            let value = try body(&reader)
            try reader.end()
            return value
        }
    }

    func testStringsOfEveryLengthWithASpecialByteAnywhereAreReadAsFoundationReadsThem() throws {
        // Eight bytes are looked at together: a quote, backslash or control character must be found
        // at every position of such a word, and non-ASCII text must pass through.
        for length in 0..<20 {
            for position in 0...length {
                let specials = [
                    "\\\"", "\\\\", "\\n", "\\u00e9", "é", "\\ud83d\\ude00", "\u{7F}",
                    "\\t\\/\\b\\f\\r\\u4e2d", "\\u00e9x\\\\",
                ]
                for special in specials {
                    var characters = Array(repeating: "a", count: length)
                    characters.insert(special, at: position)
                    let document = "\"" + characters.joined() + "\""
                    let expected = try XCTUnwrap(
                        JSONSerialization.jsonObject(with: Data(document.utf8), options: .fragmentsAllowed)
                            as? String)
                    XCTAssertEqual(try read(document) { try $0.string() }, expected, document)
                }
                // A raw control character is refused where it is.
                let broken = "\"" + String(repeating: "a", count: position) + "\u{1}" + "\""
                XCTAssertThrowsError(try read(broken) { try $0.string() }) { error in
                    XCTAssertEqual((error as? JSONSyntaxError)?.column, position + 2, broken)
                }
            }
        }
    }

    func testEveryDocumentFoundationWritesIsSkippedWhole() throws {
        var random = SystemRandomNumberGenerator()
        func value(_ depth: Int) -> Any {
            switch Int.random(in: 0..<(depth > 3 ? 4 : 6), using: &random) {
            case 0: return Int.random(in: -1_000_000...1_000_000, using: &random)
            case 1: return Double.random(in: -1e6...1e6, using: &random)
            case 2: return ["x", "é\"\\/\n\t", "\u{1F600}", ""].randomElement(using: &random)!
            case 3: return Bool.random(using: &random)
            case 4: return (0..<Int.random(in: 0...4, using: &random)).map { _ in value(depth + 1) }
            default:
                var object: [String: Any] = [:]
                for index in 0..<Int.random(in: 0...4, using: &random) {
                    object["k\(index)é"] = value(depth + 1)
                }
                return object
            }
        }
        for _ in 0..<300 {
            let document = ["top": value(0), "null": NSNull()] as [String: Any]
            for options: JSONSerialization.WritingOptions in [[], [.prettyPrinted]] {
                let text = String(
                    decoding: try JSONSerialization.data(withJSONObject: document, options: options),
                    as: UTF8.self)
                XCTAssertNoThrow(try read(text) { try $0.skipValue() }, text)
            }
        }
    }

    func testBrokenDocumentsAreRefusedWithTheirPosition() {
        let cases: [(String, String)] = [
            ("{\"a\": 1,}", "line 1, column 8: trailing comma in an object"),
            ("[1, [2,] ]", "line 1, column 7: trailing comma in an array"),
            ("[1 2]", "line 1, column 4: expected ',' or ']' after an element, found '2'"),
            ("{\"a\" 1}", "line 1, column 6: expected ':' after a member name, found '1'"),
            ("[01]", "line 1, column 3: expected ',' or ']' after an element, found '1'"),
            ("[1.]", "line 1, column 4: expected a digit after '.', found ']'"),
            ("[tru]", "line 1, column 2: expected true, false or null, found 't'"),
            ("\"\\x\"", "line 1, column 3: invalid escape \\'x'"),
            ("{}\n{}", "line 2, column 1: unexpected '{' after the document's value"),
            ("[\"open", "line 1, column 2: string not closed (it opens here)"),
        ]
        for (document, message) in cases {
            XCTAssertThrowsError(try read(document, strict: true) { try $0.skipValue() }, document) { error in
                XCTAssertEqual((error as? JSONSyntaxError)?.description, message, document)
            }
        }
        // Crash reporters' trailing commas are read unless the reader is strict.
        XCTAssertNoThrow(try read("{\"a\": [1, 2,],}") { try $0.skipValue() })
        XCTAssertThrowsError(try read("{\"a\": 1,,}") { try $0.skipValue() })
        let deep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        XCTAssertThrowsError(try read(deep) { try $0.skipValue() }) { error in
            XCTAssertEqual((error as? JSONSyntaxError)?.problem, "nested more than 512 levels deep")
        }
        XCTAssertNoThrow(
            try read(String(repeating: "[", count: 512) + String(repeating: "]", count: 512)) {
                try $0.skipValue()
            })
    }
}
