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

/// Paths the tests use: the package root, the bundled fixtures and the shared corpus.
enum TestPaths {
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static let fixtures = packageRoot.appendingPathComponent("Tests/CrashScanTests/Fixtures")
    static let sampleReports = packageRoot.appendingPathComponent("SampleReports")
    /// `../shared` beside the checkout (present on developer machines and in CI).
    static let shared = packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
    static let corpus = shared.appendingPathComponent("corpus")

    /// The shared corpus, or a skip (as every corpus test does) when it is not beside the checkout.
    static func requireCorpus() throws -> URL {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: corpus.path, isDirectory: &isDirectory),
            isDirectory.boolValue
        else { throw XCTSkip("no corpus at \(corpus.path)") }
        return corpus
    }

    static func fixture(_ name: String) -> URL { fixtures.appendingPathComponent(name) }

    static func read(_ url: URL) throws -> Data { try Data(contentsOf: url) }

    /// A fresh temporary folder, removed when the test ends.
    static func temporaryFolder(_ test: XCTestCase) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "crashscan-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }
}

extension Result {
    var reports: Success? {
        if case .success(let value) = self { return value }
        return nil
    }

    var rejection: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

extension AnalyzedInput.Outcome {
    var reports: [AnalyzedReport]? {
        if case .parsed(let reports) = self { return reports }
        return nil
    }

    var rejection: Rejection? {
        if case .rejected(let rejection) = self { return rejection }
        return nil
    }
}

/// A fresh database with the bundled SampleReports imported, for tests that query it.
enum SampleStore {
    /// The bundled samples imported into a new SQLite file, or with `postgres` into a new
    /// database on the tests' PostgreSQL server (the test skips without one).
    static func make(_ test: XCTestCase, postgres: Bool = false) throws -> Store {
        let store =
            postgres
            ? try Store(path: try TestPostgres.freshDatabase(test))
            : try Store(path: try TestPaths.temporaryFolder(test).appendingPathComponent("db.sqlite").path)
        let sources = try InputWalker().expand([TestPaths.sampleReports.path])
        _ = try Importer(store: store, rules: RuleSet.builtIn()).run(
            sources, arguments: "test", version: "test")
        return store
    }
}
