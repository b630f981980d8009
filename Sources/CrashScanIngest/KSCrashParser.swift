import CrashScanModel

/// KSCrash / SentryCrash JSON (apple-formats.md section 4): `report`, `system`, `crash`
/// (`error`, `threads`), `binary_images`.
///
/// The members read are gathered in `KSCrashFields`, either from `JSONSerialization`'s objects
/// (`parse`) or from the document's bytes (`KSCrashReader`), and one function makes the report.
enum KSCrashParser {
    static func isKSCrash(_ object: [String: Any]) -> Bool { isKSCrash { object[$0] != nil } }

    /// The shape by its top-level keys (also asked of the Bugly JSON fast path's tree).
    static func isKSCrash(hasKey has: (String) -> Bool) -> Bool {
        has("crash") && has("system") && has("report")
    }

    static func parse(_ object: [String: Any]) -> CrashReport {
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
        return report(fields, content: JSONFields.canonical(object))
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

    /// The report of the members read, however they were read.
    static func report(_ fields: KSCrashFields, content: String) -> CrashReport {
        var report = CrashReport(format: .kscrash, normalizedContent: content)
        let system = fields.system
        report.deviceRaw = system["machine"]
        if system["model"] == "simulator" { report.isSimulator = true }
        // `os_version` is the build; the version is `system_version`.
        if let version = system["system_version"] {
            report.osRaw =
                "\(system["system_name"] ?? "iOS") \(version)"
                + (system["os_version"].map { " (\($0))" } ?? "")
        }
        report.appVersion = system["CFBundleShortVersionString"]
        report.bundleID = system["CFBundleIdentifier"]
        report.processName = system["CFBundleExecutable"] ?? fields.processName
        report.cpuArch = system["cpu_arch"]
        report.jailbroken = fields.jailbroken
        report.deviceID = ReportIdentity.identifier(system["device_app_hash"])
        report.userID = userID(fields.userBlocks)
        report.occurredAtRaw = fields.timestamp.map(timestamp)

        report.signal = fields.signalName
        report.exceptionType = fields.machExceptionName ?? report.signal ?? fields.errorType
        if let exception = fields.nsexception {
            report.exceptionType = exception.name ?? report.exceptionType
            report.exceptionReason = exception.reason
        } else if let cpp = fields.cppException {
            report.exceptionType = cpp.name ?? report.exceptionType
        }
        // SentryCrash keeps the reason at error level.
        report.exceptionReason = report.exceptionReason ?? fields.errorReason
        if fields.errorType == "memory_termination" { report.exceptionType = "memory_termination" }
        report.frames = FrameList(fields.frames)
        return report
    }

    /// The first id of the blocks under a conventional key, in `userIDNames` order.
    private static func userID(_ blocks: [[(name: String, value: String)]]) -> String? {
        for block in blocks {
            for name in KSCrashFields.userIDNames {
                if let id = ReportIdentity.identifier(block.first(where: { $0.name == name })?.value) {
                    return id
                }
            }
        }
        return nil
    }

    /// ISO 8601 text as it stands, or epoch seconds or microseconds (SentryCrash, newer KSCrash).
    static func timestamp(_ value: KSCrashFields.Timestamp) -> String {
        switch value {
        case .text(let text): return text
        case .number(let number):
            let seconds =
                number > 100_000_000_000_000
                ? number / 1_000_000 : number > 100_000_000_000 ? number / 1000 : number
            return String(seconds)
        }
    }
}
