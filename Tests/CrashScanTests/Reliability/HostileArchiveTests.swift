import Foundation
import XCTest

@testable import CrashScanIngest
@testable import CrashScanModel
@testable import CrashScanSymbolication

/// Archives built to hurt: members that expand past the budget (a zip bomb), names that climb out
/// (`../../x`, `/etc/x`), symbolic links. Nothing is written to disk from an archive, memory holds
/// one member at a time, and every member gets an outcome with a reason.
final class HostileArchiveTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = try TestPaths.temporaryFolder(self)
    }

    func sample(_ name: String) throws -> Data {
        try Data(contentsOf: TestPaths.sampleReports.appendingPathComponent(name))
    }

    /// Ten 8 MB members (a few kilobytes zipped) against a 20 MB budget: the first two are read,
    /// the archive is refused from the third on with the reason, and nothing past it is opened.
    func testAnArchiveThatExpandsPastTheBudgetStopsWithAReason() throws {
        let filler = Data(repeating: 0x61, count: 8 << 20)
        let zip = folder.appendingPathComponent("bomb.zip")
        try ArchiveBuilder.zip((0..<10).map { .file("m\($0).txt", filler) }, to: zip)
        let data = try Data(contentsOf: zip)
        XCTAssertLessThan(data.count, 200_000)
        let limits = ArchiveLimits(expandedBytes: 20 << 20, ratio: 10_000)
        let results = SourceReader.read(
            data, path: "bomb.zip", depth: 0, settings: ParseSettings(archiveLimits: limits))
        XCTAssertEqual(results.map(\.path), ["bomb.zip!/m0.txt", "bomb.zip!/m1.txt", "bomb.zip"])
        guard case .rejected(let rejection) = results.last?.outcome else { return XCTFail("\(results)") }
        XCTAssertTrue(rejection.reason.contains("expands past 20971520 bytes"), rejection.reason)
        // The ratio stops it too: 80 MB from under 200 KB.
        let byRatio = SourceReader.read(
            data, path: "bomb.zip", depth: 0,
            settings: ParseSettings(archiveLimits: ArchiveLimits(expandedBytes: 1 << 40, ratio: 200)))
        guard case .rejected(let ratio) = byRatio.last?.outcome else { return XCTFail("\(byRatio)") }
        XCTAssertTrue(ratio.reason.contains("a zip bomb?"), ratio.reason)
        XCTAssertEqual(byRatio.count, 9, "64 MB pass before the ratio is checked")
    }

    /// A zip of dSYMs that expands past the budget (`--dsym`, `symbolicate --dsym`): refused with
    /// the reason after no more than the budget was written, and nothing it wrote is left in the
    /// temporary folder (a 3 MB zip of two 1.5 GiB members once wrote 3 GB there in 11 s).
    func testADSYMArchiveThatExpandsPastTheBudgetIsRefusedAndLeavesNothing() throws {
        let filler = Data(repeating: 0, count: 8 << 20)
        let zip = folder.appendingPathComponent("dsyms.zip")
        try ArchiveBuilder.zip(
            (0..<10).map { .file("App\($0).app.dSYM/Contents/Resources/DWARF/App\($0)", filler) }, to: zip)
        XCTAssertLessThan(try Data(contentsOf: zip).count, 200_000)
        let temporary = NSTemporaryDirectory()
        func leftovers() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: temporary).filter {
                $0.hasPrefix("crashscan-dsym-")
            }
        }
        let before = try leftovers()
        XCTAssertThrowsError(
            try DSYMIndex(paths: [zip.path], limits: ArchiveLimits(expandedBytes: 20 << 20, ratio: 10_000))
        ) { error in
            XCTAssertTrue(
                "\(error)".contains(
                    "the archive expands past 20971520 bytes, the limit for one input (--archive-limit)"),
                "\(error)")
            XCTAssertTrue(
                "\(error)".contains("dsyms.zip!/App2.app.dSYM"),
                "named at the member that crossed it: \(error)")
        }
        XCTAssertEqual(try leftovers(), before, "what was unpacked is removed")
        // The ratio is the import's rule too: past the first 64 MB, 200 times the zip's size.
        XCTAssertNil(ArchiveLimits().exceeded(expanded: 64 << 20, inputBytes: 1_000))
        XCTAssertNotNil(ArchiveLimits().exceeded(expanded: (64 << 20) + 1, inputBytes: 1_000))
        XCTAssertNil(ArchiveLimits().exceeded(expanded: 500 << 20, inputBytes: 100 << 20))
    }

    /// Members named to climb out of a folder are read like any other (nothing is extracted to
    /// disk) and shown under their own names; a symbolic link is named and skipped, never followed.
    func testClimbingNamesAreReadAndLinksAreNamedNotFollowed() throws {
        let crash = try sample("02-bugly-console-zh-textview.txt")
        let zip = folder.appendingPathComponent("names.zip")
        try ArchiveBuilder.zip(
            [
                .file("../../escape.txt", crash), .file("/etc/absolute.txt", crash),
                .symlink("link.txt", target: "/etc/passwd"), .file(".hidden.txt", crash),
            ], to: zip)
        let results = SourceReader.read(try Data(contentsOf: zip), path: "names.zip", depth: 0)
        XCTAssertEqual(
            results.map(\.path),
            ["names.zip!/../../escape.txt", "names.zip!//etc/absolute.txt", "names.zip!/link.txt"])
        guard case .parsed(let reports) = results[0].outcome, case .parsed = results[1].outcome else {
            return XCTFail("\(results)")
        }
        XCTAssertEqual(reports.count, 1)
        guard case .rejected(let link) = results[2].outcome else { return XCTFail("\(results[2])") }
        XCTAssertEqual(link.disposition, .skipped)
        XCTAssertEqual(link.reason, "a symbolic link in the archive, not followed")
        XCTAssertFalse(
            FileManager.default.fileExists(
                atPath: folder.deletingLastPathComponent().appendingPathComponent("escape.txt").path))
    }

    func testTheBudgetOptionsAreReadAndChecked() throws {
        guard CommandRunner.isBuilt else { throw XCTSkip("crashscan binary not built") }
        let runner = CommandRunner(folder: folder)
        let filler = Data(repeating: 0x61, count: 4 << 20)
        try ArchiveBuilder.zip(
            (0..<4).map { .file("m\($0).txt", filler) }, to: folder.appendingPathComponent("b.zip"))
        let limited = try runner.run(["import", "b.zip", "--archive-limit", "6M", "--db", "x.sqlite"])
        XCTAssertEqual(limited.status, 65)
        XCTAssertTrue(limited.err.contains("rejected b.zip: archive expands past 6291456 bytes"), limited.err)
        let bad = try runner.run(["import", "b.zip", "--archive-limit", "lots"])
        XCTAssertEqual(bad.status, 64)
        XCTAssertTrue(bad.err.contains("invalid --archive-limit 'lots'"), bad.err)
    }
}
