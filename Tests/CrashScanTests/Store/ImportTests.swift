import XCTest

@testable import CrashScanArchive
@testable import CrashScanCLI
@testable import CrashScanCatalogs
@testable import CrashScanClassification
@testable import CrashScanImport
@testable import CrashScanIngest
@testable import CrashScanModel
@testable import CrashScanReport
@testable import CrashScanRules
@testable import CrashScanStore
@testable import CrashScanSymbolication

/// Import through the store: idempotency, rejected input, files that land whole or not at all.
class ImportTests: XCTestCase {
    var folder: URL!
    var store: Store!

    override func setUpWithError() throws {
        folder = try TestPaths.temporaryFolder(self)
        store = try Store(path: folder.appendingPathComponent("db.sqlite").path)
    }

    func importPaths(_ paths: [String], reparse: Bool = false) throws -> ImportSummary {
        let sources = try InputWalker().expand(paths)
        return try Importer(store: store, rules: RuleSet.builtIn(), batchSize: 4, reparse: reparse).run(
            sources, arguments: "test", version: "test")
    }

    func count(_ table: String) throws -> Int {
        try store.db.query("SELECT count(*) AS n FROM \(table)").first?.int("n") ?? -1
    }

    /// Makes the database refuse a report of app version `boom` ("disk on fire"), as a disk
    /// failure in the middle of an import would.
    func failInsertsOfAppVersionBoom() throws {
        switch store.dialect {
        case .sqlite:
            try store.db.execute(
                "CREATE TEMP TRIGGER boom BEFORE INSERT ON report WHEN NEW.app_version = 'boom' BEGIN SELECT RAISE(ABORT, 'disk on fire'); END"
            )
        case .postgresql:
            try store.db.execute(
                """
                CREATE FUNCTION boom() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN
                    IF NEW.app_version = 'boom' THEN RAISE EXCEPTION 'disk on fire'; END IF;
                    RETURN NEW;
                END $$;
                CREATE TRIGGER boom BEFORE INSERT ON report FOR EACH ROW EXECUTE FUNCTION boom();
                """)
        }
    }

    /// Imports `paths` one file a batch into a database that refuses app version `boom`: the
    /// import must end with that error.
    func assertImportFailsOnBoom(_ paths: [String], filesPerTransaction: Int, line: UInt = #line) throws {
        try failInsertsOfAppVersionBoom()
        XCTAssertThrowsError(
            try Importer(
                store: store, rules: RuleSet.builtIn(), batchSize: 1, filesPerTransaction: filesPerTransaction
            ).run(InputWalker().expand(paths), arguments: "test", version: "test"), line: line
        ) { error in
            XCTAssertTrue("\(error)".contains("disk on fire"), "\(error)", line: line)
        }
    }

    /// A copy of the sample report `sample` named `name` in the test's folder.
    func writeSample(_ name: String, _ sample: String) throws -> String {
        try write(name, try Data(contentsOf: TestPaths.sampleReports.appendingPathComponent(sample)))
    }

    /// One NSRangeException log a file (`prefix` and the index), app version `boom` at `boomAt`.
    func writeRangeLogs(_ indices: Range<Int>, prefix: String, boomAt: Int) throws -> [String] {
        try indices.map { index in
            try write(
                prefix + String(format: "%02d.txt", index),
                Data(
                    "NSRangeException\nindex \(index) beyond bounds\nApp Version: \(index == boomAt ? "boom" : "1.0")\n"
                        .utf8))
        }
    }

    func write(_ name: String, _ data: Data) throws -> String {
        let url = folder.appendingPathComponent(name)
        try data.write(to: url)
        return url.path
    }

    func testSampleReportsImportAndReimportAddsNothing() throws {
        let first = try importPaths([TestPaths.sampleReports.path])
        XCTAssertEqual(
            first.files, 24, "17 files, one of them a zip with 2 members, and the sample app's 6 sources")
        XCTAssertEqual(first.imported, 21)
        XCTAssertEqual(first.rejected, 0)
        XCTAssertEqual(first.skipped, 7, "release notes and source hold no crash: skipped, not rejected")
        XCTAssertEqual(first.skips.first?.path.hasSuffix("12-not-a-crash-release-notes.txt"), true)
        XCTAssertEqual(first.kvcFailures, 18)
        let reports = try count("reports")
        let groups = try count("crash_groups")

        let second = try importPaths([TestPaths.sampleReports.path])
        XCTAssertEqual(second.imported, 0)
        XCTAssertEqual(second.duplicates, 21)
        XCTAssertEqual(try count("reports"), reports)
        XCTAssertEqual(try count("crash_groups"), groups)
        XCTAssertEqual(try count("kvc_failures"), 18)
        let outcomes = try store.db.query(
            "SELECT outcome, count(*) AS n FROM import_files WHERE run_id = 2 GROUP BY outcome ORDER BY outcome"
        )
        XCTAssertEqual(
            try outcomes.map { "\(try $0.string("outcome") ?? ""):\(try $0.int("n") ?? 0)" },
            ["duplicate:17", "skipped:7"])
    }

    /// The progress line `import` shows on a terminal: it ends on every file and report.
    func testProgressEndsOnTheWholeImport() throws {
        var updates: [ImportProgress] = []
        let sources = try InputWalker().expand([TestPaths.sampleReports.path])
        let importer = try Importer(store: store, rules: RuleSet.builtIn(), batchSize: 4)
        importer.progressInterval = 0
        let summary = try importer.run(
            sources, total: 17, arguments: "test", version: "test", progress: { updates.append($0) })
        XCTAssertGreaterThan(updates.count, 3, "one after each batch of 4 files, and one at the end")
        let last = try XCTUnwrap(updates.last)
        XCTAssertEqual(last.filesDone, summary.files)
        XCTAssertEqual(last.reports, summary.imported)
        XCTAssertEqual(last.filesTotal, 17)
        XCTAssertEqual(
            updates.map(\.filesDone), updates.map(\.filesDone).sorted(), "progress never goes back")
    }

    /// A database that records no file is not asked about each file: two copies of one file in
    /// its first import are both parsed, and the second copy's report is a duplicate by its
    /// content (1 imported, 1 duplicate, as a later import would count them).
    func testTwoCopiesInTheFirstImportAreOneReport() throws {
        let sample = try Data(
            contentsOf: TestPaths.sampleReports.appendingPathComponent("02-bugly-console-zh-textview.txt"))
        let summary = try importPaths([try write("a.txt", sample), try write("b.txt", sample)])
        XCTAssertEqual(summary.imported, 1)
        XCTAssertEqual(summary.duplicates, 1)
        XCTAssertEqual(try store.db.query("SELECT count(*) AS n FROM report").first?.int("n"), 1)
    }

    /// Console report number `index` to paste into one file: the iPad sample with a device id
    /// and a time of its own (the same index gives the same report).
    func pastedReport(_ index: Int) throws -> String {
        let template = try String(
            contentsOf: TestPaths.sampleReports.appendingPathComponent(
                "14-bugly-console-zh-textview-ipad.txt"),
            encoding: .utf8)
        let device = "6B0D3A9E-1F47-4C82-A5E3-D8C92F7B1046"
        return template.replacingOccurrences(
            of: device, with: String(format: "6B0D3A9E-1F47-4C82-A5E3-%012d", index)
        )
        .replacingOccurrences(
            of: "2015-03-04 16:20:41",
            with: String(format: "2015-03-%02d 16:%02d:%02d", 4 + index / 3600, index / 60 % 60, index % 60))
    }

    /// One file of many pasted reports (more than the parsers read on one core) with repeats:
    /// each report stored once, in the file's order, the repeats counted as duplicates.
    func testManyReportsInOneFileAreStoredOnceInTheirOrder() throws {
        // 700 reports, then the first 100 again.
        let texts = try (0..<700).map(pastedReport) + (0..<100).map(pastedReport)
        let path = try write("paste.txt", Data(texts.joined(separator: "\n").utf8))
        let summary = try importPaths([path])
        XCTAssertEqual(summary.imported, 700)
        XCTAssertEqual(summary.duplicates, 100)
        XCTAssertEqual(try count("report"), 700)
        let stored = try store.db.query("SELECT device_id, position_in_file FROM report ORDER BY id").map {
            "\(try $0.string("device_id") ?? "?") \(try $0.int("position_in_file") ?? -1)"
        }
        XCTAssertEqual(stored, (0..<700).map { String(format: "6B0D3A9E-1F47-4C82-A5E3-%012d %d", $0, $0) })
    }

    /// A file of more reports than the import reads at once (`RemainingReports.chunk`) is read
    /// and stored a chunk at a time, and still as one file: every report once in the file's
    /// order, the repeats of an earlier chunk's reports counted as duplicates, one `import_file`
    /// row with the file's counts, the files around it in their places, the caches in step with
    /// the rows. One file a transaction: no commit falls inside the file.
    func testAFileReadInChunksIsStoredAsOneFile() throws {
        let total = RemainingReports.chunk * 2 + 300
        let texts = try (0..<total).map(pastedReport) + (0..<100).map(pastedReport)
        let paths = [
            try writeSample("a.txt", "13-bugly-console-en-datepicker.txt"),
            try write("b-paste.txt", Data(texts.joined(separator: "\n").utf8)),
            try writeSample("c.txt", "11-not-kvc-range-exception-zh.txt"),
        ]
        let importer = try Importer(
            store: store, rules: RuleSet.builtIn(), batchSize: 2, filesPerTransaction: 1)
        let summary = try importer.run(InputWalker().expand(paths), arguments: "test", version: "test")
        XCTAssertEqual(summary.files, 3)
        XCTAssertEqual(summary.imported, total + 2)
        XCTAssertEqual(summary.duplicates, 100)
        let files = try store.db.query(
            "SELECT path, outcome, reports_imported, duplicates FROM import_file ORDER BY id"
        ).map {
            "\(URL(fileURLWithPath: try $0.string("path") ?? "").lastPathComponent) \(try $0.string("outcome") ?? "")"
                + " \(try $0.int("reports_imported") ?? -1) \(try $0.int("duplicates") ?? -1)"
        }
        XCTAssertEqual(
            files, ["a.txt imported 1 0", "b-paste.txt imported \(total) 100", "c.txt imported 1 0"])
        let pasted = try store.db.query(
            """
            SELECT device_id, position_in_file FROM report
            WHERE import_file_id = (SELECT id FROM import_file WHERE path LIKE ?) ORDER BY id
            """, [.text("%b-paste.txt")]
        ).map { "\(try $0.string("device_id") ?? "?") \(try $0.int("position_in_file") ?? -1)" }
        XCTAssertEqual(pasted, (0..<total).map { String(format: "6B0D3A9E-1F47-4C82-A5E3-%012d %d", $0, $0) })
        let order = try store.db.query("SELECT source_path FROM reports ORDER BY id").map {
            URL(fileURLWithPath: try $0.string("source_path") ?? "").lastPathComponent
        }
        XCTAssertEqual(order.first, "a.txt")
        XCTAssertEqual(order.last, "c.txt")
        try CacheAssertions.assertCachesMatchRows(store)
    }

    /// A failure in a later chunk of a file read in chunks stores nothing of that file: the
    /// files before it stay, and the file's earlier chunks are rolled back with it.
    func testAFailureInALaterChunkStoresNothingOfTheFile() throws {
        let total = RemainingReports.chunk * 2 + 10
        var texts = try (0..<total).map(pastedReport)
        texts[RemainingReports.chunk + 5] = texts[RemainingReports.chunk + 5].replacingOccurrences(
            of: "应用版本 | 2.3.1", with: "应用版本 | boom")
        let paths = [
            try writeSample("a.txt", "13-bugly-console-en-datepicker.txt"),
            try write("b-paste.txt", Data(texts.joined(separator: "\n").utf8)),
        ]
        try assertImportFailsOnBoom(paths, filesPerTransaction: 1)
        XCTAssertEqual(try count("reports"), 1, "the file before stays, nothing of the failed file")
        XCTAssertEqual(try count("import_files"), 1)
        try CacheAssertions.assertCachesMatchRows(store)
    }

    /// An import that stops between two parts of a file (an error outside the file's own
    /// writes) keeps the files before it and nothing of that file: kept half, the file's bytes
    /// would count as imported and its other reports would never be read again.
    func testAFileWhoseLastPartNeverCameKeepsNothing() throws {
        let writer = try ReportWriter(
            store: store, arguments: "test", version: "test", parserRevision: ReportReader.revision)
        func input(_ name: String, _ part: AnalyzedInput.Part, count: Int) -> AnalyzedInput {
            let reports = (0..<count).map { index in
                var report = AnalyzedReport(
                    CrashReport(format: .buglyConsole, normalizedContent: "crash \(name) \(index)"))
                report.occurredAt = "2015-03-01T00:18:47Z"
                return report
            }
            return AnalyzedInput(path: name, bytes: 10, outcome: .parsed(reports), part: part)
        }
        let transaction = try BatchTransaction(store: store, writer: writer)
        _ = try writer.writeBatch([input("a.txt", .whole, count: 1), input("paste.txt", .first, count: 3)])
        _ = try writer.writeBatch([input("paste.txt", .middle, count: 2)])
        writer.abandonOpenFile()
        transaction.keepWhatIsWritten()
        XCTAssertEqual(
            try store.db.query("SELECT source_path FROM reports").map { try $0.string("source_path") },
            ["a.txt"])
        XCTAssertEqual(
            try store.db.query("SELECT path FROM import_files").map { try $0.string("path") }, ["a.txt"])
        try CacheAssertions.assertCachesMatchRows(store)
    }

    /// A report another connection stored between two transactions of an import is met as a
    /// duplicate, by content and by incident: the writer, which stored every report of a new
    /// database itself until then, must ask the database again.
    func testReportsAnotherConnectionStoredMeanwhileAreDuplicates() throws {
        func input(_ name: String, content: String, incident: String? = nil) -> AnalyzedInput {
            var report = AnalyzedReport(CrashReport(format: .buglyConsole, normalizedContent: content))
            report.occurredAt = "2015-03-01T00:18:47Z"
            report.incidentKey = incident
            return AnalyzedInput(path: name, bytes: 10, outcome: .parsed([report]))
        }
        func writer(_ store: Store) throws -> ReportWriter {
            try ReportWriter(
                store: store, arguments: "test", version: "test", parserRevision: ReportReader.revision)
        }
        let importing = try writer(store)
        var transaction = try BatchTransaction(store: store, writer: importing)
        XCTAssertEqual(try importing.writeBatch([input("a.txt", content: "crash a")]).map(\.imported), [1])
        try transaction.commit()

        let other = try Store(path: store.location)
        let otherWriter = try writer(other)
        let otherTransaction = try BatchTransaction(store: other, writer: otherWriter)
        _ = try otherWriter.writeBatch([
            input("other-b.txt", content: "crash b"),
            input("other-c.txt", content: "crash c", incident: "incident c"),
        ])
        try otherTransaction.commit()

        transaction = try BatchTransaction(store: store, writer: importing)
        let outcomes = try importing.writeBatch([
            input("b.txt", content: "crash b"),
            input("c.txt", content: "crash c, exported again", incident: "incident c"),
            input("d.txt", content: "crash d"),
        ])
        try transaction.commit()
        XCTAssertEqual(outcomes.map(\.imported), [0, 0, 1])
        XCTAssertEqual(outcomes.map(\.duplicates), [1, 1, 0])
        XCTAssertEqual(try count("reports"), 4)
        try CacheAssertions.assertCachesMatchRows(store)
    }

    func testFilesStoredBeforeAreNotParsedAgainUnlessTheirBytesChange() throws {
        let sample = try Data(
            contentsOf: TestPaths.sampleReports.appendingPathComponent("02-bugly-console-zh-textview.txt"))
        let copy = try write("copy.txt", sample)
        let notes = try write(
            "notes.txt",
            try Data(
                contentsOf: TestPaths.sampleReports.appendingPathComponent("12-not-a-crash-release-notes.txt")
            ))
        let first = try importPaths([copy, notes])
        XCTAssertEqual(first.imported, 1)
        XCTAssertEqual(first.skipped, 1)

        func lastRun() throws -> [String] {
            try store.db.query(
                """
                SELECT outcome, coalesce(reason, '') AS reason, reports_imported + duplicates AS n
                FROM import_files WHERE run_id = (SELECT max(id) FROM import_run) ORDER BY path
                """
            ).map {
                "\(try $0.string("outcome") ?? ""):\(try $0.int("n") ?? -1):\(try $0.string("reason") ?? "")"
            }
        }
        // Same bytes: counted as a duplicate without parsing; the skipped file is read and
        // reported again, since its message matters to the user.
        let second = try importPaths([copy, notes])
        XCTAssertEqual(second.duplicates, 1)
        XCTAssertEqual(second.skipped, 1)
        let rows = try lastRun()
        XCTAssertEqual(rows.first, "duplicate:1:same bytes as a file imported before")
        XCTAssertEqual(rows.last?.hasPrefix("skipped:0:"), true)

        // One more line at the end: different bytes, parsed, and its report is a duplicate by content.
        var edited = sample
        edited.append(contentsOf: Array("\n".utf8))
        try edited.write(to: URL(fileURLWithPath: copy))
        let third = try importPaths([copy])
        XCTAssertEqual(third.duplicates, 1)
        XCTAssertEqual(try lastRun(), ["duplicate:1:"])

        // --reparse reads known bytes again.
        let fourth = try importPaths([copy], reparse: true)
        XCTAssertEqual(fourth.duplicates, 1)
        XCTAssertEqual(try lastRun(), ["duplicate:1:"])
        XCTAssertEqual(try count("reports"), 1)
    }

    func testFileFingerprintSeesEveryByteAndRoundTrips() {
        let base = Data((0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let fingerprint = FileFingerprint(of: base)
        var seen: Set<FileFingerprint> = [fingerprint]
        for position in [0, 7, 8, 500, 991, 992, 999] {
            var changed = base
            changed[position] ^= 1
            seen.insert(FileFingerprint(of: changed))
        }
        XCTAssertEqual(seen.count, 8, "flipping one bit anywhere changes the fingerprint")
        XCTAssertNotEqual(FileFingerprint(of: base.prefix(999)), FileFingerprint(of: base.prefix(998)))
        XCTAssertEqual(FileFingerprint(hex: fingerprint.hex, byteCount: 1000), fingerprint)
        XCTAssertEqual(fingerprint.hex.count, 32)
        // The form stored files are known by: lowercase, each half padded to 16 digits.
        XCTAssertEqual(
            FileFingerprint(high: 0xAB, low: 0x0123_4567_89AB_CDEF, byteCount: 1).hex,
            "00000000000000ab0123456789abcdef")
        XCTAssertNil(FileFingerprint(hex: "xyz", byteCount: 3))
    }

    func testSameReportInAnotherEncodingIsADuplicate() throws {
        let text =
            "设备机型：iPhone 6\r\nNSUnknownKeyException\r\n[<UITextView 0x1> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key _placeholderLabel.\r\n"
        let utf8 = try write("a.txt", Data(text.utf8))
        var utf16 = Data([0xFF, 0xFE])
        for unit in text.replacingOccurrences(of: "\r\n", with: "\n").utf16 {
            utf16.append(contentsOf: [UInt8(unit & 0xFF), UInt8(unit >> 8)])
        }
        let other = try write("b.txt", utf16)
        let summary = try importPaths([utf8, other])
        XCTAssertEqual(summary.imported, 1)
        XCTAssertEqual(summary.duplicates, 1)
    }

    func testRejectedInputIsNamedAndTheRestImports() throws {
        var binary = Data([0x89, 0x50, 0x4E, 0x47, 0, 0, 0, 0x0D])
        binary.append(Data(repeating: 0, count: 100))
        let paths = [
            try write("binary.png", binary),
            try write("empty.txt", Data()),
            try write("blank.txt", Data("  \n\n".utf8)),
            try write(
                "truncated.json",
                Data("{\"crashMap\": {\"expName\": \"NSUnknownKeyException\", \"expMes".utf8)),
            try write("huge-line.txt", Data(repeating: UInt8(ascii: "A"), count: 8 * 1024 * 1024)),
            try write(
                "good.txt",
                Data(
                    "NSGenericException\nAccess to UISearchBar's _searchField ivar is prohibited. This is an application bug\n"
                        .utf8)),
        ]
        let summary = try importPaths(paths)
        XCTAssertEqual(summary.imported, 1)
        XCTAssertEqual(summary.rejected, 1, "the truncated JSON looks like a crash report and cannot be read")
        XCTAssertEqual(summary.skipped, 4, "binary, empty, blank and text without a crash hold no crash")
        let reasons = Dictionary(
            uniqueKeysWithValues: (summary.rejections + summary.skips).map {
                (($0.path as NSString).lastPathComponent, $0.reason)
            })
        XCTAssertEqual(reasons["binary.png"], "binary content, not a text crash log")
        XCTAssertEqual(reasons["empty.txt"], "empty file")
        XCTAssertEqual(reasons["blank.txt"], "empty file (only white space)")
        XCTAssertEqual(reasons["truncated.json"]?.hasPrefix("malformed Bugly JSON"), true)
        XCTAssertEqual(
            reasons["huge-line.txt"],
            "no crash report found (no stack frames, no exception name with its reason, no crash header)")
        let stored = try store.db.query(
            "SELECT outcome, count(*) AS n FROM import_files WHERE outcome IN ('rejected', 'skipped') GROUP BY 1 ORDER BY 1"
        )
        XCTAssertEqual(
            try stored.map { "\(try $0.string("outcome") ?? ""):\(try $0.int("n") ?? 0)" },
            ["rejected:1", "skipped:4"])
    }

    func testTruncatedTextKeepsWhatItHas() throws {
        let data = try TestPaths.read(
            TestPaths.sampleReports.appendingPathComponent("02-bugly-console-zh-textview.txt"))
        let cut = try write("cut.txt", data.prefix(data.count / 2))
        let summary = try importPaths([cut])
        XCTAssertEqual(summary.imported, 1)
        XCTAssertEqual(
            try store.db.query("SELECT key FROM kvc_failures").first?.string("key"), "_placeholderLabel")
    }

    func testAFileLandsWholeOrNotAtAllAndEarlierFilesStay() throws {
        let good = try write(
            "1-good.txt",
            Data(
                "NSGenericException\nAccess to UITextField's _placeholderLabel ivar is prohibited. This is an application bug\n"
                    .utf8))
        let array = """
            [{"expName": "NSRangeException", "expMessage": "first", "productVersion": "1.0"},
             {"expName": "NSRangeException", "expMessage": "second", "productVersion": "boom"}]
            """
        let failing = try write("2-array.json", Data(array.utf8))
        // A database failure in the middle of the second file.
        try failInsertsOfAppVersionBoom()
        XCTAssertThrowsError(try importPaths([good, failing])) { error in
            XCTAssertTrue("\(error)".contains("disk on fire"), "\(error)")
        }
        let reasons = try store.db.query("SELECT exception_reason FROM reports").compactMap {
            try $0.string("exception_reason")
        }
        XCTAssertEqual(reasons.count, 1, "the first file stays, no report of the failed file is stored")
        XCTAssertTrue(reasons[0].hasPrefix("Access to UITextField"))
    }

    /// SQLite writes a parse batch in one savepoint (PostgreSQL in bulk): a failure in its third
    /// file undoes the batch and writes it again file by file, so the two files before the
    /// failing one stay, whole and counted, and none after it. On SQLite the import's triggers
    /// are back on after the failure: a hand edit on the same connection marks the caches stale.
    func testAFailureInsideABatchKeepsTheFilesBeforeIt() throws {
        let paths = try writeRangeLogs(0..<6, prefix: "b", boomAt: 2)
        try failInsertsOfAppVersionBoom()
        XCTAssertThrowsError(try importPaths(paths)) { error in
            XCTAssertTrue("\(error)".contains("disk on fire"), "\(error)")
        }
        let stored = try store.db.query("SELECT source_path AS path FROM reports ORDER BY id").compactMap {
            try $0.string("path")
        }
        XCTAssertEqual(
            stored, Array(paths.prefix(2)), "the files before the failing one, in one batch with it")
        let files = try store.db.query(
            "SELECT path FROM import_file WHERE run_id = (SELECT max(id) FROM import_run) ORDER BY id"
        ).compactMap { try $0.string("path") }
        XCTAssertEqual(files, Array(paths.prefix(2)), "one import_file row each, none for the failing file")
        try CacheAssertions.assertCachesMatchRows(store)
        guard store.dialect == .sqlite else { return }
        try store.db.run("DELETE FROM report WHERE source_path = ?", [.text(paths[0])])
        XCTAssertTrue(try store.checkCaches().stale, "a hand delete after a failed import marks them stale")
    }

    /// One file a batch, so that batches are parsed ahead of the writer: the files land in the
    /// order given, and a failure stops the import (and the parsing ahead of it) with the files
    /// before it kept.
    func testBatchesParsedAheadLandInOrderAndAFailureStopsThem() throws {
        let reasons = (0..<12).map { "NSRangeException\nindex \($0) beyond bounds\n" }
        let paths = try reasons.enumerated().map {
            try write(String(format: "f%02d.txt", $0.offset), Data($0.element.utf8))
        }
        let importer = try Importer(
            store: store, rules: RuleSet.builtIn(), batchSize: 1, filesPerTransaction: 3)
        let summary = try importer.run(InputWalker().expand(paths), arguments: "test", version: "test")
        XCTAssertEqual(summary.imported, 12)
        let stored = try store.db.query("SELECT source_path AS path FROM reports ORDER BY id").compactMap {
            try $0.string("path")
        }
        XCTAssertEqual(stored, paths)

        let more = try writeRangeLogs(12..<24, prefix: "g", boomAt: 17)
        try assertImportFailsOnBoom(more, filesPerTransaction: 3)
        XCTAssertEqual(try count("reports"), 17, "the five files before the failing one stay, none after")
    }

    func testWalkerSkipsHiddenFilesAndSurvivesSymlinkLoops() throws {
        let tree = folder.appendingPathComponent("tree")
        let sub = tree.appendingPathComponent("sub")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: tree.appendingPathComponent("a.txt"))
        try Data("x".utf8).write(to: tree.appendingPathComponent(".hidden.txt"))
        try Data("x".utf8).write(to: sub.appendingPathComponent("b.txt"))
        try FileManager.default.createDirectory(
            at: tree.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: tree.appendingPathComponent(".git/c.txt"))
        try FileManager.default.createSymbolicLink(
            at: sub.appendingPathComponent("loop"), withDestinationURL: tree)
        let sources = try InputWalker().expand([tree.path, "-"])
        XCTAssertEqual(
            sources.map { ($0.displayPath as NSString).lastPathComponent }, ["a.txt", "b.txt", "-"])
        XCTAssertThrowsError(try InputWalker().expand([folder.appendingPathComponent("missing").path]))
    }

    /// An input is read no further than one byte past the size limit (standard input has no
    /// size to check first; a file may grow after it was measured).
    func testInputsOverTheSizeLimitAreRefusedWithoutBeingReadWhole() throws {
        let path = try write("hundred.txt", Data(repeating: 65, count: 100))
        XCTAssertEqual(
            RegularFile.read(path, limit: 50), .failure(.tooLarge(limit: 50, size: 100)), "over the limit")
        XCTAssertEqual(try RegularFile.read(path, limit: 1_000).get().count, 100)
        // Whatever the size said (a file that grew, a device that says 0): no more than the limit + 1.
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        XCTAssertEqual(
            RegularFile.readAll(descriptor, sizeHint: 10, limit: 100)??.count, 100, "a size that grew")
        XCTAssertEqual(
            RegularFile.read("/dev/zero", limit: 50), .failure(.notRegular("a character device")),
            "never opened")
        var pipe: [Int32] = [0, 0]
        XCTAssertEqual(Glibc.pipe(&pipe), 0)
        let bytes = [UInt8](repeating: 66, count: 4_096)
        _ = bytes.withUnsafeBytes { Glibc.write(pipe[1], $0.baseAddress, $0.count) }
        close(pipe[1])
        XCTAssertEqual(
            RegularFile.readAll(pipe[0], sizeHint: nil, limit: 1_000), .some(nil), "over the limit")
        close(pipe[0])
    }
}

/// The same import tests on PostgreSQL (its bulk writer: COPY per batch). XCTest on Linux finds
/// only the test methods a class declares, hence the overrides.
final class ImportTestsOnPostgreSQL: ImportTests {
    override func setUpWithError() throws {
        folder = try TestPaths.temporaryFolder(self)
        store = try Store(path: try TestPostgres.freshDatabase(self))
    }

    override func testSampleReportsImportAndReimportAddsNothing() throws {
        try super.testSampleReportsImportAndReimportAddsNothing()
    }
    override func testProgressEndsOnTheWholeImport() throws { try super.testProgressEndsOnTheWholeImport() }
    override func testFilesStoredBeforeAreNotParsedAgainUnlessTheirBytesChange() throws {
        try super.testFilesStoredBeforeAreNotParsedAgainUnlessTheirBytesChange()
    }
    override func testSameReportInAnotherEncodingIsADuplicate() throws {
        try super.testSameReportInAnotherEncodingIsADuplicate()
    }
    override func testRejectedInputIsNamedAndTheRestImports() throws {
        try super.testRejectedInputIsNamedAndTheRestImports()
    }
    override func testTruncatedTextKeepsWhatItHas() throws { try super.testTruncatedTextKeepsWhatItHas() }
    override func testAFileLandsWholeOrNotAtAllAndEarlierFilesStay() throws {
        try super.testAFileLandsWholeOrNotAtAllAndEarlierFilesStay()
    }
    override func testBatchesParsedAheadLandInOrderAndAFailureStopsThem() throws {
        try super.testBatchesParsedAheadLandInOrderAndAFailureStopsThem()
    }
    override func testWalkerSkipsHiddenFilesAndSurvivesSymlinkLoops() throws {
        try super.testWalkerSkipsHiddenFilesAndSurvivesSymlinkLoops()
    }
    override func testInputsOverTheSizeLimitAreRefusedWithoutBeingReadWhole() throws {
        try super.testInputsOverTheSizeLimitAreRefusedWithoutBeingReadWhole()
    }
}
