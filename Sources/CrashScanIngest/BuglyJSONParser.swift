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

    /// A field as text (`JSONValue.fieldText`); nil when absent.
    private static func string(_ map: JSONValue?, _ key: String) -> String? {
        map?[key]?.fieldText
    }

    private static func report(from crashMap: JSONValue, detail: JSONValue?, content: String) -> CrashReport {
        report(crash: { string(crashMap, $0) }, detail: { string(detail, $0) }, content: content)
    }

    /// The report of one crash from its `crashMap` and `detailMap` fields, each read as text by
    /// `crash` and `detail` (a field absent, empty or of another kind: nil). The tests' Foundation
    /// oracle builds its reports through this too, so the two readings differ only in the JSON.
    static func report(crash: (String) -> String?, detail: (String) -> String?, content: String)
        -> CrashReport
    {
        var report = CrashReport(format: .buglyJSON, normalizedContent: content)
        report.exceptionType = crash("expName")
        report.exceptionReason = crash("expMessage")
        // `model` may be the marketing name and `modelOriginalName` the identifier, or the reverse.
        let models = [crash("modelOriginalName"), crash("model")].compactMap { $0 }
        report.deviceRaw = models.first(where: DeviceCatalog.isIdentifierShaped) ?? models.first
        report.osRaw = crash("osVer")
        report.appVersion = crash("productVersion")
        report.occurredAtRaw = crash("crashTime")
        report.uploadedAtRaw = crash("uploadTime")
        report.processName = crash("processName")
        report.bundleID = crash("bundleId")
        report.cpuArch = crash("cpuType")
        report.deviceID = ReportIdentity.identifier(crash("deviceId"))
        report.userID = ReportIdentity.identifier(crash("userId"))
        report.sourceIssueID = ReportIdentity.identifier(crash("issueId"))
        report.sourceCrashID = ReportIdentity.identifier(crash("crashId"))
        report.sourceAppID = ReportIdentity.identifier(crash("appId") ?? detail("appId"))
        if let rooted = crash("isRooted") {
            report.jailbroken = BuglyConsoleParser.parseBool(rooted)
        }
        // The app image's UUID and load address: what a dSYM is matched against.
        if let uuid = crash("appUUID"), let name = report.processName {
            let base = crash("appBaseAddr").flatMap(address)
            report.binaryImages.append(BinaryImage(name: name, uuid: uuid, loadAddress: base))
        }
        let stack =
            crash("retraceCrashDetail") ?? detail("retraceCrashDetail")
            ?? crash("callStack") ?? detail("callStack") ?? detail("stackDetail")
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
