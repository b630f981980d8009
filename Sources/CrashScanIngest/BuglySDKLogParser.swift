import CrashScanModel

/// The `crash.log` the Bugly iOS SDK writes on the device (bugly-format.md section 4): an
/// Apple-like header with `RDM …` lines, `Last Exception :` with the exception backtrace,
/// `Exception Type: NAME SIGNAL`, thread blocks and `Binary Images:`, closed by a
/// `----------------------end--------------------` line. A file may hold several reports.
enum BuglySDKLogParser {
    /// Bugly-only header lines; any one of them, with `Hardware Model:`, marks a crash.log.
    static let markers = [
        "RDM SDK Version:", "SDK start time:", "RDM DeviceId:", "RDM user id", "Open UDID:", "SDK Version:",
    ]

    static func isSDKLog(_ text: String) -> Bool {
        let head = Lines.head(text, limit: 16_384)
        guard head.fastContains("Hardware Model:") else { return false }
        return markers.contains { head.fastContains($0) } || text.fastContains(endMarker)
    }

    static let endMarker = "-----end-----"

    /// A closing line: dashes around `end`.
    static func isEndLine(_ line: Substring) -> Bool {
        let trimmed = line.trimmingBlanks()
        guard trimmed.utf8.count >= 9, trimmed.hasPrefix("---"), trimmed.hasSuffix("---") else {
            return false
        }
        return trimmed.trimming { $0 == 45 } == "end"
    }

    /// Splits at the end lines and parses each part; parts without a header are skipped.
    static func parse(_ text: String) -> [CrashReport] {
        var parts: [[Substring]] = [[]]
        for line in Lines.split(text, keepEmpty: true) {
            if isEndLine(line) {
                parts.append([])
            } else {
                parts[parts.count - 1].append(line)
            }
        }
        var reports: [CrashReport] = []
        for lines in parts where lines.contains(where: { !$0.trimmingBlanks().isEmpty }) {
            // A part's lines follow each other in the text (only the end lines are left out).
            if var report = parseOne(lines, consecutive: true) {
                report.positionInFile = reports.count
                reports.append(report)
            }
        }
        return reports
    }

    /// One report between end lines: the crash.log is Apple's layout with Bugly's lines added.
    /// `consecutive`: as `AppleTextParser.parse` takes it.
    static func parseOne(_ lines: [Substring], consecutive: Bool = false) -> CrashReport? {
        guard
            var report = AppleTextParser.parse(
                lines, consecutive: consecutive, format: .buglySDKLog, normalizeSymbols: true)
        else {
            return nil
        }
        // Bugly's header has no `Incident Identifier`; a part with neither device, exception nor
        // frames is not a report (a trailing fragment after the last end line).
        guard report.deviceRaw != nil || report.exceptionType != nil || !report.frames.isEmpty else {
            return nil
        }
        report.format = .buglySDKLog
        return report
    }

    /// Apple writes `Version: <CFBundleVersion> (<CFBundleShortVersionString>)`; the short
    /// version is what people call the app version.
    static func shortVersion(_ value: String) -> String {
        guard let open = value.lastIndex(of: "("), value.hasSuffix(")") else { return value }
        let inner = value[value.index(after: open)..<value.index(before: value.endIndex)].trimmingBlanks()
        return inner.isEmpty ? value : String(inner)
    }
}
