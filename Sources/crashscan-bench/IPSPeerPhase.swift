import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The `.ips` comparison: `crashscan import` of generated `.ips` files against the PyPI package
/// `pycrashreport` reading the same files (bug type, incident, timestamp, exception type and the
/// crashed thread's frames), each a whole process, in the same run.
extension Benchmark {
    /// The peer: every `.ips` under the folder, the fields a crash tool reads; prints the count
    /// of reports and frames and the seconds spent after the imports.
    static let peerScript = """
        import os, sys, time
        start = time.perf_counter()
        from pycrashreport.crash_report import get_crash_report_from_file
        imported = time.perf_counter()
        reports = frames = 0
        for folder, _, names in os.walk(sys.argv[1]):
            for name in sorted(names):
                if not name.endswith(".ips"):
                    continue
                with open(os.path.join(folder, name)) as handle:
                    report = get_crash_report_from_file(handle)
                    report.bug_type_str, report.incident_id, report.timestamp, report.exception_type
                    frames += len(report.frames)
                    reports += 1
        print(reports, frames, round(imported - start, 4), round(time.perf_counter() - imported, 4))
        """

    func ipsLines() throws -> [String] {
        guard options.ipsReports > 0 else { return [] }
        let corpus = try generateIPSCorpus()
        let megabytes = Double(corpus.bytes) / 1_048_576
        let imports = try timedImports(
            of: corpus.path, into: options.work + "/ips.sqlite",
            describing: "\(options.ipsReports) .ips files")
        let ours = Measure.medianRun(imports)
        var lines = [
            "",
            String(
                format: ".ips: %d files, %.1f MB (%.1f KB a file) in %@", options.ipsReports, megabytes,
                Double(corpus.bytes) / Double(options.ipsReports) / 1024, corpus.path),
            String(
                format: "crashscan import (median of %d)      %7.2f s   %.0f reports/s, %.1f MB/s",
                imports.count,
                ours.seconds, Double(options.ipsReports) / ours.seconds, megabytes / ours.seconds),
            "  " + Benchmark.summaryCounts(ours.output),
        ]
        guard options.runPeer else {
            return lines + ["pycrashreport (Python peer)        not run (--no-peer)"]
        }
        switch peerPython() {
        case .failure(let reason):
            lines.append("pycrashreport (Python peer)        not run: \(reason.description)")
        case .success(let python):
            lines += try peerLines(python: python, corpus: corpus.path, ours: ours.seconds)
        }
        return lines
    }

    private func peerLines(python: String, corpus: String, ours: Double) throws -> [String] {
        let script = options.work + "/pycrashreport-peer.py"
        try Benchmark.peerScript.write(toFile: script, atomically: true, encoding: .utf8)
        var runs: [Measure.ChildRun] = []
        for round in 1...options.importRuns {
            say("pycrashreport on the same files, run \(round) of \(options.importRuns) …")
            let run = try Measure.run(python, [script, corpus])
            guard run.status == 0 else { throw BenchError("pycrashreport failed: \(run.output)") }
            runs.append(run)
        }
        let peer = Measure.medianRun(runs)
        // "reports frames import-seconds parse-seconds"
        let fields = peer.output.split(whereSeparator: \.isWhitespace)
        let detail =
            fields.count == 4
            ? "\(fields[0]) reports, \(fields[1]) frames; Python start and imports \(fields[2]) s, reading \(fields[3]) s"
            : peer.output
        return [
            String(format: "pycrashreport (Python peer, median) %7.2f s   ", peer.seconds) + detail,
            String(
                format: "  crashscan import is %.1f× as fast as the peer (whole processes)",
                peer.seconds / ours),
        ]
    }

    /// A Python with `pycrashreport`: the one given, else the virtual environment under `.build/`
    /// (beside the folder of the benchmark's binary), made on first use.
    private func peerPython() -> Result<String, BenchError> {
        if let given = options.peerPython {
            let check = try? Measure.run(given, ["-c", "import pycrashreport"])
            return check?.status == 0
                ? .success(given) : .failure(BenchError("\(given) cannot import pycrashreport"))
        }
        let buildFolder = URL(fileURLWithPath: CommandLine.arguments[0])
            .deletingLastPathComponent().deletingLastPathComponent()
        let environment = buildFolder.appendingPathComponent("peer-venv").path
        let python = environment + "/bin/python3"
        let check = try? Measure.run(python, ["-c", "import pycrashreport"])
        if check?.status == 0 { return .success(python) }
        say("creating \(environment) with pycrashreport (pip) …")
        guard
            let system = ["/usr/bin/python3", "/usr/local/bin/python3"].first(
                where: FileManager.default.isExecutableFile)
                ?? which("python3")
        else { return .failure(BenchError("no python3")) }
        do {
            let venv = try Measure.run(system, ["-m", "venv", environment])
            guard venv.status == 0 else {
                return .failure(BenchError("python3 -m venv failed: \(venv.output)"))
            }
            let pip = try Measure.run(environment + "/bin/pip", ["install", "--quiet", "pycrashreport"])
            guard pip.status == 0 else {
                return .failure(BenchError("pip install pycrashreport failed: \(pip.output.suffix(300))"))
            }
        } catch {
            return .failure(BenchError("\(error)"))
        }
        return .success(python)
    }

    private func which(_ command: String) -> String? {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
            .map { "\($0)/\(command)" }.first(where: FileManager.default.isExecutableFile)
    }

    /// Writes the `.ips` corpus once per (size, seed); a later run reuses it.
    /// `crashscan import` of `corpus` into a fresh `database`, `--import-runs` times.
    func timedImports(of corpus: String, into database: String, describing what: String) throws
        -> [Measure.ChildRun]
    {
        var imports: [Measure.ChildRun] = []
        for round in 1...options.importRuns {
            for suffix in ["", "-wal", "-shm"] { unlink(database + suffix) }
            say("crashscan import of \(what), run \(round) of \(options.importRuns) …")
            let run = try Measure.run(binary, ["import", corpus, "--db", database, "--quiet"])
            guard run.status == 0 || run.status == 65 else {
                throw BenchError("import failed: \(run.output)")
            }
            imports.append(run)
        }
        return imports
    }

    func generateIPSCorpus() throws -> Corpus {
        var generator = CorpusGenerator(seed: options.seed &+ 2)
        return try writeCorpus(
            "ips-\(options.ipsReports)-\(options.seed)", files: options.ipsReports, describing: ".ips files"
        ) { index in
            let crash = generator.crash(index)
            return (Data(generator.appleIPS(crash).utf8), String(format: "Shop-%07d.ips", index))
        }
    }
}
