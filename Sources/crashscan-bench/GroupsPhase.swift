import Foundation

/// Many groups: `--groups` KVC crashes, each with a key of its own (so a group of its own) and
/// one of 10,000 app versions, imported, then `crashscan report` in every format, each with its
/// time and peak memory. Once the evidence read the app's tallies again for every group (the
/// import of 20,000 such groups took 148 s) and each group's matrix held a table as long as
/// every text (the HTML page of 20,000 groups took 3.5 GB).
extension Benchmark {
    func groupsLines() throws -> [String] {
        guard options.groups > 0 else { return [] }
        let corpus = try generateGroupsCorpus()
        let database = options.work + "/groups.sqlite"
        for suffix in ["", "-wal", "-shm"] { unlink(database + suffix) }
        say("crashscan import of \(options.groups) groups …")
        let imported = try Measure.run(binary, ["import", corpus.path, "--db", database, "--quiet"])
        guard imported.status == 0 else { throw BenchError("import failed: \(imported.output)") }
        var lines = [
            "",
            "\(options.groups) KVC groups (a key each, 10,000 app versions) in \(corpus.path)",
            String(
                format: "crashscan import                   %7.2f s   peak RSS %.0f MB", imported.seconds,
                Double(imported.peakRSS) / 1_048_576),
            "  " + Benchmark.summaryCounts(imported.output),
        ]
        let output = options.work + "/groups-report.out"
        for format in ["text", "json", "csv", "markdown", "html"] {
            say("timing crashscan report --format \(format) on \(options.groups) groups …")
            let run = try Measure.run(
                binary, ["report", "--db", database, "--format", format, "--output", output])
            guard run.status == 0 else { throw BenchError("report failed: \(run.output)") }
            let label = "crashscan report --format \(format)".padding(
                toLength: 34, withPad: " ", startingAt: 0)
            lines.append(
                "  " + label
                    + String(
                        format: "%7.2f s   peak RSS %4.0f MB   %5.1f MB written", run.seconds,
                        Double(run.peakRSS) / 1_048_576, Double(Measure.fileSize(output)) / 1_048_576))
        }
        return lines
    }

    /// Console reports of KVC crashes, a key of its own each, spread over 10,000 app versions.
    func generateGroupsCorpus() throws -> Corpus {
        var generator = CorpusGenerator(seed: options.seed &+ 5)
        return try writeCorpus(
            "groups-\(options.groups)-\(options.seed)", files: options.groups, describing: "KVC groups"
        ) { index in
            var crash = generator.crash(index)
            crash.exception = "NSUnknownKeyException"
            crash.reason =
                "[<UITextView 0x1560c3a00> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key _key\(index)."
            crash.appVersion = "5.\(index % 10_000 / 100).\(index % 100)"
            return (Data(generator.consoleZH(crash).utf8), String(format: "Shop-%07d.txt", index))
        }
    }
}
