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

/// zip, tar.gz and gz inputs through libarchive; damaged archives reported, the rest imported.
final class ArchiveTests: XCTestCase {
    func parse(_ name: String) throws -> [AnalyzedInput] {
        let data = try TestPaths.read(TestPaths.fixture("archives/\(name)"))
        return SourceReader.read(data, path: name, depth: 0)
    }

    func testZipAndTarGzMembersAreImportedWithTheirPaths() throws {
        for name in ["bundle.zip", "bundle.tgz"] {
            let parsed = try parse(name)
            XCTAssertEqual(
                parsed.map(\.path).sorted(),
                ["\(name)!/02-bugly-console-zh-textview.txt", "\(name)!/15-apple-textview-ios8.1.3.crash"],
                "hidden folders (.git) are skipped")
            let formats = parsed.compactMap { $0.outcome.reports?.first?.report.format }
            XCTAssertEqual(Set(formats), [.buglyConsole, .appleCrash], name)
            let fingerprints = Set(parsed.compactMap { $0.outcome.reports?.first?.fingerprint })
            XCTAssertEqual(
                fingerprints.count, 1, "the Bugly and the Apple report of one crash share a fingerprint")
        }
    }

    func testGzipOfOneFile() throws {
        let parsed = try parse("single.crash.gz")
        XCTAssertEqual(parsed.count, 1)
        XCTAssertEqual(parsed.first?.outcome.reports?.first?.report.format, .appleCrash)
    }

    func testDamagedArchiveIsReportedAndNotFatal() throws {
        let parsed = try parse("damaged.zip")
        XCTAssertFalse(parsed.isEmpty)
        XCTAssertTrue(parsed.allSatisfy { $0.outcome.rejection != nil })
        let reason = try XCTUnwrap(parsed.first?.outcome.rejection?.reason)
        XCTAssertTrue(reason.contains("damaged") || reason.contains("cannot read"), reason)
        // Garbage after a zip signature: the archive itself is named.
        let garbage = SourceReader.read(Data([0x50, 0x4B, 0x03, 0x04, 1, 2, 3]), path: "x.zip", depth: 0)
        XCTAssertEqual(garbage.map(\.path), ["x.zip"])
        XCTAssertTrue(garbage[0].outcome.rejection?.reason.hasPrefix("damaged archive") ?? false)
    }

    func testArchivesAreDetectedByContentNotName() throws {
        let zip = try TestPaths.read(TestPaths.fixture("archives/bundle.zip"))
        XCTAssertTrue(ArchiveReader.looksLikeArchive(zip))
        XCTAssertFalse(ArchiveReader.looksLikeArchive(Data("PK is not enough".utf8)))
        let renamed = SourceReader.read(zip, path: "crashes.txt", depth: 0)
        XCTAssertEqual(renamed.count, 2)
    }
}
