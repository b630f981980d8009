import CrashScanClassification
import CrashScanIngest
import CrashScanModel
import Foundation

/// `crashscan-bench --stages DIR`: times the import stages on one core over the files of DIR
/// (held in memory first), to see where parsing time goes.
enum StageProfile {
    static func run(_ folder: String) throws {
        var files: [Data] = []
        for case .file(let path) in try InputWalker().files([folder]) {
            if let data = FileManager.default.contents(atPath: path) { files.append(data) }
        }
        var start = Measure.now()
        var texts: [String] = []
        for data in files { texts.append((try? TextDecoder.decode(data).text) ?? "") }
        let decode = Measure.now() - start
        var reports: [CrashReport] = []
        var byFormat: [String: (Double, Int)] = [:]
        start = Measure.now()
        for text in texts {
            let begin = Measure.now()
            if case .success(let parsed) = ReportReader.read(text: text) {
                reports += parsed
                let key = parsed.first?.format.rawValue ?? "?"
                let previous = byFormat[key] ?? (0, 0)
                byFormat[key] = (previous.0 + Measure.now() - begin, previous.1 + 1)
            }
        }
        let read = Measure.now() - start
        print(String(format: "decode %.1f µs per file", decode / Double(max(files.count, 1)) * 1e6))
        for (format, (seconds, count)) in byFormat.sorted(by: { $0.key < $1.key }) {
            print(
                String(
                    format: "  %@: %.1f µs per file (%d files)", format as NSString,
                    seconds / Double(count) * 1e6, count))
        }
        start = Measure.now()
        var analyzed = 0
        for report in reports { analyzed += AnalyzedReport(report).fingerprint.isEmpty ? 0 : 1 }
        let analyze = Measure.now() - start
        start = Measure.now()
        var frames = 0
        for report in reports { frames += KVCClassifier.classify(report) == nil ? 0 : 1 }
        let classify = Measure.now() - start
        let count = Double(max(reports.count, 1))
        print(
            String(
                format:
                    "%d files, %d reports: read+parse %.1f µs, analyse %.1f µs (classify %.1f µs) per report",
                files.count, reports.count, read / count * 1e6, analyze / count * 1e6, classify / count * 1e6)
        )
        _ = frames + analyzed
    }
}
