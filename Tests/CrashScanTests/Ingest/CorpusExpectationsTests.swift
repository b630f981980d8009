import Foundation
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

/// Every file of `../shared/corpus` against the table `Fixtures/corpus-expectations.tsv`: format,
/// device, OS version and build, exception type, KVC kind/class/key, or the rejection reason.
final class CorpusExpectationsTests: XCTestCase {
    static let columns = [
        "file", "report", "outcome", "format", "device", "os_version", "os_build", "exception", "kvc_kind",
        "class", "key",
        "reason",
    ]

    /// One row per report (or one per rejected or skipped file), tab-separated, `-` for nothing.
    static func rows(for url: URL, relative: String) throws -> [String] {
        let data = try Data(contentsOf: url)
        let parsed = SourceReader.read(data, path: relative, depth: 0)
        var rows: [String] = []
        for item in parsed {
            switch item.outcome {
            case .rejected(let rejection):
                rows.append(
                    [
                        item.path, "-", rejection.disposition.rawValue, "-", "-", "-", "-", "-", "-", "-",
                        "-",
                        rejection.reason,
                    ]
                    .joined(separator: "\t"))
            case .storedBefore:
                XCTFail("\(item.path): parsed without a database, nothing can be stored before")
            case .scale(let scale):
                XCTFail("\(item.path): a crash report read as a \(scale.source.rawValue)")
            case .parsed(let reports):
                for (index, report) in reports.enumerated() {
                    let failure = report.failure
                    let fields = [
                        item.path, String(index + 1), "imported", report.report.format.rawValue,
                        report.device?.identifier ?? report.device?.name ?? "-", report.os?.text ?? "-",
                        report.os?.build ?? "-", report.exceptionType ?? "-", failure?.kind.rawValue ?? "-",
                        failure?.receiverClass ?? "-", failure?.key ?? "-", "-",
                    ]
                    rows.append(
                        fields.map { $0.replacingOccurrences(of: "\t", with: " ") }.joined(separator: "\t"))
                }
            }
        }
        return rows
    }

    func testEveryCorpusFileMatchesTheExpectationsTable() throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: TestPaths.corpus.path, isDirectory: &isDirectory),
            isDirectory.boolValue
        else { throw XCTSkip("no corpus at \(TestPaths.corpus.path)") }
        let table = try String(contentsOf: TestPaths.fixture("corpus-expectations.tsv"), encoding: .utf8)
        let expected = table.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") }.dropFirst()
        let sources = try InputWalker().expand([TestPaths.corpus.path])
        var actual: [String] = []
        for case .file(let path) in sources {
            let relative = String(path.dropFirst(TestPaths.corpus.path.count + 1))
            actual += try Self.rows(for: URL(fileURLWithPath: path), relative: relative)
        }
        let expectedFiles = Set(expected.map { $0.split(separator: "\t").first.map(String.init) ?? "" })
        for case .file(let path) in sources {
            let relative = String(path.dropFirst(TestPaths.corpus.path.count + 1))
            XCTAssertTrue(expectedFiles.contains(relative), "no expectation for \(relative)")
        }
        if Array(expected) != actual {
            let out = FileManager.default.temporaryDirectory.appendingPathComponent("corpus-actual.tsv")
            try ([Self.columns.joined(separator: "\t")] + actual).joined(separator: "\n").appending("\n")
                .write(to: out, atomically: true, encoding: .utf8)
            for (wanted, got) in zip(expected, actual) where wanted != got {
                XCTFail("expected\n  \(wanted)\ngot\n  \(got)")
            }
            XCTAssertEqual(expected.count, actual.count, "rows differ; the actual table is in \(out.path)")
        }
    }
}
