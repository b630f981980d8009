import XCTest

@testable import CrashScanIngest
@testable import CrashScanModel

/// A file of many reports is split into its parts and read a chunk of parts at a time
/// (`RemainingReports`): the reports, their order, their numbering and their content are those of
/// the file read whole.
final class ReadInChunksTests: XCTestCase {
    /// A console report (no line break after its last line).
    func consoleReport(_ index: Int) -> String {
        [
            "设备机型 | iPhone 6 Plus", "系统版本 | 8.1.3 (12B466)", "NSUnknownKeyException",
            "[<UITextView 0x1702e1a00> setValue:forUndefinedKey:]: this class is not key value "
                + "coding-compliant for the key _placeholderLabel\(index).",
            "0 CoreFoundation 0x0000000183e2259c __exceptionPreprocess + 132",
            "1 Shop 0x00000001000a1b2c -[PostViewController viewDidLoad] + \(index)",
        ].joined(separator: "\n")
    }

    /// The parts are the file's own text (not copies) from a part's first line to its last (the
    /// lines joined again, as before): blank lines before a separator stay with the part before,
    /// those after it go with the next part, a part of blank lines alone is left out.
    func testPastedPartsAreTheFilesOwnText() {
        let (first, second, third) = (consoleReport(1), consoleReport(2), consoleReport(3))
        let text = first + "\n\n-----\n\n" + second + "\n" + third + "\n"
        let parts = ConsolePasteSplitter.split(text)
        XCTAssertEqual(parts.map(String.init), [first + "\n", "\n" + second, third + "\n"])
        XCTAssertTrue(parts.allSatisfy { $0.base == text })
        XCTAssertEqual(ConsolePasteSplitter.split("\n\n-----\n" + first + "\n-----\n\n"), [Substring(first)])
    }

    /// The splitter walks the lines without an array of them: the same lines, in order, as
    /// `Lines.split(keepEmpty: true)` gives, empty ones and the one after a last line break too.
    func testLinesAreWalkedAsSplitCutsThem() {
        for text in ["", "\n", "a", "a\n", "\na\n\nb", "é\r\nx\n\n", consoleReport(7)] {
            var walked: [Substring] = []
            Lines.forEach(text) { walked.append($0) }
            XCTAssertEqual(walked, Lines.split(text, keepEmpty: true), text)
            XCTAssertTrue(walked.allSatisfy { $0.base == text })
        }
    }

    /// Every bundled sample, test fixture and corpus file read in chunks of 1 and 2 parts gives
    /// the reports (or the rejection) it gives read whole.
    func testEveryFileReadInSmallChunksGivesWhatItGivesWhole() throws {
        var folders = [TestPaths.sampleReports, TestPaths.fixture("")]
        if let corpus = try? TestPaths.requireCorpus() { folders.append(corpus) }
        var files = 0
        var chunked = 0
        for folder in folders {
            let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
            while let url = walker?.nextObject() as? URL {
                guard let data = try? Data(contentsOf: url), data.count < 4 << 20 else { continue }
                files += 1
                for chunk in [1, 2]
                where ReportReadOracle.readInChunks(data, chunk: chunk) != ReportReadOracle.read(data) {
                    XCTFail("\(url.lastPathComponent) in chunks of \(chunk)")
                }
                if case .success(let file) = ReportReader.read(data, chunk: 1), file.rest != nil {
                    chunked += 1
                }
            }
        }
        // Files of several reports: console pages pasted one after the other, an Apple report
        // and an `.ips` report three times each.
        func sample(_ name: String) throws -> String {
            try String(contentsOf: TestPaths.sampleReports.appendingPathComponent(name), encoding: .utf8)
        }
        let several = [
            try [
                "02-bugly-console-zh-textview.txt", "13-bugly-console-en-datepicker.txt",
                "14-bugly-console-zh-textview-ipad.txt", "11-not-kvc-range-exception-zh.txt",
            ].map(sample).joined(separator: "\n-----\n"),
            try (1...3).map {
                try sample("15-apple-textview-ios8.1.3.crash").replacingOccurrences(
                    of: "Incident Identifier: ", with: "Incident Identifier: \($0)")
            }.joined(separator: "\n\n"),
            Array(repeating: try sample("16-apple-searchbar-ios16.1.ips"), count: 3).joined(
                separator: "\n"),
        ]
        for text in several {
            let data = Data(text.utf8)
            XCTAssertGreaterThan(ReportReadOracle.read(data).count, 2)
            for chunk in [1, 2] {
                XCTAssertEqual(ReportReadOracle.readInChunks(data, chunk: chunk), ReportReadOracle.read(data))
            }
            if case .success(let file) = ReportReader.read(data, chunk: 2), file.rest != nil { chunked += 1 }
        }
        XCTAssertGreaterThan(files, 100)
        XCTAssertEqual(chunked, 3, "each of the three read in chunks")
    }

    func testAFileReadInChunksGivesTheReportsOfTheFileReadWhole() throws {
        let count = RemainingReports.chunk * 2 + 7
        let text = (0..<count).map(consoleReport).joined(separator: "\n")
        let whole = try ReportReader.read(Data(text.utf8)).get()
        var file = try ReportReader.read(Data(text.utf8), chunk: RemainingReports.chunk).get()
        XCTAssertEqual(file.reports.count, RemainingReports.chunk)
        var rest = try XCTUnwrap(file.rest)
        var chunks = 1
        while !rest.isEmpty {
            file.reports += rest.read()
            chunks += 1
        }
        XCTAssertEqual(chunks, 3)
        XCTAssertEqual(whole.count, count)
        XCTAssertEqual(file.reports.map(\.positionInFile), Array(0..<count))
        XCTAssertEqual(file.reports.map(\.normalizedContent), whole.map(\.normalizedContent))
        XCTAssertEqual(file.reports.map(\.exceptionReason), whole.map(\.exceptionReason))
        // Fewer parts than a chunk: read whole.
        XCTAssertNil(
            try ReportReader.read(
                Data((0..<10).map(consoleReport).joined(separator: "\n").utf8), chunk: RemainingReports.chunk
            ).get().rest)
    }
}
