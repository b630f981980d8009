import CrashScanCatalogs
import CrashScanJSON
import CrashScanModel

/// Bugly web-API JSON (bugly-format.md section 3): `{"ret": {"crashMap": {…}, "detailMap": {…}}}`,
/// `{"crashMap": …}`, a bare crashMap object (`expName`, `expMessage`, `model`, `osVer` …), or an
/// array of any of these.
enum BuglyJSONParser {
    /// The crash objects of a document, at most three levels deep (`ret`, `data`, arrays), in
    /// the order they are found (an object's other members by name).
    static func crashObjects(in value: JSONValue, depth: Int = 0) -> [CrashObject] {
        guard depth < 4 else { return [] }
        switch value.kind {
        case .array(let elements):
            return elements.flatMap { crashObjects(in: $0, depth: depth + 1) }
        case .object(let members):
            if let crashMap = value["crashMap"], crashMap.isObject {
                return [
                    CrashObject(
                        crashMap: crashMap, detailMap: value["detailMap"].flatMap { $0.isObject ? $0 : nil })
                ]
            }
            if value["expName"] != nil || value["expMessage"] != nil {
                return [CrashObject(crashMap: value, detailMap: nil)]
            }
            return Set(members.map(\.key)).sorted().flatMap { key in
                value[key].map { crashObjects(in: $0, depth: depth + 1) } ?? []
            }
        default: return []
        }
    }

    /// The reports of a document's crash objects (`crashObjects`); `bytes` is the document.
    /// One crash's content is the document's own text; several crashes are each hashed as the
    /// canonical form of `{"crashMap": …, "detailMap": …}`.
    static func parse(_ objects: [CrashObject], text: Substring, bytes: UnsafeBufferPointer<UInt8>) throws
        -> [CrashReport]
    {
        let single = objects.count == 1 ? ContentNormalizer.normalize(String(text)) : nil
        return try objects.enumerated().map { position, crash in
            let content = try single ?? canonicalWrapper(crash, bytes)
            var report = report(from: crash.crashMap, detail: crash.detailMap, content: content)
            report.positionInFile = position
            return report
        }
    }

    struct CrashObject {
        var crashMap: JSONValue
        var detailMap: JSONValue?
    }

    /// `{"crashMap":…,"detailMap":…}` in canonical form, from the two values' bytes.
    private static func canonicalWrapper(_ crash: CrashObject, _ bytes: UnsafeBufferPointer<UInt8>) throws
        -> String
    {
        func canonical(_ value: JSONValue) throws -> [UInt8] {
            var reader = StreamingJSON(
                UnsafeBufferPointer(rebasing: bytes[..<value.range.upperBound]), from: value.range.lowerBound)
            return try CanonicalJSON.write(&reader)
        }
        var out = Array("{\"crashMap\":".utf8) + (try canonical(crash.crashMap))
        if let detail = crash.detailMap { out += Array(",\"detailMap\":".utf8) + (try canonical(detail)) }
        out.append(125)
        return String(decoding: out, as: UTF8.self)
    }

    /// A field as text: a string trimmed, a number in canonical form, `true`/`false`, an array
    /// of lines (a stack) joined; nil when absent, empty or anything else.
    private static func string(_ map: JSONValue?, _ key: String) -> String? {
        guard let value = map?[key] else { return nil }
        let text: String
        switch value.kind {
        case .string(let string): text = string
        case .number(let number): text = number.canonical
        case .bool(let flag): text = flag ? "true" : "false"
        case .array(let lines):
            // A stack given as an array of frame lines.
            text = lines.compactMap { line in
                if case .string(let string) = line.kind { return string }
                return nil
            }.joined(separator: "\n")
        default: return nil
        }
        let trimmed = text.trimmingWhitespace().string
        return trimmed.isEmpty ? nil : trimmed
    }

    private static func report(from crashMap: JSONValue, detail: JSONValue?, content: String) -> CrashReport {
        var report = CrashReport(format: .buglyJSON, normalizedContent: content)
        report.exceptionType = string(crashMap, "expName")
        report.exceptionReason = string(crashMap, "expMessage")
        // `model` may be the marketing name and `modelOriginalName` the identifier, or the reverse.
        let models = [string(crashMap, "modelOriginalName"), string(crashMap, "model")].compactMap { $0 }
        report.deviceRaw = models.first(where: DeviceCatalog.isIdentifierShaped) ?? models.first
        report.osRaw = string(crashMap, "osVer")
        report.appVersion = string(crashMap, "productVersion")
        report.occurredAtRaw = string(crashMap, "crashTime")
        report.uploadedAtRaw = string(crashMap, "uploadTime")
        report.processName = string(crashMap, "processName")
        report.bundleID = string(crashMap, "bundleId")
        report.cpuArch = string(crashMap, "cpuType")
        report.deviceID = ReportIdentity.identifier(string(crashMap, "deviceId"))
        report.userID = ReportIdentity.identifier(string(crashMap, "userId"))
        report.sourceIssueID = ReportIdentity.identifier(string(crashMap, "issueId"))
        report.sourceCrashID = ReportIdentity.identifier(string(crashMap, "crashId"))
        report.sourceAppID = ReportIdentity.identifier(string(crashMap, "appId") ?? string(detail, "appId"))
        if let rooted = string(crashMap, "isRooted") {
            report.jailbroken = BuglyConsoleParser.parseBool(rooted)
        }
        // The app image's UUID and load address: what a dSYM is matched against.
        if let uuid = string(crashMap, "appUUID"), let name = report.processName {
            let base = string(crashMap, "appBaseAddr").flatMap(address)
            report.binaryImages.append(BinaryImage(name: name, uuid: uuid, loadAddress: base))
        }
        let stack =
            string(crashMap, "retraceCrashDetail") ?? string(detail, "retraceCrashDetail")
            ?? string(crashMap, "callStack") ?? string(detail, "callStack") ?? string(detail, "stackDetail")
        if let stack {
            report.frames = FrameList()
            for line in Lines.split(stack) { _ = FrameParser.parse(line, into: &report.frames) }
        }
        return report
    }
}

extension BuglyJSONParser {
    /// `0x100088000` or `4295524352`.
    static func address(_ text: String) -> UInt64? {
        text.hasPrefix("0x") || text.hasPrefix("0X") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text)
    }
}
