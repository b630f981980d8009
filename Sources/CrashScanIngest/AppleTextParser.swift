import CrashScanCatalogs
import CrashScanClassification
import CrashScanModel

/// Apple's text crash report in all its variants (apple-formats.md section 2), and the
/// Apple-like reports other tools write (the Bugly SDK crash.log, KSCrash and PLCrashReporter
/// text): `Key: value` headers at any alignment or indentation, `Application Specific
/// Information`, `Last Exception Backtrace` (frames or an address list), thread blocks and
/// `Binary Images`.
enum AppleTextParser {
    private enum Section {
        case header, lastException, applicationInfo, applicationBacktrace, crashedThread, otherThread
        case binaryImages, skipped
    }

    /// Header keys that crashscan reads, by their lower-cased names.
    private enum HeaderKey: String, CaseIterable {
        case hardwareModel = "hardware model"
        case process
        case path
        case identifier
        case version
        case codeType = "code type"
        case dateTime = "date/time"
        case osVersion = "os version"
        case exceptionType = "exception type"
        case exceptionCodes = "exception codes"
        case exceptionReason = "exception reason"
        case reason
        case terminationReason = "termination reason"
        case crashedThread = "crashed thread"
        case triggeredByThread = "triggered by thread"
        case parentProcess = "parent process"
        case appVariant = "appvariant"
        case releaseType = "release type"
        case incidentIdentifier = "incident identifier"
        case reportVersion = "report version"
        case highlightedThread = "highlighted thread"
        case crashReporterKey = "crashreporter key"
        case rdmDeviceID = "rdm deviceid"
        case rdmUserID = "rdm user id"

        /// The key `text` names, compared as `lowercased()` compares; nil for any other. An ASCII
        /// key (nearly all) is compared byte by byte with the names: lower-casing the key of every
        /// `Key: value` line into a String, hashing it and comparing it with each name in turn
        /// was about 3,000 instructions a line.
        static func named(_ text: Substring) -> HeaderKey? {
            let ascii: HeaderKey?? = text.withUTF8Storage { bytes in
                guard bytes.allSatisfy({ $0 < 128 }) else { return nil }
                return .some(
                    names.first { name in
                        name.bytes.count == bytes.count
                            && zip(name.bytes, bytes).allSatisfy { $0 == CharacterSetASCII.lowercased($1) }
                    }?.key)
            }
            return ascii ?? HeaderKey(rawValue: text.lowercased())
        }

        private static let names = allCases.map { (key: $0, bytes: Array($0.rawValue.utf8)) }
    }

    /// The report `lines` hold. `consecutive`: they are consecutive lines of one text, as
    /// `Lines.split(_:keepEmpty: true)` cut them, so their content is the text they span
    /// (`Lines.span(of:)`), not their join.
    static func parse(
        _ lines: [Substring], consecutive: Bool = false, format: SourceFormat, normalizeSymbols: Bool
    ) -> CrashReport? {
        let content = ContentNormalizer.normalize(consecutive ? Lines.span(of: lines) : Lines.join(lines))
        var scan = Scan(
            report: CrashReport(format: format, normalizedContent: content),
            normalizeSymbols: normalizeSymbols)
        for rawLine in lines where rawLine.utf8.count <= Lines.maximumUsefulLength {
            scan.read(rawLine)
        }
        return scan.finish()
    }

    /// What the lines read so far said: the report's fields and the state between lines.
    private struct Scan {
        var report: CrashReport
        let normalizeSymbols: Bool
        var section = Section.header
        var exceptionFrames = FrameList()
        var applicationFrames = FrameList()
        var threads: [Int: FrameList] = [:]
        var currentThread: Int?
        var crashedThread: Int?
        var infoLines: [Substring] = []
        var path: String?
        var parentProcess: String?
        var versionText: String?
        var imageHint: String?
        var headerSeen = false

        init(report: CrashReport, normalizeSymbols: Bool) {
            self.report = report
            self.normalizeSymbols = normalizeSymbols
        }

        mutating func read(_ rawLine: Substring) {
            var line = rawLine.trimmingBlanks()
            // Pastes in issues keep their code fences and a stray backtick (asked of the lines that
            // start with one: two `hasPrefix` on every line cost about 200 instructions).
            if line.utf8.first == 96 {
                if line.hasPrefix("```") { return }
                if line.hasPrefix("`") { line = line.dropFirst() }
            }
            if line.isEmpty {
                if section == .applicationInfo || section == .lastException { section = .header }
                return
            }
            if let next = AppleTextParser.sectionStart(line, current: section) {
                switch next {
                case .thread(let number, let crashed):
                    currentThread = number
                    if crashed { crashedThread = number }
                    section = crashed || number == crashedThread ? .crashedThread : .otherThread
                default:
                    section = next.section
                }
                return
            }
            if readInSection(line) { return }
            readHeader(line)
        }

        /// A line of the current section other than the header; false when it is read as a
        /// header line instead (a thread block ends at its first line that is not a frame).
        mutating func readInSection(_ line: Substring) -> Bool {
            switch section {
            case .lastException, .applicationBacktrace:
                let read =
                    section == .lastException
                    ? AppleTextParser.readFrames(
                        line, normalizeSymbols: normalizeSymbols, into: &exceptionFrames)
                    : AppleTextParser.readFrames(
                        line, normalizeSymbols: normalizeSymbols, into: &applicationFrames)
                if !read, section == .lastException, exceptionFrames.isEmpty {
                    infoLines.append(line)  // Bugly's crash.log: a reason line under `Last Exception :`
                }
                return true
            case .crashedThread, .otherThread:
                if let thread = currentThread {
                    if FrameParser.parse(
                        line, into: &threads[thread, default: FrameList()], normalizeSymbols: normalizeSymbols
                    ) {
                        return true
                    }
                    // A thread is listed once a frame of it is read, as before the frames were
                    // appended in place (`finish` falls back to the lowest thread listed).
                    if threads[thread]?.isEmpty == true { threads[thread] = nil }
                }
                section = .header
                return false
            case .applicationInfo:
                infoLines.append(line)
                return true
            case .binaryImages:
                readBinaryImage(line)
                return true
            case .skipped:
                return true
            case .header:
                return false
            }
        }

        mutating func readBinaryImage(_ line: Substring) {
            if !BinaryImageLine.isSystemPath(line), let image = BinaryImageLine.parse(line),
                !KnownClasses.isSystemImage(image.name)
            {
                report.binaryImages.append(image)
            }
            // Only the image marked `+` or at the report's Path can be the app's.
            if imageHint == nil, line.fastContains(" +") || path.map({ line.hasSuffix($0) }) == true,
                let name = AppleTextParser.appImage(in: line, path: path)
            {
                imageHint = name
            }
        }

        /// A `Key: value` header line; other lines are ignored.
        mutating func readHeader(_ line: Substring) {
            // The colon by byte: walking Characters to it was a visible cost on every header line.
            guard let colon = line.fastRange(of: ":")?.lowerBound,
                let key = HeaderKey.named(line[..<colon].trimmingBlanks())
            else { return }
            headerSeen = true
            let value = String(line[line.utf8.index(after: colon)...].trimmingBlanks())
            guard !value.isEmpty else { return }
            switch key {
            case .hardwareModel: report.deviceRaw = value
            case .appVariant:
                // `1:iPad7,5:17.4`: the device identifier between the colons.
                let parts = value.split(separator: ":")
                if report.deviceRaw == nil, parts.count >= 2 { report.deviceRaw = String(parts[1]) }
            case .process:
                let name = BuglyConsoleParser.processName(value)
                report.processName = name.isEmpty ? nil : name
            case .path: path = value
            case .identifier: report.bundleID = value
            case .version: versionText = value
            case .codeType: report.cpuArch = value
            case .dateTime: report.occurredAtRaw = value
            case .osVersion: report.osRaw = value
            case .parentProcess: parentProcess = value
            case .exceptionType:
                let (type, signal) = AppleTextParser.exceptionType(value)
                report.exceptionType = type
                report.signal = signal
            case .exceptionReason, .reason: report.exceptionReason = value
            // Apple's anonymous per-device key; the Bugly SDK's device and user ids.
            case .crashReporterKey, .rdmDeviceID: report.deviceID = ReportIdentity.identifier(value)
            case .rdmUserID: report.userID = ReportIdentity.identifier(value)
            case .crashedThread, .triggeredByThread, .highlightedThread:
                crashedThread = Int(value.prefix(while: \.isNumber))
            default: break
            }
        }

        /// The report the lines made, or nil when they were not a crash report.
        mutating func finish() -> CrashReport? {
            AppleTextParser.applyApplicationInformation(infoLines, to: &report)
            let lowerOS = report.osRaw?.lowercased() ?? ""
            let isMacOS = lowerOS.hasPrefix("mac os") || lowerOS.hasPrefix("macos")
            if let versionText {
                // macOS reports put the short version first (`2.3.0 (230)`), iOS the build.
                (report.appVersion, report.appBuild) = AppVersion.split(versionText, shortFirst: isMacOS)
            }
            if report.processName == nil, let path, let last = path.split(separator: "/").last {
                report.processName = String(last)
            }
            report.appImageHint = imageHint
            if parentProcess?.fastContains("launchd_sim") == true
                || path?.fastContains("/CoreSimulator/") == true
                || report.deviceRaw.map({ ["arm64", "x86_64", "i386"].contains($0.lowercased()) }) == true
            {
                report.isSimulator = true
            } else if isMacOS,
                path?.fastContains("/Wrapper/") == true || path?.fastContains("/Bundle/Application/") == true
            {
                report.isIOSAppOnMac = true
            }
            let crashed =
                crashedThread.flatMap { threads[$0] } ?? threads.keys.min().flatMap { threads[$0] }
                ?? FrameList()
            report.frames =
                AppleTextParser.hasSymbols(exceptionFrames)
                ? exceptionFrames
                : !applicationFrames.isEmpty
                    ? applicationFrames
                    : !crashed.isEmpty ? crashed : exceptionFrames
            guard headerSeen || !report.frames.isEmpty || report.exceptionReason != nil else { return nil }
            return report
        }
    }

    // MARK: - Sections

    private enum SectionStart {
        case section(Section)
        case thread(Int, crashed: Bool)

        var section: Section {
            if case .section(let section) = self { return section }
            return .otherThread
        }
    }

    private static func sectionStart(_ line: Substring, current: Section) -> SectionStart? {
        // Every title below starts with one of these bytes: L A B F E V T, or `-` for a rule.
        guard let first = line.utf8.first, [76, 65, 66, 70, 69, 86, 84, 45].contains(first) else {
            return nil
        }
        // The titles by their bytes: eleven `hasPrefix` on the Substring were about 1,000
        // instructions for each line starting with one of those letters.
        let titled: Section? = line.withUTF8Storage { bytes in
            if bytes.hasPrefix("Last Exception") { return .lastException }
            if bytes.hasPrefix("Application Specific Information") { return .applicationInfo }
            if bytes.hasPrefix("Application Specific Backtrace") { return .applicationBacktrace }
            if bytes.hasPrefix("Binary Images") || bytes.hasPrefix("Binary images") { return .binaryImages }
            if bytes.hasPrefix("Filtered syslog") || bytes.hasPrefix("External Modification")
                || bytes.hasPrefix("VM Region") || bytes.hasPrefix("Thread State") || bytes.hasPrefix("EOF")
            {
                return .skipped
            }
            return nil
        }
        if let titled { return .section(titled) }
        if current != .binaryImages, line.allSatisfy({ $0 == "-" }), line.count >= 3 {
            return .section(.header)
        }
        guard line.hasPrefix("Thread ") else { return nil }
        if line.fastContains("crashed with") || line.fastContains("Thread State") {
            return .section(.skipped)
        }
        let rest = line.dropFirst("Thread ".count)
        let digits = rest.prefix(while: \.isNumber)
        guard let number = Int(digits) else { return nil }
        let after = rest.dropFirst(digits.count).trimmingBlanks()
        if after.hasPrefix("name:") { return .thread(number, crashed: false) }
        if after.hasPrefix("Crashed") || after.hasPrefix("crashed") { return .thread(number, crashed: true) }
        if after.hasPrefix(":") { return .thread(number, crashed: false) }
        return nil
    }

    /// Frames on one line, appended to `frames`: a frame, or Apple's address list
    /// `(0x181422364 0x180668528 …)`; false when the line holds none.
    static func readFrames(_ line: Substring, normalizeSymbols: Bool, into frames: inout FrameList) -> Bool {
        if FrameParser.parse(line, into: &frames, normalizeSymbols: normalizeSymbols) { return true }
        var text = line
        if text.hasPrefix("(") { text = text.dropFirst() }
        if text.hasSuffix(")") { text = text.dropLast() }
        // The first token must be an address: most lines that are no frame (a reason under
        // `Last Exception`) end here, before the split walks their Characters (70,000
        // instructions a line: 1 % of a parsing thread's instructions importing 3,000 logs).
        guard text.drop(while: { $0 == " " }).hasPrefix("0x") else { return false }
        let tokens = text.split(separator: " ")
        guard !tokens.isEmpty, tokens.allSatisfy({ $0.hasPrefix("0x") && $0.count > 2 }) else { return false }
        for (index, token) in tokens.enumerated() {
            frames.append(
                index: index, image: "?", address: String(token), symbol: String(token),
                isUnsymbolicated: true)
        }
        return true
    }

    private static func hasSymbols(_ frames: FrameList) -> Bool {
        frames.contains { !$0.isUnsymbolicated }
    }

    /// `EXC_CRASH (SIGABRT)` → (EXC_CRASH, SIGABRT); `NSUnknownKeyException SIGABRT` (Bugly SDK);
    /// `SIGABRT`.
    static func exceptionType(_ value: String) -> (String, String?) {
        // Split on bytes: a space is one byte, and splitting the String walked its Characters
        // (15,000 instructions a report).
        let tokens = value.utf8.split(separator: 32).map { Substring($0) }
        if let last = tokens.last, tokens.count > 1, last.hasPrefix("SIG") || last.hasPrefix("(SIG") {
            return (tokens.dropLast().joined(separator: " "), last.trimming { $0 == 40 || $0 == 41 }.string)
        }
        return (value, value.hasPrefix("SIG") ? value : nil)
    }

    /// The reason in `Application Specific Information`, one line at a time, then the
    /// `UNCAUGHT EXCEPTION (X): …` form that Xcode hard-wraps over several lines.
    static func applyApplicationInformation(_ lines: [Substring], to report: inout CrashReport) {
        guard !lines.isEmpty else { return }
        for line in lines where report.exceptionReason == nil {
            if line.fastContains("UNCAUGHT EXCEPTION (") { break }
            if let found = ExceptionText.extract(from: line) {
                if let name = found.name, report.exceptionType.map(BuglyConsoleParser.isSignalType) ?? true {
                    report.exceptionType = name
                }
                report.exceptionReason = found.reason
            } else if let (name, rest) = ExceptionText.nameLine(line), !rest.isEmpty {
                // Bugly's crash.log: `NSUnknownKeyException: [<UITextView 0x…> setValue:…`.
                if report.exceptionType.map(BuglyConsoleParser.isSignalType) ?? true {
                    report.exceptionType = name
                }
                report.exceptionReason = String(rest)
            } else if ExceptionText.looksLikeReason(line) {
                report.exceptionReason = String(line)
            }
        }
        guard report.exceptionReason == nil else { return }
        guard let start = lines.firstIndex(where: { $0.fastContains("UNCAUGHT EXCEPTION (") }) else {
            report.exceptionReason = applicationSpecificMessage(lines)
            return
        }
        var joined: [Substring] = [lines[start]]
        for line in lines[(start + 1)...] {
            if line.hasPrefix("UserInfo") || line.hasPrefix("Hints") || line.hasPrefix("Backtrace") { break }
            joined.append(line)
        }
        if let found = ExceptionText.extract(from: Substring(joined.joined(separator: " "))) {
            if let name = found.name, report.exceptionType.map(BuglyConsoleParser.isSignalType) ?? true {
                report.exceptionType = name
            }
            report.exceptionReason = found.reason.map(KVCReasonMatcher.collapseWhitespace)
        }
    }

    /// Without an exception, what the runtime wrote in `Application Specific Information` is the
    /// reason: `abort() called`, `stack buffer overflow`, an assertion or `fatalError` message.
    /// Lines that only say where the message came from (`dyld: …` loader notes, `BUG IN CLIENT OF …`
    /// stays) are kept; blank lines end it. At most three lines.
    static func applicationSpecificMessage(_ lines: [Substring]) -> String? {
        let message = lines.map { $0.trimmingBlanks() }.prefix { !$0.isEmpty }.filter {
            !$0.hasPrefix("UserInfo") && !$0.hasPrefix("Backtrace") && !$0.hasPrefix("Hints")
        }.prefix(3)
        guard !message.isEmpty else { return nil }
        return KVCReasonMatcher.collapseWhitespace(message.joined(separator: " "))
    }

    /// The app's image in a Binary Images line: the one marked `+`, or the one at the report's
    /// `Path`. `0x8000 - 0x4cfff +Crash-Tester armv7  <99e1…> /var/mobile/…`.
    static func appImage(in line: Substring, path: String?) -> String? {
        guard line.hasPrefix("0x"), let dash = line.fastRange(of: " - ") else { return nil }
        var rest = line[dash.upperBound...].trimmingBlanks()
        rest = rest.drop(while: { $0 != " " }).trimmingBlanks()  // the end address
        let marked = rest.hasPrefix("+")
        if marked { rest = rest.dropFirst() }
        let beforeUUID = rest.fastRange(of: " <").map { rest[..<$0.lowerBound] } ?? rest
        var nameTokens = beforeUUID.split(separator: " ")
        // Drop the architecture (`arm64`, `armv7`, `(x86_64)`) or the version `(0)` after the name.
        if nameTokens.count > 1, let last = nameTokens.last,
            last.hasPrefix("(")
                || ["arm64", "arm64e", "armv7", "armv7s", "x86_64", "i386", "armv6"].contains(String(last))
        {
            nameTokens.removeLast()
        }
        let name = nameTokens.joined(separator: " ")
        guard !name.isEmpty else { return nil }
        if marked { return name }
        if let path, line.hasSuffix(path) { return name }
        return nil
    }
}
