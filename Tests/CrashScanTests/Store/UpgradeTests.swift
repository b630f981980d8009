import XCTest

@testable import CrashScanArchive
@testable import CrashScanCLI
@testable import CrashScanClassification
@testable import CrashScanImport
@testable import CrashScanIngest
@testable import CrashScanModel
@testable import CrashScanReport
@testable import CrashScanRules
@testable import CrashScanStore
@testable import CrashScanSymbolication
@testable import CrashScanWorkflows

/// A database written by crashscan 0.1.0 (schema 8) is upgraded in place, regrouped, and then
/// says what a fresh import of the same reports says.
final class UpgradeTests: XCTestCase {
    func testASchema8DatabaseEndsUpLikeAFreshImport() throws {
        let folder = try TestPaths.temporaryFolder(self)
        let old = folder.appendingPathComponent("old.sqlite")
        try FileManager.default.copyItem(
            at: TestPaths.fixture("databases/schema8-samples.sqlite"), to: old)
        let upgraded = try Store(path: old.path)
        XCTAssertTrue(try Regrouper.isStale(upgraded), "grouped by the older rules")
        let summary = try Regrouper.run(upgraded)
        XCTAssertEqual(summary.groupsBefore, 13)
        XCTAssertEqual(summary.groupsAfter, 12, "the seed's SDK log joined its call site's group")

        let fresh = try SampleStore.make(self)
        func groups(_ store: Store) throws -> [String] {
            try store.db.query(
                "SELECT fingerprint, report_count, device_count, first_seen, last_seen FROM crash_groups ORDER BY fingerprint"
            ).map { row in
                try ["fingerprint", "report_count", "device_count", "first_seen", "last_seen"].map {
                    try row.string($0) ?? "-"
                }.joined(separator: " ")
            }
        }
        func reports(_ store: Store) throws -> [String] {
            try store.db.query(
                "SELECT source_path, position_in_file, occurred_at, uploaded_at, device_name FROM report"
            ).map { row in
                let path = URL(fileURLWithPath: try row.string("source_path") ?? "").lastPathComponent
                return [
                    path, try row.string("position_in_file") ?? "", try row.string("occurred_at") ?? "-",
                    try row.string("uploaded_at") ?? "-", try row.string("device_name") ?? "-",
                ].joined(separator: " ")
            }.sorted()
        }
        XCTAssertEqual(try groups(upgraded), try groups(fresh))
        XCTAssertEqual(try reports(upgraded), try reports(fresh), "times converted to UTC the same way")
    }
}
