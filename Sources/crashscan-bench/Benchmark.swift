import CrashScanClassification
import CrashScanImport
import CrashScanIngest
import CrashScanModel
import CrashScanRules
import CrashScanStore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The benchmark's phases; every figure it prints comes from a run here.
struct Benchmark {
    let options: BenchOptions

    var binary: String {
        options.binary
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("crashscan")
            .path
    }

    func say(_ text: String) { FileHandle.standardError.write(Data((text + "\n").utf8)) }

    func run() throws {
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw BenchError(
                "no crashscan binary at \(binary) (build it: swift build -c release --static-swift-stdlib)")
        }
        try FileManager.default.createDirectory(atPath: options.work, withIntermediateDirectories: true)
        if options.scanOnly {
            print(try scanLines().joined(separator: "\n"))
            return
        }
        if options.ipsOnly {
            print(try ipsLines().joined(separator: "\n"))
            return
        }
        if options.otherJSONOnly {
            print(try otherJSONLines().joined(separator: "\n"))
            return
        }
        if options.oneFileOnly {
            print(try oneFileLines().joined(separator: "\n"))
            return
        }
        if options.groupsOnly {
            print(try groupsLines().joined(separator: "\n"))
            return
        }
        if options.reportOnly {
            let (reportDB, build) = try buildReportDatabase()
            print(reportLines(build: build, times: try timeReports(reportDB)).joined(separator: "\n"))
            return
        }
        let corpus = try generateCorpus()
        // Read twice: the first read finds the cache as it is (cold when the corpus was written
        // long ago); the second finds it as the timed imports do, which run right after.
        let coldRead = readFloor(corpus.path)
        let read = readFloor(corpus.path)
        let storage = try storageFloor(corpus.path)
        let database = options.work + "/import.sqlite"
        let imports = try timeImports(corpus.path, into: database)
        let databaseBytes = Measure.fileSize(database) + Measure.fileSize(database + "-wal")
        let (reportDB, build) = try buildReportDatabase()
        let reportTimes = try timeReports(reportDB)
        let firsts = imports.firsts
        let agains = imports.agains

        let lines =
            importLines(
                corpus: corpus, coldRead: coldRead.seconds, read: read.seconds, storage: storage,
                firsts: firsts,
                agains: agains, databaseBytes: databaseBytes) + reportLines(build: build, times: reportTimes)
            + (try ipsLines()) + (try otherJSONLines()) + (try oneFileLines()) + (try groupsLines())
            + (try postgresLines(corpus: corpus, sqliteImports: firsts)) + [""]
            + (try scanLines())
        print(lines.joined(separator: "\n"))
    }

    /// The floors and the timed imports, as the benchmark prints them.
    func importLines(
        corpus: Corpus, coldRead: Double, read: Double, storage: Double,
        firsts: [Measure.ChildRun], agains: [Measure.ChildRun], databaseBytes: Int
    ) -> [String] {
        let first = Measure.medianRun(firsts)
        let again = Measure.medianRun(agains)
        let megabytes = Double(corpus.bytes) / 1_048_576
        let floors = read + storage
        func rate(_ seconds: Double) -> String {
            String(
                format: "%.0f reports/s, %.1f MB/s", Double(options.reports) / seconds, megabytes / seconds)
        }
        var lines: [String] = []
        lines.append(
            "crashscan-bench: \(options.reports) crash logs, \(String(format: "%.1f", megabytes)) MB in \(corpus.path)"
        )
        lines.append(
            "machine: \(ProcessInfo.processInfo.activeProcessorCount) cores, \(ProcessInfo.processInfo.physicalMemory / 1_073_741_824) GiB, \(ProcessInfo.processInfo.operatingSystemVersionString)"
        )
        lines.append("")
        lines.append(
            String(
                format: "read all files (I/O floor)         %7.2f s   %@", read, rate(read)))
        lines.append(
            String(
                format: "  first read, cache as found       %7.2f s   %@", coldRead,
                rate(coldRead)))
        lines.append(
            String(format: "sqlite3 .import (storage floor)    %7.2f s   %@", storage, rate(storage)))
        if options.importRuns > 1 {
            lines.append(
                "crashscan import: median of \(options.importRuns) runs (fresh: \(Measure.spread(firsts)); again: \(Measure.spread(agains))); peak RSS is the largest"
            )
        }
        lines.append(
            String(
                format: "crashscan import                   %7.2f s   %@   peak RSS %.0f MB", first.seconds,
                rate(first.seconds), Double(firsts.map(\.peakRSS).max() ?? 0) / 1_048_576))
        lines.append(
            String(
                format: "  ratio to the two floors added    %7.2f×   (%.2f× with the first read's I/O floor)",
                first.seconds / floors, first.seconds / (coldRead + storage)))
        lines.append(
            String(
                format: "crashscan import again (dups)      %7.2f s   %@   peak RSS %.0f MB, %.1f× faster",
                again.seconds, rate(again.seconds), Double(agains.map(\.peakRSS).max() ?? 0) / 1_048_576,
                first.seconds / again.seconds))
        // crashscan's own summary lines: what was imported, so the figures can be checked.
        lines.append("  first:  " + Benchmark.summaryCounts(first.output))
        lines.append("  again:  " + Benchmark.summaryCounts(again.output))
        lines.append(
            String(
                format: "database size                      %7.0f bytes per report",
                Double(databaseBytes) / Double(options.reports)))
        lines.append("")
        return lines
    }

    /// The child process that built the large database: its time, peak memory and the CPU its
    /// generator took.
    struct Build {
        var seconds: Double
        var peakRSS: Int
        var generatorSeconds: Double?

        init(_ child: Measure.ChildRun) {
            seconds = child.seconds
            peakRSS = child.peakRSS
            generatorSeconds = GeneratorClock.seconds(in: child.output)
        }
    }

    /// The report timings on the large database.
    func reportLines(build: Build?, times reportTimes: [(String, Double)]) -> [String] {
        var lines: [String] = []
        if let build {
            lines.append(
                String(
                    format:
                        "built the %d-report database (importer, child process) in %.0f s (%.0f reports/s), peak RSS %.0f MB",
                    options.reportDB, build.seconds, Double(options.reportDB) / build.seconds,
                    Double(build.peakRSS) / 1_048_576))
            if let generator = build.generatorSeconds {
                lines.append(
                    String(
                        format: "  of its CPU, generating the texts in the same process took %.0f s",
                        generator))
            }
        }
        lines.append(
            "crashscan report on \(options.reportDB) reports (median of \(options.runs) runs after one untimed):"
        )
        for (label, seconds) in reportTimes {
            // Padded in Swift: `%-38@` does not pad on Linux Foundation.
            let padded = label.padding(toLength: max(label.count, 38), withPad: " ", startingAt: 0)
            lines.append("  " + padded + String(format: " %7.0f ms", seconds * 1000))
        }
        return lines
    }
    /// Imports the corpus `importRuns` times into a fresh database and once more into the full
    /// one (all duplicates) each time.
    func timeImports(_ corpus: String, into database: String) throws -> (
        firsts: [Measure.ChildRun], agains: [Measure.ChildRun]
    ) {
        var firsts: [Measure.ChildRun] = []
        var agains: [Measure.ChildRun] = []
        for round in 1...options.importRuns {
            for suffix in ["", "-wal", "-shm"] { unlink(database + suffix) }
            say("crashscan import (fresh database), run \(round) of \(options.importRuns) …")
            let first = try Measure.run(binary, ["import", corpus, "--db", database, "--quiet"])
            guard first.status == 0 || first.status == 65 else {
                throw BenchError("import failed: \(first.output)")
            }
            say("crashscan import again (all duplicates) …")
            let again = try Measure.run(binary, ["import", corpus, "--db", database, "--quiet"])
            guard again.status == 0 || again.status == 65 else {
                throw BenchError("import again failed: \(again.output)")
            }
            firsts.append(first)
            agains.append(again)
        }
        return (firsts, agains)
    }

    /// "N files, N reports imported, N duplicates, N rejected" from crashscan's summary line.
    static func summaryCounts(_ output: String) -> String {
        guard let line = output.split(separator: "\n").last(where: { $0.hasPrefix("imported into ") }),
            let colon = line.range(of: ": ")
        else { return "no summary line in: \(output)" }
        // The rejected part may carry reasons in brackets: keep the count only.
        let parts = line[colon.upperBound...].split(separator: ", ").prefix(4).map { part in
            part.split(separator: " (", maxSplits: 1).first.map(String.init) ?? String(part)
        }
        return parts.joined(separator: ", ")
    }

    // MARK: - Corpus

    struct Corpus {
        var path: String
        var bytes: Int
    }

    /// Writes the corpus once per (size, seed); a later run reuses it.
    func generateCorpus() throws -> Corpus {
        var generator = CorpusGenerator(seed: options.seed)
        return try writeCorpus(
            "corpus-\(options.reports)-\(options.seed)", files: options.reports, describing: "crash logs"
        ) { index in
            let file = generator.file(index)
            return (Data(file.bytes), String(format: "crash-%07d.%@", index, file.ext))
        }
    }

    /// Writes `files` files made by `make` (bytes and file name), 1,000 a folder, under
    /// `name` in the work folder, once: a later run finds the marker with their size and reuses them.
    func writeCorpus(
        _ name: String, files: Int, describing what: String, make: (Int) -> (data: Data, name: String)
    ) throws -> Corpus {
        let path = "\(options.work)/\(name)"
        let marker = path + "/.complete"
        if let text = try? String(contentsOfFile: marker, encoding: .utf8), let bytes = Int(text) {
            say("reusing \(what) in \(path)")
            return Corpus(path: path, bytes: bytes)
        }
        say("generating \(files) \(what) in \(path) …")
        try? FileManager.default.removeItem(atPath: path)
        var bytes = 0
        for index in 0..<files {
            let folder = String(format: "%@/%04d", path, index / 1000)
            if index % 1000 == 0 {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            }
            let file = make(index)
            bytes += file.data.count
            try file.data.write(to: URL(fileURLWithPath: folder + "/" + file.name))
        }
        try String(bytes).write(toFile: marker, atomically: true, encoding: .utf8)
        return Corpus(path: path, bytes: bytes)
    }

    // MARK: - Floors

    /// Reads every file of the corpus once, with the page cache in whatever state it is.
    func readFloor(_ path: String) -> (seconds: Double, bytes: Int) {
        say("reading every file (I/O floor) …")
        let start = Measure.now()
        var bytes = 0
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        guard let files = try? InputWalker().files([path]) else { return (0, 0) }
        for case .file(let file) in files {
            let descriptor = open(file, O_RDONLY)
            guard descriptor >= 0 else { continue }
            while true {
                let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
                if count <= 0 { break }
                bytes += count
            }
            close(descriptor)
        }
        return (Measure.now() - start, bytes)
    }

    /// The same rows crashscan stores, loaded by the sqlite3 shell's `.import` into a table with
    /// the same columns and indexes. Only the `.import` is timed.
    func storageFloor(_ path: String) throws -> Double {
        say("preparing the rows for the storage floor …")
        let csvPath = options.work + "/rows.csv"
        let databasePath = options.work + "/floor.sqlite"
        for suffix in ["", "-wal", "-shm"] { unlink(databasePath + suffix) }
        let sqlite3 = try sqliteShell()
        // crashscan's schema (the store migrates the new file), then the same table and indexes as
        // its `report` without the foreign key, made by the shell: the benchmark is a client of
        // the database like any other, and the store keeps its connection to itself.
        _ = try Store(path: databasePath)
        let floorTable = try Measure.run(
            sqlite3,
            [
                databasePath,
                """
                CREATE TABLE report_floor AS SELECT * FROM report WHERE 0;
                CREATE INDEX report_floor_hash ON report_floor (substr(content_hash, 1, 16));
                CREATE INDEX report_floor_group ON report_floor (group_id);
                CREATE INDEX report_floor_os ON report_floor (os_key);
                CREATE INDEX report_floor_model ON report_floor (device_model COLLATE NOCASE);
                CREATE INDEX report_floor_name ON report_floor (device_name COLLATE NOCASE);
                CREATE INDEX report_floor_occurred ON report_floor (occurred_at);
                CREATE INDEX report_floor_app ON report_floor (app_version);
                """,
            ])
        guard floorTable.status == 0 else { throw BenchError("sqlite3 failed: \(floorTable.output)") }
        try writeRows(of: path, toCSV: csvPath)
        // The CSV holds the values `storedColumns` names, in its order (not `import_file_id`,
        // which the writer adds): the same columns by name, as crashscan's writer inserts them,
        // and the OS key the report table generates from them.
        let columns = AnalyzedReport.storedColumnNames
        let script = """
            PRAGMA journal_mode = WAL;
            PRAGMA synchronous = NORMAL;
            CREATE TEMP TABLE staging (\(columns.joined(separator: ", ")));
            .import --csv \(csvPath) staging
            INSERT INTO report_floor (\(columns.joined(separator: ", ")), os_key)
            SELECT *, os_major * 1000000 + coalesce(os_minor, 0) * 1000 + coalesce(os_patch, 0) FROM staging;
            """
        let scriptPath = options.work + "/floor.sql"
        try script.write(toFile: scriptPath, atomically: true, encoding: .utf8)
        say("sqlite3 .import of the same rows (storage floor) …")
        let result = try Measure.run(sqlite3, [databasePath, ".read \(scriptPath)"])
        guard result.status == 0 else { throw BenchError("sqlite3 failed: \(result.output)") }
        return result.seconds
    }

    /// The rows crashscan would store for the corpus at `path`, as CSV (groups numbered in the
    /// order met).
    func writeRows(of path: String, toCSV csvPath: String) throws {
        _ = FileManager.default.createFile(atPath: csvPath, contents: nil)
        guard let csv = FileHandle(forWritingAtPath: csvPath) else {
            throw BenchError("cannot write \(csvPath)")
        }
        var groups: [String: Int] = [:]
        var chunk = ""
        for case .file(let file) in try InputWalker().files([path]) {
            guard let data = FileManager.default.contents(atPath: file),
                case .success(let reports) = ReportReader.read(data)
            else { continue }
            for report in reports.map({ AnalyzedReport($0) }) {
                let group = groups[report.fingerprint] ?? (groups.count + 1)
                groups[report.fingerprint] = group
                let columns = report.storedColumns(
                    path: file, importedAt: "2026-01-01T00:00:00Z", groupID: group)
                chunk += columns.map { csvField($0.text) }.joined(separator: ",") + "\n"
            }
            if chunk.utf8.count > 1 << 20 {
                csv.write(Data(chunk.utf8))
                chunk = ""
            }
        }
        csv.write(Data(chunk.utf8))
        try csv.close()
    }

    func sqliteShell() throws -> String {
        guard
            let sqlite3 = ["/usr/bin/sqlite3", "/usr/local/bin/sqlite3"].first(
                where: FileManager.default.isExecutableFile)
        else {
            throw BenchError("the sqlite3 shell is needed for the storage floor (apt-get install sqlite3)")
        }
        return sqlite3
    }

    func csvField(_ value: String?) -> String {
        guard let value else { return "" }
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else {
            return value
        }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    // MARK: - Report database

    /// A database of `reportDB` reports, imported in process from generated texts (the same
    /// parse, classification and writer as `crashscan import`, without the files on disk).
    var reportDatabasePath: String { "\(options.work)/report-\(options.reportDB)-\(options.seed).sqlite" }

    /// Returns the path and, when it was built in this run, the time and peak memory of the
    /// child process that stored `reportDB` reports through the importer.
    func buildReportDatabase() throws -> (String, Build?) {
        let path = reportDatabasePath
        if FileManager.default.fileExists(atPath: path + ".complete") {
            // Built by an earlier crashscan: brought to this one's schema first (`report` only
            // reads, and refuses an older schema).
            let started = Date()
            let store = try Store(path: path)
            try store.checkpoint()
            say(
                "reusing \(path) (schema \(try store.schemaVersion()), opened in \(String(format: "%.1f", Date().timeIntervalSince(started))) s)"
            )
            return (path, nil)
        }
        say("building a database of \(options.reportDB) reports (importer in a child process) …")
        let child = try Measure.run(
            CommandLine.arguments[0],
            [
                "--build-report-db-only", "--report-db", String(options.reportDB), "--work", options.work,
            ])
        guard child.status == 0, FileManager.default.fileExists(atPath: path + ".complete") else {
            throw BenchError("building the report database failed: \(child.output)")
        }
        return (path, Build(child))
    }

    /// A database of `reportDB` reports, imported in process from generated texts (the same
    /// parse, classification and writer as `crashscan import`, without the files on disk).
    func storeGeneratedReports() throws {
        let path = reportDatabasePath
        for suffix in ["", "-wal", "-shm", ".complete"] { unlink(path + suffix) }
        try FileManager.default.createDirectory(atPath: options.work, withIntermediateDirectories: true)
        let store = try Store(path: path)
        let sources = GeneratedSources(count: options.reportDB, seed: options.seed &+ 1)
        _ = try Importer(store: store, rules: RuleSet.builtIn(), batchSize: 1024).run(
            sources, arguments: "crashscan-bench", version: CrashScanVersion.current)
        try store.checkpoint()
        _ = FileManager.default.createFile(atPath: path + ".complete", contents: nil)
        sources.clock.printForParent()
    }

    var htmlPath: String { "\(options.work)/report.html" }

    func timeReports(_ database: String) throws -> [(String, Double)] {
        let cases: [(String, [String])] = [
            ("report (text)", []),
            ("report --format json", ["--format", "json"]),
            ("report --os 8.1", ["--os", "8.1"]),
            ("report --os 8.1 --format json", ["--os", "8.1", "--format", "json"]),
            ("report --device \"iPhone 6 Plus\"", ["--device", "iPhone 6 Plus"]),
            ("report --os >=13 --device iPhone12,1", ["--os", ">=13", "--device", "iPhone12,1"]),
            // The page is written to a file, whose size is part of the line (issue: under 2 MB).
            ("report --format html", ["--format", "html", "--output", htmlPath]),
            ("report --format html --os 8.1", ["--format", "html", "--os", "8.1", "--output", htmlPath]),
            // Whole groups by key (schema 18), and times: the generated reports span 2024, so
            // December is about a twelfth of them and 2024-01-01 on keeps nearly all.
            ("report --key _placeholderLabel", ["--key", "_placeholderLabel"]),
            (
                "report --format html --kind prohibited_ivar",
                ["--format", "html", "--kind", "prohibited_ivar", "--output", htmlPath]
            ),
            ("report --since 2024-12-01", ["--since", "2024-12-01"]),
            ("report --since 2024-01-01", ["--since", "2024-01-01"]),
        ]
        var results: [(String, Double)] = []
        // The imports' writes go to the disk first, not during the timings.
        sync()
        for (label, arguments) in cases {
            say("timing crashscan \(label) …")
            var times: [Double] = []
            // One run untimed, which reads the case's pages into the cache: the imports before
            // leave little of the database there. (Run 2e795ef's median of `--os 8.1` was 60 ms;
            // by hand right after, the first runs took 0.18–0.5 s and the next ones 40–41 ms.)
            for run in 0...options.runs {
                let child = try Measure.run(binary, ["report", "--db", database] + arguments)
                guard child.status == 0 else { throw BenchError("report failed: \(child.output)") }
                if run > 0 { times.append(child.seconds) }
            }
            var shown = label
            if arguments.contains(htmlPath) {
                let bytes = (try? FileManager.default.attributesOfItem(atPath: htmlPath)[.size] as? Int) ?? 0
                shown += String(format: " (%.2f MB)", Double(bytes) / 1_048_576)
            }
            results.append((shown, Measure.median(times)))
        }
        return results
    }
}

/// Generated crash logs as in-memory inputs, produced lazily.
struct GeneratedSources: Sequence {
    let count: Int
    let seed: UInt64
    /// The CPU time spent generating, on whichever thread asked for the next text.
    let clock = GeneratorClock()

    func makeIterator() -> AnyIterator<InputSource> {
        var generator = CorpusGenerator(seed: seed)
        var index = 0
        let clock = clock
        return AnyIterator {
            guard index < count else { return nil }
            defer { index += 1 }
            let started = GeneratorClock.threadCPU()
            let file = generator.file(index)
            let data = Data(file.bytes)
            clock.add(GeneratorClock.threadCPU() - started)
            return .memory(path: "generated/crash-\(index).\(file.ext)", data: data)
        }
    }
}

/// Adds up the generator's CPU time: the database is built from texts generated in the same
/// process, on the same two cores as the importer, so the build's rate is the importer's and
/// the generator's together, and the benchmark says how much of it was the generator's.
final class GeneratorClock: @unchecked Sendable {
    private let lock = NSLock()
    private var nanoseconds: UInt64 = 0

    /// The line the building child prints for the parent.
    static let outputPrefix = "generator CPU seconds: "

    var seconds: Double { lock.withLock { Double(nanoseconds) / 1e9 } }

    /// Prints the seconds on the building child's output, where `seconds(in:)` finds them.
    func printForParent() { print(Self.outputPrefix + String(format: "%.1f", seconds)) }

    func add(_ elapsed: UInt64) { lock.withLock { nanoseconds += elapsed } }

    static func threadCPU() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// The generator's CPU seconds in the child's output, if it printed them.
    static func seconds(in output: String) -> Double? {
        output.split(separator: "\n").lazy.compactMap { line in
            line.hasPrefix(outputPrefix) ? Double(line.dropFirst(outputPrefix.count)) : nil
        }.first
    }
}

extension Benchmark {
    /// Generates the source tree once per size and seed; times `crashscan scan` on it (median of
    /// `--runs` runs) and checks that it finds what was planted.
    func scanLines() throws -> [String] {
        let root = "\(options.work)/source-\(options.scanFiles)-\(options.seed)"
        var generator = SourceTreeGenerator(seed: options.seed)
        var bytes = 0
        let fresh = !FileManager.default.fileExists(atPath: root)
        for index in 0..<options.scanFiles {
            let (name, text) = generator.file(index)
            bytes += text.utf8.count
            guard fresh else { continue }
            let path = "\(root)/\(name)"
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        }
        var runs: [Measure.ChildRun] = []
        for _ in 0..<options.runs {
            runs.append(try Measure.run(binary, ["scan", root, "--format", "json", "--fail-on", "none"]))
        }
        let run = Measure.medianRun(runs)
        let megabytes = Double(bytes) / 1_000_000
        let found = (try? JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
            .flatMap { $0["summary"] as? [String: Int] }?["findings"]
        return [
            "crashscan scan: \(options.scanFiles) source files (.m, .h, .swift, .xib), \(String(format: "%.1f", megabytes)) MB in \(root)",
            String(
                format:
                    "crashscan scan (median of %d)      %7.2f s   %.1f MB/s, %.0f files/s   peak RSS %.0f MB",
                options.runs, run.seconds, megabytes / run.seconds, Double(options.scanFiles) / run.seconds,
                Double(runs.map(\.peakRSS).max() ?? 0) / 1_048_576),
            "  findings: \(found.map(String.init) ?? "?") of \(generator.planted) planted",
        ]
    }
}
