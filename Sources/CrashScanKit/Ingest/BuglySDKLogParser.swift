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
        guard text.fastContains("Hardware Model:") else { return false }
        return markers.contains { text.fastContains($0) } || text.contains(endMarker)
    }

    static let endMarker = "-----end-----"

    /// A closing line: dashes around `end`.
    static func isEndLine(_ line: Substring) -> Bool {
        let trimmed = line.trimmingBlanks()
        guard trimmed.count >= 9, trimmed.hasPrefix("---"), trimmed.hasSuffix("---") else { return false }
        return trimmed.trimmingCharacters(in: ["-"]) == "end"
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
            if var report = parseOne(lines) {
                report.positionInFile = reports.count
                reports.append(report)
            }
        }
        return reports
    }

    private enum Section {
        case header, lastException, applicationInfo, crashedThread, otherThread, binaryImages, registers
    }

    static func parseOne(_ lines: [Substring]) -> CrashReport? {
        let content = ContentNormalizer.normalize(lines.joined(separator: "\n"))
        var report = CrashReport(format: .buglySDKLog, normalizedContent: content)
        var section = Section.header
        var exceptionFrames: [Frame] = []
        var crashedFrames: [Frame] = []
        var crashedThread: Int?
        var reasonLines: [String] = []

        for rawLine in lines {
            let line = rawLine.trimmingBlanks()
            if line.isEmpty {
                if section == .applicationInfo { section = .header }
                continue
            }
            if line.hasPrefix("Last Exception") {
                section = .lastException
                continue
            }
            if line.hasPrefix("Application Specific Information") {
                section = .applicationInfo
                continue
            }
            if line.hasPrefix("Binary Images") {
                section = .binaryImages
                continue
            }
            if line.allSatisfy({ $0 == "-" }) {
                section = .header
                continue
            }
            if line.hasPrefix("Thread ") {
                if line.fastContains("crashed with") || line.fastContains("Thread State") {
                    section = .registers
                } else if let number = threadNumber(line), line.hasSuffix(":") || line.fastContains("Crashed")
                {
                    let crashed =
                        line.fastContains("Crashed") || line.fastContains("crashed")
                        || number == crashedThread
                    section = crashed ? .crashedThread : .otherThread
                }
                if section == .crashedThread || section == .otherThread || section == .registers { continue }
            }
            switch section {
            case .lastException:
                if let frame = FrameParser.parse(line) {
                    exceptionFrames.append(frame)
                } else if exceptionFrames.isEmpty {
                    reasonLines.append(String(line))
                }
                continue
            case .crashedThread:
                if let frame = FrameParser.parse(line) { crashedFrames.append(frame) }
                continue
            case .applicationInfo:
                reasonLines.append(String(line))
                continue
            case .otherThread, .binaryImages, .registers:
                continue
            case .header:
                break
            }
            guard let colon = line.firstIndex(of: ":") else { continue }
            let key = line[..<colon].trimmingBlanks()
            let value = String(line[line.index(after: colon)...].trimmingBlanks())
            guard !value.isEmpty else { continue }
            switch key {
            case "Hardware Model", "Hardware model": report.deviceRaw = value
            case "Process": report.processName = BuglyConsoleParser.processName(value)
            case "Identifier": report.bundleID = value
            case "Version": report.appVersion = shortVersion(value)
            case "Code Type": report.cpuArch = value
            case "Date/Time": report.occurredAtRaw = value
            case "OS Version": report.osRaw = value
            case "Exception Type":
                let tokens = value.split(separator: " ")
                if let last = tokens.last, tokens.count > 1, last.hasPrefix("SIG") || last.hasPrefix("(SIG") {
                    report.signal = last.trimmingCharacters(in: ["(", ")"])
                    report.exceptionType = tokens.dropLast().joined(separator: " ")
                } else {
                    report.exceptionType = value
                }
            case "Exception Reason", "Reason": report.exceptionReason = value
            case "Crashed Thread":
                crashedThread = Int(value.prefix(while: { $0.isNumber }))
            default: break
            }
        }
        for text in reasonLines where report.exceptionReason == nil {
            if let found = ExceptionText.extract(from: Substring(text)) {
                if report.exceptionType == nil || report.exceptionType?.hasPrefix("EXC_") == true {
                    report.exceptionType = found.name ?? report.exceptionType
                }
                report.exceptionReason = found.reason
            } else if let (name, rest) = ExceptionText.nameLine(Substring(text)), !rest.isEmpty {
                report.exceptionType = report.exceptionType ?? name
                report.exceptionReason = String(rest)
            } else if ExceptionText.looksLikeReason(Substring(text)) {
                report.exceptionReason = text
            }
        }
        report.frames = exceptionFrames.isEmpty ? crashedFrames : exceptionFrames
        guard report.deviceRaw != nil || report.exceptionType != nil || !report.frames.isEmpty else {
            return nil
        }
        return report
    }

    static func threadNumber(_ line: Substring) -> Int? {
        let digits = line.dropFirst("Thread ".count).prefix(while: { $0.isNumber })
        return Int(digits)
    }

    /// Apple writes `Version: <CFBundleVersion> (<CFBundleShortVersionString>)`; the short
    /// version is what people call the app version.
    static func shortVersion(_ value: String) -> String {
        guard let open = value.lastIndex(of: "("), value.hasSuffix(")") else { return value }
        let inner = value[value.index(after: open)..<value.index(before: value.endIndex)].trimmingBlanks()
        return inner.isEmpty ? value : String(inner)
    }
}
