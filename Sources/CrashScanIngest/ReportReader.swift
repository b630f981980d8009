import CrashScanJSON
import CrashScanModel
import Foundation

/// Detects the format of a file from its content (never its name) and parses it.
public enum ReportReader {
    /// Larger files are refused before reading (`InputLimits`).
    public static let maximumFileSize = InputLimits.maximumFileSize

    /// Names the parsers that read a file. A file whose bytes were stored under the same
    /// revision is not parsed again; bump `parserChanges` whenever a parser or the
    /// classification reads the same bytes differently, so that the next import re-reads them.
    /// 3: several Apple reports in one file, broken text repaired instead of refused.
    /// 4: every JSON format read by crashscan's own reader (a boolean read as text is `true`).
    /// 5: a JSON object given twice read as its last value alone.
    /// 6: an issue page's counts stored with its log; files of usage and issue counts read.
    static let parserChanges = 6
    package static var revision: String { "\(CrashScanVersion.current)/\(parserChanges)" }

    public static func read(_ data: Data) -> Result<[CrashReport], Rejection> {
        read(data, chunk: nil).map(\.reports)
    }

    /// A file's reports: all of them, or those of its first chunk of parts and the rest
    /// (`RemainingReports`) when it was read in chunks.
    package struct FileReports: Sendable {
        package var reports: [CrashReport]
        package var rest: RemainingReports? = nil
        /// What a file of usage or issue counts held (it has no reports then).
        package var scale: ScaleFile? = nil
    }

    /// The reports of `data`; with a `chunk` of parts, a file of more parts than that (a console
    /// paste, concatenated Apple or `.ips` reports) gives its first chunk's reports and the rest
    /// to read, so that its reports need not be held all at once (nil: every report).
    package static func read(_ data: Data, chunk: Int?) -> Result<FileReports, Rejection> {
        if data.starts(with: Array("plcrash".utf8)) {
            return .failure(
                Rejection(
                    "PLCrashReporter binary report: not decoded by crashscan (convert it to text with PLCrashReportTextFormatter and import the text)"
                ))
        }
        let decoded: TextDecoder.Decoded
        do {
            decoded = try TextDecoder.decode(data)
        } catch {
            // Empty and binary files (a `.DS_Store`, an image) hold no crash.
            return .failure(Rejection(error.description, .skipped))
        }
        let read = read(text: decoded.text, chunk: chunk)
        guard decoded.repairs > 0, case .success(var file) = read else { return read }
        let repairs = decoded.repairs
        for index in file.reports.indices { file.reports[index].textRepairs = repairs }
        file.rest = file.rest?.map { $0.textRepairs = repairs }
        return .success(file)
    }

    /// Detection order of apple-formats.md section 1: the first match wins.
    public static func read(text: String) -> Result<[CrashReport], Rejection> {
        read(text: text, chunk: nil).map(\.reports)
    }

    /// A file of usage or issue counts: no reports, its entries (refused when none can be read).
    package static func scaleFile(_ file: ScaleFile) -> Result<FileReports, Rejection> {
        ScaleReader.result(file).map { FileReports(reports: [], scale: $0) }
    }

    /// The reports of a format that is never read in chunks.
    private static func allAtOnce(_ reports: [CrashReport]) -> Result<FileReports, Rejection> {
        .success(FileReports(reports: reports))
    }

    private static func read(text: String, chunk: Int?) -> Result<FileReports, Rejection> {
        let trimmed = Substring(text.utf8.drop(while: { $0 == 32 || $0 == 9 || $0 == 10 || $0 == 13 }))
            .drop(while: { $0.isWhitespace || $0 == "\u{FEFF}" })
        guard !trimmed.isEmpty else { return .failure(.skip("empty file (only white space)")) }
        if let (header, line, bodyOffset) = IPSParser.header(text) {
            if line == 0, let documents = IPSDocuments.split(text) {
                return readIPS(documents, chunk: chunk)
            }
            return IPSParser.parse(text, header: header, line: line, bodyOffset: bodyOffset).flatMap(
                allAtOnce)
        }
        if let first = trimmed.first, first == "{" || first == "[" {
            if let result = readJSON(Substring(trimmed)) {
                // A document that is no crash report may be an issue list or a crash trend.
                if case .failure(let rejection) = result, rejection.disposition == .skipped,
                    let scale = ScaleReader.json(Substring(trimmed))
                {
                    return scaleFile(scale)
                }
                return result.flatMap(allAtOnce)
            }
        }
        // Most files are shorter than the head: their lines are split once, for the head and for
        // the console parser.
        let headText = Lines.head(text, limit: 32_768)
        let lines = Lines.split(headText)
        let head = Array(lines.prefix(300).map { $0.trimmingBlanks() })
        let allLines = headText.utf8.count == text.utf8.count ? lines : nil
        // A sheet of issues (whose stacks would read as a crash) or of usage, before any text format.
        if let titles = head.first, ScaleReader.mayBeSheet(firstLine: titles),
            let scale = ScaleReader.sheet(String(trimmed))
        {
            return scaleFile(scale)
        }
        if BuglySDKLogParser.isSDKLog(text) {
            let reports = BuglySDKLogParser.parse(text)
            return reports.isEmpty
                ? .failure(Rejection("Bugly crash.log without a report in it")) : allAtOnce(reports)
        }
        if let other = unsupportedTextFormat(head, text: text) {
            return .failure(Rejection(other))
        }
        if Cr4shedParser.isCr4shed(head, text: text) {
            guard let report = Cr4shedParser.parse(allLines ?? Lines.split(text)) else {
                return .failure(Rejection("Cr4shed log without a report in it"))
            }
            return allAtOnce([report])
        }
        if isAppleText(head), let file = readApple(text, chunk: chunk) { return .success(file) }
        let format: SourceFormat
        if headHasLine(head, startingWith: "Fatal Exception:", orQuoted: true, in: text) {
            format = .crashlyticsConsole
        } else if text.fastContains("*** Terminating app due to uncaught exception")
            || text.fastContains("*** First throw call stack")
            || text.fastContains("*** Call stack at first throw")
        {
            format = .consoleText
        } else {
            format = .buglyConsole
        }
        var severalReports = false
        let pasted = format != .crashlyticsConsole
        var whole = BuglyConsoleParser.parse(
            text, lines: allLines, format: format, severalReports: &severalReports, stopAtSeveral: pasted)
        if severalReports, pasted {
            if let file = severalPasted(text, format: format, chunk: chunk) { return .success(file) }
            // Not several after all (fewer than two parts were reports): the text as one.
            whole = BuglyConsoleParser.parse(text, format: format)
        }
        guard let report = whole else {
            return .failure(
                .skip(
                    "no crash report found (no stack frames, no exception name with its reason, no crash header)"
                ))
        }
        return allAtOnce([report])
    }

    /// Several `.ips` reports of one file: those that are crash reports, in order. A document that
    /// is not a crash (a hang report) is left out as it would be alone; the file is refused only
    /// when none is a crash, with the first document's reason.
    static func readIPS(_ documents: [Substring], chunk: Int? = nil) -> Result<FileReports, Rejection> {
        let reports = inParts(documents.count, chunk: chunk, minimum: 1) { range in
            ParallelMap.mapInChunks(Array(documents[range])) { ipsReports($0) }.flatMap { $0 }
        }
        if let reports { return .success(reports) }
        // None is a crash: the first document's reason.
        for document in documents {
            let text = String(document)
            guard let (header, line, bodyOffset) = IPSParser.header(text) else { continue }
            if case .failure(let rejection) = IPSParser.parse(
                text, header: header, line: line, bodyOffset: bodyOffset)
            {
                return .failure(rejection)
            }
        }
        return .success(FileReports(reports: []))
    }

    /// The crash reports of one `.ips` document (none for a document that is not one).
    private static func ipsReports(_ document: Substring) -> [CrashReport?] {
        let text = String(document)
        guard let (header, line, bodyOffset) = IPSParser.header(text),
            case .success(let reports) = IPSParser.parse(
                text, header: header, line: line, bodyOffset: bodyOffset)
        else { return [] }
        return reports
    }

    /// The Apple reports in `text`: several when the file holds several one after the other
    /// (each part a report on its own), else one; nil when it holds none.
    static func readApple(_ text: String, chunk: Int? = nil) -> FileReports? {
        let lines = Lines.split(text, keepEmpty: true)
        let parts = AppleReportSplitter.split(lines)
        if parts.count > 1 {
            let several = inParts(parts.count, chunk: chunk, minimum: 2) { range in
                // Each part is a run of the file's lines (`AppleReportSplitter`).
                ParallelMap.mapInChunks(parts[range].map(Array.init)) {
                    AppleTextParser.parse($0, consecutive: true, format: .appleCrash, normalizeSymbols: false)
                }
            }
            if let several { return several }
        }
        guard
            let report = AppleTextParser.parse(
                lines, consecutive: true, format: .appleCrash, normalizeSymbols: false)
        else { return nil }
        return FileReports(reports: [report])
    }

    /// Several console reports pasted into one file (at least two parts that are reports each),
    /// or nil when the text is one report.
    static func severalPasted(_ text: String, format: SourceFormat, chunk: Int? = nil) -> FileReports? {
        let parts = ConsolePasteSplitter.split(text)
        guard parts.count > 1 else { return nil }
        return inParts(parts.count, chunk: chunk, minimum: 2) { range in
            ParallelMap.mapInChunks(Array(parts[range])) {
                BuglyConsoleParser.parse(String($0), format: format)
            }
        }
    }

    /// The reports of a file's `count` parts (`parse` reads a range of them), numbered by their
    /// place among the reports: all of them; or with a `chunk` size, when the first chunk holds
    /// `minimum` reports and more parts follow, that chunk's and the rest to read. Nil when fewer
    /// than `minimum` parts are reports. Either way the reports are the same, in the same order.
    private static func inParts(
        _ count: Int, chunk: Int?, minimum: Int, parse: @escaping @Sendable (Range<Int>) -> [CrashReport?]
    ) -> FileReports? {
        var rest = RemainingReports(
            parts: count, from: 0, numbered: 0, chunk: chunk ?? RemainingReports.chunk, parse: parse)
        var reports = rest.read()
        if chunk != nil, reports.count >= minimum, !rest.isEmpty {
            return FileReports(reports: reports, rest: rest)
        }
        while !rest.isEmpty { reports += rest.read() }
        return reports.count >= minimum ? FileReports(reports: reports) : nil
    }

    /// The keys of which two make a text Apple's, kept once: as a literal they were an array made
    /// again for each line of each file's head.
    private static let appleKeys = [
        "Report Version:", "Code Type:", "Exception Codes:", "Crashed Thread:", "Triggered by Thread:",
        "Binary Images:", "Parent Process:", "Date/Time:",
    ]

    /// Whether `byte` starts a key `isAppleText` looks for (I H L R C E T B P D), or is a backtick.
    private static func mayStartAppleKey(_ byte: UInt8) -> Bool {
        switch byte {
        case 73, 72, 76, 82, 67, 69, 84, 66, 80, 68, 96: return true
        default: return false
        }
    }

    /// Apple's own header keys and section titles (any indentation). `Process:` and
    /// `OS Version:` do not count: Bugly's English console labels use them too.
    static func isAppleText(_ head: [Substring]) -> Bool {
        var keys = 0
        for line in head {
            // Cheap exit: most lines start with no key's first byte.
            guard let first = line.utf8.first, mayStartAppleKey(first) else { continue }
            let text = first == 96 ? line.dropFirst() : line
            if text.hasPrefix("Incident Identifier:") || text.hasPrefix("Hardware Model:")
                || text.hasPrefix("Hardware model:") || text.hasPrefix("Last Exception Backtrace:")
            {
                return true
            }
            for key in appleKeys where text.hasPrefix(key) { keys += 1 }
            if text.hasPrefix("Thread "), text.fastContains(" Crashed") || text.hasSuffix(":") { keys += 1 }
        }
        return keys >= 2
    }

    /// True for a top-level object that `readJSON` reads as another format before trying Bugly's
    /// (keep in step with `readOtherJSON`).
    static func isReadBeforeBugly(hasKey has: (String) -> Bool) -> Bool {
        KSCrashParser.isKSCrash(hasKey: has) || MetricKitParser.isPayload(hasKey: has)
            || MetricKitParser.isCallStackTree(hasKey: has) || SentryEventParser.isEvent(hasKey: has)
    }

    /// A JSON document: KSCrash, MetricKit and Sentry documents and Bugly API JSON are read, any
    /// other JSON is named and skipped. Nil when the text is not JSON after all (a console paste
    /// starting with `[`, JSON lines). One reader reads them all, on the document's bytes
    /// (`StreamingJSON`); a KSCrash file's crashed-thread backtrace, a MetricKit diagnostic, a
    /// Sentry event's last exception are found and read without building the rest.
    static func readJSON(_ text: Substring) -> Result<[CrashReport], Rejection>? {
        if let result = text.utf8.withContiguousStorageIfAvailable({ readJSON(text, bytes: $0) }) {
            return result
        }
        var copy = String(text)
        return copy.withUTF8 { readJSON(text, bytes: $0) }
    }

    private static func readJSON(_ text: Substring, bytes: UnsafeBufferPointer<UInt8>)
        -> Result<[CrashReport], Rejection>?
    {
        // Bugly's JSON is read from a tree (a few strings of a small document); any other object
        // is written in canonical form first, in the one pass that checks it and gives its
        // top-level names (through the tree, a KSCrash file took several times as long).
        if text.first == "{", !mentionsBugly(text) {
            do {
                if let document = try CanonicalJSON.document(bytes) {
                    if let read = readOtherJSON(document) { return read }
                    let names = document.topLevelNames.sorted().prefix(6).joined(separator: ", ")
                    return .failure(.skip("JSON that is not a crash report (top-level keys: \(names))"))
                }
            } catch {
                return malformedJSON(text, error: error)
            }
        }
        let tree: JSONValue
        do {
            tree = try JSONValue.parse(bytes, .crashReports)
        } catch {
            return malformedJSON(text, error: error)
        }
        if case .object(let members) = tree.kind {
            let names = Set(members.map(\.key))
            if isReadBeforeBugly(hasKey: names.contains) {
                // A KSCrash or Sentry document that quotes Bugly's names somewhere.
                do {
                    if let document = try CanonicalJSON.document(bytes), let read = readOtherJSON(document) {
                        return read
                    }
                } catch {
                    return malformedJSON(text, error: error)
                }
            }
            let crashes = BuglyJSONParser.crashObjects(in: tree)
            guard !crashes.isEmpty else {
                let keys = names.sorted().prefix(6).joined(separator: ", ")
                return .failure(.skip("JSON that is not a crash report (top-level keys: \(keys))"))
            }
            return bugly(crashes, text: text, bytes: bytes)
        }
        let crashes = BuglyJSONParser.crashObjects(in: tree)
        if !crashes.isEmpty { return bugly(crashes, text: text, bytes: bytes) }
        if case .array(let elements) = tree.kind, !elements.isEmpty,
            elements.allSatisfy({ element in KSCrashParser.isKSCrash(hasKey: { element[$0] != nil }) })
        {
            return kscrashList(elements, bytes: bytes)
        }
        return .failure(.skip("JSON that is not a crash report"))
    }

    /// Bugly's marker names, looked for as text before the document is read.
    private static func mentionsBugly(_ text: Substring) -> Bool {
        text.fastContains("\"crashMap\"") || text.fastContains("\"expName\"")
            || text.fastContains("\"expMessage\"")
    }

    private static func bugly(
        _ crashes: [BuglyJSONParser.CrashObject], text: Substring, bytes: UnsafeBufferPointer<UInt8>
    )
        -> Result<[CrashReport], Rejection>
    {
        do {
            return .success(try BuglyJSONParser.parse(crashes, text: text, bytes: bytes))
        } catch {
            return .failure(Rejection("malformed JSON: \(error)"))
        }
    }

    /// An array of KSCrash reports, each read as its own document.
    private static func kscrashList(_ elements: [JSONValue], bytes: UnsafeBufferPointer<UInt8>)
        -> Result<[CrashReport], Rejection>
    {
        var reports: [CrashReport] = []
        for element in elements {
            let slice = UnsafeBufferPointer(rebasing: bytes[element.range])
            guard let document = try? CanonicalJSON.document(slice),
                let report = try? KSCrashReader.read(document)
            else { continue }
            reports.append(report)
        }
        return .success(reports)
    }

    /// Text that does not parse as JSON: a rejection naming the format it looks like, or nil
    /// when it may be another format (JSON lines, a bracketed log line).
    private static func malformedJSON(_ text: Substring, error: Error) -> Result<[CrashReport], Rejection>? {
        if text.first == "[" && !text.hasPrefix("[{") && !text.hasPrefix("[\n") { return nil }
        // JSON lines (Crashlytics records, one object per line) are not one document.
        if Lines.split(text).prefix(3).count >= 2,
            Lines.split(text).prefix(3).allSatisfy({ $0.hasPrefix("{") && $0.hasSuffix("}") })
        {
            return nil
        }
        let detail = "\(error)"
        if text.first == "{" && (text.fastContains("\"crashMap\"") || text.fastContains("\"expName\"")) {
            return .failure(Rejection("malformed Bugly JSON: \(detail)"))
        }
        if text.fastContains("\"crash\"") && text.fastContains("\"system\"") {
            return .failure(Rejection("malformed KSCrash JSON: \(detail)"))
        }
        if text.first == "{" {
            return .failure(Rejection("malformed JSON: \(detail)"))
        }
        return nil
    }

    /// A KSCrash report, unless it holds nothing of a crash.
    private static func kscrash(_ report: CrashReport) -> Result<[CrashReport], Rejection> {
        guard report.exceptionType != nil || !report.frames.isEmpty || report.deviceRaw != nil else {
            return .failure(.skip("KSCrash JSON without a crash (no error, threads or system)"))
        }
        return .success([report])
    }

    /// A Sentry event's report; nil when it has no exception.
    private static func sentry(_ report: CrashReport?) -> Result<[CrashReport], Rejection> {
        guard let report else { return .failure(.skip("Sentry event without an exception")) }
        return .success([report])
    }

    /// KSCrash, MetricKit and Sentry documents (checked before Bugly's JSON, in this order), read
    /// on their bytes (`KSCrashReader`, `MetricKitReader`, `SentryEventReader`): through
    /// `JSONSerialization` and its sorted-keys serialisation a KSCrash file took 28–34 ms, a
    /// MetricKit payload 7.4–8.7 ms and a 150 KB Sentry event 40 ms, on their bytes 0.8–1.5 ms,
    /// 0.25–0.55 ms and 1.2–1.7 ms (`crashscan-bench --stages`). Nil for anything else.
    private static func readOtherJSON(_ document: CanonicalJSON.Document) -> Result<[CrashReport], Rejection>?
    {
        do {
            if KSCrashParser.isKSCrash(hasKey: document.hasName) {
                return kscrash(try KSCrashReader.read(document))
            }
            if MetricKitParser.isPayload(hasKey: document.hasName) {
                return try MetricKitReader.read(document)
            }
            if MetricKitParser.isCallStackTree(hasKey: document.hasName) {
                return .failure(
                    Rejection(
                        "MetricKit call-stack tree without diagnostic metadata (no device, OS or exception)"))
            }
            if SentryEventParser.isEvent(hasKey: document.hasName) {
                return sentry(try SentryEventReader.read(document))
            }
        } catch {
            // The document was checked whole when it was written: what is left is a value no
            // report can hold.
            return .failure(Rejection("malformed JSON: \(error)"))
        }
        return nil
    }

    /// Whether a line of `head` (of `text`) starts with `prefix`, or with a backtick and `prefix`
    /// when `orQuoted`. The text is searched first (memchr): most texts hold no such line, and
    /// each pass over the head copies its lines, a retain and a release each.
    static func headHasLine(
        _ head: [Substring], startingWith prefix: String, orQuoted: Bool = false, in text: String
    )
        -> Bool
    {
        text.fastContains(prefix)
            && head.contains {
                $0.hasPrefix(prefix)
                    || orQuoted && $0.hasPrefix("`") && $0.dropFirst().hasPrefix(prefix)
            }
    }

    /// Text formats of other crash reporters that crashscan names and skips.
    private static func unsupportedTextFormat(_ head: [Substring], text: String) -> String? {
        if headHasLine(head, startingWith: "Application received signal", in: text),
            text.fastContains("\ndSYM UUID:")
        {
            return "Umeng crash log: this format is not supported yet"
        }
        let first = head.prefix(3)
        if first.count >= 2, first.allSatisfy({ $0.hasPrefix("{\"") && $0.hasSuffix("}") }) {
            return
                "Crashlytics on-device record (JSON lines, hex-encoded exception): this format is not supported yet"
        }
        if first.count >= 2,
            first.allSatisfy({ line in
                line.first?.isNumber == true && line.dropFirst().hasPrefix(" {")
            })
        {
            return "ChimeHQ Meter exception log: this format is not supported yet"
        }
        return nil
    }
}
