import CrashScanAllocator
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `swift build -c release --static-swift-stdlib && .build/release/crashscan-bench [--reports N] [--report-db N] [--runs N] [--work DIR] [--smoke]`
///
/// 1. generates N crash logs (1,000 per folder) with a fixed seed;
/// 2. times the floors: reading every file, and the sqlite3 shell's `.import` of the same rows;
/// 3. times `crashscan import` of the corpus into a fresh database, then again (all duplicates),
///    with peak resident memory;
/// 4. builds a database of `--report-db` reports through the importer in a child process (the same rows,
///    without files on disk) and times `crashscan report` on it, median of `--runs` runs;
///    `--report-only` runs this step alone;
/// 5. generates an app's source tree of `--scan-files` files and times `crashscan scan` on it.
///    `--scan-only` runs this step alone;
/// 6. generates `--ips` Apple `.ips` files (about 24 KB each) and times `crashscan import` of them
///    against the Python package pycrashreport reading the same files (`--ips-only`: this alone;
///    `--peer-python PATH` or `$CRASHSCAN_BENCH_PEER_PYTHON`: a Python that has it, else a virtual
///    environment made under `.build/`; `--no-peer`: crashscan alone);
/// 7. generates `--one-file` Bugly console reports (default 15,000, about 60 MB) and times
///    `crashscan import` of them in one file against the same reports one a file
///    (`--one-file-only`: this alone);
/// 8. generates `--groups` KVC crashes with a key each (default 20,000 groups over 10,000 app
///    versions), imports them and times `crashscan report` in every format with its peak memory
///    (`--groups-only`: this alone);
/// 9. with `--postgres URL` (or `$CRASHSCAN_BENCH_POSTGRES`): steps 3 and 4 again on that
///    PostgreSQL server, in databases the benchmark makes there.
func runBenchmark() throws {
    let arguments = Array(CommandLine.arguments.dropFirst())
    if arguments.first == "--stages", arguments.count == 2 {
        try StageProfile.run(arguments[1])
        return
    }
    var options = BenchOptions()
    try options.parse(Array(CommandLine.arguments.dropFirst()))
    let bench = Benchmark(options: options)
    if options.buildOnly {
        // The child the benchmark starts to build the report database, so that its time and
        // peak memory are the importer's alone.
        if let server = options.postgres {
            try bench.storeGeneratedReportsInPostgres(server)
        } else {
            try bench.storeGeneratedReports()
        }
        return
    }
    try bench.run()
}

struct BenchOptions {
    var reports = 100_000
    var reportDB = 1_000_000
    var runs = 5
    /// Fresh imports (each followed by an import of the same files again) whose median is shown:
    /// on this kind of VM one import of the same corpus varies by ±15 %.
    var importRuns = 3
    var work = "crashscan-bench-work"
    var binary: String?
    var seed: UInt64 = 8_1_3
    /// Internal: only build the report database (in a child process).
    var buildOnly = false
    /// Source files of the scan benchmark.
    var scanFiles = 10_000
    var scanOnly = false
    /// Only the report database (built or reused) and the report timings.
    var reportOnly = false
    /// `.ips` files of the peer comparison (0: skipped).
    var ipsReports = 5_000
    var ipsOnly = false
    /// KSCrash and MetricKit files of the JSON figure (0: skipped).
    var otherJSONReports = 2_000
    var otherJSONOnly = false
    /// Reports of the one-file figure: all in one file, and one a file (0: skipped).
    var oneFileReports = 15_000
    var oneFileOnly = false
    /// KVC groups of the many-groups figure, each with its own key (0: skipped).
    var groups = 20_000
    var groupsOnly = false
    /// The Python that runs the `.ips` peer (with pycrashreport installed); nil: the virtual
    /// environment the benchmark makes under `.build/`.
    var peerPython: String? = ProcessInfo.processInfo.environment["CRASHSCAN_BENCH_PEER_PYTHON"].flatMap {
        $0.isEmpty ? nil : $0
    }
    var runPeer = true
    /// A PostgreSQL server for the team database's figures.
    var postgres: String? = ProcessInfo.processInfo.environment["CRASHSCAN_BENCH_POSTGRES"].flatMap {
        $0.isEmpty ? nil : $0
    }

    mutating func parse(_ arguments: [String]) throws {
        var rest = arguments[...]
        while let option = rest.popFirst() {
            func value() throws -> String {
                guard let value = rest.popFirst() else { throw BenchError("missing value for \(option)") }
                return value
            }
            switch option {
            case "--reports": reports = Int(try value()) ?? reports
            case "--report-db": reportDB = Int(try value()) ?? reportDB
            case "--runs": runs = max(1, Int(try value()) ?? runs)
            case "--import-runs": importRuns = max(1, Int(try value()) ?? importRuns)
            case "--work": work = try value()
            case "--binary": binary = try value()
            case "--build-report-db-only": buildOnly = true
            case "--scan-files": scanFiles = Int(try value()) ?? scanFiles
            case "--scan-only": scanOnly = true
            case "--report-only": reportOnly = true
            case "--ips": ipsReports = Int(try value()) ?? ipsReports
            case "--ips-only": ipsOnly = true
            case "--other-json": otherJSONReports = Int(try value()) ?? otherJSONReports
            case "--other-json-only": otherJSONOnly = true
            case "--one-file": oneFileReports = Int(try value()) ?? oneFileReports
            case "--one-file-only": oneFileOnly = true
            case "--groups": groups = Int(try value()) ?? groups
            case "--groups-only": groupsOnly = true
            case "--peer-python": peerPython = try value()
            case "--no-peer": runPeer = false
            case "--postgres": postgres = try value()
            case "--smoke":
                reports = 300
                reportDB = 2_000
                runs = 1
                importRuns = 1
                scanFiles = 500
                ipsReports = 200
                otherJSONReports = 100
                oneFileReports = 200
                groups = 300
            case "-h", "--help":
                print(
                    "usage: crashscan-bench [--reports N] [--report-db N] [--runs N] [--import-runs N] [--scan-files N] [--scan-only] [--report-only] [--ips N] [--ips-only] [--other-json N] [--other-json-only] [--one-file N] [--one-file-only] [--groups N] [--groups-only] [--peer-python PATH] [--no-peer] [--work DIR] [--binary PATH] [--postgres URL] [--smoke]"
                )
                exit(0)
            default: throw BenchError("unknown option \(option)")
            }
        }
    }
}

Allocator.configure()
do {
    try runBenchmark()
} catch {
    FileHandle.standardError.write(Data("crashscan-bench: \(error)\n".utf8))
    exit(1)
}
