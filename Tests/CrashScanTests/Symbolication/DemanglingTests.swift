import XCTest

@testable import CrashScanClassification
@testable import CrashScanModel
@testable import CrashScanSymbolication

/// Swift and C++ symbols read as people read them, and one function one blame frame whichever
/// way a report spelled it (issue 37, point 1, first step).
final class DemanglingTests: XCTestCase {
    func testSwiftAndCxxSymbolsAreDemangled() {
        XCTAssertEqual(
            SymbolNames.readable("$s15iOSCrashingTest10CrashClassC06pleaseC0yyFZTf4d_n"),
            "function signature specialization <Arg[0] = Dead> of static iOSCrashingTest.CrashClass.pleaseCrash() -> ()"
        )
        XCTAssertEqual(
            SymbolNames.readable("_$s15iOSCrashingTest10CrashClassC06pleaseC0yyFZ"),
            "static iOSCrashingTest.CrashClass.pleaseCrash() -> ()")
        XCTAssertEqual(SymbolNames.readable("$S4main3fooyyF"), "main.foo() -> ()", "Swift 4.2")
        XCTAssertEqual(SymbolNames.readable("_ZN4note6Engine5startEv"), "note::Engine::start()")
        XCTAssertEqual(
            SymbolNames.readable("__ZN4note6Engine5startEv"), "note::Engine::start()", "Apple's extra _")
        for plain in ["-[UITextView setValue:forKey:]", "main", "$sNOT", "_Zebra", "UIApplicationMain"] {
            XCTAssertEqual(SymbolNames.readable(plain), plain)
        }
    }

    func testTheStableFormDropsTheOptimisersWording() {
        let specialised = SymbolNames.stable("$s15iOSCrashingTest10CrashClassC06pleaseC0yyFZTf4d_n")
        XCTAssertEqual(specialised, "static iOSCrashingTest.CrashClass.pleaseCrash() -> ()")
        XCTAssertEqual(SymbolNames.stable("_$s15iOSCrashingTest10CrashClassC06pleaseC0yyFZ"), specialised)
        XCTAssertEqual(SymbolNames.stable("merged " + specialised), specialised)
        XCTAssertEqual(
            CrashGrouping.symbolKey("$s15iOSCrashingTest10CrashClassC06pleaseC0yyFZTf4d_n"),
            CrashGrouping.symbolKey("function signature specialization <Arg[0] = Dead> of " + specialised),
            "a stored readable name and the mangled one are one blame frame")
        XCTAssertEqual(CrashGrouping.symbolKey("_-[A b]"), "-[ab]")
        // A readable name with the optimiser's wording anywhere in it has a stable form to take.
        XCTAssertTrue(SymbolNames.hasStableForm("generic specialization <Swift.Int> of App.f() -> ()"))
        XCTAssertTrue(SymbolNames.hasStableForm("merged App.f() -> ()"))
        XCTAssertFalse(
            SymbolNames.hasStableForm("-[UITextView(Extension) was_setPlaceholderWithText:Color:]"))
    }

    /// A real Swift object built by the toolchain, its dSYM given at import: the crash's app
    /// frame resolves to the mangled symbol llvm-symbolizer returns, and `report` and `explain`
    /// show the function demangled, with its file and line.
    func testASymbolicatedSwiftCrashIsReadable() throws {
        guard LLVMSymbolizer.locate() != nil else { throw XCTSkip("llvm-symbolizer is not installed") }
        let runner = CommandRunner(folder: try TestPaths.temporaryFolder(self))
        let uuid = SymbolicationTests.buildOne
        try DSYMBuilder.makeSwiftDSYM(in: runner.folder.appendingPathComponent("dsyms"), uuid: uuid)
        let object = try DSYMBuilder.compileSwiftObject(in: runner.folder.appendingPathComponent("build"))
        let address = try XCTUnwrap(DSYMBuilder.address(of: DSYMBuilder.swiftSymbol, in: object))
        let crash = SymbolicationTests.report(uuid: uuid, blameOffset: address + 4, incident: "S-1")
        try Data(crash.utf8).write(to: runner.folder.appendingPathComponent("swift.crash"))
        let imported = try runner.run(["import", "swift.crash", "--dsym", "dsyms"])
        XCTAssertEqual(imported.status, 0, imported.err)
        let function = "static iOSCrashingTest.CrashClass.pleaseCrash(Builtin.Int64) -> Builtin.Int64"
        let json = try runner.run(["report", "--format", "json"])
        XCTAssertTrue(json.out.contains(#""blame_frame" : "\#(function)""#), json.out)
        XCTAssertTrue(json.out.contains(#""blame_location" : "CrashClass.swift:2""#), json.out)
        let id = try XCTUnwrap(
            (try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any]).flatMap {
                ($0["groups"] as? [[String: Any]])?.first?["id"] as? String
            })
        let explained = try runner.run(["explain", id], environment: ["COLUMNS": "160"])
        XCTAssertTrue(explained.out.contains("\(function) (CrashClass.swift:2)"), explained.out)
        XCTAssertFalse(explained.out.contains("$s15iOSCrashingTest"), explained.out)
    }

    /// The blame frame says where it is in the source wherever it is shown (issue 37, point 2).
    func testTheBlameFrameSaysWhereItIs() throws {
        let runner = CommandRunner(folder: try TestPaths.temporaryFolder(self))
        let samples = runner.folder.appendingPathComponent("SampleReports")
        try FileManager.default.copyItem(at: TestPaths.sampleReports, to: samples)
        XCTAssertEqual(try runner.run(["import", "SampleReports", "--quiet"]).status, 0)
        let text = try runner.run(["report", "--os", "8.1"], environment: ["COLUMNS": "160"])
        XCTAssertTrue(
            text.out.contains(
                "blame: -[UITextView(Extension) was_setPlaceholderWithText:Color:] (UITextView+Extension.m:41)"
            ),
            text.out)
        let json = try runner.run(["report", "--os", "8.1", "--format", "json"])
        XCTAssertTrue(json.out.contains(#""blame_location" : "UITextView+Extension.m:41""#), json.out)
        let explained = try runner.run(["explain", "1b4b4cd6", "--format", "json"])
        XCTAssertTrue(
            explained.out.contains(#""blame_location" : "UITextView+Extension.m:41""#), explained.out)
    }

    /// Two builds of one Swift crash, one specialised by the optimiser, land in one group that
    /// shows the function readable; `explain` shows every frame demangled; a database grouped
    /// before (blame frames stored mangled) is regrouped into the same group.
    func testOneSwiftFunctionIsOneGroupShownReadable() throws {
        let runner = CommandRunner(folder: try TestPaths.temporaryFolder(self))
        for (name, symbol, os) in [
            ("a.txt", "$s9NoteSwift8NoteViewC5setupyyFTf4d_n", "8.1.1"),
            ("b.txt", "_$s9NoteSwift8NoteViewC5setupyyF", "8.1.2"),
        ] {
            let text = """
                Device Model: iPhone 6
                OS Version: \(os) (12B411)
                Process: NoteSwift
                NSUnknownKeyException
                [<UITextView 0x1> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key _placeholderLabel.
                0 CoreFoundation    ___exceptionPreprocess + 132
                1 NoteSwift    \(symbol) + 40
                2 NoteSwift    _ZN4note6Engine5startEv + 12

                """
            try Data(text.utf8).write(to: runner.folder.appendingPathComponent(name))
        }
        XCTAssertEqual(try runner.run(["import", "a.txt", "b.txt", "--quiet"]).status, 0)
        let report = try runner.run(["report", "--format", "json"])
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(report.out.utf8)) as? [String: Any])
        let groups = try XCTUnwrap(json["groups"] as? [[String: Any]])
        XCTAssertEqual(groups.count, 1, "one function, one group")
        XCTAssertEqual(groups.first?["report_count"] as? Int, 2)
        XCTAssertEqual(groups.first?["blame_frame"] as? String, "NoteSwift.NoteView.setup() -> ()")
        let id = try XCTUnwrap(groups.first?["id"] as? String)
        let explained = try runner.run(["explain", id])
        XCTAssertTrue(explained.out.contains("NoteSwift.NoteView.setup() -> ()"), explained.out)
        XCTAssertTrue(explained.out.contains("note::Engine::start()"), explained.out)
        XCTAssertFalse(explained.out.contains("$s9NoteSwift"), explained.out)
        let explainedJSON = try runner.run(["explain", id, "--format", "json"])
        XCTAssertTrue(
            explainedJSON.out.contains(#""mangled_symbol" : "_ZN4note6Engine5startEv""#),
            "the symbol as the report gave it is kept beside: " + explainedJSON.out)

        // As an older crashscan stored them: the blame frames mangled, grouped apart.
        let db = runner.folder.appendingPathComponent("crashscan.sqlite").path
        for (file, symbol) in [
            ("a.txt", "$s9NoteSwift8NoteViewC5setupyyFTf4d_n"), ("b.txt", "$s9NoteSwift8NoteViewC5setupyyF"),
        ] {
            let sql = "UPDATE report SET blame_frame = '\(symbol)' WHERE source_path = '\(file)';"
            let shell = Process()
            shell.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
            shell.arguments = [db, sql + " UPDATE meta SET value = '2' WHERE key = 'grouping_version';"]
            try shell.run()
            shell.waitUntilExit()
        }
        let regroup = try runner.run(["regroup"])
        XCTAssertEqual(regroup.status, 0, regroup.err)
        XCTAssertEqual(try runner.run(["check", "--repair"]).status, 0)
        let after = try runner.run(["report", "--format", "json"])
        let again = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(after.out.utf8)) as? [String: Any])
        XCTAssertEqual((again["groups"] as? [[String: Any]])?.count, 1, after.out)
    }
}
