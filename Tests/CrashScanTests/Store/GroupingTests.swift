import XCTest

@testable import CrashScanArchive
@testable import CrashScanCLI
@testable import CrashScanCatalogs
@testable import CrashScanClassification
@testable import CrashScanDatabase
@testable import CrashScanImport
@testable import CrashScanIngest
@testable import CrashScanModel
@testable import CrashScanReport
@testable import CrashScanRules
@testable import CrashScanStore
@testable import CrashScanSymbolication
@testable import CrashScanWorkflows

/// One crash, one group: groups that do not depend on what a report lacks, on the build, on the
/// format, or on the order of import; and the regrouping of a database grouped by older rules.
class GroupingTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = try TestPaths.temporaryFolder(self)
    }

    func freshStore(_ name: String = UUID().uuidString) throws -> Store {
        try Store(path: folder.appendingPathComponent("\(name).sqlite").path)
    }

    @discardableResult
    func importPaths(_ paths: [String], into store: Store) throws -> ImportSummary {
        try Importer(store: store, rules: RuleSet.builtIn()).run(
            try InputWalker().expand(paths), arguments: "test", version: "test")
    }

    func sample(_ name: String) -> String { TestPaths.sampleReports.appendingPathComponent(name).path }

    func write(_ name: String, _ text: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// `fingerprint class.key ×reports`, sorted.
    func groups(_ store: Store) throws -> [String] {
        try store.db.query("SELECT fingerprint, receiver_class, key, report_count FROM crash_groups").map {
            "\(try $0.string("fingerprint") ?? "") \(try $0.string("receiver_class") ?? "?").\(try $0.string("key") ?? "?") ×\(try $0.int("report_count") ?? 0)"
        }.sorted()
    }

    /// What `report` and `explain` show of each group: blame frame and sample report.
    func display(_ store: Store) throws -> [String] {
        try store.db.query(
            "SELECT fingerprint, blame_frame, sample_report_path FROM crash_group ORDER BY fingerprint"
        ).map {
            "\(try $0.string("fingerprint") ?? "") \(try $0.string("blame_frame") ?? "-") "
                + URL(fileURLWithPath: try $0.string("sample_report_path") ?? "-").lastPathComponent
        }
    }

    func testWhatAGroupShowsDoesNotDependOnTheOrderOfImport() throws {
        let files = [
            "01-seed-bugly-console-ja.txt", "02-bugly-console-zh-textview.txt",
            "09-bugly-sdk-1.4.0-crash.log",
            "15-apple-textview-ios8.1.3.crash",
        ].map(sample)
        let forwards = try freshStore("forwards")
        for file in files { try importPaths([file], into: forwards) }
        let backwards = try freshStore("backwards")
        for file in files.reversed() { try importPaths([file], into: backwards) }
        XCTAssertEqual(try display(forwards), try display(backwards))
        let shown = try XCTUnwrap(try display(forwards).first)
        XCTAssertTrue(
            shown.contains(" -[UITextView(Extension) was_setPlaceholderWithText:Color:] "),
            "the spelling most reports have, not the seed paste's: \(shown)")
        XCTAssertTrue(
            shown.hasSuffix(" 02-bugly-console-zh-textview.txt"), "the richest stack (22 frames): \(shown)")
    }

    func testAReportWithoutReasonJoinsTheGroupOfItsCallSiteWhateverTheOrder() throws {
        let complete = sample("02-bugly-console-zh-textview.txt")
        let withoutReason = sample("09-bugly-sdk-1.4.0-crash.log")
        let forwards = try freshStore("forwards")
        try importPaths([complete], into: forwards)
        let summary = try importPaths([withoutReason], into: forwards)
        XCTAssertEqual(summary.mergedGroups, 1)
        let backwards = try freshStore("backwards")
        try importPaths([withoutReason], into: backwards)
        XCTAssertEqual(try groups(backwards).count, 1)
        XCTAssertTrue(try groups(backwards)[0].contains("UITextView.? ×1"), "alone, its key is unknown")
        try importPaths([complete], into: backwards)

        XCTAssertEqual(try groups(forwards).count, 1)
        XCTAssertTrue(try groups(forwards)[0].hasSuffix("UITextView._placeholderLabel ×2"))
        XCTAssertEqual(
            try groups(forwards), try groups(backwards), "same groups and fingerprints in either order")
        let merged = try XCTUnwrap(
            forwards.db.query("SELECT key, evidence, cause FROM kvc_failures WHERE app_version = '2.2.9'")
                .first)
        XCTAssertEqual(try merged.string("key"), "_placeholderLabel")
        XCTAssertEqual(
            try merged.string("evidence"), "frames+group", "the key came from the group, and says so")
        XCTAssertEqual(try merged.string("cause"), "private_key")

        // Regrouping a merged database changes nothing: the merged reports carry the group's key.
        let regrouped = try Regrouper.run(forwards)
        XCTAssertEqual(regrouped.moved, 0)
        XCTAssertEqual(try groups(forwards), try groups(backwards))
        // The merge gave the failure the group's key and moved it: the counts followed.
        try CacheAssertions.assertCachesMatchRows(forwards)
        try CacheAssertions.assertCachesMatchRows(backwards)
    }

    func testACallSiteWithTwoKeysKeepsTheIncompleteReportApart() throws {
        let console = try String(contentsOfFile: sample("02-bugly-console-zh-textview.txt"), encoding: .utf8)
        let other = console.replacingOccurrences(
            of: "for the key _placeholderLabel.", with: "for the key _textLabel."
        )
        .replacingOccurrences(of: "2015-03-01 08:18:47", with: "2015-03-01 09:18:47")
        let store = try freshStore()
        try importPaths(
            [
                sample("02-bugly-console-zh-textview.txt"), try write("other-key.txt", other),
                sample("09-bugly-sdk-1.4.0-crash.log"),
            ], into: store)
        XCTAssertEqual(
            try groups(store).map { $0.split(separator: " ").dropFirst().joined(separator: " ") }.sorted(),
            ["UITextView.? ×1", "UITextView._placeholderLabel ×1", "UITextView._textLabel ×1"],
            "two keys from one method: which one the bare report hit is unknown")
    }

    /// The Shopster crash of the bundled SDK log, as an Apple report and as an SDK log of another
    /// build whose code moved.
    func unsymbolicated(format: String, offset: Int, uuid: String, incident: String) -> String {
        let frame = "0x\(String(0x1_00a0_0000 + offset, radix: 16)) 0x100a00000 + \(offset)"
        let header =
            format == "apple"
            ? "Incident Identifier: \(incident)\nHardware Model:      iPhone10,1\n"
            : "Hardware Model: iPhone10,1\nRDM SDK Version: 2.5.2\n"
        return header + """
            Process:             Shopster [2231]
            Path:                /var/containers/Bundle/Application/9C1E/Shopster.app/Shopster
            Version:             812 (7.4.2)
            Date/Time:           2019-08-0\(offset % 7 + 1) 20:15:33.412 +0800
            OS Version:          iPhone OS 12.4 (16G77)
            Exception Type:  EXC_CRASH (SIGABRT)

            Last Exception Backtrace:
            0   CoreFoundation                	0x00000001b5f1a98c __exceptionPreprocess + 228
            1   libobjc.A.dylib               	0x00000001b50f3d00 objc_exception_throw + 56
            2   Foundation                    	0x00000001b696a5a8 -[NSObject(NSKeyValueCoding) setValue:forUndefinedKey:] + 200
            3   UIKitCore                     	0x00000001e2416bd8 -[UIRuntimeOutletConnection connect] + 124
            4   Shopster                      	\(frame)
            5   UIKitCore                     	0x00000001e2209c94 -[UIViewController loadViewIfRequired] + 108

            Binary Images:
            0x100a00000 - 0x100ffffff +Shopster arm64  <\(uuid)> /var/containers/Bundle/Application/9C1E/Shopster.app/Shopster
            """
    }

    func testOffsetsThatMoveWithTheBuildAndTheFormatDoNotSplitACrash() throws {
        let store = try freshStore()
        let paths = [
            try write(
                "a.crash", unsymbolicated(format: "apple", offset: 1_168_100, uuid: "aa11", incident: "1")),
            try write("b.log", unsymbolicated(format: "sdk", offset: 1_168_100, uuid: "aa11", incident: "2")),
            try write("c.log", unsymbolicated(format: "sdk", offset: 1_169_200, uuid: "bb22", incident: "3")),
        ]
        let summary = try importPaths(paths, into: store)
        XCTAssertEqual(summary.imported, 3)
        let rows = try store.db.query("SELECT source_format, blame_frame FROM reports ORDER BY id")
        XCTAssertEqual(
            try rows.map { "\(try $0.string("source_format") ?? "") \(try $0.string("blame_frame") ?? "-")" },
            [
                "apple-crash Shopster + 1168100", "bugly-crash-log Shopster + 1168100",
                "bugly-crash-log Shopster + 1169200",
            ])
        XCTAssertEqual(try groups(store).count, 1, "one crash in two builds and two formats")
        XCTAssertEqual(
            try store.db.query("SELECT blame_key FROM crash_group").first?.string("blame_key"),
            "image:shopster")
    }

    func testAnOlderGroupingIsRepairedByRegroupAndByTheNextImport() throws {
        let store = try freshStore("old")
        try importPaths([TestPaths.sampleReports.path], into: store)
        let expected = try groups(store)
        // What crashscan 0.1 stored: the SDK log without a reason in a group of its own, with the
        // offset of Shopster's frame in the fingerprint, and no grouping version.
        let db = store.db
        try db.run("DELETE FROM meta WHERE key = 'grouping_version'")
        let oldGroup = try XCTUnwrap(
            db.insert(
                """
                INSERT INTO crash_group (fingerprint, exception_type, kind, accessor, receiver_class, key_is_private,
                                         cause, blame_frame, created_at)
                VALUES ('fe70d58c00000000', 'NSUnknownKeyException', 'undefined_key', 'set', 'UITextView', 0,
                        'unknown', '-[UITextView(Extension) was_setPlaceholderWithText:Color:]', '2026-01-01T00:00:00Z')
                """))
        try db.run(
            "UPDATE kvc_failure SET key = NULL, cause = 'unknown', evidence = 'frames' WHERE report_id IN (SELECT id FROM report WHERE app_version = '2.2.9')"
        )
        try db.run("UPDATE report SET group_id = ? WHERE app_version = '2.2.9'", [.integer(oldGroup)])
        try db.run(
            "INSERT INTO group_fix (group_id, fixed_in, noted_at) VALUES (?, '2.4.0', 'x')",
            [.integer(oldGroup)])
        try db.run(
            "UPDATE crash_group SET fingerprint = printf('72723e0e%08d', id) WHERE blame_frame LIKE 'Shopster + %'"
        )
        XCTAssertTrue(try Regrouper.isStale(store))
        XCTAssertNotEqual(try groups(store), expected)

        // `report` says so until the database is regrouped.
        if CommandRunner.isBuilt {
            let runner = CommandRunner(folder: folder)
            let report = try runner.run(["report", "--db", db.path])
            XCTAssertEqual(report.status, 0)
            XCTAssertTrue(report.err.contains("run 'crashscan regroup"), report.err)
            let regroup = try runner.run(["regroup", "--db", db.path])
            XCTAssertEqual(regroup.status, 0, regroup.err)
            XCTAssertTrue(regroup.out.contains("1 incomplete group joined to its crash"), regroup.out)
            XCTAssertFalse(try runner.run(["report", "--db", db.path]).err.contains("regroup"))
        } else {
            try Regrouper.run(store)
        }
        XCTAssertEqual(try groups(store), expected)
        XCTAssertFalse(try Regrouper.isStale(store))
        XCTAssertEqual(
            try db.query(
                "SELECT f.fixed_in FROM group_fix f JOIN crash_group g ON g.id = f.group_id WHERE g.key = '_placeholderLabel' AND g.receiver_class = 'UITextView'"
            ).first?.string("fixed_in"), "2.4.0",
            "the fix version recorded on the old group moved with its report")

        // The next import into a stale database regroups it on its own.
        try db.run("UPDATE meta SET value = '1' WHERE key = 'grouping_version'")
        try db.run("UPDATE crash_group SET fingerprint = '0000000000000001' WHERE key = '_searchField'")
        let summary = try importPaths([sample("02-bugly-console-zh-textview.txt")], into: store)
        XCTAssertNotNil(summary.regrouped)
        XCTAssertEqual(try groups(store), expected)
        try CacheAssertions.assertCachesMatchRows(store)
    }

    func testTheAppImageUnderItsBundleIdAndItsExecutableNameIsOneImage() throws {
        let crash = TestPaths.corpus.appendingPathComponent(
            "apple-crash/mobile-dev-inc_Symbolicator__MemoryLeakingApp-2022-08-05-132419.crash")
        let ips = TestPaths.corpus.appendingPathComponent(
            "ips/mobile-dev-inc_Symbolicator__MemoryLeakingApp-2022-08-05-132419.ips")
        guard FileManager.default.fileExists(atPath: crash.path) else { throw XCTSkip("no shared corpus") }
        let store = try freshStore()
        try importPaths([crash.path, ips.path], into: store)
        let rows = try store.db.query("SELECT blame_frame, symbolication FROM reports ORDER BY id")
        XCTAssertEqual(
            try rows.map { try $0.string("blame_frame") },
            ["dev.mobile.MemoryLeakingApp + 17106", "MemoryLeakingApp + 17106"], "as each report names it")
        XCTAssertEqual(try rows.map { try $0.string("symbolication") }, ["missing_dsym", "missing_dsym"])
        XCTAssertEqual(try groups(store).count, 1, "the same crash as .crash and as .ips")
    }
}

/// The same grouping on PostgreSQL. XCTest on Linux finds only the test methods a class
/// declares, hence the overrides.
final class GroupingTestsOnPostgreSQL: GroupingTests {
    override func freshStore(_ name: String = UUID().uuidString) throws -> Store {
        try Store(path: try TestPostgres.freshDatabase(self))
    }

    override func testWhatAGroupShowsDoesNotDependOnTheOrderOfImport() throws {
        try super.testWhatAGroupShowsDoesNotDependOnTheOrderOfImport()
    }
    override func testAReportWithoutReasonJoinsTheGroupOfItsCallSiteWhateverTheOrder() throws {
        try super.testAReportWithoutReasonJoinsTheGroupOfItsCallSiteWhateverTheOrder()
    }
    override func testACallSiteWithTwoKeysKeepsTheIncompleteReportApart() throws {
        try super.testACallSiteWithTwoKeysKeepsTheIncompleteReportApart()
    }
    override func testOffsetsThatMoveWithTheBuildAndTheFormatDoNotSplitACrash() throws {
        try super.testOffsetsThatMoveWithTheBuildAndTheFormatDoNotSplitACrash()
    }
    override func testAnOlderGroupingIsRepairedByRegroupAndByTheNextImport() throws {
        // It rebuilds what crashscan 0.1 wrote, an SQLite file; regroup itself runs on PostgreSQL
        // in TeamDatabaseParityTests.
        throw XCTSkip("an older crashscan's grouping exists in SQLite databases only")
    }
    override func testTheAppImageUnderItsBundleIdAndItsExecutableNameIsOneImage() throws {
        try super.testTheAppImageUnderItsBundleIdAndItsExecutableNameIsOneImage()
    }
}
