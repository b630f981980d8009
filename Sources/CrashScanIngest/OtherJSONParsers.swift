import CrashScanCatalogs
import CrashScanModel

/// Sentry event JSON (`exception.values[…]` with a stack trace): the exception type and value
/// become the exception name and reason.
enum SentryEventParser {
    static func isEvent(_ object: [String: Any]) -> Bool { isEvent { object[$0] != nil } }

    /// The shape by its top-level keys (also asked of the Bugly JSON fast path's tree).
    static func isEvent(hasKey has: (String) -> Bool) -> Bool {
        has("event_id") || (has("exception") && has("debug_meta"))
    }

    static func parse(_ object: [String: Any]) -> CrashReport? {
        let exception = JSONFields.object(object["exception"])
        guard let value = JSONFields.array(exception?["values"]).compactMap(JSONFields.object).last else {
            return nil
        }
        var report = CrashReport(format: .sentryEvent, normalizedContent: JSONFields.canonical(object))
        report.exceptionType = JSONFields.string(value["type"])
        report.exceptionReason = JSONFields.string(value["value"])
        let contexts = JSONFields.object(object["contexts"]) ?? [:]
        let device = JSONFields.object(contexts["device"]) ?? [:]
        let os = JSONFields.object(contexts["os"]) ?? [:]
        report.deviceRaw = JSONFields.string(device["model"])
        if let version = JSONFields.string(os["version"]) {
            report.osRaw =
                "\(JSONFields.string(os["name"]) ?? "iOS") \(version)"
                + (JSONFields.string(os["build"]).map { " (\($0))" } ?? "")
        }
        report.occurredAtRaw = JSONFields.string(object["timestamp"])
        report.appVersion = JSONFields.string((JSONFields.object(contexts["app"]) ?? [:])["app_version"])
        // Sentry lists frames from the outermost caller to the crash.
        let frames = JSONFields.array(JSONFields.object(value["stacktrace"])?["frames"]).compactMap(
            JSONFields.object)
        report.frames = FrameList(
            frames.reversed().enumerated().map { index, frame in
                let image =
                    JSONFields.string(frame["package"]).map { String($0.split(separator: "/").last ?? "") }
                    ?? "?"
                let address = JSONFields.string(frame["instruction_addr"]) ?? "0x0"
                if let function = JSONFields.string(frame["function"]), function != "<redacted>" {
                    return Frame(index: index, image: image, address: address, symbol: function)
                }
                return Frame(
                    index: index, image: image, address: address, symbol: address, isUnsymbolicated: true)
            })
        return report
    }
}

/// Cr4shed (jailbreak crash logger) text: `Device: iPhone XS, iOS 13.5`, `Exception type:`,
/// `Reason:`, `Call stack:` with `// symbol` frames. Rewritten into Apple's keys and read by the
/// Apple text parser.
enum Cr4shedParser {
    static func isCr4shed(_ lines: [Substring]) -> Bool {
        lines.contains { $0.hasPrefix("Exception type:") }
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
