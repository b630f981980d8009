import Foundation
import XCTest

/// FIFOs, devices and links to them wherever a command takes a file or walks a folder: `--dsym`
/// (a file, a folder holding one), `symbolicate --dsym`, `scan` of a tree, `--db`, `--rules`.
/// None is opened (a FIFO's open waits for a writer: each of these hung), none is read past the
/// limit (a link to `/dev/zero` grew `scan` to 14 GB), and each is named with what it is.
final class SpecialFileCommandTests: XCTestCase {
    func testNoCommandOpensAFIFOOrADevice() throws {
        guard CommandRunner.isBuilt else { throw XCTSkip("crashscan binary not built") }
        let folder = try TestPaths.temporaryFolder(self)
        let runner = CommandRunner(folder: folder)
        XCTAssertEqual(try runner.run(["import", "--quiet", TestPaths.sampleReports.path]).status, 0)
        let dsyms = folder.appendingPathComponent("dsyms")
        let source = folder.appendingPathComponent("src")
        for made in [dsyms, source] {
            try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true)
        }
        XCTAssertEqual(mkfifo(dsyms.appendingPathComponent("App.dSYM.pipe").path, 0o644), 0)
        XCTAssertEqual(mkfifo(source.appendingPathComponent("pipe.m").path, 0o644), 0)
        XCTAssertEqual(mkfifo(folder.appendingPathComponent("fifo.sqlite").path, 0o644), 0)
        XCTAssertEqual(mkfifo(folder.appendingPathComponent("rules.json").path, 0o644), 0)
        try FileManager.default.createSymbolicLink(
            atPath: source.appendingPathComponent("zero.m").path, withDestinationPath: "/dev/zero")
        try "void f(id x) { [x setValue:nil forKey:@\"_placeholderLabel\"]; }\n".write(
            to: source.appendingPathComponent("a.m"), atomically: true, encoding: .utf8)
        let pipe = dsyms.appendingPathComponent("App.dSYM.pipe").path
        let cases: [(arguments: [String], status: Int32, says: String)] = [
            (
                ["import", TestPaths.sampleReports.path, "--dsym", pipe], 65,
                "a FIFO (named pipe), not a dSYM"
            ),
            (
                ["import", TestPaths.sampleReports.path, "--dsym", dsyms.path], 65,
                "no dSYM with a UUID found"
            ),
            (
                ["import", TestPaths.sampleReports.path, "--dsym", "/dev/zero"], 65,
                "a character device, not a dSYM"
            ),
            (["symbolicate", "--all", "--dsym", pipe], 65, "a FIFO (named pipe), not a dSYM"),
            (
                ["report", "--db", "fifo.sqlite"], 74,
                "fifo.sqlite is a FIFO (named pipe), not a database file"
            ),
            (
                ["import", TestPaths.sampleReports.path, "--db", "/dev/zero"], 74,
                "a character device, not a database file"
            ),
            (["report", "--rules", "rules.json"], 65, "a FIFO (named pipe), not a regular file"),
            (
                ["scan", source.path], 65,
                "pipe.m: cannot read the file: a FIFO (named pipe), not a regular file"
            ),
        ]
        for (arguments, status, says) in cases {
            // Through `timeout`: a command that waits on a FIFO fails the test instead of hanging it.
            let run = try runner.run(
                ["30", CommandRunner.binary.path] + arguments,
                binary: URL(fileURLWithPath: "/usr/bin/timeout"))
            XCTAssertEqual(run.status, status, "\(arguments): \(run.err)")
            XCTAssertTrue(run.err.contains(says), "\(arguments): \(run.err)")
        }
        let scan = try runner.run(["scan", source.path])
        XCTAssertTrue(
            scan.err.contains("zero.m: cannot read the file: a character device, not a regular file"),
            scan.err)
        XCTAssertTrue(scan.out.contains("a.m:1:"), "the regular file is scanned: \(scan.out)")
    }
}
