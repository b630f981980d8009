import Foundation

/// KSCrash and MetricKit: `crashscan import` of generated KSCrash reports and MetricKit
/// payloads (half each), which crashscan reads on their bytes.
extension Benchmark {
    func otherJSONLines() throws -> [String] {
        guard options.otherJSONReports > 0 else { return [] }
        let corpus = try generateOtherJSONCorpus()
        let megabytes = Double(corpus.bytes) / 1_048_576
        let imports = try timedImports(
            of: corpus.path, into: options.work + "/other-json.sqlite",
            describing: "\(options.otherJSONReports) KSCrash and MetricKit files")
        let ours = Measure.medianRun(imports)
        return [
            "",
            String(
                format: "KSCrash and MetricKit: %d files, %.1f MB (%.1f KB a file) in %@",
                options.otherJSONReports,
                megabytes, Double(corpus.bytes) / Double(options.otherJSONReports) / 1024, corpus.path),
            String(
                format: "crashscan import (median of %d)      %7.2f s   %.0f reports/s, %.1f MB/s",
                imports.count, ours.seconds, Double(options.otherJSONReports) / ours.seconds,
                megabytes / ours.seconds),
            "  " + Benchmark.summaryCounts(ours.output),
        ]
    }

    /// Even-numbered files are KSCrash reports, odd-numbered ones MetricKit payloads.
    func generateOtherJSONCorpus() throws -> Corpus {
        var generator = CorpusGenerator(seed: options.seed &+ 3)
        return try writeCorpus(
            "other-json-\(options.otherJSONReports)-\(options.seed)", files: options.otherJSONReports,
            describing: "KSCrash and MetricKit files"
        ) { index in
            let crash = generator.crash(index)
            return index % 2 == 0
                ? (Data(generator.kscrash(crash).utf8), String(format: "Shop-%07d.json", index))
                : (
                    Data(generator.metricKitPayload(crash).utf8),
                    String(format: "Shop-%07d.metrickit.json", index)
                )
        }
    }
}
