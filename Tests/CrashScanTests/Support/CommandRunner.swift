import Foundation
import XCTest

@testable import CrashScanModel

/// Runs the built `crashscan` binary as a user does and captures what it prints.
struct CommandRunner {
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

    static var isBuilt: Bool { FileManager.default.isExecutableFile(atPath: binary.path) }

    /// Working folder of the runs.
    var folder: URL

    @discardableResult
    func run(
        _ arguments: [String], binary: URL = CommandRunner.binary, stdin: Data? = nil,
        environment: [String: String] = [:]
    ) throws -> Run {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var env = ProcessInfo.processInfo.environment
        // What the user's shell or the test runner set must not change what a test sees.
        for name in ["CRASHSCAN_DB", "NO_COLOR", "CLICOLOR_FORCE", "COLUMNS"] {
            env.removeValue(forKey: name)
        }
        env.merge(environment) { $1 }
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        let input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(stdin) }
        try input.fileHandleForWriting.close()
        // Standard error is read on another thread: reading one pipe to its end while the child
        // fills the other (64 KB) would leave both waiting forever.
        let errorText = Locked(Data())
        let errorRead = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let data = err.fileHandleForReading.readDataToEndOfFile()
            errorText.withLock { $0 = data }
            errorRead.signal()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        errorRead.wait()
        let errData = errorText.withLock { $0 }
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, out: String(decoding: outData, as: UTF8.self),
            err: String(decoding: errData, as: UTF8.self))
    }

    /// Runs crashscan as an ordinary user would: as root, which reads and writes everything,
    /// through `runuser -u nobody`. Skips the test when root cannot drop its rights here.
    func runAsUser(_ arguments: [String]) throws -> Run {
        guard geteuid() == 0 else { return try run(arguments) }
        guard FileManager.default.isExecutableFile(atPath: "/usr/sbin/runuser") else {
            throw XCTSkip("needs runuser to drop root")
        }
        return try run(
            ["-u", "nobody", "--", Self.binary.path] + arguments,
            binary: URL(fileURLWithPath: "/usr/sbin/runuser"))
    }
}
