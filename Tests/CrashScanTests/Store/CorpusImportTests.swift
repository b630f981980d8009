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

/// Every file of `../shared/corpus` (real reports in many formats, fragments, non-reports)
/// goes through the importer: nothing crashes, every file gets an outcome.
final class CorpusImportTests: XCTestCase {
    func testEveryCorpusFileGetsAnOutcome() throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: TestPaths.corpus.path, isDirectory: &isDirectory),
            isDirectory.boolValue
        else {
            throw XCTSkip("no corpus at \(TestPaths.corpus.path)")
        }
        let folder = try TestPaths.temporaryFolder(self)
        let store = try Store(path: folder.appendingPathComponent("corpus.sqlite").path)
        let sources = try InputWalker().expand([TestPaths.corpus.path])
        XCTAssertGreaterThan(sources.count, 50)
        let summary = try Importer(store: store, rules: RuleSet.builtIn()).run(
            sources, arguments: "corpus", version: "test")
        XCTAssertEqual(summary.files, sources.count)
        let outcomes = try store.db.query("SELECT path, outcome, reason FROM import_files")
        XCTAssertEqual(
            Set(try outcomes.compactMap { try $0.string("path") }), Set(sources.map(\.displayPath)))
        for row in outcomes where try row.string("outcome") == "rejected" {
            let path = try row.string("path") ?? ""
            XCTAssertFalse((try row.string("reason") ?? "").isEmpty, path)
        }
        // The KVC excerpts are among what the corpus teaches: some must be found.
        XCTAssertGreaterThan(summary.kvcFailures, 10)
        // A second pass stores nothing new.
        let again = try Importer(store: store, rules: RuleSet.builtIn()).run(
            sources, arguments: "corpus", version: "test")
        XCTAssertEqual(again.imported, 0)
        XCTAssertEqual(again.duplicates, summary.imported + summary.duplicates)
    }
}
