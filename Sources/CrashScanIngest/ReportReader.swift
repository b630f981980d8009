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
    static let parserChanges = 3
    package static var revision: String { "\(CrashScanVersion.current)/\(parserChanges)" }

    public static func read(_ data: Data) -> Result<[CrashReport], Rejection> {
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
        let read = read(text: decoded.text)
        guard decoded.repairs > 0, case .success(var reports) = read else { return read }
        for index in reports.indices { reports[index].textRepairs = decoded.repairs }
        return .success(reports)
    }

    /// Detection order of apple-formats.md section 1: the first match wins.
    public static func read(text: String) -> Result<[CrashReport], Rejection> {
        let trimmed = Substring(text.utf8.drop(while: { $0 == 32 || $0 == 9 || $0 == 10 || $0 == 13 }))
            .drop(while: { $0.isWhitespace || $0 == "\u{FEFF}" })
        guard !trimmed.isEmpty else { return .failure(.skip("empty file (only white space)")) }
        if let (header, line, bodyOffset) = IPSParser.header(text) {
            if line == 0, let documents = IPSDocuments.split(text) { return readIPS(documents) }
            return IPSParser.parse(text, header: header, line: line, bodyOffset: bodyOffset)
        }
        if let first = trimmed.first, first == "{" || first == "[" {
            if let result = readJSON(Substring(trimmed)) { return result }
        }
        let head = Array(Lines.split(Lines.head(text, limit: 32_768)).prefix(300).map { $0.trimmingBlanks() })
        if BuglySDKLogParser.isSDKLog(text) {
            let reports = BuglySDKLogParser.parse(text)
            return reports.isEmpty
                ? .failure(Rejection("Bugly crash.log without a report in it")) : .success(reports)
        }
        if let other = unsupportedTextFormat(head, text: text) {
            return .failure(Rejection(other))
        }
        if Cr4shedParser.isCr4shed(head) {
            guard let report = Cr4shedParser.parse(Lines.split(text)) else {
                return .failure(Rejection("Cr4shed log without a report in it"))
            }
            return .success([report])
        }
        if isAppleText(head), let reports = readApple(text) { return .success(reports) }
        let format: SourceFormat
        if head.contains(where: { $0.hasPrefix("Fatal Exception:") || $0.hasPrefix("`Fatal Exception:") }) {
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
        let whole = BuglyConsoleParser.parse(text, format: format, severalReports: &severalReports)
        if severalReports, format != .crashlyticsConsole, let reports = severalPasted(text, format: format) {
            return .success(reports)
        }
        guard let report = whole else {
            return .failure(
                .skip(
                    "no crash report found (no stack frames, no exception name with its reason, no crash header)"
                ))
        }
        return .success([report])
    }

    /// Several `.ips` reports of one file: those that are crash reports, in order. A document that
    /// is not a crash (a hang report) is left out as it would be alone; the file is refused only
    /// when none is a crash, with the first document's reason.
    static func readIPS(_ documents: [Substring]) -> Result<[CrashReport], Rejection> {
        var reports: [CrashReport] = []
        var firstFailure: Rejection?
        for document in documents {
            let text = String(document)
            guard let (header, line, bodyOffset) = IPSParser.header(text) else { continue }
            switch IPSParser.parse(text, header: header, line: line, bodyOffset: bodyOffset) {
            case .success(let parsed):
                for var report in parsed {
                    report.positionInFile = reports.count
                    reports.append(report)
                }
            case .failure(let rejection): firstFailure = firstFailure ?? rejection
            }
        }
        if reports.isEmpty, let firstFailure { return .failure(firstFailure) }
        return .success(reports)
    }

    /// The Apple reports in `text`: several when the file holds several one after the other
    /// (each part a report on its own), else one; nil when it holds none.
    static func readApple(_ text: String) -> [CrashReport]? {
        let lines = Lines.split(text, keepEmpty: true)
        let parts = AppleReportSplitter.split(lines)
        if parts.count > 1 {
            var reports: [CrashReport] = []
            for part in parts {
                guard
                    var report = AppleTextParser.parse(
                        Array(part), format: .appleCrash, normalizeSymbols: false)
                else { continue }
                report.positionInFile = reports.count
                reports.append(report)
            }
            if reports.count > 1 { return reports }
        }
        return AppleTextParser.parse(lines, format: .appleCrash, normalizeSymbols: false).map { [$0] }
    }

    /// Several console reports pasted into one file (at least two parts that are reports each),
    /// or nil when the text is one report.
    static func severalPasted(_ text: String, format: SourceFormat) -> [CrashReport]? {
        let parts = ConsolePasteSplitter.split(text)
        guard parts.count > 1 else { return nil }
        var reports: [CrashReport] = []
        for part in parts {
            guard var report = BuglyConsoleParser.parse(part, format: format) else { continue }
            report.positionInFile = reports.count
            reports.append(report)
        }
        return reports.count > 1 ? reports : nil
    }

    /// Apple's own header keys and section titles (any indentation). `Process:` and
    /// `OS Version:` do not count: Bugly's English console labels use them too.
    static func isAppleText(_ head: [Substring]) -> Bool {
        var keys = 0
        for line in head {
            // Cheap exit: every key below starts with one of these letters (or a backtick).
            guard let first = line.utf8.first, [73, 72, 76, 82, 67, 69, 84, 66, 80, 68, 96].contains(first)
            else {
                continue
            }
            let text = first == 96 ? line.dropFirst() : line
            if text.hasPrefix("Incident Identifier:") || text.hasPrefix("Hardware Model:")
                || text.hasPrefix("Hardware model:") || text.hasPrefix("Last Exception Backtrace:")
            {
                return true
            }
            for key in [
                "Report Version:", "Code Type:", "Exception Codes:", "Crashed Thread:",
                "Triggered by Thread:",
                "Binary Images:", "Parent Process:", "Date/Time:",
            ] where text.hasPrefix(key) {
                keys += 1
            }
            if text.hasPrefix("Thread "), text.fastContains(" Crashed") || text.hasSuffix(":") { keys += 1 }
        }
        return keys >= 2
    }

    /// JSON documents: Bugly API JSON is read; other crash JSON is named and refused.
    /// Returns nil when the text is not JSON after all (a console paste starting with `[`).
    /// True for a top-level object that `readJSON` reads as another format before trying Bugly's
    /// (keep in step with the order below).
    static func isReadBeforeBugly(hasKey has: (String) -> Bool) -> Bool {
        KSCrashParser.isKSCrash(hasKey: has) || MetricKitParser.isPayload(hasKey: has)
            || MetricKitParser.isCallStackTree(hasKey: has) || SentryEventParser.isEvent(hasKey: has)
    }

    /// `fast: false` skips the Bugly JSON fast path and the KSCrash and MetricKit readers on bytes
    /// (tests and the `json` fuzz target compare both ways).
    static func readJSON(_ text: Substring, fast: Bool = true) -> Result<[CrashReport], Rejection>? {
        if fast, let reports = BuglyJSONParser.fastParse(text) { return .success(reports) }
        if fast, let read = readOtherJSONOnBytes(text) { return read }
        let object: Any
        do {
            object = try JSONTolerance.object(from: Data(text.utf8))
        } catch {
            return malformedJSON(text, error: error)
        }
        if let dictionary = object as? [String: Any], let read = readOtherJSON(dictionary) { return read }
        if BuglyJSONParser.isBuglyCrashJSON(object) {
            do {
                return .success(try BuglyJSONParser.parse(object, text: text))
            } catch {
                return .failure(Rejection(error.description))
            }
        }
        if let dictionary = object as? [String: Any] {
            let names = dictionary.keys.sorted().prefix(6).joined(separator: ", ")
            return .failure(.skip("JSON that is not a crash report (top-level keys: \(names))"))
        }
        if let list = object as? [Any],
            list.allSatisfy({ ($0 as? [String: Any]).map(KSCrashParser.isKSCrash) ?? false }),
            !list.isEmpty
        {
            return .success(list.compactMap { $0 as? [String: Any] }.map(KSCrashParser.parse))
        }
        return .failure(.skip("JSON that is not a crash report"))
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
        if text.first == "{" && (text.fastContains("\"crashMap\"") || text.fastContains("\"expName\"")) {
            return .failure(Rejection("malformed Bugly JSON: \(jsonErrorDetail(error, in: text))"))
        }
        if text.fastContains("\"crash\"") && text.fastContains("\"system\"") {
            return .failure(Rejection("malformed KSCrash JSON: \(jsonErrorDetail(error, in: text))"))
        }
        if text.first == "{" {
            return .failure(Rejection("malformed JSON: \(jsonErrorDetail(error, in: text))"))
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

    /// KSCrash, MetricKit and Sentry documents read on their bytes (`KSCrashReader`,
    /// `MetricKitReader`, `SentryEventReader`): through `JSONSerialization` and its sorted-keys
    /// serialisation a KSCrash file took 28–34 ms, a MetricKit payload 7.4–8.7 ms and a 150 KB
    /// Sentry event 40 ms, on their bytes 0.8–1.5 ms, 0.25–0.55 ms and 1.2–1.7 ms
    /// (`crashscan-bench --stages`, docs/performance.md). Nil for any other text and for what
    /// those readers leave to Foundation (a syntax error included: the tolerant path repairs some
    /// and names the others).
    static func readOtherJSONOnBytes(_ text: Substring) -> Result<[CrashReport], Rejection>? {
        // Any other object (a Bugly document the strict reader declined, JSON of no known shape)
        // is written here too before the Foundation path reads it, which costs tens of times
        // more; looking for the formats' names as text first was slower still (`fastContains`
        // stops at every quote: a Sentry event took 1.50–2.14 ms against 1.19–1.57 ms without).
        guard text.first == "{" else { return nil }
        func read(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<[CrashReport], Rejection>? {
            // One pass writes the content, checks the whole document and gives its top-level names.
            guard let document = try? CanonicalJSON.document(bytes) else { return nil }
            if KSCrashParser.isKSCrash(hasKey: document.hasName) {
                return (try? KSCrashReader.read(document)).map(kscrash)
            }
            if MetricKitParser.isPayload(hasKey: document.hasName) {
                return try? MetricKitReader.read(document)
            }
            // A bare call-stack tree is refused by the Foundation path.
            guard !MetricKitParser.isCallStackTree(hasKey: document.hasName),
                SentryEventParser.isEvent(hasKey: document.hasName)
            else { return nil }
            do {
                return sentry(try SentryEventReader.read(document))
            } catch {
                return nil
            }
        }
        if let result = text.utf8.withContiguousStorageIfAvailable(read) { return result }
        var copy = String(text)
        return copy.withUTF8(read)
    }

    /// KSCrash, MetricKit and Sentry documents (checked before Bugly's JSON, in this order);
    /// nil for anything else.
    private static func readOtherJSON(_ dictionary: [String: Any]) -> Result<[CrashReport], Rejection>? {
        if KSCrashParser.isKSCrash(dictionary) { return kscrash(KSCrashParser.parse(dictionary)) }
        if MetricKitParser.isPayload(dictionary) { return MetricKitParser.parse(dictionary) }
        if MetricKitParser.isCallStackTree(hasKey: { dictionary[$0] != nil }) {
            return .failure(
                Rejection(
                    "MetricKit call-stack tree without diagnostic metadata (no device, OS or exception)"))
        }
        if SentryEventParser.isEvent(dictionary) { return sentry(SentryEventParser.parse(dictionary)) }
        return nil
    }

    /// Where the document breaks, as the streaming reader finds it (`line 3, column 14: expected
    /// ',' or '}' after a member, found '"'`), counted in the document's own lines; Foundation's
    /// description when the reader accepts what Foundation refused.
    private static func jsonErrorDetail(_ error: Error, in text: Substring) -> String {
        var document = String(text)
        let syntaxError = document.withUTF8 { bytes -> JSONSyntaxError? in
            var reader = StreamingJSON(bytes)
            do {
                try reader.skipValue()
                try reader.end()
            } catch {
                return error as? JSONSyntaxError
            }
            return nil
        }
        if let syntaxError { return syntaxError.description }
        let nsError = error as NSError
        if let detail = nsError.userInfo[NSDebugDescriptionErrorKey] as? String { return detail }
        return nsError.localizedDescription
    }

    /// Text formats of other crash reporters that crashscan names and skips.
    private static func unsupportedTextFormat(_ head: [Substring], text: String) -> String? {
        if head.contains(where: { $0.hasPrefix("Application received signal") })
            && text.fastContains("\ndSYM UUID:")
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
