import Foundation
import XCTest

/// The example in docs/report-json.md is what `crashscan report --os 8.1 --format json` prints on
/// the bundled samples (after `scan` of the sample app): every key and value it shows (its `…`
/// stand for what it leaves out) is in the real output, so the page cannot keep old numbers.
final class ReportJSONDocTests: XCTestCase {
    /// `"name": value` pairs of `json` whose value is a number, a boolean, null or a string,
    /// written as in the text (crashscan's JSON puts a space before the colon, the page does not).
    static func scalarPairs(_ json: String) throws -> [(key: String, value: String)] {
        let pattern = try NSRegularExpression(
            pattern: #""([a-z_]+)" ?: ("(?:[^"\\]|\\.)*"|-?[0-9.]+|true|false|null)"#)
        let range = NSRange(json.startIndex..., in: json)
        return pattern.matches(in: json, range: range).compactMap { match in
            guard let key = Range(match.range(at: 1), in: json),
                let value = Range(match.range(at: 2), in: json)
            else { return nil }
            return (String(json[key]), String(json[value]))
        }
    }

    /// The pairs of the page's example, but those cut with `…`.
    static func documentedPairs() throws -> [(key: String, value: String)] {
        let page = try String(
            contentsOf: TestPaths.packageRoot.appendingPathComponent("docs/report-json.md"), encoding: .utf8)
        let start = try XCTUnwrap(page.range(of: "```json\n"))
        let end = try XCTUnwrap(page.range(of: "\n```", range: start.upperBound..<page.endIndex))
        return try scalarPairs(String(page[start.upperBound..<end.lowerBound])).filter {
            !$0.value.contains("…")
        }
    }

    func testTheExampleIsWhatTheSamplesGive() throws {
        guard CommandRunner.isBuilt else { throw XCTSkip("crashscan binary not built") }
        let runner = CommandRunner(folder: try TestPaths.temporaryFolder(self))
        let samples = runner.folder.appendingPathComponent("SampleReports")
        try FileManager.default.copyItem(at: TestPaths.sampleReports, to: samples)
        XCTAssertEqual(try runner.run(["import", "SampleReports", "--quiet"]).status, 0)
        // `scan` exits 1 when it finds something at or above --fail-on, as it does here.
        let scan = try runner.run(["scan", "SampleReports/SampleApp", "--db", "crashscan.sqlite"])
        XCTAssertEqual(scan.status, 1, scan.err)
        let run = try runner.run(["report", "--os", "8.1", "--format", "json"])
        XCTAssertEqual(run.status, 0, run.err)
        let found = Set(try Self.scalarPairs(run.out).map { "\($0.key)=\($0.value)" })
        let documented = try Self.documentedPairs()
        XCTAssertGreaterThan(documented.count, 40, "the example was read")
        for (key, value) in documented {
            XCTAssertTrue(
                found.contains("\(key)=\(value)"),
                "docs/report-json.md shows \"\(key)\": \(value), which the samples do not give")
        }
    }
}
