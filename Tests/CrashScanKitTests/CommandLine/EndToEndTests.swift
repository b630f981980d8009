import Foundation
import XCTest

/// The built `crashscan` binary, run as a user runs it.
final class EndToEndTests: XCTestCase {
    struct Run {
        var status: Int32
        var out: String
        var err: String
    }

    /// The executable next to the test bundle (`swift build --build-tests` builds both).
    static var binary: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
            "crashscan")
    }

    var folder: URL!

    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.binary.path) else {
            throw XCTSkip("crashscan binary not built at \(Self.binary.path)")
        }
        folder = try TestPaths.temporaryFolder(self)
    }

    @discardableResult
    func run(
        _ arguments: [String], binary: URL = EndToEndTests.binary, stdin: Data? = nil,
        environment: [String: String] = [:]
    ) throws -> Run {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "CRASHSCAN_DB")
        env.merge(environment) { $1 }
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let input = Pipe()
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(stdin) }
        try input.fileHandleForWriting.close()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, out: String(decoding: outData, as: UTF8.self),
            err: String(decoding: errData, as: UTF8.self))
    }

    func testHelpAndVersion() throws {
        for arguments in [["--help"], ["-h"], [], ["help"]] {
            let result = try run(arguments)
            XCTAssertEqual(result.status, 0)
            XCTAssertTrue(result.out.contains("USAGE: crashscan <command>"), arguments.description)
            XCTAssertTrue(result.err.isEmpty)
        }
        let importHelp = try run(["help", "import"])
        XCTAssertTrue(importHelp.out.contains("USAGE: crashscan import PATH..."))
        XCTAssertEqual(try run(["import", "--help"]).out, importHelp.out)
        XCTAssertTrue(try run(["report", "--help"]).out.contains("--os SPEC"))
        let version = try run(["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertTrue(version.out.hasPrefix("crashscan "))
    }

    func testUsageErrorsExit64OnStderr() throws {
        let unknown = try run(["frobnicate"])
        XCTAssertEqual(unknown.status, 64)
        XCTAssertTrue(unknown.err.hasPrefix("crashscan: unknown command 'frobnicate'"), unknown.err)
        XCTAssertTrue(unknown.out.isEmpty)
        XCTAssertEqual(try run(["import"]).status, 64)
        XCTAssertEqual(try run(["report", "--format", "xml"]).status, 64)
    }

    func testImportSampleReportsThenReportJSON() throws {
        let db = folder.appendingPathComponent("demo.sqlite").path
        let first = try run(["import", TestPaths.sampleReports.path, "--db", db])
        XCTAssertEqual(first.status, 65, "one sample is not a crash log")
        XCTAssertTrue(
            first.out.contains("14 files, 16 reports imported, 0 duplicates, 1 rejected"), first.out)
        XCTAssertTrue(first.out.contains("13 KVC failures"), first.out)
        XCTAssertTrue(
            first.err.contains(
                "crashscan: rejected \(TestPaths.sampleReports.path)/12-not-a-crash-release-notes.txt: no crash report found"
            ), first.err)

        let again = try run(["import", TestPaths.sampleReports.path, "--db", db])
        XCTAssertTrue(again.out.contains("0 reports imported, 16 duplicates"), again.out)

        let report = try run(["report", "--os", "8.1", "--format", "json", "--db", db])
        XCTAssertEqual(report.status, 0)
        let json = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(report.out.utf8)) as? [String: Any])
        XCTAssertEqual(json["schema"] as? String, "crashscan.report/1")
        let groups = try XCTUnwrap(json["groups"] as? [[String: Any]])
        let textView = try XCTUnwrap(
            groups.first {
                $0["receiver_class"] as? String == "UITextView" && $0["key"] as? String == "_placeholderLabel"
            })
        XCTAssertEqual(
            (textView["recommendation"] as? [String: Any])?["fix"] as? String, "associated-object-placeholder"
        )
        XCTAssertEqual(textView["kind"] as? String, "undefined_key")
        XCTAssertEqual(textView["cause"] as? String, "private_key")
        let matrix = try XCTUnwrap(json["matrix"] as? [[String: Any]])
        XCTAssertTrue(
            matrix.contains {
                $0["device"] as? String == "iPhone 6 Plus" && $0["device_model"] as? String == "iPhone7,1"
                    && $0["os_version"] as? String == "8.1.3"
            })

        let text = try run(["report", "--os", "8.1", "--db", db])
        XCTAssertTrue(text.out.contains("UITextView._placeholderLabel"))
        XCTAssertTrue(text.out.contains("iPhone 6 Plus"))
        XCTAssertTrue(text.out.contains("associated-object-placeholder"))

        let bad = try run(["report", "--os", "eight", "--db", db])
        XCTAssertEqual(bad.status, 64)
        XCTAssertTrue(bad.err.contains("expected a version (8.1 means every 8.1.x"), bad.err)
    }

    func testDatabaseFromEnvironmentAndStandardInput() throws {
        let text =
            "NSGenericException\nAccess to UISearchBar's _searchField ivar is prohibited. This is an application bug\n"
        let result = try run(
            ["import", "-"], stdin: Data(text.utf8), environment: ["CRASHSCAN_DB": "env.sqlite"])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: folder.appendingPathComponent("env.sqlite").path))
        let report = try run(["report", "--format", "csv"], environment: ["CRASHSCAN_DB": "env.sqlite"])
        XCTAssertTrue(report.out.contains("UISearchBar,_searchField"), report.out)
    }

    func testExitCodesForMissingInputAndUnwritableDatabase() throws {
        let missing = try run(["import", "no/such/folder"])
        XCTAssertEqual(missing.status, 66)
        XCTAssertTrue(missing.err.contains("no such file or folder: no/such/folder"))
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: folder.appendingPathComponent("crashscan.sqlite").path))
        XCTAssertEqual(try run(["report", "--db", "absent.sqlite"]).status, 66)
        let unwritable = try run(["import", TestPaths.sampleReports.path, "--db", "/no/such/dir/x.sqlite"])
        XCTAssertEqual(unwritable.status, 74)
        XCTAssertTrue(unwritable.err.hasPrefix("crashscan: database error"), unwritable.err)
    }

    func testBinaryWorksWhenCopiedElsewhere() throws {
        let copy = folder.appendingPathComponent("bin/crashscan")
        try FileManager.default.createDirectory(
            at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.binary, to: copy)
        let result = try run(
            ["import", TestPaths.sampleReports.path, "--db", "copy.sqlite", "--quiet"], binary: copy)
        XCTAssertEqual(result.status, 65)
        XCTAssertTrue(result.out.contains("16 reports imported"), result.out)
        XCTAssertTrue(try run(["rules"], binary: copy).out.contains("associated-object-placeholder"))
    }

    func testRulesCommandAndMalformedTeamRules() throws {
        let list = try run(["rules"])
        XCTAssertEqual(list.status, 0)
        XCTAssertTrue(list.out.contains("uitextview-placeholder-label"))
        let bad = folder.appendingPathComponent("team.json")
        try Data(
            "{\"rules\": [{\"id\": \"x\", \"match\": {\"os\": \"nine\"}, \"fix\": \"f\", \"title\": \"t\", \"detail\": \"d\"}]}"
                .utf8
        ).write(to: bad)
        let result = try run(["rules", "--rules", bad.path])
        XCTAssertEqual(result.status, 65)
        XCTAssertTrue(
            result.err.contains("rules file \(bad.path), rule 'x' (#1), field 'match.os'"), result.err)
    }
}
