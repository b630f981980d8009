import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Timing and child-process measurement for the benchmark.
enum Measure {
    static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    struct ChildRun {
        var seconds: Double
        var status: Int32
        /// Peak resident memory of the child, bytes (`ru_maxrss`).
        var peakRSS: Int
        var output: String
    }

    /// Runs `executable` with `arguments`, its output to a file, and measures wall time and peak
    /// resident memory with `wait4`.
    static func run(_ executable: String, _ arguments: [String]) throws -> ChildRun {
        let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent(
            "bench-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).out"
        ).path
        defer { unlink(outputPath) }
        var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer {
            for pointer in argv { free(pointer) }
        }
        var pid: pid_t = 0
        let start = now()
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard spawned == 0 else {
            throw BenchError("cannot run \(executable): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        var usage = rusage()
        wait4(pid, &status, 0, &usage)
        let seconds = now() - start
        let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return ChildRun(
            seconds: seconds, status: exitStatus, peakRSS: Int(usage.ru_maxrss) * 1024, output: output)
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted.count % 2 == 1
            ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    /// The run with the median time (the upper middle one for an even count).
    static func medianRun(_ runs: [ChildRun]) -> ChildRun {
        let sorted = runs.sorted { $0.seconds < $1.seconds }
        return sorted[sorted.count / 2]
    }

    /// `19.4–23.2 s`: the fastest and slowest of the runs.
    static func spread(_ runs: [ChildRun]) -> String {
        let times = runs.map(\.seconds)
        return String(format: "%.2f–%.2f s", times.min() ?? 0, times.max() ?? 0)
    }

    static func fileSize(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
