import Foundation
import XCTest

/// Names and values that come from the files a user imports (a file name, a device name, a
/// reason) holding escape codes and line breaks: every command and format shows them escaped,
/// so that none sets the terminal's title, clears it, or prints a line crashscan did not write.
final class HostileNameTests: XCTestCase {
    func testEveryCommandAndFormatShowsHostileNamesEscaped() throws {
        guard CommandRunner.isBuilt else { throw XCTSkip("crashscan binary not built") }
        let folder = try TestPaths.temporaryFolder(self)
        let runner = CommandRunner(folder: folder)
        let logs = folder.appendingPathComponent("logs")
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        let sample = try String(
            contentsOf: TestPaths.sampleReports.appendingPathComponent(
                "14-bugly-console-zh-textview-ipad.txt"),
            encoding: .utf8)
        let hostile =
            sample
            .replacingOccurrences(
                of: "for the key _placeholderLabel.", with: "for the key _place\u{1B}[2Jholder."
            )
            .replacingOccurrences(of: "iPad mini 2", with: "iPad\u{1B}]0;pwned\u{7} mini 2")
            .replacingOccurrences(of: "2.3.1", with: "2.3\nFAKE: app")
        try hostile.write(
            to: logs.appendingPathComponent("x\u{1B}]0;pwned\u{7}\nFAKE: ok.txt"), atomically: true,
            encoding: .utf8)
        let imported = try runner.run(["import", "--verbose", logs.path])
        XCTAssertEqual(imported.status, 0, imported.err)
        let group = try XCTUnwrap(
            try runner.run(["report", "--format", "csv"]).out.split(separator: "\n").dropFirst().first?
                .split(separator: ",").first.map(String.init))

        var runs: [(String, CommandRunner.Run)] = [("import --verbose", imported)]
        for format in ["text", "json", "csv", "markdown", "html"] {
            runs.append(("report --format \(format)", try runner.run(["report", "--format", format])))
        }
        for format in ["text", "json"] {
            runs.append(
                ("explain --format \(format)", try runner.run(["explain", group, "--format", format])))
        }
        runs.append(("explain --reports all", try runner.run(["explain", group, "--reports", "all"])))
        runs.append(("check", try runner.run(["check"])))
        for (command, run) in runs {
            XCTAssertEqual(run.status, 0, "\(command): \(run.err)")
            for (stream, text) in [("out", run.out), ("err", run.err)] {
                XCTAssertFalse(text.unicodeScalars.contains("\u{1B}"), "\(command) \(stream): a raw escape")
                XCTAssertFalse(text.unicodeScalars.contains("\u{7}"), "\(command) \(stream): a raw bell")
                // (A line break in an HTML page's text is white space to a browser.)
                XCTAssertFalse(
                    !command.hasSuffix("html")
                        && text.split(separator: "\n").contains { $0.hasPrefix("FAKE") },
                    "\(command) \(stream): a line crashscan did not write")
            }
        }
        // Escaped, not dropped: the text shows where they were.
        let text = runs.first { $0.0 == "explain --format text" }?.1.out ?? ""
        XCTAssertTrue(text.contains("x\\x1B]0;pwned\\x7\\nFAKE: ok.txt"), text)
    }
}
