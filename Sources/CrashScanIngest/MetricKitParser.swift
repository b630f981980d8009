import CrashScanModel
import Foundation

/// MetricKit `MXDiagnosticPayload` JSON (apple-formats.md section 5): one report per crash
/// diagnostic. Hang, CPU and disk diagnostics are not crashes.
enum MetricKitParser {
    static func isPayload(_ object: [String: Any]) -> Bool { isPayload { object[$0] != nil } }

    /// The shape by its top-level keys (also asked of the Bugly JSON fast path's tree).
    static func isPayload(hasKey has: (String) -> Bool) -> Bool {
        has("crashDiagnostics") || has("hangDiagnostics") || has("timeStampBegin")
            || has("cpuExceptionDiagnostics") || has("diskWriteExceptionDiagnostics")
    }

    /// A bare call-stack tree (`callStacks`), refused for want of metadata.
    static func isCallStackTree(hasKey has: (String) -> Bool) -> Bool { has("callStacks") }

    static func parse(_ payload: [String: Any]) -> Result<[CrashReport], Rejection> {
        let crashes = JSONFields.array(payload["crashDiagnostics"]).compactMap(JSONFields.object)
        guard !crashes.isEmpty else {
            let kinds = [
                "hangDiagnostics", "cpuExceptionDiagnostics", "diskWriteExceptionDiagnostics",
                "appLaunchDiagnostics",
            ]
            .filter { !JSONFields.array(payload[$0]).isEmpty }
            return .failure(
                .skip(
                    "MetricKit payload without crash diagnostics\(kinds.isEmpty ? "" : " (only \(kinds.joined(separator: ", ")))")"
                ))
        }
        let begin = JSONFields.string(payload["timeStampEnd"]) ?? JSONFields.string(payload["timeStampBegin"])
        return .success(
            crashes.enumerated().map { position, diagnostic in
                var report = crash(diagnostic, time: begin)
                report.positionInFile = position
                return report
            })
    }

    static func crash(_ diagnostic: [String: Any], time: String?) -> CrashReport {
        var report = CrashReport(format: .metricKit, normalizedContent: JSONFields.canonical(diagnostic))
        let meta = JSONFields.object(diagnostic["diagnosticMetaData"]) ?? [:]
        report.deviceRaw = JSONFields.string(meta["deviceType"])
        report.osRaw = JSONFields.string(meta["osVersion"])
        report.appVersion = JSONFields.string(meta["appVersion"])
        report.bundleID = JSONFields.string(meta["bundleIdentifier"])
        report.cpuArch = JSONFields.string(meta["platformArchitecture"])
        report.occurredAtRaw = time
        report.exceptionType = JSONFields.int(meta["exceptionType"]).map(JSONFields.machExceptionName)
        report.signal = JSONFields.int(meta["signal"]).map(JSONFields.signalName)
        // iOS 17+: the Objective-C exception itself.
        if let objc = JSONFields.object(meta["objectiveCexceptionReason"]) {
            report.exceptionType = JSONFields.string(objc["exceptionName"]) ?? report.exceptionType
            report.exceptionReason =
                JSONFields.string(objc["composedMessage"]) ?? composed(objc)
        } else if report.exceptionReason == nil {
            report.exceptionReason = JSONFields.string(meta["terminationReason"])
        }
        let tree = JSONFields.object(diagnostic["callStackTree"]) ?? [:]
        let stacks = JSONFields.array(tree["callStacks"]).compactMap(JSONFields.object)
        let stack = stacks.first { ($0["threadAttributed"] as? Bool) == true } ?? stacks.first
        // The tree's root is the outermost caller: follow the first child down, then reverse so
        // that the crashing frame comes first, as in every other format.
        var chain: [[String: Any]] = []
        var node = JSONFields.array(stack?["callStackRootFrames"]).first.flatMap(JSONFields.object)
        while let current = node, chain.count < 512 {
            chain.append(current)
            node = JSONFields.array(current["subFrames"]).first.flatMap(JSONFields.object)
        }
        report.frames = FrameList(
            chain.reversed().enumerated().map { index, frame in
                let address = JSONFields.int(frame["address"]).map { UInt64(truncatingIfNeeded: $0) } ?? 0
                return Frame(
                    index: index, image: JSONFields.string(frame["binaryName"]) ?? "?",
                    address: "0x" + String(address, radix: 16), symbol: "0x" + String(address, radix: 16),
                    offset: JSONFields.int(frame["offsetIntoBinaryTextSegment"]).map {
                        UInt64(truncatingIfNeeded: $0)
                    },
                    isUnsymbolicated: true)
            })
        return report
    }

    /// `formatString` with its `arguments` filled in, when no `composedMessage` was given.
    static func composed(_ reason: [String: Any]) -> String? {
        guard var format = JSONFields.string(reason["formatString"]) else { return nil }
        for argument in JSONFields.array(reason["arguments"]).compactMap(JSONFields.string) {
            guard let range = format.range(of: "%@") ?? format.range(of: "%s") ?? format.range(of: "%p")
            else { break }
            format.replaceSubrange(range, with: argument)
        }
        return format
    }
}
