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

/// Symbolication with a real dSYM: a Mach-O object with DWARF built by the toolchain's clang, a UUID
/// written into it, crash reports whose app frames are offsets into that image, resolved by
/// llvm-symbolizer at import (`--dsym`) and later (`crashscan symbolicate`).
final class SymbolicationTests: XCTestCase {
    static let buildOne: [UInt8] = Array(0x10...0x1f)
    static let buildTwo: [UInt8] = Array(0x20...0x2f)

    static func uuidText(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    /// An Apple report of the seed's crash whose app frames are offsets into image `App` with `uuid`.
    static func report(uuid: [UInt8], blameOffset: UInt64, mainOffset: UInt64 = 1200, incident: String)
        -> String
    {
        let load: UInt64 = 0x1_0008_8000
        let blame = String(load + blameOffset, radix: 16)
        return """
            Incident Identifier: \(incident)
            Hardware Model:      iPhone7,1
            Process:             App [412]
            Path:                /private/var/mobile/Containers/Bundle/Application/2B7E/App.app/App
            Identifier:          com.example.app
            Version:             231 (2.3.1)
            Code Type:           ARM-64 (Native)
            Date/Time:           2015-03-02 19:07:41.328 +0800
            OS Version:          iOS 8.1.3 (12B466)
            Exception Type:  EXC_CRASH (SIGABRT)
            Triggered by Thread:  0

            Application Specific Information:
            *** Terminating app due to uncaught exception 'NSUnknownKeyException', reason: '[<UITextView 0x17e5a2c00> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key _placeholderLabel.'

            Last Exception Backtrace:
            0   CoreFoundation                	0x0000000184f1a59c __exceptionPreprocess + 132
            1   libobjc.A.dylib               	0x000000019566c0e4 objc_exception_throw + 60
            2   Foundation                    	0x0000000185d5e3a8 -[NSObject(NSKeyValueCoding) setValue:forUndefinedKey:] + 288
            3   Foundation                    	0x0000000185cb99e8 -[NSObject(NSKeyValueCoding) setValue:forKey:] + 288
            4   App                           	0x\(blame) 0x100088000 + \(blameOffset)
            5   UIKit                         	0x000000018969c0a8 -[UIViewController loadViewIfRequired] + 692
            6   App                           	0x00000001000598d0 0x100088000 + \(mainOffset)

            Binary Images:
            0x100088000 - 0x1002fffff +App arm64  <\(uuidText(uuid))> /private/var/mobile/Containers/Bundle/Application/2B7E/App.app/App
            0x184dd4000 - 0x184fdbfff  CoreFoundation arm64  <1e2e9a0e1c1a3a3cb5e0a2d0e1f2a3b4> /System/Library/Frameworks/CoreFoundation.framework/CoreFoundation
            """
    }

    struct Fixture {
        var folder: URL
        var dsym: URL
        /// Offset of `-[LFPPlaceholderHelper applyPlaceholder:]` plus 8 (a return address inside it).
        var methodOffset: UInt64
        var functionOffset: UInt64
    }

    func makeFixture() throws -> Fixture { try Self.makeFixture(self) }

    /// The dSYM of build one (`App`, arm64) in a new folder, and the offsets of two functions in it.
    static func makeFixture(_ test: XCTestCase) throws -> Fixture {
        guard LLVMSymbolizer.locate() != nil else {
            throw XCTSkip("llvm-symbolizer is not installed (Debian package llvm)")
        }
        let folder = try TestPaths.temporaryFolder(test)
        let dsym = try DSYMBuilder.makeDSYM(in: folder.appendingPathComponent("dsyms"), uuid: Self.buildOne)
        let object = try DSYMBuilder.compileObject(in: folder)
        let method = try XCTUnwrap(
            DSYMBuilder.address(of: "-[LFPPlaceholderHelper applyPlaceholder:]", in: object))
        let function = try XCTUnwrap(DSYMBuilder.address(of: "_LFPHelperCount", in: object))
        return Fixture(folder: folder, dsym: dsym, methodOffset: method + 8, functionOffset: function + 4)
    }

    func testMachOReaderFindsTheUUIDOfEachSlice() throws {
        let fixture = try makeFixture()
        let dwarf = fixture.dsym.appendingPathComponent("Contents/Resources/DWARF/App").path
        let machO = try XCTUnwrap(DSYMIndex.machO(at: dwarf))
        XCTAssertEqual(machO.slices.map(\.arch), ["arm64"])
        XCTAssertEqual(machO.slices.first?.uuid, Self.uuidText(Self.buildOne).uppercased())

        // A universal file: a big-endian fat header in front of two slices.
        let thin = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dwarf)))
        var fat: [UInt8] = [0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 2]
        func bigEndian(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> (24 - 8 * $0)) & 0xff) } }
        let second = DSYMBuilder.addingUUID(
            Self.buildTwo, to: try DSYMBuilder.compileObject(in: fixture.folder))
        fat +=
            bigEndian(0x0100_000c) + bigEndian(0) + bigEndian(4096) + bigEndian(UInt32(thin.count))
            + bigEndian(12)
        fat +=
            bigEndian(0x0100_000c) + bigEndian(2) + bigEndian(UInt32(4096 + thin.count))
            + bigEndian(UInt32(second.count)) + bigEndian(12)
        fat += [UInt8](repeating: 0, count: 4096 - fat.count) + thin + second
        let universal = try XCTUnwrap(MachOFile(bytes: fat))
        XCTAssertEqual(universal.slices.map(\.arch), ["arm64", "arm64"], "each slice's own header names it")
        XCTAssertEqual(
            universal.slices.map(\.uuid),
            [Self.uuidText(Self.buildOne), Self.uuidText(Self.buildTwo)].map { $0.uppercased() })
        XCTAssertNil(MachOFile(bytes: Array("not a Mach-O file".utf8)))
    }

    func testImportWithDSYMResolvesAppFramesAndGroupsOnTheSymbol() throws {
        let fixture = try makeFixture()
        let crash = Self.report(
            uuid: Self.buildOne, blameOffset: fixture.methodOffset, mainOffset: fixture.functionOffset,
            incident: "A-1")
        let report = try XCTUnwrap(ReportReader.read(Data(crash.utf8)).reports?.first)
        XCTAssertEqual(report.binaryImages.map(\.name), ["App"], "system images are not kept")
        let symbolicator = try Symbolicator(index: DSYMIndex(paths: [fixture.dsym.path]))
        let analyzed = ParseSettings(symbolicator: symbolicator).analyze(report)
        XCTAssertEqual(analyzed.blameFrame, "-[LFPPlaceholderHelper applyPlaceholder:]")
        XCTAssertEqual(analyzed.blameSymbolicated, true)
        XCTAssertEqual(analyzed.symbolication, .symbolicated)
        let blame = try XCTUnwrap(analyzed.report.frames.first { $0.image == "App" })
        XCTAssertEqual(blame.file, "Helper.m")
        XCTAssertEqual(blame.line, 5, "the line of the method in the compiled source")
        XCTAssertEqual(
            analyzed.report.frames.last?.symbol, "LFPHelperCount",
            "C functions resolve too (no leading underscore)")
        XCTAssertFalse(analyzed.keepsFramesForSymbols, "a symbolicated report keeps no frames of its own")

        let plain = AnalyzedReport(report)
        XCTAssertEqual(plain.symbolication, .missingDSYM)
        XCTAssertEqual(plain.blameFrame, "App + \(fixture.methodOffset)")
        XCTAssertTrue(plain.keepsFramesForSymbols)
    }

    func testImportCommandSymbolicatesWithTheDSYMGiven() throws {
        guard CommandRunner.isBuilt else { throw XCTSkip("crashscan is not built") }
        let fixture = try makeFixture()
        let crash = fixture.folder.appendingPathComponent("app.crash")
        try Data(Self.report(uuid: Self.buildOne, blameOffset: fixture.methodOffset, incident: "C-3").utf8)
            .write(to: crash)
        let runner = CommandRunner(folder: fixture.folder)
        let run = try runner.run(["import", crash.path, "--db", "db.sqlite", "--dsym", fixture.folder.path])
        XCTAssertEqual(run.status, 0, run.err)
        let store = try Store(path: fixture.folder.appendingPathComponent("db.sqlite").path)
        let row = try XCTUnwrap(store.db.query("SELECT blame_frame, symbolication FROM reports").first)
        XCTAssertEqual(try row.string("blame_frame"), "-[LFPPlaceholderHelper applyPlaceholder:]")
        XCTAssertEqual(try row.string("symbolication"), "symbolicated")
        let group = try XCTUnwrap(
            store.db.query("SELECT fingerprint FROM crash_groups").first?.string("fingerprint"))
        let explain = try runner.run(
            ["explain", "--db", "db.sqlite", String(group.prefix(8))], environment: ["COLUMNS": "120"])
        XCTAssertTrue(
            explain.out.contains("LFPPlaceholderHelper applyPlaceholder:] (Helper.m:5)"), explain.out)
    }

    func testUnsymbolicatedBuildsShareAGroupAndSymbolicateLaterRegroupsThem() throws {
        guard CommandRunner.isBuilt else { throw XCTSkip("crashscan is not built") }
        let fixture = try makeFixture()
        let inputs = fixture.folder.appendingPathComponent("inputs")
        try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
        // Two builds whose app frames are offsets into different code: without symbols they are
        // one group (the offset of an unsymbolicated frame moves with every build, so it is not
        // grouped on); with symbols, the blame frames differ and so do the groups.
        for (name, uuid, blame) in [
            ("build1", Self.buildOne, fixture.methodOffset),
            ("build2", Self.buildTwo, fixture.functionOffset),
        ] {
            let text = Self.report(
                uuid: uuid, blameOffset: blame, mainOffset: fixture.functionOffset, incident: name)
            try Data(text.utf8).write(to: inputs.appendingPathComponent("\(name).crash"))
        }
        let runner = CommandRunner(folder: fixture.folder)
        let db = fixture.folder.appendingPathComponent("db.sqlite").path
        XCTAssertEqual(try runner.run(["import", inputs.path, "--db", db]).status, 0)
        let store = try Store(path: db)
        func groups() throws -> [String] {
            try store.db.query("SELECT blame_frame, report_count FROM crash_groups ORDER BY blame_frame").map
            {
                "\(try $0.string("blame_frame") ?? "-") ×\(try $0.int("report_count") ?? 0)"
            }
        }
        XCTAssertEqual(try groups().count, 1, "offsets that move between builds do not split the crash")
        XCTAssertEqual(
            try store.db.query("SELECT DISTINCT symbolication FROM reports").compactMap {
                try $0.string("symbolication")
            },
            ["missing_dsym"])
        let explain = try runner.run(
            [
                "explain", "--db", db,
                String(
                    try XCTUnwrap(
                        store.db.query("SELECT fingerprint FROM crash_groups").first?.string("fingerprint")
                    ).prefix(8)),
            ], environment: ["COLUMNS": "120"])
        XCTAssertTrue(explain.out.contains("no matching dSYM was given"), explain.out)

        // The second build's dSYM, zipped as Xcode's Organizer hands it out, plus the first's bundle.
        let secondFolder = fixture.folder.appendingPathComponent("second")
        let secondBundle = try DSYMBuilder.makeDSYM(in: secondFolder, uuid: Self.buildTwo)
        let zip = fixture.folder.appendingPathComponent("dSYMs.zip")
        try DSYMBuilder.zip(secondBundle, to: zip)
        let symbolicate = try runner.run([
            "symbolicate", "--all", "--dsym", fixture.dsym.path, "--dsym", zip.path, "--db", db,
        ])
        XCTAssertEqual(symbolicate.status, 0, symbolicate.err)
        XCTAssertTrue(symbolicate.out.hasPrefix("symbolicated 2 of 2 reports"), symbolicate.out)
        let blames = try store.db.query("SELECT blame_frame FROM reports ORDER BY id").compactMap {
            try $0.string("blame_frame")
        }
        XCTAssertEqual(blames.first, "-[LFPPlaceholderHelper applyPlaceholder:]")
        XCTAssertEqual(
            try groups(), ["-[LFPPlaceholderHelper applyPlaceholder:] ×1", "LFPHelperCount ×1"],
            "build two crashed in another function")
        XCTAssertEqual(
            try store.db.query("SELECT DISTINCT symbolication FROM reports").compactMap {
                try $0.string("symbolication")
            },
            ["symbolicated"])
        XCTAssertEqual(
            try store.db.query("SELECT count(*) AS n FROM report WHERE frames IS NOT NULL").first?.int("n"),
            0,
            "symbolicated reports drop their stored frames")
        // The blame frames counted per group (what the groups above show) followed the rewrite.
        try CacheAssertions.assertCachesMatchRows(store)
    }

    /// A frame inside a function the compiler inlined (`LFPClamp`, always_inline, into
    /// `LFPLayoutCount`) is shown as both functions, the inlined one marked and at its own line;
    /// the report's function stays the blame frame.
    func testInlinedFunctionsAreShownAsSuch() throws {
        guard CommandRunner.isBuilt else { throw XCTSkip("crashscan is not built") }
        let fixture = try makeFixture()
        let object = try DSYMBuilder.compileObject(in: fixture.folder)
        // 0x20 into LFPLayoutCount: `value = 10;` of the inlined LFPClamp (clang -O0 inlines
        // always_inline functions and describes them in DWARF).
        let inside = try XCTUnwrap(DSYMBuilder.address(of: "_LFPLayoutCount", in: object)) + 0x20
        let crash = fixture.folder.appendingPathComponent("inlined.crash")
        try Data(Self.report(uuid: Self.buildOne, blameOffset: inside, incident: "I-1").utf8).write(to: crash)
        let report = try XCTUnwrap(ReportReader.read(Data(contentsOf: crash)).reports?.first)
        let symbolicator = try Symbolicator(index: DSYMIndex(paths: [fixture.dsym.path]))
        let analyzed = ParseSettings(symbolicator: symbolicator).analyze(report)
        let app = analyzed.report.frames.filter { $0.image == "App" }
        XCTAssertEqual(app.map(\.symbol).prefix(2), ["LFPClamp", "LFPLayoutCount"])
        XCTAssertEqual(app.map(\.isInlined).prefix(2), [true, false])
        XCTAssertEqual(app.first?.line, 15, "the inlined function's own line")
        XCTAssertEqual(app.dropFirst().first?.line, 19, "the line that called it")
        XCTAssertEqual(app.first?.index, app.dropFirst().first?.index, "one frame of the report")
        XCTAssertEqual(analyzed.blameFrame, "LFPLayoutCount", "the report's function is to blame")
        XCTAssertEqual(analyzed.report.symbolicatedFrames, 1, "one frame of the report resolved (as two)")

        let runner = CommandRunner(folder: fixture.folder)
        let run = try runner.run(["import", crash.path, "--db", "db.sqlite", "--dsym", fixture.dsym.path])
        XCTAssertEqual(run.status, 0, run.err)
        let store = try Store(path: fixture.folder.appendingPathComponent("db.sqlite").path)
        let group = String(
            try XCTUnwrap(store.db.query("SELECT fingerprint FROM crash_groups").first?.string("fingerprint"))
                .prefix(8))
        let explain = try runner.run(
            ["explain", "--db", "db.sqlite", "--format", "json", group], environment: ["COLUMNS": "120"])
        let text = try runner.run(["explain", "--db", "db.sqlite", group], environment: ["COLUMNS": "120"])
        XCTAssertTrue(text.out.contains("LFPClamp (Helper.m:15) [inlined]"), text.out)
        XCTAssertTrue(text.out.contains("blame frame     LFPLayoutCount (Helper.m:19)"), text.out)
        let json = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(explain.out.utf8)) as? [String: Any], explain.err)
        let frames = try XCTUnwrap(json["frames"] as? [[String: Any]])
        let clamp = try XCTUnwrap(frames.first { $0["symbol"] as? String == "LFPClamp" })
        XCTAssertEqual(clamp["inlined"] as? Bool, true)
        XCTAssertEqual(clamp["location"] as? String, "Helper.m:15")
        XCTAssertNil(frames.first { $0["symbol"] as? String == "LFPLayoutCount" }?["inlined"])
    }

    /// Offsets and sizes a damaged or hostile Mach-O file gives are checked against the file:
    /// a fat64 header whose slice lies at 0xffffffffffffffff once ended `import --dsym` with
    /// SIGILL (in `seek`), and so did 75 of 300 random files. Such a file is no dSYM: skipped.
    func testDamagedMachOFilesAreNoDSYMAndNeverFatal() throws {
        let folder = try TestPaths.temporaryFolder(self)
        func bigEndian(_ value: UInt64, bytes: Int) -> [UInt8] {
            (0..<bytes).map { UInt8((value >> UInt64(8 * (bytes - 1 - $0))) & 0xff) }
        }
        let fat64 =
            [0xca, 0xfe, 0xba, 0xbf, 0, 0, 0, 1] + bigEndian(0x0100_000c, bytes: 4) + bigEndian(0, bytes: 4)
            + bigEndian(UInt64.max, bytes: 8) + bigEndian(100, bytes: 8) + bigEndian(14, bytes: 4)
            + bigEndian(0, bytes: 4)
        XCTAssertEqual(fat64.count, 40)
        let fat32PastTheEnd =
            [0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 1] + bigEndian(0x0100_000c, bytes: 4) + bigEndian(0, bytes: 4)
            + bigEndian(0xffff_fff0, bytes: 4) + bigEndian(100, bytes: 4) + bigEndian(12, bytes: 4)
        let fixture = try makeFixture()
        let thin = [UInt8](
            try Data(contentsOf: fixture.dsym.appendingPathComponent("Contents/Resources/DWARF/App")))
        // The thin file with its header's counts and sizes damaged, byte by byte.
        var damaged: [[UInt8]] = [fat64, fat32PastTheEnd]
        var state: UInt64 = 39
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 11
        }
        for _ in 0..<300 {
            var bytes = thin
            for _ in 0..<4 { bytes[Int(next() % 64)] = UInt8(truncatingIfNeeded: next()) }
            damaged.append(bytes)
        }
        for (index, bytes) in damaged.enumerated() {
            _ = MachOFile(bytes: bytes)
            let path = folder.appendingPathComponent("damaged-\(index)").path
            XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
            _ = DSYMIndex.machO(at: path)
        }
        XCTAssertNil(MachOFile(bytes: fat64))
        XCTAssertNil(DSYMIndex.machO(at: folder.appendingPathComponent("damaged-0").path))
        XCTAssertNil(DSYMIndex.machO(at: folder.appendingPathComponent("damaged-1").path))

        guard CommandRunner.isBuilt else { return }
        let runner = CommandRunner(folder: folder)
        let run = try runner.run([
            "import", TestPaths.sampleReports.path, "--db", "x.sqlite", "--dsym",
            folder.appendingPathComponent("damaged-0").path,
        ])
        XCTAssertEqual(run.status, 65, run.err)
        XCTAssertTrue(run.err.contains("damaged-0: no dSYM with a UUID found"), run.err)
    }

    func testMissingDSYMPathsAndFoldersWithoutDSYMsAreClearErrors() throws {
        guard CommandRunner.isBuilt else { throw XCTSkip("crashscan is not built") }
        let folder = try TestPaths.temporaryFolder(self)
        let runner = CommandRunner(folder: folder)
        let missing = try runner.run([
            "import", TestPaths.sampleReports.path, "--db", "x.sqlite", "--dsym", "nowhere.dSYM",
        ])
        XCTAssertEqual(missing.status, 66)
        XCTAssertTrue(missing.err.contains("--dsym nowhere.dSYM: no such file or folder"), missing.err)
        let empty = try runner.run([
            "import", TestPaths.sampleReports.path, "--db", "x.sqlite", "--dsym",
            TestPaths.sampleReports.path,
        ])
        XCTAssertEqual(empty.status, 65)
        XCTAssertTrue(empty.err.contains("no dSYM with a UUID found"), empty.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.sqlite").path))
    }
}
