import Foundation
import XCTest

@testable import CrashScanRules
@testable import CrashScanSource

/// The scanner's recall on fixtures written from the shapes public iOS code uses for KVC on
/// private UIKit state (`Fixtures/scan-recall`): properties, instance variables, loop variables,
/// locals from a KVC read, subclasses, categories and extensions, casts, `id` parameters, method
/// return types, chains through app classes, the status bar's key paths, and look-alikes on the
/// app's own objects that must not be reported. Each KVC call's line says what it expects.
final class ScanRecallTests: XCTestCase {
    struct Expectation: Hashable {
        var file: String
        /// The lines the call's key may be on.
        var lines: ClosedRange<Int>
        /// nil: no finding expected; `?`: a finding whatever its class.
        var receiverClass: String?
        var key: String?
    }

    /// `// expect: CLASS KEY` (`; CLASS KEY` for a second call) or `// expect: none`: at the end of
    /// the key's line, or on a line of its own for the statement below it (up to the next
    /// expectation, a closing brace or three lines).
    func expectations(in url: URL) throws -> [Expectation] {
        let text = try String(contentsOf: url, encoding: .utf8)
        let name = url.lastPathComponent
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var expected: [Expectation] = []
        for (index, line) in lines.enumerated() {
            guard let range = line.range(of: "// expect: ") else { continue }
            var covered = (index + 1)...(index + 1)
            if line[..<range.lowerBound].allSatisfy(\.isWhitespace) {
                var last = index + 2
                while last < min(lines.count, index + 4), !lines[last].contains("// expect: "),
                    lines[last].trimmingCharacters(in: .whitespaces) != "}"
                {
                    last += 1
                }
                covered = (index + 2)...last
            }
            for call in line[range.upperBound...].split(separator: ";") {
                let words = call.split(separator: " ").map(String.init)
                if words == ["none"] {
                    expected.append(Expectation(file: name, lines: covered))
                } else {
                    XCTAssertEqual(words.count, 2, "\(name):\(index + 1)")
                    expected.append(
                        Expectation(file: name, lines: covered, receiverClass: words[0], key: words.last))
                }
            }
        }
        return expected
    }

    func testTheScannerFindsTheCallsOfTheRecallFixtures() throws {
        let folder = TestPaths.fixture("scan-recall")
        let files = try SourceTree().files([folder.path])
        XCTAssertEqual(files.count, 7)
        let expected = try files.flatMap { try expectations(in: URL(fileURLWithPath: $0.path)) }
        let rules = try RuleSet.builtIn()
        let findings = SourceScanner.scan(files).sites.compactMap(rules.sourceFinding)
        var found: [Expectation] = []
        var falsePositives: [String] = []
        for finding in findings {
            let site = finding.site
            let name = (site.path as NSString).lastPathComponent
            guard
                let wanted = expected.first(where: {
                    $0.file == name && $0.lines.contains(site.line) && $0.key == site.key
                        && ($0.receiverClass == "?" || $0.receiverClass == finding.ruleClass)
                })
            else {
                falsePositives.append(
                    "\(name):\(site.line) \(finding.ruleClass ?? "?").\(site.key) (\(finding.rule.id))")
                continue
            }
            found.append(wanted)
        }
        let calls = expected.filter { $0.key != nil }
        let misses = calls.filter { !found.contains($0) }.map {
            "\($0.file):\($0.lines.lowerBound) \($0.receiverClass ?? "").\($0.key ?? "")"
        }
        let recall = Double(calls.count - misses.count) / Double(calls.count)
        print(
            String(
                format:
                    "scanner recall on %d calls in %d files: %.1f %% (%d missed), %d false positives among %d look-alikes",
                calls.count, files.count, recall * 100, misses.count, falsePositives.count,
                expected.count - calls.count))
        XCTAssertEqual(misses, [], "missed")
        XCTAssertEqual(falsePositives, [], "reported but not expected")
        XCTAssertGreaterThanOrEqual(calls.count, 40)
    }
}
