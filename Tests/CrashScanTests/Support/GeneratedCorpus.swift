import Foundation

/// Distinct Bugly console crashes, one per file (their times differ), for tests that need
/// thousands of reports: kills, disk full, concurrent readers.
enum GeneratedCorpus {
    static func write(files: Int, to corpus: URL) throws {
        try FileManager.default.createDirectory(at: corpus, withIntermediateDirectories: true)
        let template = try String(
            contentsOf: TestPaths.sampleReports.appendingPathComponent("02-bugly-console-zh-textview.txt"),
            encoding: .utf8)
        for index in 0..<files {
            let time = String(
                format: "2015-03-%02d %02d:%02d:%02d", 1 + index / 1440 % 28, index / 60 % 24, index % 60,
                index % 59)
            let text = template.replacingOccurrences(of: "发生时间：2015-03-01 08:18:47", with: "发生时间：\(time)")
            try Data(text.utf8).write(
                to: corpus.appendingPathComponent(String(format: "crash-%05d.txt", index)))
        }
    }
}
