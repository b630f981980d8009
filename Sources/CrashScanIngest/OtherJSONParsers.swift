import CrashScanCatalogs
import CrashScanModel

/// Sentry event JSON (`exception.values[…]` with a stack trace): the exception type and value
/// become the exception name and reason.
///
/// The members read are gathered in `SentryEventFields` from the document's bytes
/// (`SentryEventReader`), and one function makes the report.
enum SentryEventParser {
    /// The shape by its top-level keys (also asked of the Bugly JSON fast path's tree).
    static func isEvent(hasKey has: (String) -> Bool) -> Bool {
        has("event_id") || (has("exception") && has("debug_meta"))
    }

    /// The report of the members read, however they were read.
    static func report(_ fields: SentryEventFields, content: String) -> CrashReport {
        var report = CrashReport(format: .sentryEvent, normalizedContent: content)
        report.exceptionType = fields.type
        report.exceptionReason = fields.value
        report.deviceRaw = fields.deviceModel
        if let version = fields.osVersion {
            report.osRaw = "\(fields.osName ?? "iOS") \(version)" + (fields.osBuild.map { " (\($0))" } ?? "")
        }
        report.occurredAtRaw = fields.timestamp
        report.appVersion = fields.appVersion
        // Sentry lists frames from the outermost caller to the crash.
        report.frames = FrameList(
            fields.frames.reversed().enumerated().map { index, frame in
                let image = frame.package.map { String($0.split(separator: "/").last ?? "") } ?? "?"
                let address = frame.instructionAddress ?? "0x0"
                if let function = frame.function, function != "<redacted>" {
                    return Frame(index: index, image: image, address: address, symbol: function)
                }
                return Frame(
                    index: index, image: image, address: address, symbol: address, isUnsymbolicated: true)
            })
        return report
    }
}

/// The members of a Sentry event that its report is made of, as `JSONFields` reads them (text
/// trimmed, nil when empty).
struct SentryEventFields {
    /// The last exception of `exception.values`: its `type` and `value`.
    var type: String?
    var value: String?
    var deviceModel: String?
    var osName: String?
    var osVersion: String?
    var osBuild: String?
    var timestamp: String?
    var appVersion: String?
    /// The last exception's stack trace, outermost caller first, as Sentry lists it.
    var frames: [RawFrame] = []

    struct RawFrame {
        var package: String?
        var instructionAddress: String?
        var function: String?
    }
}

/// Cr4shed (jailbreak crash logger) text: `Device: iPhone XS, iOS 13.5`, `Exception type:`,
/// `Reason:`, `Call stack:` with `// symbol` frames. Rewritten into Apple's keys and read by the
/// Apple text parser.
enum Cr4shedParser {
    /// Whether the head's `lines` (of `text`) are a Cr4shed log.
    static func isCr4shed(_ lines: [Substring], text: String) -> Bool {
        ReportReader.headHasLine(lines, startingWith: "Exception type:", in: text)
            && lines.contains {
                $0.hasPrefix("Call stack:") || $0.hasPrefix("Bundle id:") || $0.hasPrefix("Culprit:")
            }
    }

    static func parse(_ lines: [Substring]) -> CrashReport? {
        var rewritten: [Substring] = []
        for line in lines {
            if line.hasPrefix("Device:") {
                // `Device: iPhone XS Max, iOS 13.5`: a marketing name and the OS.
                let value = line.dropFirst("Device:".count).trimmingBlanks()
                let parts = value.split(separator: ",", maxSplits: 1)
                rewritten.append("Hardware Model: " + (parts.first.map(String.init) ?? ""))
                if parts.count > 1 { rewritten.append("OS Version: " + parts[1].trimmingBlanks()) }
            } else if line.hasPrefix("Call stack:") {
                rewritten.append("Thread 0 Crashed:")
            } else if line.hasPrefix("Bundle id:") {
                rewritten.append("Identifier: " + line.dropFirst("Bundle id:".count).trimmingBlanks())
            } else {
                rewritten.append(line)
            }
        }
        guard var report = AppleTextParser.parse(rewritten, format: .cr4shed, normalizeSymbols: false) else {
            return nil
        }
        report.normalizedContent = ContentNormalizer.normalize(Lines.join(lines))
        return report
    }
}
