import CrashScanCatalogs
import CrashScanModel
import Foundation

/// Bugly web-API JSON (bugly-format.md section 3): `{"ret": {"crashMap": {…}, "detailMap": {…}}}`,
/// `{"crashMap": …}`, a bare crashMap object (`expName`, `expMessage`, `model`, `osVer` …), or an
/// array of any of these.
enum BuglyJSONParser {
    enum Failure: Error, CustomStringConvertible {
        case malformed(String)
        case noCrash(String)

        var description: String {
            switch self {
            case .malformed(let detail): return "malformed JSON: \(detail)"
            case .noCrash(let keys):
                return "JSON without a Bugly crash (no crashMap or expName; top-level keys: \(keys))"
            }
        }
    }

    /// True when the parsed JSON holds at least one Bugly crash object.
    static func isBuglyCrashJSON(_ object: Any) -> Bool {
        !crashObjects(in: object, depth: 0).isEmpty
    }

    /// `text` is the document's own text: when it holds one crash, that text is the report's
    /// content (re-serialising the JSON to hash it cost as much as parsing it).
    static func parse(_ object: Any, text: Substring? = nil) throws(Failure) -> [CrashReport] {
        let objects = crashObjects(in: object, depth: 0)
        guard !objects.isEmpty else {
            let keys =
                (object as? [String: Any]).map { $0.keys.sorted().prefix(8).joined(separator: ", ") }
                ?? "none"
            throw .noCrash(keys)
        }
        let single = objects.count == 1 ? text.map { ContentNormalizer.normalize(String($0)) } : nil
        return objects.enumerated().map { position, crash in
            var report = report(from: crash.crashMap, detail: crash.detailMap, content: single)
            report.positionInFile = position
            return report
        }
    }

    private struct CrashObject {
        var crashMap: [String: Any]
        var detailMap: [String: Any]?
    }

    /// Finds crash objects at most three levels deep (`ret`, `data`, arrays).
    private static func crashObjects(in object: Any, depth: Int) -> [CrashObject] {
        guard depth < 4 else { return [] }
        if let array = object as? [Any] {
            return array.flatMap { crashObjects(in: $0, depth: depth + 1) }
        }
        guard let dictionary = object as? [String: Any] else { return [] }
        if let crashMap = dictionary["crashMap"] as? [String: Any] {
            return [CrashObject(crashMap: crashMap, detailMap: dictionary["detailMap"] as? [String: Any])]
        }
        if dictionary["expName"] != nil || dictionary["expMessage"] != nil {
            return [CrashObject(crashMap: dictionary, detailMap: nil)]
        }
        return dictionary.keys.sorted().flatMap { crashObjects(in: dictionary[$0] as Any, depth: depth + 1) }
    }

    private static func string(_ map: [String: Any]?, _ key: String) -> String? {
        guard let value = map?[key] else { return nil }
        let text: String
        switch value {
        case let string as String: text = string
        case let number as NSNumber: text = number.stringValue
        case let lines as [Any]:
            // A stack given as an array of frame lines.
            text = lines.compactMap { $0 as? String }.joined(separator: "\n")
        default: return nil
        }
        let trimmed = text.trimmingWhitespace().string
        return trimmed.isEmpty ? nil : trimmed
    }

    private static func report(from crashMap: [String: Any], detail: [String: Any]?, content: String?)
        -> CrashReport
    {
        var wrapper: [String: Any] = ["crashMap": crashMap]
        if let detail { wrapper["detailMap"] = detail }
        // Several crashes in one document: each is hashed as its own sorted-keys serialisation.
        let canonical = content ?? JSONFields.canonical(wrapper)
        var report = CrashReport(format: .buglyJSON, normalizedContent: canonical)
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
    /// Every key `report(from:detail:content:)` reads, in the crash map or the detail map.
    static let keysRead: [String] = [
        "expName", "expMessage", "modelOriginalName", "model", "osVer", "productVersion", "crashTime",
        "uploadTime", "processName", "bundleId", "cpuType", "isRooted", "retraceCrashDetail", "callStack",
        "stackDetail", "appUUID", "appBaseAddr", "deviceId", "userId", "issueId", "crashId", "appId",
    ]

    /// `0x100088000` or `4295524352`.
    static func address(_ text: String) -> UInt64? {
        text.hasPrefix("0x") || text.hasPrefix("0X") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text)
    }

    /// The common Bugly JSON document, one crash whose fields are strings, read without
    /// `JSONSerialization`, which was 64 % of the instructions spent on such a file (callgrind
    /// over 596 files; 408 M before, 220 M with this path). Nil whenever the answer could differ
    /// from the `JSONSerialization` path, which then reads the document: not strictly parsed,
    /// another format's shape (the shapes `ReportReader.readJSON` tries before Bugly's), no crash
    /// or several crashes (hashed as sorted-keys serialisations), or a field read here that is
    /// not text.
    static func fastParse(_ text: Substring) -> [CrashReport]? {
        guard
            text.fastContains("\"crashMap\"") || text.fastContains("\"expName\"")
                || text.fastContains("\"expMessage\""),
            let document = StrictJSON.parse(text)
        else { return nil }
        if case .object(let top) = document, ReportReader.isReadBeforeBugly(hasKey: { top[$0] != nil }) {
            return nil
        }
        let found = crashObjects(in: document, depth: 0)
        guard found.count == 1, let crashMap = foundationFields(found[0].crashMap) else { return nil }
        var detail: [String: Any]?
        if let map = found[0].detailMap {
            guard let fields = foundationFields(map) else { return nil }
            detail = fields
        }
        return [report(from: crashMap, detail: detail, content: ContentNormalizer.normalize(String(text)))]
    }

    /// `crashObjects(in:depth:)` over a `StrictJSON` tree, in the same order.
    private static func crashObjects(in value: StrictJSON, depth: Int) -> [(
        crashMap: [String: StrictJSON], detailMap: [String: StrictJSON]?
    )] {
        guard depth < 4 else { return [] }
        switch value {
        case .array(let elements):
            return elements.flatMap { crashObjects(in: $0, depth: depth + 1) }
        case .object(let dictionary):
            if case .object(let crashMap) = dictionary["crashMap"] {
                var detailMap: [String: StrictJSON]?
                if case .object(let detail) = dictionary["detailMap"] { detailMap = detail }
                return [(crashMap, detailMap)]
            }
            if dictionary["expName"] != nil || dictionary["expMessage"] != nil { return [(dictionary, nil)] }
            return dictionary.keys.sorted().flatMap {
                crashObjects(in: dictionary[$0] ?? .null, depth: depth + 1)
            }
        default:
            return []
        }
    }

    /// The fields `report(from:…)` reads, as `JSONSerialization` would give them; nil when one
    /// is a number or a boolean (their text form is NSNumber's).
    private static func foundationFields(_ map: [String: StrictJSON]) -> [String: Any]? {
        var fields: [String: Any] = [:]
        for key in keysRead {
            switch map[key] {
            case nil: continue
            case .string(let text): fields[key] = text
            case .array(let elements):
                // Only text lines are kept by `string(_:_:)`; other elements stand in as NSNull.
                fields[key] = elements.map { element -> Any in
                    if case .string(let line) = element { return line }
                    return NSNull()
                }
            case .object: fields[key] = [String: Any]()
            case .null: fields[key] = NSNull()
            case .number, .bool: return nil
            }
        }
        return fields
    }
}
