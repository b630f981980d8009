import Foundation

/// Runs crashscan and kills it with SIGKILL at a random point of its work. The point is drawn
/// from the time a whole run of the same command takes (measured first, on a copy when the run
/// changes the database), so that nearly every kill lands mid-way whatever the machine's speed.
struct KilledRun {
    var folder: URL

    /// Seconds a whole run of `arguments` takes.
    func duration(_ arguments: [String]) throws -> Double {
        let start = Date()
        let process = try launch(arguments)
        process.waitUntilExit()
        return Date().timeIntervalSince(start)
    }

    /// Runs `arguments` and kills the process after a random part of `duration`; true when it
    /// was still running (killed mid-way).
    func runAndKill(_ arguments: [String], within duration: Double) throws -> Bool {
        let process = try launch(arguments)
        // Within the first 70 % of a whole run: a machine busy with other work when the run was
        // timed (a build beside the tests) made later, faster runs end before kills drawn up to
        // 90 % of it, and the test saw too few kills (3 of 6, twice in two sessions).
        usleep(UInt32.random(in: 0...UInt32(max(1_000, duration * 700_000))))
        let killed = process.isRunning
        if killed { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return killed
    }

    private func launch(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = CommandRunner.binary
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }
}
