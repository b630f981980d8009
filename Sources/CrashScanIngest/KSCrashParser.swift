import CrashScanModel

/// KSCrash / SentryCrash JSON (apple-formats.md section 4): `report`, `system`, `crash`
/// (`error`, `threads`), `binary_images`.
///
/// The members read are gathered in `KSCrashFields` from the document's bytes (`KSCrashReader`),
/// and one function makes the report (the tests' Foundation oracle gathers them its own way).
enum KSCrashParser {
    /// The shape by its top-level keys (also asked of the Bugly JSON fast path's tree).
    static func isKSCrash(hasKey has: (String) -> Bool) -> Bool {
        has("crash") && has("system") && has("report")
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
        report.binaryImages = fields.images
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
