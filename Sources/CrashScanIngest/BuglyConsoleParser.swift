import CrashScanClassification
import CrashScanModel

/// Bugly console copy (bugly-format.md section 2): an optional label block in Chinese,
/// English or Japanese, an exception-name line and a reason line, then the stack in any frame
/// shape. Also reads Xcode console pastes (`*** Terminating app …`), which share the layout.
enum BuglyConsoleParser {
    static func parse(_ text: String, format: SourceFormat) -> CrashReport? {
        var severalReports = false
        return parse(text, format: format, severalReports: &severalReports)
    }

    /// `severalReports` is set when the text looks like several reports pasted one after the other
    /// (a separator line, or a label block starting again after frames): the caller then splits
    /// it (`ConsolePasteSplitter`). Noticed here, in the one pass over the lines, because a
    /// second pass over every console file cost a third more parsing time. With
    /// `stopAtSeveral`, the pass ends there and gives nil: the caller reads the parts instead of
    /// the whole text as one report (a fifth of the time of a 42 MB paste of 15,000 reports,
    /// and one frame list of all their frames).
    /// `lines`: the text's lines when the caller split them already (`Lines.split(text)`).
    static func parse(
        _ text: String, lines: [Substring]? = nil, format: SourceFormat, severalReports: inout Bool,
        stopAtSeveral: Bool = false
    ) -> CrashReport? {
        var scan = ConsoleScan(report: CrashReport(format: format, normalizedContent: ""))
        for rawLine in lines ?? Lines.split(text) where rawLine.utf8.count <= Lines.maximumUsefulLength {
            // Syslog pastes escape their line breaks: `…'\n*** Call stack at first throw:\n(\n 0 …`.
            // Only such lines are cut (no array for the others: one per line was a visible cost).
            if rawLine.utf8.count > 200 && rawLine.fastContains("\\n") {
                for piece in rawLine.components(separatedBy: "\\n") { scan.read(Substring(piece)) }
            } else {
                scan.read(rawLine)
            }
            if stopAtSeveral, scan.severalReports {
                severalReports = true
                return nil
            }
        }
        if scan.severalReports { severalReports = true }
        scan.report.normalizedContent = ContentNormalizer.normalize(text)
        return scan.finish()
    }

    /// What the lines read so far said: the report's fields and the state between lines.
    private struct ConsoleScan {
        var report: CrashReport
        var severalReports = false
        var headerFieldsSeen = LabeledFieldSet()
        var bodySeen = false
        var crashContent: String?
        var pendingTableLabels: [LabeledField]?
        var expectReasonAfterName = false
        /// Lines nothing else claimed: a hard-wrapped reason may be spread over several of them.
        var leftover: [Substring] = []
        /// Crash labels seen (device, OS, exception …): a label block is a crash header.
        var crashLabels = LabeledFieldSet()
        var titled = false
        /// The reason came from a line that looked like one, not from an exception's text.
        var reasonIsGuessed = false

        init(report: CrashReport) { self.report = report }

        mutating func read(_ rawLine: Substring) {
            var line = rawLine
            // `2024-05-14 10:21:33.41+0800 App[2231:88] …`: the console's prefix names the
            // process and time; the text after it is what the app or the runtime logged.
            if ConsoleLinePrefix.mayHavePrefix(line), let prefix = ConsoleLinePrefix.strip(line) {
                line = prefix.rest
                if report.processName == nil { report.processName = prefix.process }
                if BuglyConsoleParser.isExceptionLine(prefix.rest) {
                    report.occurredAtRaw = report.occurredAtRaw ?? prefix.time
                }
            }
            let trimmed = line.trimmingBlanks()
            guard let first = trimmed.utf8.first else { return }
            // A line that starts with a digit (a frame, most lines of a report) is no separator,
            // table row, title or label: it goes to the frames at once, past four checks that
            // cost about 500 instructions a line.
            if !CharacterSetASCII.isDigit(first) || FieldLabels.someLabelStartsWithDigit {
                if bodySeen, ConsolePasteSplitter.isSeparator(trimmed) { severalReports = true }
                if readTable(trimmed) { return }
                if BuglyConsoleParser.isCrashTitle(trimmed) {
                    titled = true
                    return
                }
                if let (field, value) = FieldLabels.match(trimmed) {
                    readLabel(field, value)
                    return
                }
            }
            if readFrames(trimmed) { return }
            // A table row that is neither a label nor a frame is prose about crashes (a
            // README's file table), not a crash: no exception or reason is read from it.
            if trimmed.hasPrefix("|"), trimmed.utf8.filter({ $0 == 124 }).count >= 3 { return }
            if readException(trimmed) { return }
            if leftover.count < 400 { leftover.append(trimmed) }
        }

        /// A markdown table whose header row is all labels: values come in the next row.
        mutating func readTable(_ trimmed: Substring) -> Bool {
            if let labels = pendingTableLabels, trimmed.hasPrefix("|") {
                if trimmed.allSatisfy({ $0 == "|" || $0 == "-" || $0 == ":" || $0 == " " }) { return true }
                let cells = BuglyConsoleParser.tableCells(trimmed)
                for (field, value) in zip(labels, cells) {
                    BuglyConsoleParser.apply(
                        field, Substring(value), to: &report, crashContent: &crashContent)
                    if field.isCrashEvidence { crashLabels.insert(field) }
                }
                pendingTableLabels = nil
                return true
            }
            // The pipe by its byte: `hasPrefix` on every console line was about 120 instructions.
            if trimmed.utf8.first == 124, let labels = BuglyConsoleParser.headerLabels(trimmed) {
                let header = labels.filter(ConsolePasteSplitter.headerFields.contains)
                if bodySeen, header.contains(where: headerFieldsSeen.contains) { severalReports = true }
                headerFieldsSeen.formUnion(header)
                pendingTableLabels = labels
                return true
            }
            return false
        }

        /// A labelled line (`设备机型 iPhone 6 Plus`, `Exception Type: …`).
        mutating func readLabel(_ field: LabeledField, _ value: Substring) {
            if field.isCrashEvidence { crashLabels.insert(field) }
            if ConsolePasteSplitter.headerFields.contains(field) {
                if bodySeen, headerFieldsSeen.contains(field) { severalReports = true }
                headerFieldsSeen.insert(field)
                if field == .exceptionName || field == .exceptionReason || field == .crashContent {
                    bodySeen = true
                }
            }
            if field == .stack {
                _ = FrameParser.parse(value, into: &report.frames)
            } else {
                BuglyConsoleParser.apply(field, value, to: &report, crashContent: &crashContent)
            }
            expectReasonAfterName = field == .exceptionName && report.exceptionReason == nil
        }

        /// A frame line, or `*** First throw call stack:` as an address list
        /// (`(0x1850ea364 0x184330528 …)`).
        mutating func readFrames(_ trimmed: Substring) -> Bool {
            if FrameParser.parse(trimmed, into: &report.frames) {
                expectReasonAfterName = false
                bodySeen = true
                return true
            }
            if trimmed.hasPrefix("(0x") || trimmed.hasPrefix("0x") {
                var addresses = FrameList()
                if AppleTextParser.readFrames(trimmed, normalizeSymbols: false, into: &addresses),
                    addresses.count > 1
                {
                    report.frames += addresses
                    return true
                }
            }
            return false
        }

        /// The exception's name and reason, from the exception's own text, a name line, the
        /// line after the name, or a line that looks like a reason.
        mutating func readException(_ trimmed: Substring) -> Bool {
            if let found = ExceptionText.extract(from: trimmed) {
                // The NSException name beats a Mach/signal type from an `Exception Type:` label.
                if let name = found.name, report.exceptionType.map(BuglyConsoleParser.isSignalType) ?? true {
                    report.exceptionType = name
                }
                // The exception's own reason beats a log line that merely looked like one
                // (`-[X y]: unrecognized selector …` logged before `*** Terminating app`).
                if let reason = found.reason, report.exceptionReason == nil || reasonIsGuessed {
                    report.exceptionReason = reason
                    reasonIsGuessed = false
                }
                expectReasonAfterName = report.exceptionReason == nil
                return true
            }
            if report.exceptionType == nil, let (name, rest) = ExceptionText.nameLine(trimmed) {
                report.exceptionType = name
                if !rest.isEmpty, report.exceptionReason == nil {
                    report.exceptionReason = String(rest)
                    expectReasonAfterName = false
                } else {
                    expectReasonAfterName = report.exceptionReason == nil
                }
                return true
            }
            if expectReasonAfterName, report.exceptionReason == nil {
                report.exceptionReason = String(trimmed.trimming { $0 == 96 || $0 == 42 || $0 == 32 })
                expectReasonAfterName = false
                return true
            }
            if report.exceptionReason == nil, ExceptionText.looksLikeReason(trimmed) {
                report.exceptionReason = String(trimmed.trimming { $0 == 96 || $0 == 42 || $0 == 32 })
                reasonIsGuessed = true
                return true
            }
            return false
        }

        /// The report the lines made, or nil when they hold no evidence of a crash.
        mutating func finish() -> CrashReport? {
            if let recovered = WrappedReason.recover(leftover, current: report.exceptionReason) {
                report.exceptionReason = recovered
            }
            if let crashContent {
                // 崩溃内容 / クラッシュ内容 holds the reason, sometimes with the blamed frame glued on.
                let (reason, frame) = GluedFrame.split(crashContent)
                if report.exceptionReason == nil { report.exceptionReason = reason }
                if let frame, !report.frames.contains(where: { $0.hasSameSymbol(as: frame) }) {
                    report.frames.insert(frame, at: 0)
                }
            }
            if let reason = report.exceptionReason {
                report.exceptionReason = BuglyConsoleParser.cleanReason(reason)
            }
            let evidence = BuglyConsoleParser.hasEvidenceOfACrash(
                report, crashLabels: crashLabels.count, titled: titled)
            return evidence ? report : nil
        }
    }

    /// `*** Terminating app due to uncaught exception …`: the line whose time is the crash's.
    static func isExceptionLine(_ line: Substring) -> Bool {
        line.fastContains("uncaught exception") || line.fastContains("Terminating app")
    }

    /// A line that only says what follows is a crash log (`crash log:`, `崩溃日志`): with a
    /// reason under it, a crash header of its own.
    static func isCrashTitle(_ line: Substring) -> Bool {
        // This runs on every line: most leave at the first byte or the length. Read on the
        // line's contiguous bytes: indexing a Substring's UTF-8 view cost about 50 instructions a
        // byte, and a title candidate was walked three times (4,600 instructions a call).
        line.withUTF8Storage { bytes in
            guard bytes.count <= 30, let first = bytes.first,
                first == 99 || first == 67 || first == 35 || first == 42 || first == 0xE5 || first == 0xE3
            else { return false }
            var start = 0
            while start < bytes.count, bytes[start] == 35 || bytes[start] == 42 || bytes[start] == 32 {
                start += 1
            }
            var end = bytes.count
            guard end - start >= 5, end - start <= 24 else { return false }
            func trimEnd() {
                while end > start, bytes[end - 1] == 58 || bytes[end - 1] == 32 || bytes[end - 1] == 42 {
                    end -= 1
                }
            }
            trimEnd()
            // The full-width colon `：` (EF BC 9A) of Chinese labels, and blanks before it
            // (`崩溃详情 ：`).
            if end - start > 3, bytes.has("：", at: end - 3) {
                end -= 3
                trimEnd()
            }
            let body = bytes[start..<end]
            return crashTitles.contains { title in
                title.count == body.count
                    && zip(title, body).allSatisfy { $0 == ($1 >= 65 && $1 <= 90 ? $1 + 32 : $1) }
            }
        }
    }

    static let crashTitles: [[UInt8]] = [
        "crash log", "crash report", "crashlog", "crash", "崩溃日志", "崩溃信息", "崩溃详情", "クラッシュログ",
    ].map { Array($0.utf8) }

    /// Positive evidence that the text is a crash report and not prose about one (release notes,
    /// a script, a spreadsheet): stack frames, an exception name with its reason, a KVC
    /// exception's own message, or a crash header (two crash labels or more, or a `crash log:`
    /// title) with the name or the reason.
    static func hasEvidenceOfACrash(_ report: CrashReport, crashLabels: Int, titled: Bool) -> Bool {
        if report.frames.count >= 2 { return true }
        let named = report.exceptionType != nil
        let reasoned = report.exceptionReason != nil
        if named && reasoned { return true }
        // A KVC exception's own message (`[<UITextView 0x…> setValue:forUndefinedKey:]: … for the
        // key _placeholderLabel.`, `Access to UITextField's _placeholderLabel ivar is prohibited`)
        // names the class and the key; only the exception writes it. Prose about it rarely does.
        if let reason = report.exceptionReason, let match = KVCReasonMatcher.match(reason),
            match.receiverClass != nil, match.key != nil
        {
            return true
        }
        return (crashLabels >= 2 || titled) && (named || reasoned || !report.frames.isEmpty)
    }

    static func apply(
        _ field: LabeledField, _ value: Substring, to report: inout CrashReport, crashContent: inout String?
    ) {
        let text = String(value.trimmingBlanks())
        guard !text.isEmpty else { return }
        switch field {
        case .device: report.deviceRaw = report.deviceRaw ?? text
        case .os: report.osRaw = report.osRaw ?? text
        case .appVersion:
            guard report.appVersion == nil else { break }
            // Bugly writes `2.3.1(231)`: the version, then the build number.
            (report.appVersion, report.appBuild) = AppVersion.split(text, shortFirst: true)
        case .uploadTime: report.uploadedAtRaw = report.uploadedAtRaw ?? text
        case .crashTime: report.occurredAtRaw = report.occurredAtRaw ?? text
        case .cpuArch: report.cpuArch = report.cpuArch ?? text
        case .jailbroken: report.jailbroken = parseBool(text)
        case .process: report.processName = report.processName ?? processName(text)
        case .bundleID: report.bundleID = report.bundleID ?? text
        case .exceptionName:
            if let (name, rest) = ExceptionText.nameLine(value) {
                report.exceptionType = name
                if !rest.isEmpty, report.exceptionReason == nil { report.exceptionReason = String(rest) }
            } else {
                report.exceptionType = text
            }
        case .exceptionReason: report.exceptionReason = report.exceptionReason ?? text
        case .crashContent: crashContent = crashContent ?? text
        case .deviceID: report.deviceID = report.deviceID ?? ReportIdentity.identifier(text)
        case .userID: report.userID = report.userID ?? ReportIdentity.identifier(text)
        case .issueID: report.sourceIssueID = report.sourceIssueID ?? ReportIdentity.identifier(text)
        case .issueOccurrences:
            if case .count(let count) = CountText.read(text) { report.issueOccurrences = count }
        case .issueAffectedDevices:
            if case .count(let count) = CountText.read(text) { report.issueAffectedDevices = count }
        case .stack, .ignored: break
        }
    }

    /// `EXC_CRASH`, `SIGABRT`: what the kernel saw, not the Objective-C exception.
    static func isSignalType(_ type: String) -> Bool {
        type.hasPrefix("EXC_") || type.hasPrefix("SIG")
    }

    /// `是`/`否`, `true`/`false`, `yes`/`no`, `1`/`0`.
    static func parseBool(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "是", "true", "yes", "1", "已越狱", "はい": return true
        case "否", "false", "no", "0", "未越狱", "いいえ": return false
        default: return nil
        }
    }

    /// `LilyForParent [1234]` or `com.x#main(1)` → the process name.
    static func processName(_ text: String) -> String {
        // On bytes: `[` and `#` are ASCII.
        var name = Substring(text)
        if let bracket = name.utf8.firstIndex(of: 91) { name = name[..<bracket] }
        if let hash = name.utf8.firstIndex(of: 35) { name = name[..<hash] }
        return String(name.trimmingBlanks())
    }

    static func tableCells(_ row: Substring) -> [String] {
        var cells = row.split(separator: "|", omittingEmptySubsequences: false).map {
            String($0.trimmingBlanks())
        }
        if cells.first?.isEmpty == true { cells.removeFirst() }
        if cells.last?.isEmpty == true { cells.removeLast() }
        return cells
    }

    /// A header row whose every cell is a known label (at least two of them).
    static func headerLabels(_ row: Substring) -> [LabeledField]? {
        let cells = tableCells(row)
        guard cells.count >= 2 else { return nil }
        var fields: [LabeledField] = []
        for cell in cells {
            guard let (field, value) = FieldLabels.match(Substring(cell)), value.isEmpty else { return nil }
            fields.append(field)
        }
        return fields
    }

    /// Strips quoting left by pastes: backticks, surrounding quotes, markdown bold.
    static func cleanReason(_ reason: String) -> String {
        var text = Substring(reason).trimmingBlanks()
        while let first = text.first, first == "`" || first == "*" || first == "\"" {
            text = text.dropFirst()
        }
        while let last = text.last, last == "`" || last == "*" || last == "\"" { text = text.dropLast() }
        return String(text.trimmingBlanks())
    }
}

/// A KVC reason hard-wrapped over several lines (Xcode's `UNCAUGHT EXCEPTION` block, e-mail and
/// issue pastes): joined again when no single line held the whole of it.
enum WrappedReason {
    static func recover(_ lines: [Substring], current: String?) -> String? {
        if let current, current.fastContains("coding-compliant") || current.fastContains("prohibited") {
            return nil
        }
        // The start of a wrapped reason may already have been taken as the (partial) reason.
        let joined = ((current.map { [Substring($0)] } ?? []) + lines).joined(separator: " ")
        guard joined.fastContains("UndefinedKey:]") || joined.fastContains("ivar is prohibited") else {
            return nil
        }
        let text = KVCReasonMatcher.collapseWhitespace(joined)
        if let selector = text.fastRange(of: "UndefinedKey:]"),
            let open = text[..<selector.lowerBound].lastIndex(of: "["),
            let keyLabel = text[selector.upperBound...].fastRange(of: "for the key")
        {
            var end = text[keyLabel.upperBound...].firstIndex(of: ".") ?? text.endIndex
            if end < text.endIndex { end = text.index(after: end) }
            return String(text[open..<end])
        }
        if let access = text.fastRange(of: "Access to "),
            let bug = text[access.upperBound...].fastRange(of: "application bug")
        {
            return String(text[access.lowerBound..<bug.upperBound])
        }
        return nil
    }
}

/// The seed's paste lost its column breaks: `…for the key_placeholderLabel.LilyForParent-[UItextView
/// (Extension)was_setPlaceholderWithText:Color:](UItextView+Extension.m:)buglyにエラー…`.
/// The app image name is glued in front of an Objective-C method, with its location behind it.
enum GluedFrame {
    static func split(_ content: String) -> (reason: String, frame: Frame?) {
        let scalars = Array(content.unicodeScalars)
        var position = 1
        while position + 1 < scalars.count {
            let marker = scalars[position]
            if marker == "-" || marker == "+", scalars[position + 1] == "[",
                isIdentifier(scalars[position - 1]),
                let close = scalars[position...].firstIndex(of: "]")
            {
                var imageStart = position
                while imageStart > 0, isIdentifier(scalars[imageStart - 1]) { imageStart -= 1 }
                let image = String(String.UnicodeScalarView(scalars[imageStart..<position]))
                let symbol = String(String.UnicodeScalarView(scalars[position...close]))
                var file: String?
                var line: Int?
                if close + 1 < scalars.count, scalars[close + 1] == "(",
                    let end = scalars[(close + 1)...].firstIndex(of: ")")
                {
                    let location = String(String.UnicodeScalarView(scalars[(close + 2)..<end]))
                    let parts = location.split(separator: ":", omittingEmptySubsequences: false)
                    if parts.count == 2, parts[0].fastContains(".") {
                        file = String(parts[0])
                        line = Int(parts[1])
                    }
                }
                let reason = String(String.UnicodeScalarView(scalars[..<imageStart]))
                let frame = Frame(image: image, symbol: symbol, file: file, line: line)
                return (reason, frame)
            }
            position += 1
        }
        return (content, nil)
    }

    private static func isIdentifier(_ scalar: Unicode.Scalar) -> Bool {
        CharacterSetASCII.isLetter(scalar) || CharacterSetASCII.isDigit(scalar) || scalar == "_"
    }
}
