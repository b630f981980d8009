import Foundation
import XCTest

@testable import CrashScanIngest
@testable import CrashScanModel

/// What a folder can hold besides crash logs: FIFOs and devices (never opened: a FIFO would hang
/// the import), file names that are not UTF-8, broken links, folders that cannot be listed. Each
/// gets an outcome with a reason; nothing is dropped without a word.
final class HostileInputTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = try TestPaths.temporaryFolder(self)
    }

    func outcomes(_ paths: [String]) throws -> [(path: String, outcome: String)] {
        try InputWalker().expand(paths).flatMap { SourceReader.read($0) }.map { parsed in
            switch parsed.outcome {
            case .parsed(let reports): return (parsed.path, "\(reports.count) report(s)")
            case .rejected(let rejection):
                return (parsed.path, "\(rejection.disposition): \(rejection.reason)")
            case .storedBefore: return (parsed.path, "stored before")
            case .scale(let scale): return (parsed.path, scale.source.rawValue)
            }
        }
    }

    func testSpecialFilesAreNamedAndNeverOpened() throws {
        let crash = TestPaths.sampleReports.appendingPathComponent("02-bugly-console-zh-textview.txt")
        try FileManager.default.copyItem(at: crash, to: folder.appendingPathComponent("a.txt"))
        XCTAssertEqual(mkfifo(folder.appendingPathComponent("pipe").path, 0o644), 0)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("broken").path, withDestinationPath: "/no/such/target")
        let found = try outcomes([folder.path])
        XCTAssertEqual(found.map(\.path.lastPathComponent), ["a.txt", "broken", "pipe"])
        XCTAssertEqual(found[0].outcome, "1 report(s)")
        XCTAssertEqual(found[1].outcome, "skipped: broken symbolic link, nothing to read")
        XCTAssertEqual(found[2].outcome, "skipped: a FIFO (named pipe), not a regular file: not read")
        // Named on the command line, it is refused (the user meant it), still without being opened.
        let named = try outcomes([folder.appendingPathComponent("pipe").path, "/dev/null"])
        XCTAssertEqual(named[0].outcome, "rejected: a FIFO (named pipe), not a regular file: not read")
        XCTAssertEqual(named[1].outcome, "rejected: a character device, not a regular file: not read")
    }

    /// A name with a Latin-1 byte (`café` written by an old tool) is read through its bytes and
    /// shown with the byte escaped.
    func testAFileNameThatIsNotUTF8IsReadAndShownEscaped() throws {
        let crash = try Data(
            contentsOf: TestPaths.sampleReports.appendingPathComponent("02-bugly-console-zh-textview.txt"))
        var name = Array(folder.path.utf8) + Array("/caf".utf8) + [0xE9] + Array(".txt".utf8)
        name.append(0)
        let descriptor = name.withUnsafeBufferPointer {
            $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
        }
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        _ = crash.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        let found = try outcomes([folder.path])
        XCTAssertEqual(found.count, 1)
        XCTAssertTrue(found[0].path.hasSuffix("/caf\\xE9.txt"), found[0].path)
        // Valid characters around invalid bytes stay; a character cut at the end is escaped byte by byte.
        XCTAssertEqual(InputWalker.escaped([0xE4, 0xB8, 0xAD, 0xE9, 0x41, 0xE4, 0xB8]), "中\\xE9A\\xE4\\xB8")
        XCTAssertEqual(found[0].outcome, "1 report(s)")
    }

    /// A folder's entries come in the byte order of their names, whatever the names hold (ASCII,
    /// other UTF-8, bytes that are not UTF-8, a name that begins another), each joined to the
    /// folder's path by one slash, given with or without one.
    func testAFoldersEntriesComeInTheByteOrderOfTheirNames() throws {
        let names: [[UInt8]] = [
            Array("b.txt".utf8), Array("a.txt".utf8), Array("a.txt.1".utf8), Array("B.txt".utf8),
            Array("中.txt".utf8), Array("caf".utf8) + [0xE9] + Array(".txt".utf8), Array("a b.txt".utf8),
            Array("~".utf8), Array("a".utf8),
        ]
        for name in names {
            var path = Array(folder.path.utf8) + [47] + name
            path.append(0)
            let descriptor = path.withUnsafeBufferPointer {
                $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
            }
            XCTAssertGreaterThanOrEqual(descriptor, 0)
            close(descriptor)
        }
        let expected = names.sorted { $0.lexicographicallyPrecedes($1) }.map { name in
            String(validating: name, as: UTF8.self) ?? InputWalker.escaped(name)
        }
        for given in [folder.path, folder.path + "/"] {
            let paths = try InputWalker().files([given]).map { source -> String in
                switch source {
                case .file(let path): return path
                case .rawFile(_, let display): return display
                default: return "?"
                }
            }
            XCTAssertEqual(paths, expected.map { folder.path + "/" + $0 }, given)
        }
    }

    /// A Unix socket in the folder is skipped without being opened; a name with a line break is
    /// read and shown escaped, so that it cannot fake a line of crashscan's output.
    func testASocketIsSkippedAndANameWithALineBreakIsShownEscaped() throws {
        let socketPath = folder.appendingPathComponent("sock").path
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in socketPath.utf8.enumerated() where index < raw.count - 1 {
                raw[index] = byte
            }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        XCTAssertEqual(bound, 0)
        let crash = TestPaths.sampleReports.appendingPathComponent("02-bugly-console-zh-textview.txt")
        try FileManager.default.copyItem(at: crash, to: folder.appendingPathComponent("fake\nrejected x.txt"))
        let found = try outcomes([folder.path])
        XCTAssertEqual(
            found.map(\.outcome), ["1 report(s)", "skipped: a socket, not a regular file: not read"])
        XCTAssertEqual(found[0].path.lastPathComponent, "fake\nrejected x.txt")
        guard CommandRunner.isBuilt else { return }
        let run = try CommandRunner(folder: folder).run([
            "import", folder.path, "--verbose", "--db", "db.sqlite",
        ])
        XCTAssertTrue(run.err.contains("skipped \(socketPath): a socket"), run.err)
        XCTAssertFalse(run.err.contains("\nrejected x.txt"), "the line break is escaped: \(run.err)")
    }

    /// A file the user may not read is rejected with the reason and the rest imports; as root
    /// (which reads everything) the import runs as `nobody`.
    func testAnUnreadableFileIsRejectedWithTheReason() throws {
        guard CommandRunner.isBuilt else { throw XCTSkip("crashscan binary not built") }
        let crash = TestPaths.sampleReports.appendingPathComponent("02-bugly-console-zh-textview.txt")
        try FileManager.default.copyItem(at: crash, to: folder.appendingPathComponent("a.txt"))
        let locked = folder.appendingPathComponent("b.txt")
        try FileManager.default.copyItem(
            at: TestPaths.sampleReports.appendingPathComponent("13-bugly-console-en-datepicker.txt"),
            to: locked)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: locked.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder.path)
        let arguments = ["import", folder.path, "--db", folder.appendingPathComponent("db.sqlite").path]
        let runner = CommandRunner(folder: folder)
        let run = try runner.runAsUser(arguments)
        if run.status == 126 || run.err.contains("Permission denied") && !run.err.contains("b.txt") {
            throw XCTSkip("nobody cannot reach the test folder here")
        }
        XCTAssertEqual(run.status, 65, run.err)
        XCTAssertTrue(
            run.err.contains("rejected \(locked.path): cannot read the file: Permission denied"), run.err)
        XCTAssertTrue(run.out.contains("1 report imported"), run.out)
    }

    /// A folder the user cannot list is named with the reason; as root (which lists everything)
    /// the import runs as `nobody`.
    func testAFolderThatCannotBeListedIsNamed() throws {
        guard CommandRunner.isBuilt else { throw XCTSkip("crashscan binary not built") }
        let locked = folder.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: false)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: locked.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder.path)
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: locked.path)
        }
        let runner = CommandRunner(folder: folder)
        let arguments = ["import", folder.path, "--db", folder.appendingPathComponent("db.sqlite").path]
        let run = try runner.runAsUser(arguments)
        if run.status == 126 || run.err.contains("Permission denied") && !run.err.contains("locked") {
            throw XCTSkip("nobody cannot reach the test folder here")
        }
        XCTAssertEqual(run.status, 65, run.err)
        XCTAssertTrue(
            run.err.contains("rejected \(locked.path): cannot list the folder: Permission denied"), run.err)
    }
}

extension String {
    fileprivate var lastPathComponent: String { (self as NSString).lastPathComponent }
}

/// Contents built to hurt the parsers: each is refused or read with a reason, never a crash or
/// a hang.
final class HostileContentTests: XCTestCase {
    func outcome(_ data: Data) -> String {
        switch ReportReader.read(data) {
        case .success(let reports): return "\(reports.count) report(s)"
        case .failure(let rejection): return "\(rejection.disposition): \(rejection.reason)"
        }
    }

    func testEmptyBinaryDeepAndHugeContentsAreRefusedWithAReason() {
        XCTAssertEqual(outcome(Data()), "skipped: empty file")
        XCTAssertTrue(
            outcome(Data([0x00, 0x01, 0x02, 0xFF, 0x00] + Array(repeating: 7, count: 500))).contains("binary")
        )
        let deep = Data(
            (String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8)
        XCTAssertTrue(
            outcome(deep).hasPrefix("rejected") || outcome(deep).hasPrefix("skipped"), outcome(deep))
        let deepObject = Data(String(repeating: "{\"a\":", count: 100_000).utf8)
        XCTAssertTrue(outcome(deepObject).hasPrefix("rejected"), outcome(deepObject))
        let longString = Data(
            ("{\"crashMap\": {\"expName\": \"" + String(repeating: "x", count: 10 << 20) + "\"}}").utf8)
        XCTAssertNotEqual(outcome(longString), "", "a 10 MB JSON string is read or refused, in bounded time")
        let longLine = Data(String(repeating: "a", count: 20 << 20).utf8)
        XCTAssertTrue(outcome(longLine).hasPrefix("skipped") || outcome(longLine).hasPrefix("rejected"))
    }

    /// UTF-16 saved without a byte-order mark (both orders) is read, not called binary.
    func testUTF16WithoutAByteOrderMarkIsRead() throws {
        let text = try String(
            contentsOf: TestPaths.sampleReports.appendingPathComponent("02-bugly-console-zh-textview.txt"),
            encoding: .utf8)
        for littleEndian in [true, false] {
            var data = Data()
            for unit in text.utf16 {
                let bytes =
                    littleEndian
                    ? [UInt8(unit & 0xFF), UInt8(unit >> 8)] : [UInt8(unit >> 8), UInt8(unit & 0xFF)]
                data.append(contentsOf: bytes)
            }
            XCTAssertEqual(outcome(data), "1 report(s)", littleEndian ? "UTF-16LE" : "UTF-16BE")
        }
    }
}
