import Foundation

/// Why a file yielded no report. The message names the reason; the importer adds the file.
public struct Rejection: Error, Equatable, CustomStringConvertible, Sendable {
    public let reason: String
    public init(_ reason: String) { self.reason = reason }
    public var description: String { reason }
}

/// Detects the format of a file from its content (never its name) and parses it.
public enum ReportReader {
    /// Larger files are refused before reading: no crash export is this big per file, and a
    /// runaway file must not take the machine's memory.
    public static let maximumFileSize = 64 * 1024 * 1024

    public static func read(_ data: Data) -> Result<[CrashReport], Rejection> {
        if data.starts(with: Array("plcrash".utf8)) {
            return .failure(Rejection("PLCrashReporter binary report: this format is not supported yet"))
        }
        let text: String
        do {
            text = try TextDecoder.decode(data).text
        } catch {
            return .failure(Rejection(error.description))
        }
        return read(text: text)
    }

    public static func read(text: String) -> Result<[CrashReport], Rejection> {
        let trimmed = Substring(text.utf8.drop(while: { $0 == 32 || $0 == 9 || $0 == 10 || $0 == 13 }))
            .drop(while: { $0.isWhitespace || $0 == "\u{FEFF}" })
        guard !trimmed.isEmpty else { return .failure(Rejection("empty file (only white space)")) }
        if let first = trimmed.first, first == "{" || first == "[" {
            if let result = readJSON(Substring(trimmed)) { return result }
        }
        if BuglySDKLogParser.isSDKLog(text) {
            let reports = BuglySDKLogParser.parse(text)
            return reports.isEmpty
                ? .failure(Rejection("Bugly crash.log without a report in it")) : .success(reports)
        }
        if let other = unsupportedTextFormat(text) {
            return .failure(Rejection("\(other): this format is not supported yet"))
        }
        let format: SourceFormat =
            text.fastContains("*** Terminating app due to uncaught exception")
                || text.fastContains("*** First throw call stack")
            ? .consoleText : .buglyConsole
        guard let report = BuglyConsoleParser.parse(text, format: format) else {
            return .failure(Rejection("no crash report found (no exception name, reason or stack frames)"))
        }
        return .success([report])
    }

    /// JSON documents: Bugly API JSON is read; other crash JSON is named and refused.
    /// Returns nil when the text is not JSON after all (a console paste starting with `[`).
    private static func readJSON(_ text: Substring) -> Result<[CrashReport], Rejection>? {
        let data = Data(text.utf8)
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            if let firstLine = Lines.split(text).first, firstLine.fastContains("\"bug_type\"") {
                return .failure(Rejection("Apple .ips report: this format is not supported yet"))
            }
            if text.first == "[" && !text.hasPrefix("[{") && !text.hasPrefix("[\n") { return nil }
            if text.first == "{" && (text.fastContains("\"crashMap\"") || text.fastContains("\"expName\"")) {
                return .failure(Rejection("malformed Bugly JSON: \(jsonErrorDetail(error))"))
            }
            if text.fastContains("\"crash\"") && text.fastContains("\"system\"") {
                return .failure(Rejection("malformed KSCrash JSON: \(jsonErrorDetail(error))"))
            }
            if text.first == "{" { return .failure(Rejection("malformed JSON: \(jsonErrorDetail(error))")) }
            return nil
        }
        if BuglyJSONParser.isBuglyCrashJSON(object) {
            do {
                return .success(try BuglyJSONParser.parse(object))
            } catch {
                return .failure(Rejection(error.description))
            }
        }
        if let dictionary = object as? [String: Any] {
            let keys = Set(dictionary.keys)
            if keys.contains("bug_type") {
                return .failure(Rejection("Apple .ips report: this format is not supported yet"))
            }
            if keys.isSuperset(of: ["report", "crash", "system"]) {
                return .failure(Rejection("KSCrash/SentryCrash JSON: this format is not supported yet"))
            }
            if !keys.isDisjoint(with: ["crashDiagnostics", "hangDiagnostics", "timeStampBegin", "callStacks"])
            {
                return .failure(Rejection("MetricKit JSON: this format is not supported yet"))
            }
            if keys.contains("event_id") || keys.contains("debug_meta") {
                return .failure(Rejection("Sentry event JSON: this format is not supported yet"))
            }
            let names = keys.sorted().prefix(6).joined(separator: ", ")
            return .failure(Rejection("JSON that is not a crash report (top-level keys: \(names))"))
        }
        return .failure(Rejection("JSON that is not a crash report"))
    }

    private static func jsonErrorDetail(_ error: Error) -> String {
        let nsError = error as NSError
        if let detail = nsError.userInfo[NSDebugDescriptionErrorKey] as? String { return detail }
        return nsError.localizedDescription
    }

    /// Text formats of other crash reporters, named so the user knows why they were skipped.
    private static func unsupportedTextFormat(_ text: String) -> String? {
        let head = text.prefix(4_000)
        if let firstLine = Lines.split(head).first, firstLine.hasPrefix("{"),
            firstLine.fastContains("\"bug_type\"")
        {
            return "Apple .ips report"
        }
        let headLines = Lines.split(head)
        if headLines.contains(where: { $0.hasPrefix("Application received signal") })
            && text.fastContains("\ndSYM UUID:")
        {
            return "Umeng crash log"
        }
        if headLines.contains(where: { $0.hasPrefix("Exception type:") })
            && headLines.contains(where: { $0.hasPrefix("Call stack:") || $0.hasPrefix("Bundle id:") })
        {
            return "Cr4shed log"
        }
        let lines = headLines.prefix(3)
        if lines.count >= 2, lines.allSatisfy({ $0.hasPrefix("{\"") && $0.hasSuffix("}") }) {
            return "Crashlytics record"
        }
        for line in headLines.prefix(60) {
            let trimmed = line.trimmingBlanks()
            if trimmed.hasPrefix("Incident Identifier:") || trimmed.hasPrefix("Hardware Model:")
                || (trimmed.hasPrefix("OS Version:") && head.fastContains("Report Version:"))
            {
                return "Apple crash report"
            }
        }
        return nil
    }
}
