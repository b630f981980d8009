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

    /// Starts a run (`start` prepares its input afresh and gives its arguments) and kills it
    /// after a random part of `duration`; true when it was killed mid-way. A run that ended
    /// before its kill is started again with the window halved, up to four times: a run timed
    /// while the machine was busy (a build or another test beside it) made later, faster runs
    /// end before kills drawn from it, and the tests saw too few kills (3 of 6, three times in
    /// three sessions, with a single try and a window of 70 % of the measured run).
    func killMidway(within duration: Double, start: () throws -> [String]) throws -> Bool {
        var window = duration * 0.7
        for _ in 0..<4 {
            if try runAndKill(try start(), after: window) { return true }
            window /= 2
        }
        return false
    }

    /// Runs `arguments` and kills the process after a random part of `window` seconds; true
    /// when it was still running.
    private func runAndKill(_ arguments: [String], after window: Double) throws -> Bool {
        let process = try launch(arguments)
        usleep(UInt32.random(in: 0...UInt32(max(1_000, window * 1_000_000))))
        let killed = process.isRunning
        if killed { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return killed
    }

    /// Removes an SQLite database with its WAL, shared-memory and journal files: a killed run
    /// leaves a WAL behind, which SQLite would replay onto a new file of the same name.
    static func removeDatabase(atPath path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] {
            try? FileManager.default.removeItem(atPath: path + suffix)
        }
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
