import Foundation
import XCTest

/// What a user (or a script) can type into every filter and id: SQL, LIKE and GLOB wildcards,
/// backslashes, 100 KB, escape codes, nothing. Each is refused (64) or answered correctly,
/// never reaches the SQL, never changes the database, and never reaches the terminal raw.
final class HostileValueTests: XCTestCase {
    var folder: URL!
    var runner: CommandRunner!

    override func setUpWithError() throws {
        guard CommandRunner.isBuilt else { throw XCTSkip("crashscan binary not built") }
        folder = try TestPaths.temporaryFolder(self)
        runner = CommandRunner(folder: folder)
        XCTAssertEqual(try runner.run(["import", "--quiet", TestPaths.sampleReports.path]).status, 0)
    }

    static let values = [
        "'; DROP TABLE report; --", "\" OR 1=1 --", "%", "_", "\\", "*", "[a-z]*", "?", "",
        // One argument may not exceed 128 KB (MAX_ARG_STRLEN).
        String(repeating: "x", count: 100_000),
        "\u{1B}[2J\u{1B}[H fake", "line\nbreak",
    ]

    func databaseBytes() throws -> Data {
        try Data(contentsOf: folder.appendingPathComponent("crashscan.sqlite"))
    }

    func testEveryFilterRefusesOrAnswersAndNothingChanges() throws {
        let before = try databaseBytes()
        let options = ["--os", "--device", "--app-version", "--since", "--until", "--kind", "--key"]
        var answered = 0
        for option in options {
            for value in Self.values {
                let run = try runner.run(["report", option, value, "--format", "json"])
                XCTAssertTrue(
                    [0, 64].contains(run.status),
                    "\(option) \(value.prefix(30)): \(run.status) \(run.err.prefix(200))")
                XCTAssertFalse(run.err.contains("\u{1B}"), "\(option): raw escape on the terminal")
                XCTAssertFalse(
                    run.err.contains("database error"),
                    "\(option) \(value.prefix(30)): \(run.err.prefix(200))")
                if run.status == 0 {
                    answered += 1
                    let json = try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any]
                    let groups = json?["groups"] as? [Any]
                    // `--key '*'` is every key (the one wildcard) and `--key '?'` the unknown key
                    // (the `?.?` group); no other value matches a group.
                    XCTAssertEqual(
                        groups?.count ?? -1 > 0, option == "--key" && (value == "*" || value == "?"),
                        "\(option) \(value.prefix(30))")
                }
            }
        }
        XCTAssertGreaterThan(answered, 0)
        XCTAssertEqual(try databaseBytes(), before, "reports only read")
    }

    func testWildcardsMeanWhatTheHelpSays() throws {
        let brackets = try runner.run(["report", "--key", "[_]placeholder*", "--format", "json"])
        XCTAssertEqual(brackets.status, 0)
        XCTAssertTrue(
            brackets.out.contains("\"groups\" : [\n\n  ]") || brackets.out.contains("\"groups\" : []"),
            brackets.out)
        let star = try runner.run(["report", "--key", "_placeholder*", "--format", "json"])
        XCTAssertTrue(star.out.contains("_placeholderLabel"), "'*' is the one wildcard")
        for option in ["--device", "--key", "--app-version"] {
            let empty = try runner.run(["report", option, " "])
            XCTAssertEqual(empty.status, 64, option)
            XCTAssertTrue(empty.err.contains("\(option): an empty value matches nothing"), empty.err)
        }
    }

    func testIdsAndVersionsAreRefusedAndShownEscaped() throws {
        for value in Self.values {
            for arguments in [
                ["explain", value], ["fixed", value, "2.0"], ["symbolicate", value, "--dsym", "x"],
            ] {
                let run = try runner.run(arguments)
                XCTAssertTrue(
                    [64, 66].contains(run.status), "\(arguments[0]) \(value.prefix(30)): \(run.status)")
                XCTAssertFalse(run.err.contains("\u{1B}"))
            }
        }
        let report = try runner.run(["report", "--format", "json"])
        let id = try XCTUnwrap(
            report.out.range(of: #""id" : ""#).map { String(report.out[$0.upperBound...].prefix(8)) })
        let version = try runner.run(["fixed", id, "2.0\u{1B}[31m"])
        XCTAssertEqual(version.status, 64)
        XCTAssertTrue(version.err.contains("'2.0\\x1B[31m' is not an app version"), version.err)
    }
}
