import CrashScanCatalogs
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

    /// The JSON body at `offset`: read on its bytes (`IPSBodyReader`); through `JSONSerialization`
    /// when the reader does not cover the document or finds it malformed (crash reporters' JSON
    /// with trailing commas is repaired there). A body neither reads is refused with the
    /// position of the problem.
    static func jsonBody(_ text: String, from offset: Int) -> Result<CrashReport, Rejection> {
        let content = ContentNormalizer.normalize(text)
        var copy = text
        let fast = copy.withUTF8 { bytes -> Result<CrashReport, Error> in
            Result { try IPSBodyReader.read(bytes, from: offset, content: content) }
        }
        var syntaxError: JSONSyntaxError?
        switch fast {
        case .success(let report): return .success(report)
        case .failure(let error): syntaxError = error as? JSONSyntaxError
        }
        let body = Data(text.utf8.dropFirst(offset))
        let object: Any
        do {
            object = try JSONTolerance.object(from: body)
        } catch {
            let reason = syntaxError.map(\.description) ?? error.localizedDescription
            return .failure(Rejection("malformed .ips JSON body: \(reason)"))
        }
        guard let dictionary = object as? [String: Any] else {
            return .failure(Rejection("malformed .ips JSON body (not an object)"))
        }
        return .success(jsonBody(dictionary, content: content))
    }

    private static func skipped(_ bugType: String) -> Rejection {
        let kind = otherBugTypes[bugType].map { "a \($0), not a crash" } ?? "not a crash report"
        return .skip("Apple .ips of bug_type \(bugType): \(kind); skipped")
    }

    /// The bug_type 309 body: `modelCode`, `osVersion`, `exception`, `asi`, `exceptionReason`,
    /// `lastExceptionBacktrace`, `threads`, `usedImages`.
    static func jsonBody(_ body: [String: Any], content: String) -> CrashReport {
        var report = CrashReport(format: .appleIPS, normalizedContent: content)
        readDeviceAndApp(body, into: &report)
        readException(body, into: &report)
        let images = JSONFields.array(body["usedImages"]).map { JSONFields.object($0) ?? [:] }
        report.binaryImages = images.compactMap { image in
            guard let name = JSONFields.string(image["name"]), !KnownClasses.isSystemImage(name) else {
                return nil
            }
            let base = JSONFields.int(image["base"]).map { UInt64(clamping: $0) }
            return BinaryImage(
                name: name, uuid: JSONFields.string(image["uuid"]), loadAddress: base,
                arch: JSONFields.string(image["arch"]))
        }
        let threads = JSONFields.array(body["threads"]).compactMap(JSONFields.object)
        let faulting = JSONFields.int(body["faultingThread"])
        let crashedThread =
            threads.first { ($0["triggered"] as? Bool) == true }
            ?? faulting.flatMap { threads.indices.contains($0) ? threads[$0] : nil } ?? threads.first
        let exceptionFrames = frames(JSONFields.array(body["lastExceptionBacktrace"]), images: images)
        report.frames =
            exceptionFrames.isEmpty
            ? frames(JSONFields.array(crashedThread?["frames"]), images: images) : exceptionFrames
        if let procPath = JSONFields.string(body["procPath"]),
            let app = images.first(where: { JSONFields.string($0["path"]) == procPath })
        {
            report.appImageHint = JSONFields.string(app["name"])
        }
        return report
    }

    /// Device, OS, capture time, process, architecture and the app's version and bundle id.
    private static func readDeviceAndApp(_ body: [String: Any], into report: inout CrashReport) {
        report.deviceRaw = JSONFields.string(body["modelCode"])
        if let os = JSONFields.object(body["osVersion"]) {
            let train = JSONFields.string(os["train"]) ?? ""
            let build = JSONFields.string(os["build"])
            report.osRaw = build.map { "\(train) (\($0))" } ?? (train.isEmpty ? nil : train)
        }
        report.occurredAtRaw = JSONFields.string(body["captureTime"])
        report.processName = JSONFields.string(body["procName"])
        report.cpuArch = JSONFields.string(body["cpuType"])
        report.deviceID = ReportIdentity.identifier(JSONFields.string(body["crashReporterKey"]))
        if let bundle = JSONFields.object(body["bundleInfo"]) {
            report.appVersion = JSONFields.string(bundle["CFBundleShortVersionString"])
            report.bundleID = JSONFields.string(bundle["CFBundleIdentifier"])
        }
    }

    /// The exception type and signal, and the reason: iOS 17/18's structured one, else the
    /// `*** Terminating app …` line among the `asi` strings.
    private static func readException(_ body: [String: Any], into report: inout CrashReport) {
        if let exception = JSONFields.object(body["exception"]) {
            report.exceptionType = JSONFields.string(exception["type"])
            report.signal = JSONFields.string(exception["signal"])
        }
        if let reason = JSONFields.object(body["exceptionReason"]) {
            if let name = JSONFields.string(reason["name"]) { report.exceptionType = name }
            report.exceptionReason = JSONFields.string(reason["composed_message"])
        }
        // `asi`: per-library arrays of strings.
        if report.exceptionReason == nil, let asi = JSONFields.object(body["asi"]) {
            let lines = asi.keys.sorted().flatMap { JSONFields.array(asi[$0]).compactMap(JSONFields.string) }
            AppleTextParser.applyApplicationInformation(lines.map { Substring($0) }, to: &report)
        }
    }

    /// The frames of a backtrace, named by the image each points into.
    private static func frames(_ list: [Any], images: [[String: Any]]) -> FrameList {
        FrameList(frames(in: list, images: images))
    }

    private static func frames(in list: [Any], images: [[String: Any]]) -> [Frame] {
        list.enumerated().compactMap { index, item in
            guard let frame = JSONFields.object(item) else { return nil }
            let imageIndex = JSONFields.int(frame["imageIndex"])
            let image = imageIndex.flatMap { images.indices.contains($0) ? images[$0] : nil }
            let imageName =
                JSONFields.string(image?["name"])
                ?? JSONFields.string(image?["path"]).map { String($0.split(separator: "/").last ?? "") }
                ?? "?"
            if let symbol = JSONFields.string(frame["symbol"]) {
                return Frame(
                    index: index, image: imageName, symbol: symbol,
                    offset: JSONFields.int(frame["symbolLocation"]).map { UInt64(clamping: $0) },
                    file: JSONFields.string(frame["sourceFile"]),
                    line: JSONFields.int(frame["sourceLine"]))
            }
            let offset = JSONFields.int(frame["imageOffset"]).map { UInt64(clamping: $0) }
            return Frame(
                index: index, image: imageName, symbol: "0x" + String(offset ?? 0, radix: 16),
                offset: offset, isUnsymbolicated: true)
        }
    }
}
