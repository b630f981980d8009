import Foundation

/// Many reports in one file (a console paste, a concatenated export) against the same reports
/// one a file: `crashscan import` of each, medians of `--import-runs`, with peak memory. The
/// duplicate check inside a file was a linear search once, which made this import quadratic.
extension Benchmark {
    func oneFileLines() throws -> [String] {
        guard options.oneFileReports > 0 else { return [] }
        let count = options.oneFileReports
        let (single, separate) = try generateOneFileCorpus()
        let one = Measure.medianRun(
            try timedImports(
                of: single.path, into: options.work + "/one-file.sqlite",
                describing: "\(count) reports in one file"))
        let many = Measure.medianRun(
            try timedImports(
                of: separate.path, into: options.work + "/one-a-file.sqlite",
                describing: "the same \(count) reports one a file"))
        let megabytes = Double(single.bytes) / 1_048_576
        func line(_ label: String, _ run: Measure.ChildRun) -> String {
            let padded = label.padding(toLength: 35, withPad: " ", startingAt: 0)
            return padded
                + String(
                    format: "%7.2f s   %.0f reports/s   peak RSS %.0f MB", run.seconds,
                    Double(count) / run.seconds, Double(run.peakRSS) / 1_048_576)
        }
        return [
            "",
            String(
                format: "%d Bugly console reports, %.1f MB, in one file (%@) and one a file (median of %d)",
                count, megabytes, single.path, options.importRuns),
            line("crashscan import of the one file", one),
            line("crashscan import, one a file", many),
            String(format: "  one file against one a file       %7.2f×", one.seconds / many.seconds),
            "  one file:   " + Benchmark.summaryCounts(one.output),
            "  one a file: " + Benchmark.summaryCounts(many.output),
        ]
    }

    /// The same generated console reports, joined by blank lines into one file and written one a
    /// file; reused by a later run with the same size and seed.
    func generateOneFileCorpus() throws -> (single: Corpus, separate: Corpus) {
        let count = options.oneFileReports
        let seed = options.seed &+ 4
        var generator = CorpusGenerator(seed: seed)
        let separate = try writeCorpus(
            "one-a-file-\(count)-\(options.seed)", files: count, describing: "console reports one a file"
        ) { index in
            (Data(generator.consoleZH(generator.crash(index)).utf8), String(format: "Shop-%07d.txt", index))
        }
        let folder = "\(options.work)/one-file-\(count)-\(options.seed)"
        let path = folder + "/reports.txt"
        let marker = folder + "/.complete"
        if let text = try? String(contentsOfFile: marker, encoding: .utf8), let bytes = Int(text) {
            return (Corpus(path: path, bytes: bytes), separate)
        }
        say("writing \(count) console reports into one file in \(folder) …")
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var again = CorpusGenerator(seed: seed)
        var text = ""
        for index in 0..<count {
            if index > 0 { text += "\n" }
            text += again.consoleZH(again.crash(index))
        }
        let data = Data(text.utf8)
        try data.write(to: URL(fileURLWithPath: path))
        try String(data.count).write(toFile: marker, atomically: true, encoding: .utf8)
        return (Corpus(path: path, bytes: data.count), separate)
    }
}
