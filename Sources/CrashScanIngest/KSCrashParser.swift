import CrashScanModel

/// KSCrash / SentryCrash JSON (apple-formats.md section 4): `report`, `system`, `crash`
/// (`error`, `threads`), `binary_images`.
enum KSCrashParser {
    static func isKSCrash(_ object: [String: Any]) -> Bool { isKSCrash { object[$0] != nil } }

    /// The shape by its top-level keys (also asked of the Bugly JSON fast path's tree).
    static func isKSCrash(hasKey has: (String) -> Bool) -> Bool {
        has("crash") && has("system") && has("report")
    }

    static func parse(_ object: [String: Any]) -> CrashReport {
        var report = CrashReport(format: .kscrash, normalizedContent: JSONFields.canonical(object))
        let system = JSONFields.object(object["system"]) ?? [:]
        let info = JSONFields.object(object["report"]) ?? [:]
        report.deviceRaw = JSONFields.string(system["machine"])
        if JSONFields.string(system["model"]) == "simulator" { report.isSimulator = true }
        // `os_version` is the build; the version is `system_version`.
        let name = JSONFields.string(system["system_name"]) ?? "iOS"
        if let version = JSONFields.string(system["system_version"]) {
            report.osRaw =
                "\(name) \(version)" + (JSONFields.string(system["os_version"]).map { " (\($0))" } ?? "")
        }
        report.appVersion = JSONFields.string(system["CFBundleShortVersionString"])
        report.bundleID = JSONFields.string(system["CFBundleIdentifier"])
        report.processName =
            JSONFields.string(system["CFBundleExecutable"]) ?? JSONFields.string(info["process_name"])
        report.cpuArch = JSONFields.string(system["cpu_arch"])
        report.jailbroken = system["jailbroken"] as? Bool
        report.deviceID = ReportIdentity.identifier(JSONFields.string(system["device_app_hash"]))
        report.userID = userID(object)
        report.occurredAtRaw = timestamp(info["timestamp"])

        let crash = JSONFields.object(object["crash"]) ?? [:]
        let error = JSONFields.object(crash["error"]) ?? [:]
        let mach = JSONFields.object(error["mach"])
        let signal = JSONFields.object(error["signal"])
        report.signal = JSONFields.string(signal?["name"])
        report.exceptionType =
            JSONFields.string(mach?["exception_name"]) ?? report.signal ?? JSONFields.string(error["type"])
        if let exception = JSONFields.object(error["nsexception"]) {
            report.exceptionType = JSONFields.string(exception["name"]) ?? report.exceptionType
            report.exceptionReason = JSONFields.string(exception["reason"])
        } else if let cpp = JSONFields.object(error["cpp_exception"]) {
            report.exceptionType = JSONFields.string(cpp["name"]) ?? report.exceptionType
        }
        // SentryCrash keeps the reason at error level.
        report.exceptionReason = report.exceptionReason ?? JSONFields.string(error["reason"])
        if JSONFields.string(error["type"]) == "memory_termination" {
            report.exceptionType = "memory_termination"
        }

        let threads = JSONFields.array(crash["threads"]).compactMap(JSONFields.object)
        let crashed = threads.first { ($0["crashed"] as? Bool) == true } ?? threads.first
        let contents = JSONFields.array(JSONFields.object(crashed?["backtrace"])?["contents"])
        report.frames = FrameList(frames(contents))
        return report
    }

    /// The frames of a KSCrash backtrace's `contents`.
    private static func frames(_ contents: [Any]) -> [Frame] {
        contents.enumerated().compactMap { index, item in
            guard let frame = JSONFields.object(item) else { return nil }
            let image = JSONFields.string(frame["object_name"]) ?? "?"
            let instruction = JSONFields.int(frame["instruction_addr"]).map { UInt64(truncatingIfNeeded: $0) }
            if let symbol = JSONFields.string(frame["symbol_name"]) {
                let start = JSONFields.int(frame["symbol_addr"]).map { UInt64(truncatingIfNeeded: $0) }
                let offset = instruction.flatMap { address in start.map { address &- $0 } }
                return Frame(index: index, image: image, symbol: symbol, offset: offset)
            }
            let base = JSONFields.int(frame["object_addr"]).map { UInt64(truncatingIfNeeded: $0) }
            let offset = instruction.flatMap { address in base.map { address &- $0 } }
            return Frame(
                index: index, image: image, symbol: "0x" + String(base ?? 0, radix: 16), offset: offset,
                isUnsymbolicated: true)
        }
    }

    /// ISO 8601 text, or epoch seconds or microseconds (SentryCrash, newer KSCrash).
    /// The app's user id: KSCrash's user block is the app's own dictionary, so only an id under a
    /// conventional key is taken (`user.id`, `user.user_id`, `user.userId`, SentryCrash's scope
    /// `sentry_sdk_scope.user.id`); e-mail addresses and other values are never read.
    static func userID(_ object: [String: Any]) -> String? {
        let blocks = [
            JSONFields.object(object["user"]),
            JSONFields.object(JSONFields.object(object["user"])?["user"]),
            JSONFields.object(JSONFields.object(object["sentry_sdk_scope"])?["user"]),
        ]
        for block in blocks.compactMap({ $0 }) {
            for key in ["id", "user_id", "userId", "userID"] {
                if let id = ReportIdentity.identifier(JSONFields.string(block[key])) { return id }
            }
        }
        return nil
    }

    static func timestamp(_ value: Any?) -> String? {
        if let text = value as? String { return text }
        guard let number = JSONFields.int(value) else { return nil }
        let seconds =
            number > 100_000_000_000_000
            ? number / 1_000_000 : number > 100_000_000_000 ? number / 1000 : number
        return String(seconds)
    }
}
