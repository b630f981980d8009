import XCTest

@testable import CrashScanModel
@testable import CrashScanStore

/// One crash is stored once and grouped once, whichever formats exported it (issue 36, point 3):
/// the same incident in two formats keeps the richer copy, and an unsymbolicated copy of a
/// crash joins its symbolicated group.
final class IncidentTests: XCTestCase {
    var runner: CommandRunner!

    override func setUpWithError() throws {
        runner = CommandRunner(folder: try TestPaths.temporaryFolder(self))
    }

    /// The seed crash as Bugly's console shows it (symbolicated), from the samples.
    func consoleCopy() throws -> String {
        try String(
            contentsOf: TestPaths.sampleReports.appendingPathComponent("02-bugly-console-zh-textview.txt"),
            encoding: .utf8)
    }

    /// The same incident as Bugly's web API returns it: same device, crash time and reason, the
    /// app frame unsymbolicated, fewer fields.
    static let webCopy = """
        {"code": 200, "ret": {"crashMap": {
          "crashId": "AA1C0A927B334E108DA4612FC90E71B8", "issueId": "1183", "productVersion": "2.3.1",
          "model": "iPhone 6 Plus", "osVer": "8.1.3 (12B466)", "expName": "NSUnknownKeyException",
          "expMessage": "[<UITextView 0x17e52c00> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key _placeholderLabel.",
          "crashTime": "2015-03-01 08:18:47", "processName": "LilyForParent",
          "deviceId": "C2E81F04-5B9A-4D3E-8F61-92A7D4B0E5C3",
          "retraceCrashDetail": "0 CoreFoundation    ___exceptionPreprocess + 132\\n1 LilyForParent    LilyForParent + 936749\\n"
        }}}
        """

    func write(_ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: runner.folder.appendingPathComponent(name))
    }

    func query(_ db: String, _ sql: String) throws -> [String] {
        if db.hasPrefix("postgresql:") {
            let psql = Process()
            psql.executableURL = URL(fileURLWithPath: "/usr/bin/psql")
            psql.arguments = [db, "-tAc", sql]
            let pipe = Pipe()
            psql.standardOutput = pipe
            try psql.run()
            let out = pipe.fileHandleForReading.readDataToEndOfFile()
            psql.waitUntilExit()
            return String(decoding: out, as: UTF8.self).split(separator: "\n").map(String.init)
        }
        let store = try Store(path: runner.folder.appendingPathComponent(db).path, access: .readOnly)
        return try store.db.query(sql).map { row in
            try row.columns.map { try row.value($0).textForm ?? "" }.joined(separator: "|")
        }
    }

    /// In both orders of import, on a new database each (`database(order)`).
    func assertOneIncidentKeepsTheConsoleCopy(database: (String) throws -> String) throws {
        try write("console.txt", try consoleCopy())
        try write("web.json", Self.webCopy)
        for (first, second) in [("console.txt", "web.json"), ("web.json", "console.txt")] {
            let target = try database(first)
            XCTAssertEqual(try runner.run(["import", first, "--db", target, "--quiet"]).status, 0)
            let again = try runner.run(["import", second, "--db", target])
            XCTAssertEqual(again.status, 0, again.err)
            // Either order keeps the console copy, the richer one (a symbolicated blame frame).
            XCTAssertTrue(again.err.contains("crashscan: web.json: same incident as console.txt"), again.err)
            XCTAssertEqual(
                try query(target, "SELECT source_path FROM report"), ["console.txt"], "\(first) first")
            XCTAssertEqual(
                try query(target, "SELECT count(*) FROM crash_group"), ["1"],
                "the dropped copy's group goes with it")
            let check = try runner.run(["check", "--db", target])
            XCTAssertEqual(check.status, 0, "the counts follow the replaced copy: " + check.out + check.err)
        }
    }

    func testOneIncidentInTwoFormatsIsStoredOnceAsItsRicherCopy() throws {
        try assertOneIncidentKeepsTheConsoleCopy { "\($0).sqlite" }
    }

    func testOneIncidentInTwoFormatsIsStoredOnceOnPostgreSQL() throws {
        guard ProcessInfo.processInfo.environment["CRASHSCAN_TEST_POSTGRES"] != nil else {
            throw XCTSkip("CRASHSCAN_TEST_POSTGRES is not set")
        }
        try assertOneIncidentKeepsTheConsoleCopy { _ in try TestPostgres.freshDatabase(self) }
    }

    /// The poorer copy replaced within the import that stored it: the import's reports are then
    /// no longer one run of ids (the caches add them by their list, not by a range), and the
    /// counts still follow the rows.
    func testARicherCopyLaterInTheSameImportLeavesTheCountsRight() throws {
        let samples = TestPaths.sampleReports
        for (name, sample) in [
            ("1-other.txt", "11-not-kvc-range-exception-zh.txt"),
            ("3-other.txt", "13-bugly-console-en-datepicker.txt"),
        ] {
            try write(name, try String(contentsOf: samples.appendingPathComponent(sample), encoding: .utf8))
        }
        try write("2-web.json", Self.webCopy)
        try write("4-console.txt", try consoleCopy())
        let imported = try runner.run(["import", "1-other.txt", "2-web.json", "3-other.txt", "4-console.txt"])
        XCTAssertEqual(imported.status, 0, imported.err)
        XCTAssertTrue(imported.err.contains("same incident as 4-console.txt"), imported.err)
        XCTAssertEqual(
            try query("crashscan.sqlite", "SELECT id, source_path FROM report ORDER BY id"),
            ["1|1-other.txt", "3|3-other.txt", "4|4-console.txt"], "the web copy's id 2 left a gap")
        XCTAssertEqual(
            try query(
                "crashscan.sqlite",
                "SELECT count(*) FROM kvc_failure WHERE report_id NOT IN (SELECT id FROM report)"),
            ["0"], "the replaced copy's failure went with it")
        let check = try runner.run(["check"])
        XCTAssertEqual(check.status, 0, check.out + check.err)
    }

    func testAnotherCrashOfTheSameDeviceIsNoIncidentCopy() throws {
        try write("console.txt", try consoleCopy())
        try write(
            "later.json",
            Self.webCopy.replacingOccurrences(of: "2015-03-01 08:18:47", with: "2015-03-01 08:19:47"))
        XCTAssertEqual(try runner.run(["import", "console.txt", "later.json", "--quiet"]).status, 0)
        XCTAssertEqual(try query("crashscan.sqlite", "SELECT count(*) FROM report"), ["2"])
    }

    /// A console copy of the seed crash without symbols, from another device and day: its own
    /// crash, which joins the symbolicated seed group instead of making a group beside it, on
    /// import and again after a regroup.
    func testAnUnsymbolicatedCopyJoinsTheSymbolicatedGroup() throws {
        var text = try consoleCopy()
        for (line, offset) in [("7", 936_749), ("8", 941_072), ("9", 940_544), ("26", 16_384)] {
            text = text.split(separator: "\n", omittingEmptySubsequences: false).map { row in
                row.hasPrefix("\(line) LilyForParent ")
                    ? "\(line) LilyForParent    LilyForParent + \(offset)" : String(row)
            }.joined(separator: "\n")
        }
        text = text.replacingOccurrences(of: "C2E81F04-5B9A-4D3E-8F61-92A7D4B0E5C3", with: "D00D")
        try write("console.txt", try consoleCopy())
        try write("unsymbolicated.txt", text)
        let imported = try runner.run(["import", "console.txt", "--quiet"])
        XCTAssertEqual(imported.status, 0)
        let joined = try runner.run(["import", "unsymbolicated.txt"])
        XCTAssertTrue(joined.out.contains("1 incomplete group joined to its crash"), joined.out)
        let groups = "SELECT group_id, count(*), min(blame_frame) FROM report GROUP BY group_id"
        XCTAssertEqual(try query("crashscan.sqlite", groups).count, 1, "one group")
        XCTAssertEqual(
            try query(
                "crashscan.sqlite",
                "SELECT blame_symbolicated FROM report WHERE source_path = 'unsymbolicated.txt'"),
            ["0"], "its blame frame is an offset")
        XCTAssertEqual(try runner.run(["regroup"]).status, 0)
        XCTAssertEqual(try query("crashscan.sqlite", groups).count, 1, "regroup keeps it there")
        XCTAssertEqual(try runner.run(["check"]).status, 0)
    }
}
