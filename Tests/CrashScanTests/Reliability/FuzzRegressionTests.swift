import Foundation
import XCTest

@testable import CrashScanIngest
@testable import CrashScanJSON
@testable import CrashScanRules
@testable import CrashScanSource

/// Every input a fuzz target (scripts/fuzz.sh) found failing, minimised, in
/// Fixtures/fuzz/TARGET-what.*: each must now give an error or an answer, never a crash.
final class FuzzRegressionTests: XCTestCase {
    func fixtures(_ target: String) throws -> [URL] {
        let folder = TestPaths.fixture("fuzz")
        return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.hasPrefix(target + "-") }.sorted { $0.path < $1.path }
    }

    /// `"\uDAef\uDAe7…`: a high surrogate followed by another high one trapped on an unsigned
    /// subtraction in the rule-file reader. `"catalogRow": 1777…` (45 digits): a whole number too
    /// large for Int trapped in `Int(_:)`.
    func testRuleFileInputsGiveAnError() throws {
        let expected = [
            "rule-file-surrogate.json": "surrogate",
            "rule-file-huge-integer.json": "must be an integer between",
        ]
        let inputs = try fixtures("rule-file")
        XCTAssertEqual(Set(inputs.map(\.lastPathComponent)), Set(expected.keys))
        for input in inputs {
            XCTAssertThrowsError(
                try RuleSet.parse(json: Data(contentsOf: input), file: input.lastPathComponent)
            ) {
                XCTAssertTrue("\($0)".contains(expected[input.lastPathComponent] ?? "?"), "\($0)")
            }
        }
    }

    /// The json target's differential check failed in CI on a member name with a run of more than
    /// 19 digits (`"de8888…8bug"`, `"a7777…7ddress"`): Foundation compares the run as a number,
    /// crashscan's canonical form writes such a name after the others by its bytes (its own rule,
    /// docs/input-formats.md). The check must know the rule: the contents differ, and that is no
    /// unexplained difference.
    func testTheJSONCheckKnowsNamesWithLongRunsOfDigits() throws {
        let file = TestPaths.sampleReports.appendingPathComponent("07-bugly-api-array.json")
        let sample = try String(contentsOf: file, encoding: .utf8)
        let name = "de" + String(repeating: "8", count: 32) + "bug"
        let text = sample.replacingOccurrences(of: #""issueId""#, with: #""\#(name)": 1, "issueId""#)
        XCTAssertNotEqual(text, sample)
        let ours = FoundationComparison.dump(ReportReader.readJSON(Substring(text)))
        let theirs = FoundationComparison.dump(FoundationOracle.readJSON(Substring(text)))
        let content = { (lines: [String]) in lines.filter { $0.hasPrefix("normalizedContent=") } }
        XCTAssertNotEqual(
            content(ours), content(theirs), "crashscan's rule puts the name last, Foundation's among the d's")
        XCTAssertTrue(FoundationComparison.canonicalFormMayDiffer(text))
        XCTAssertEqual(FoundationComparison.unexplainedDifferences(text), [])
        // Names crashscan's order holds alike are its own rule too.
        XCTAssertTrue(FoundationComparison.canonicalFormMayDiffer(#"{"x1": 1, "x01": 2}"#))
        XCTAssertFalse(FoundationComparison.canonicalFormMayDiffer(#"{"x1": 1, "x10": 2}"#))
    }

    func testReportReaderInputsGiveAnOutcome() throws {
        for input in try fixtures("report-reader") {
            _ = ReportReader.read(try Data(contentsOf: input))
        }
    }

    /// An attribute value whose closing quote never comes (`keyPath="_placeholderLabel` at the
    /// file's end) read one byte past the end in the Interface Builder scanner. Each input goes
    /// through every language's scanner.
    func testSourceScannerInputsGiveAnAnswer() throws {
        let inputs = try fixtures("source-scanner")
        XCTAssertEqual(inputs.count, 2)
        for input in inputs {
            let bytes = [UInt8](try Data(contentsOf: input))
            for path in ["A.m", "A.swift", "A.xib"] {
                let file = SourceTree.File(path: path, language: try XCTUnwrap(SourceLanguage(path: path)))
                _ = SourceScanner.callSites(
                    file, bytes: bytes, declarations: SourceScanner.declarations(file, bytes: bytes))
            }
        }
        let minimal = try Data(contentsOf: TestPaths.fixture("fuzz/source-scanner-minimal.xib"))
        let file = SourceTree.File(path: "A.xib", language: .interfaceBuilder)
        let sites = SourceScanner.callSites(file, bytes: [UInt8](minimal), declarations: SourceDeclarations())
        XCTAssertEqual(sites.map(\.keyPath), ["_placeholderLabel"], "the value up to the file's end")
    }
}
