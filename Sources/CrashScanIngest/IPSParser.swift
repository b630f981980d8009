import CrashScanCatalogs
import CrashScanJSON
import CrashScanModel
import Foundation

/// Apple `.ips` (apple-formats.md section 3): a one-line JSON header with `bug_type`, then
/// either Apple's text report (bug_type 109, or a translated report) or a JSON body (309).
enum IPSParser {
    /// `bug_type` values that are not crashes, named for the rejection message (from the log-type
    /// table of iOS's OSAnalytics, as published by the ipsw project: 151 is `ForceReset`, 409
    /// `SystemWatchdogCrash`, 284 `GPUEvent`, 145 `SymptomsIO` …).
    static let otherBugTypes: [String: String] = [
        "10": "kernel panic", "110": "kernel panic", "210": "kernel panic",
        "410": "kernel panic (automation)",
        "11": "spin report", "12": "hang report", "222": "hang report (long run-loop hang)",
        "223": "hang report (short run-loop hang)", "228": "hang report (third-party app hang)",
        "310": "hang report (micro run-loop hang)", "239": "hang report (responsiveness)",
        "243": "hang report (compositor client hang)",
        "28": "watchdog timeout report", "29": "service watchdog timeout report",
        "409": "system watchdog report (the system, not an app, was stuck)",
        "98": "Jetsam memory report", "298": "Jetsam memory report", "301": "system memory reset report",
        "151": "forced reset report (the device was restarted by holding its buttons)",
        "115": "reset count report",
        "22": "resource exception report", "185": "resource exception report",
        "385": "resource exception report",
        "227": "thread resource exception report", "327": "thread resource exception report",
        "142": "CPU wake-ups report", "202": "CPU usage report", "206": "fatal CPU usage report",
        "145": "disk I/O report", "284": "GPU event report", "21": "GPU restart report",
        "184": "GPU restart report",
        "288": "stackshot", "509": "terminating stackshot", "174": "micro-stackshot report",
        "220": "power micro-stackshots", "308": "OS fault report", "187": "sandbox violation report",
        "211": "Core Analytics report",
    ]

    /// The header when `text` starts with one (the first line is a JSON object with `bug_type`),
    /// with its line and the byte offset of the line after it. A code fence before it (an issue
    /// paste) is skipped. Checked on bytes first: this runs for every file.
    static func header(_ text: String) -> (header: IPSHeader, line: Int, bodyOffset: Int)? {
        let head = Lines.head(text, limit: 16_384)
        guard head.fastContains("\"bug_type\"") else { return nil }
        // Line by line up to the first that is not blank (splitting the whole head into lines was
        // 2 % of an `.ips` import).
        guard
            let (index, found) = Lines.firstLine(
                head, where: { !$0.trimmingBlanks().isEmpty && !$0.hasPrefix("```") })
        else {
            return nil
        }
        let line = found.trimmingBlanks()
        guard line.hasPrefix("{"), line.fastContains("\"bug_type\""), let header = IPSHeader(line) else {
            return nil
        }
        let lineEnd = text.utf8.distance(from: text.utf8.startIndex, to: found.utf8.endIndex)
        return (header, index, min(lineEnd + 1, text.utf8.count))
    }

    static func parse(_ text: String, header: IPSHeader, line headerLine: Int, bodyOffset: Int) -> Result<
        [CrashReport], Rejection
    > {
        let bugType = header.bugType ?? "?"
        let body = Substring(text.utf8[text.utf8.index(text.utf8.startIndex, offsetBy: bodyOffset)...])
        let trimmedBody = body.drop(while: { $0.isWhitespace })
        var report: CrashReport
        if trimmedBody.first == "{" {
            guard bugType == "309" else { return .failure(skipped(bugType)) }
            // From the body's first character that is not white space (Unicode's, as before).
            let start = text.utf8.distance(from: text.utf8.startIndex, to: trimmedBody.startIndex)
            switch jsonBody(text, from: start) {
            case .success(let parsed): report = parsed
            case .failure(let rejection): return .failure(rejection)
            }
        } else {
            guard bugType == "109" || bugType == "309" else { return .failure(skipped(bugType)) }
            let lines = Lines.split(text, keepEmpty: true).dropFirst(headerLine + 1)
            guard let parsed = AppleTextParser.parse(Array(lines), format: .appleIPS, normalizeSymbols: false)
            else { return .failure(Rejection(".ips with an empty report body")) }
            report = parsed
            report.normalizedContent = ContentNormalizer.normalize(text)
        }
        report.format = .appleIPS
        // The header fills what the body left out.
        report.osRaw = report.osRaw ?? header.osVersion
        report.appVersion = report.appVersion ?? header.appVersion
        report.occurredAtRaw = report.occurredAtRaw ?? header.timestamp
        report.bundleID = report.bundleID ?? header.bundleID
        if report.processName == nil { report.processName = header.appName }
        if header.platform == 7 { report.isSimulator = true }
        return .success([report])
    }

    /// The JSON body at `offset`, read on its bytes (`IPSBodyReader`); a body that does not
    /// read is refused with the position of the problem.
    static func jsonBody(_ text: String, from offset: Int) -> Result<CrashReport, Rejection> {
        let content = ContentNormalizer.normalize(text)
        var copy = text
        return copy.withUTF8 { bytes in
            do {
                return .success(try IPSBodyReader.read(bytes, from: offset, content: content))
            } catch {
                return .failure(Rejection("malformed .ips JSON body: \(error)"))
            }
        }
    }

    private static func skipped(_ bugType: String) -> Rejection {
        let kind = otherBugTypes[bugType].map { "a \($0), not a crash" } ?? "not a crash report"
        return .skip("Apple .ips of bug_type \(bugType): \(kind); skipped")
    }

}
