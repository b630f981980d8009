import Foundation

/// Distinct Bugly console crashes, one per file (their times differ), for tests that need
/// thousands of reports: kills, disk full, concurrent readers. With `kinds: 2`, every other file
/// is another crash (a date picker's, in its own group), so regrouping has reports to move.
enum GeneratedCorpus {
    static func write(files: Int, to corpus: URL, kinds: Int = 1) throws {
        try FileManager.default.createDirectory(at: corpus, withIntermediateDirectories: true)
        let templates = [
            ("02-bugly-console-zh-textview.txt", "发生时间：2015-03-01 08:18:47", "发生时间："),
            ("13-bugly-console-en-datepicker.txt", "Crash Time: 2020-09-28 18:03:51", "Crash Time: "),
        ]
        let texts = try templates.prefix(max(1, kinds)).map {
            (
                try String(contentsOf: TestPaths.sampleReports.appendingPathComponent($0.0), encoding: .utf8),
                $0.1,
                $0.2
            )
        }
        for index in 0..<files {
            let time = String(
                format: "2015-03-%02d %02d:%02d:%02d", 1 + index / 1440 % 28, index / 60 % 24, index % 60,
                index % 59)
            let (template, line, label) = texts[index % texts.count]
            let text = template.replacingOccurrences(of: line, with: label + time)
            try Data(text.utf8).write(
                to: corpus.appendingPathComponent(String(format: "crash-%05d.txt", index)))
        }
    }
}
