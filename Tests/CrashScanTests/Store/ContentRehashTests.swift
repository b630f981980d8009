import Foundation
import XCTest

@testable import CrashScanDatabase
@testable import CrashScanStore

/// A database whose JSON reports were hashed by an older crashscan (Foundation's serialisation)
/// is hashed again in crashscan's canonical form by `upgrade`, from the files still there; a
/// report imported before is then recognised, not stored twice; one whose file is gone keeps its
/// hash and is counted. Both backends (PostgreSQL keeps the hashes in `report_hash` too).
final class ContentRehashTests: XCTestCase {
    /// A KSCrash report whose user key is not printable ASCII, with its members out of order.
    static let kscrash = #"""
        {"system":{"machine":"iPhone7,2","system_version":"8.1.3","os_version":"12B466"},
         "user":{"名前":"x","id":"u-1"},"report":{"timestamp":"2024-01-01T00:00:00Z"},
         "crash":{"error":{"type":"nsexception","nsexception":{"name":"NSUnknownKeyException","reason":"[<UITextView 0x1> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key _placeholderLabel."}}}}
        """#

    func testUpgradeHashesJSONReportsAgainFromTheirFiles() throws {
        guard CommandRunner.isBuilt else { throw XCTSkip("crashscan binary not built") }
        let runner = CommandRunner(folder: try TestPaths.temporaryFolder(self))
        var databases = [runner.folder.appendingPathComponent("crashes.sqlite").path]
        if ProcessInfo.processInfo.environment["CRASHSCAN_TEST_POSTGRES"] != nil {
            databases.append(try TestPostgres.freshDatabase(self))
        }
        let logs = runner.folder.appendingPathComponent("logs")
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        let kept = logs.appendingPathComponent("kscrash.json")
        let gone = logs.appendingPathComponent("gone.json")
        try Self.kscrash.write(to: kept, atomically: true, encoding: .utf8)
        try Self.kscrash.replacingOccurrences(of: "u-1", with: "u-2").write(
            to: gone, atomically: true, encoding: .utf8)
        for db in databases {
            let imported = try runner.run(["import", logs.path, "--db", db])
            XCTAssertEqual(imported.status, 0, imported.err)
            let store = try Store(path: db)
            XCTAssertEqual(try store.contentHashForm(), Store.currentContentHashForm)
            let hashes = try self.hashes(store)
            // As an older crashscan left it: other hashes (Foundation's), no form recorded.
            try store.db.run("DELETE FROM meta WHERE key = 'content_hash_form'")
            // (SQLite keeps the hash's bytes, PostgreSQL its digits: the first byte or digit changed.)
            if store.dialect == .postgresql {
                for table in ["report", "report_hash"] {
                    try store.db.run("UPDATE \(table) SET content_hash = 'f' || substr(content_hash, 2)")
                }
            } else {
                try store.db.run(
                    "UPDATE report SET content_hash = CAST(x'ff' || substr(content_hash, 2) AS BLOB)")
            }
            XCTAssertEqual(try store.contentHashForm(), 1)
            try FileManager.default.moveItem(at: gone, to: runner.folder.appendingPathComponent("moved.json"))

            let upgrade = try runner.run(["upgrade", "--db", db])
            XCTAssertEqual(upgrade.status, 0, upgrade.err)
            XCTAssertTrue(
                upgrade.out.contains("re-hashed 1 of 2 JSON reports (1 whose files are gone"), upgrade.out)
            XCTAssertEqual(try self.hashes(store)[kept.path], hashes[kept.path], "hashed again from its file")
            XCTAssertNotEqual(try self.hashes(store)[gone.path], hashes[gone.path], "its file is gone")
            XCTAssertEqual(try store.contentHashForm(), Store.currentContentHashForm)

            // The report read again is recognised: a second import stores nothing.
            let again = try runner.run(["import", kept.path, "--db", db, "--reparse"])
            XCTAssertEqual(again.status, 0, again.err)
            XCTAssertEqual(try store.db.query("SELECT count(*) AS n FROM report").first?.int("n"), 2, db)
            try CacheAssertions.assertCachesMatchRows(store)
            try FileManager.default.moveItem(at: runner.folder.appendingPathComponent("moved.json"), to: gone)
        }
    }

    private func hashes(_ store: Store) throws -> [String: String] {
        var hashes: [String: String] = [:]
        for row in try store.db.query("SELECT source_path, content_hash FROM report") {
            hashes[try row.string("source_path") ?? ""] = try row.digest("content_hash")
        }
        return hashes
    }
}
