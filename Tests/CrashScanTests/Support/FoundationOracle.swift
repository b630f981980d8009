import Foundation

@testable import CrashScanCatalogs
@testable import CrashScanIngest
@testable import CrashScanModel

/// Foundation's reading of crash reporters' JSON: the readers crashscan had before its own
/// reader (CrashScanJSON's `StreamingJSON`) read every JSON format, kept in the tests as the
/// oracle the differential tests compare it with. `JSONSerialization` builds every value of a
/// document, and a report's content is Foundation's sorted-keys serialisation (which
/// crashscan's canonical form equals wherever Foundation reads a document alike).
enum FoundationOracle {
    /// A JSON document as crashscan read it through Foundation: nil when Foundation does not
    /// read it (the oracle has nothing to say then).
    static func readJSON(_ text: Substring) -> Result<[CrashReport], Rejection>? {
        guard let object = try? JSONTolerance.object(from: Data(text.utf8)) else { return nil }
        if let dictionary = object as? [String: Any], let read = readOtherJSON(dictionary) { return read }
        if let reports = bugly(object, text: text) { return .success(reports) }
        if let dictionary = object as? [String: Any] {
            let names = dictionary.keys.sorted().prefix(6).joined(separator: ", ")
            return .failure(.skip("JSON that is not a crash report (top-level keys: \(names))"))
        }
        if let list = object as? [Any], !list.isEmpty,
            list.allSatisfy({ ($0 as? [String: Any]).map(isKSCrash) ?? false })
        {
            return .success(list.compactMap { $0 as? [String: Any] }.map(kscrash))
        }
        return .failure(.skip("JSON that is not a crash report"))
    }

    static func isKSCrash(_ object: [String: Any]) -> Bool { KSCrashParser.isKSCrash { object[$0] != nil } }

    private static func readOtherJSON(_ dictionary: [String: Any]) -> Result<[CrashReport], Rejection>? {
        let has: (String) -> Bool = { dictionary[$0] != nil }
        if KSCrashParser.isKSCrash(hasKey: has) {
            let report = kscrash(dictionary)
            guard report.exceptionType != nil || !report.frames.isEmpty || report.deviceRaw != nil else {
                return .failure(.skip("KSCrash JSON without a crash (no error, threads or system)"))
            }
            return .success([report])
        }
        if MetricKitParser.isPayload(hasKey: has) { return metricKit(dictionary) }
        if MetricKitParser.isCallStackTree(hasKey: has) {
            return .failure(
                Rejection(
                    "MetricKit call-stack tree without diagnostic metadata (no device, OS or exception)"))
        }
        if SentryEventParser.isEvent(hasKey: has) {
            guard let report = sentry(dictionary) else {
                return .failure(.skip("Sentry event without an exception"))
            }
            return .success([report])
        }
        return nil
    }

    /// An `.ips` body through Foundation (the header read by crashscan).
    static func ipsBody(_ text: String, from offset: Int) -> CrashReport? {
        guard let object = try? JSONTolerance.object(from: Data(text.utf8.dropFirst(offset))),
            let dictionary = object as? [String: Any]
        else { return nil }
        return ipsBody(dictionary, content: ContentNormalizer.normalize(text))
    }

    // MARK: - KSCrash

    static func kscrash(_ object: [String: Any]) -> CrashReport {
        var fields = KSCrashFields()
        let system = JSONFields.object(object["system"]) ?? [:]
        for name in KSCrashFields.systemNames { fields.system[name] = JSONFields.string(system[name]) }
        fields.jailbroken = system["jailbroken"] as? Bool
        let info = JSONFields.object(object["report"]) ?? [:]
        fields.processName = JSONFields.string(info["process_name"])
        if let text = info["timestamp"] as? String {
            fields.timestamp = .text(text)
        } else {
            fields.timestamp = JSONFields.int(info["timestamp"]).map { .number($0) }
        }
        fields.userBlocks = userBlocks(object).map { block in
            KSCrashFields.userIDNames.compactMap { name in JSONFields.string(block[name]).map { (name, $0) } }
        }

        let crash = JSONFields.object(object["crash"]) ?? [:]
        let error = JSONFields.object(crash["error"]) ?? [:]
        fields.machExceptionName = JSONFields.string(JSONFields.object(error["mach"])?["exception_name"])
        fields.signalName = JSONFields.string(JSONFields.object(error["signal"])?["name"])
        fields.errorType = JSONFields.string(error["type"])
        fields.errorReason = JSONFields.string(error["reason"])
        fields.nsexception = JSONFields.object(error["nsexception"]).map {
            KSCrashFields.Exception(
                name: JSONFields.string($0["name"]), reason: JSONFields.string($0["reason"]))
        }
        fields.cppException = JSONFields.object(error["cpp_exception"]).map {
            KSCrashFields.Exception(name: JSONFields.string($0["name"]), reason: nil)
        }

        let threads = JSONFields.array(crash["threads"]).compactMap(JSONFields.object)
        let crashed = threads.first { ($0["crashed"] as? Bool) == true } ?? threads.first
        let contents = JSONFields.array(JSONFields.object(crashed?["backtrace"])?["contents"])
        fields.frames = contents.enumerated().compactMap { index, item in
            guard let frame = JSONFields.object(item) else { return nil }
            return KSCrashFields.RawFrame(
                image: JSONFields.string(frame["object_name"]),
                symbol: JSONFields.string(frame["symbol_name"]),
                instruction: JSONFields.int(frame["instruction_addr"]),
                symbolAddress: JSONFields.int(frame["symbol_addr"]),
                objectAddress: JSONFields.int(frame["object_addr"])
            ).frame(index: index)
        }
        fields.images = JSONFields.array(object["binary_images"]).compactMap { item in
            guard let image = JSONFields.object(item) else { return nil }
            return KSCrashFields.RawImage(
                path: JSONFields.string(image["name"]), uuid: JSONFields.string(image["uuid"]),
                address: JSONFields.int(image["image_addr"]), cpuType: JSONFields.int(image["cpu_type"]),
                cpuSubtype: JSONFields.int(image["cpu_subtype"])
            ).image
        }
        return KSCrashParser.report(fields, content: JSONFields.canonical(object))
    }

    /// The blocks that may hold the app's user id, in the order they are asked: KSCrash's user
    /// block is the app's own dictionary, so only an id under a conventional key is taken
    /// (`user.id`, `user.user_id`, `user.userId`, SentryCrash's scope `sentry_sdk_scope.user.id`);
    /// e-mail addresses and other values are never read.
    private static func userBlocks(_ object: [String: Any]) -> [[String: Any]] {
        [
            JSONFields.object(object["user"]),
            JSONFields.object(JSONFields.object(object["user"])?["user"]),
            JSONFields.object(JSONFields.object(object["sentry_sdk_scope"])?["user"]),
        ].compactMap { $0 }
    }

    // MARK: - MetricKit

    static func metricKit(_ payload: [String: Any]) -> Result<[CrashReport], Rejection> {
        let crashes = JSONFields.array(payload["crashDiagnostics"]).compactMap(JSONFields.object)
        guard !crashes.isEmpty else {
            return .failure(
                MetricKitParser.noCrash(
                    otherKinds: MetricKitParser.otherKinds.filter { !JSONFields.array(payload[$0]).isEmpty }))
        }
        let time = JSONFields.string(payload["timeStampEnd"]) ?? JSONFields.string(payload["timeStampBegin"])
        return .success(
            crashes.enumerated().map { position, diagnostic in
                var report = metricKitCrash(diagnostic, time: time)
                report.positionInFile = position
                return report
            })
    }

    static func metricKitCrash(_ diagnostic: [String: Any], time: String?) -> CrashReport {
        var fields = MetricKitDiagnostic()
        let meta = JSONFields.object(diagnostic["diagnosticMetaData"]) ?? [:]
        for name in MetricKitDiagnostic.metaNames { fields.meta[name] = JSONFields.string(meta[name]) }
        fields.exceptionType = JSONFields.int(meta["exceptionType"])
        fields.signal = JSONFields.int(meta["signal"])
        fields.objectiveC = JSONFields.object(meta["objectiveCexceptionReason"]).map { objc in
            MetricKitDiagnostic.ObjectiveCReason(
                name: JSONFields.string(objc["exceptionName"]),
                composedMessage: JSONFields.string(objc["composedMessage"]),
                format: JSONFields.string(objc["formatString"]),
                arguments: JSONFields.array(objc["arguments"]).compactMap(JSONFields.string))
        }
        let tree = JSONFields.object(diagnostic["callStackTree"]) ?? [:]
        let stacks = JSONFields.array(tree["callStacks"]).compactMap(JSONFields.object)
        let stack = stacks.first { ($0["threadAttributed"] as? Bool) == true } ?? stacks.first
        var node = JSONFields.array(stack?["callStackRootFrames"]).first.flatMap(JSONFields.object)
        while let current = node, fields.chain.count < MetricKitDiagnostic.deepestChain {
            fields.chain.append(
                MetricKitDiagnostic.Node(
                    binaryName: JSONFields.string(current["binaryName"]),
                    address: JSONFields.int(current["address"]),
                    offset: JSONFields.int(current["offsetIntoBinaryTextSegment"]),
                    binaryUUID: JSONFields.string(current["binaryUUID"])))
            node = JSONFields.array(current["subFrames"]).first.flatMap(JSONFields.object)
        }
        return MetricKitParser.report(fields, time: time, content: JSONFields.canonical(diagnostic))
    }

    // MARK: - Sentry

    static func sentry(_ object: [String: Any]) -> CrashReport? {
        let exception = JSONFields.object(object["exception"])
        guard let value = JSONFields.array(exception?["values"]).compactMap(JSONFields.object).last else {
            return nil
        }
        var fields = SentryEventFields()
        fields.type = JSONFields.string(value["type"])
        fields.value = JSONFields.string(value["value"])
        let contexts = JSONFields.object(object["contexts"]) ?? [:]
        fields.deviceModel = JSONFields.string((JSONFields.object(contexts["device"]) ?? [:])["model"])
        let os = JSONFields.object(contexts["os"]) ?? [:]
        fields.osName = JSONFields.string(os["name"])
        fields.osVersion = JSONFields.string(os["version"])
        fields.osBuild = JSONFields.string(os["build"])
        fields.timestamp = JSONFields.string(object["timestamp"])
        fields.appVersion = JSONFields.string((JSONFields.object(contexts["app"]) ?? [:])["app_version"])
        fields.frames = JSONFields.array(JSONFields.object(value["stacktrace"])?["frames"])
            .compactMap(JSONFields.object).map { frame in
                SentryEventFields.RawFrame(
                    package: JSONFields.string(frame["package"]),
                    instructionAddress: JSONFields.string(frame["instruction_addr"]),
                    function: JSONFields.string(frame["function"]))
            }
        return SentryEventParser.report(fields, content: JSONFields.canonical(object))
    }

    // MARK: - .ips

    /// The bug_type 309 body: `modelCode`, `osVersion`, `exception`, `asi`, `exceptionReason`,
    /// `lastExceptionBacktrace`, `threads`, `usedImages`.
    static func ipsBody(_ body: [String: Any], content: String) -> CrashReport {
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

    // MARK: - Bugly

    /// True when the parsed JSON holds at least one Bugly crash object.
    static func isBuglyCrashJSON(_ object: Any) -> Bool {
        !crashObjects(in: object, depth: 0).isEmpty
    }

    /// `text` is the document's own text: when it holds one crash, that text is the report's
    /// content (re-serialising the JSON to hash it cost as much as parsing it).
    static func bugly(_ object: Any, text: Substring? = nil) -> [CrashReport]? {
        let objects = crashObjects(in: object, depth: 0)
        guard !objects.isEmpty else {
            let keys =
                (object as? [String: Any]).map { $0.keys.sorted().prefix(8).joined(separator: ", ") }
                ?? "none"
            _ = keys
            return nil
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
        return BuglyJSONParser.report(
            crash: { string(crashMap, $0) }, detail: { string(detail, $0) }, content: canonical)
    }

}

/// Small typed readers for `JSONSerialization` output.
enum JSONFields {
    static func string(_ value: Any?) -> String? {
        switch value {
        case let text as String:
            let trimmed = text.trimmingWhitespace().string
            return trimmed.isEmpty ? nil : trimmed
        case let number as NSNumber: return number.stringValue
        default: return nil
        }
    }

    static func int(_ value: Any?) -> Int? {
        switch value {
        case let number as NSNumber: return number.intValue
        case let text as String: return Int(text)
        default: return nil
        }
    }

    static func object(_ value: Any?) -> [String: Any]? { value as? [String: Any] }

    static func array(_ value: Any?) -> [Any] { value as? [Any] ?? [] }

    /// The sorted-keys serialisation: the normalised content of a JSON report.
    static func canonical(_ value: Any) -> String {
        guard JSONSerialization.isValidJSONObject(value),
            let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])
        else { return "\(value)" }
        return String(decoding: data, as: UTF8.self)
    }

}

/// JSON as crash reporters write it: real KSCrash output can carry a trailing comma before a
/// closing bracket, which strict parsers refuse.
enum JSONTolerance {
    /// Parses strictly first, then once more without trailing commas.
    static func object(from data: Data) throws -> Any {
        do {
            return try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            let repaired = withoutTrailingCommas(data)
            guard repaired != data else { throw error }
            return try JSONSerialization.jsonObject(with: repaired, options: [.fragmentsAllowed])
        }
    }

    /// Removes every `,` that is followed (after white space) by `}` or `]`, outside strings.
    static func withoutTrailingCommas(_ data: Data) -> Data {
        let bytes = [UInt8](data)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var inString = false
        var escaped = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                out.append(byte)
                if escaped {
                    escaped = false
                } else if byte == 92 {
                    escaped = true
                } else if byte == 34 {
                    inString = false
                }
            } else if byte == 34 {
                inString = true
                out.append(byte)
            } else if byte == 44 {
                var next = index + 1
                while next < bytes.count, [32, 9, 10, 13].contains(bytes[next]) { next += 1 }
                if next < bytes.count, bytes[next] == 125 || bytes[next] == 93 {
                    index += 1
                    continue
                }
                out.append(byte)
            } else {
                out.append(byte)
            }
            index += 1
        }
        return Data(out)
    }
}
