import CrashScanCatalogs
import CrashScanModel

/// MetricKit `MXDiagnosticPayload` JSON (apple-formats.md section 5): one report per crash
/// diagnostic. Hang, CPU and disk diagnostics are not crashes.
///
/// A diagnostic's members are gathered in `MetricKitDiagnostic` from the document's bytes
/// (`MetricKitReader`), and one function makes the report.
enum MetricKitParser {
    /// The shape by its top-level keys (also asked of the Bugly JSON fast path's tree).
    static func isPayload(hasKey has: (String) -> Bool) -> Bool {
        has("crashDiagnostics") || has("hangDiagnostics") || has("timeStampBegin")
            || has("cpuExceptionDiagnostics") || has("diskWriteExceptionDiagnostics")
    }

    /// A bare call-stack tree (`callStacks`), refused for want of metadata.
    static func isCallStackTree(hasKey has: (String) -> Bool) -> Bool { has("callStacks") }

    /// The diagnostics that are not crashes, named when a payload has no crash.
    static let otherKinds = [
        "hangDiagnostics", "cpuExceptionDiagnostics", "diskWriteExceptionDiagnostics", "appLaunchDiagnostics",
    ]

    static func noCrash(otherKinds kinds: [String]) -> Rejection {
        .skip(
            "MetricKit payload without crash diagnostics\(kinds.isEmpty ? "" : " (only \(kinds.joined(separator: ", ")))")"
        )
    }

    /// The report of a diagnostic's members, however they were read.
    static func report(_ fields: MetricKitDiagnostic, time: String?, content: String) -> CrashReport {
        var report = CrashReport(format: .metricKit, normalizedContent: content)
        report.deviceRaw = fields.meta["deviceType"]
        report.osRaw = fields.meta["osVersion"]
        report.appVersion = fields.meta["appVersion"]
        report.bundleID = fields.meta["bundleIdentifier"]
        report.cpuArch = fields.meta["platformArchitecture"]
        report.occurredAtRaw = time
        report.exceptionType = fields.exceptionType.map(MachNames.exception)
        report.signal = fields.signal.map(MachNames.signal)
        // iOS 17+: the Objective-C exception itself.
        if let objc = fields.objectiveC {
            report.exceptionType = objc.name ?? report.exceptionType
            report.exceptionReason = objc.composedMessage ?? composed(objc)
        } else {
            report.exceptionReason = fields.meta["terminationReason"]
        }
        // The tree's root is the outermost caller: the chain follows the first child down, and is
        // reversed so that the crashing frame comes first, as in every other format.
        report.frames = FrameList(
            fields.chain.reversed().enumerated().map { index, node in
                let address = node.address.map { UInt64(truncatingIfNeeded: $0) } ?? 0
                return Frame(
                    index: index, image: node.binaryName ?? "?",
                    address: "0x" + String(address, radix: 16), symbol: "0x" + String(address, radix: 16),
                    offset: imageOffset(node), isUnsymbolicated: true)
            })
        report.binaryImages = images(fields.chain)
        return report
    }

    /// The app's images among the frames (each frame names its image's UUID; the load address is
    /// its address less its offset), in the order met.
    static func images(_ chain: [MetricKitDiagnostic.Node]) -> [BinaryImage] {
        var images: [BinaryImage] = []
        for node in chain {
            guard let name = node.binaryName, let uuid = node.binaryUUID, !KnownClasses.isSystemImage(name),
                !images.contains(where: { $0.name == name })
            else { continue }
            let load = node.address.flatMap { address in
                imageOffset(node).map { UInt64(truncatingIfNeeded: address) &- $0 }
            }
            images.append(BinaryImage(name: name, uuid: uuid, loadAddress: load))
        }
        return images
    }

    /// The frame's offset into its image. iOS 14 wrote the image's load address into
    /// `offsetIntoBinaryTextSegment` (ChimeHQ/Meter's real reports: `4331307008` beside the address
    /// `4331327932`): a value above half the address cannot be an offset (arm64 images load at
    /// 4 GiB and up, their code is far smaller), so the offset is the address less it.
    static func imageOffset(_ node: MetricKitDiagnostic.Node) -> UInt64? {
        guard let offset = node.offset.map({ UInt64(truncatingIfNeeded: $0) }) else { return nil }
        guard let address = node.address.map({ UInt64(truncatingIfNeeded: $0) }), offset <= address,
            offset > address - offset
        else { return offset }
        return address - offset
    }

    /// `formatString` with its `arguments` filled in, when no `composedMessage` was given.
    static func composed(_ reason: MetricKitDiagnostic.ObjectiveCReason) -> String? {
        guard var format = reason.format else { return nil }
        for argument in reason.arguments {
            guard let range = format.range(of: "%@") ?? format.range(of: "%s") ?? format.range(of: "%p")
            else { break }
            format.replaceSubrange(range, with: argument)
        }
        return format
    }
}
