import XCTest

@testable import CrashScanJSON

/// The tree the rule files and Bugly's JSON are read through: each value with its line, names
/// given twice refused where strict and counted once (the last) where lenient.
final class JSONValueTests: XCTestCase {
    func testValuesKnowTheirLinesAndBytes() throws {
        let text = "\u{FEFF}{\n  \"rules\": [\n    {\"id\": \"a\",\n     \"n\": 1.50}\n  ],\n  \"b\": true\n}"
        let tree = try JSONValue.parse(text, .strict)
        XCTAssertEqual(tree.line, 1)
        let rules = try XCTUnwrap(tree.member("rules"))
        XCTAssertEqual(rules.line, 2)
        guard case .array(let entries) = rules.value.kind, let entry = entries.first else {
            return XCTFail("rules is not an array")
        }
        XCTAssertEqual(entry.line, 3)
        XCTAssertEqual(entry.member("n")?.line, 4)
        guard case .number(let number) = entry["n"]?.kind else { return XCTFail("n is not a number") }
        XCTAssertEqual(number.canonical, "1.5")
        XCTAssertFalse(number.isInteger)
        XCTAssertEqual(tree.member("b")?.line, 6)
        var copy = text
        let bytes = copy.withUTF8 { Array($0) }
        XCTAssertEqual(
            String(decoding: bytes[entry.range], as: UTF8.self), "{\"id\": \"a\",\n     \"n\": 1.50}")
    }

    func testNamesGivenTwiceAndTrailingCommasFollowTheLeniency() throws {
        let twice = "{\"a\": 1,\n \"a\": 2}"
        XCTAssertThrowsError(try JSONValue.parse(twice, .strict)) { error in
            XCTAssertEqual("\(error)", "line 2, column 2: duplicate member \"a\"")
        }
        guard case .number(let last) = try JSONValue.parse(twice, .crashReports)["a"]?.kind else {
            return XCTFail("a is not a number")
        }
        XCTAssertEqual(last.integer, 2)
        XCTAssertThrowsError(try JSONValue.parse("[1,]", .strict)) { error in
            XCTAssertEqual("\(error)", "line 1, column 3: trailing comma in an array")
        }
        XCTAssertNoThrow(try JSONValue.parse("[1,]", .crashReports))
    }
}
