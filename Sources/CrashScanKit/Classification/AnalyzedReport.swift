/// Everything the store writes for one report, computed off the writer thread.
public struct AnalyzedReport: Sendable {
    public var report: CrashReport
    public var contentHash: String
    public var device: Device?
    public var os: OSVersion?
    public var occurredAt: String?
    public var uploadedAt: String?
    public var exceptionType: String?
    public var failure: KVCFailure?
    public var appImage: String?
    public var blameFrame: String?
    public var fingerprint: String
    /// Reason with addresses and numbers normalised, kept on the group.
    public var normalizedReason: String

    public init(_ report: CrashReport) {
        self.report = report
        contentHash = SHA256.hex(report.normalizedContent)
        // The text was only needed for its hash. Let it go here, on the parsing thread that
        // allocated it, rather than hold it in the batch and free it on the writer.
        self.report.normalizedContent = ""
        device = report.deviceRaw.flatMap(DeviceCatalog.resolve)
        os = report.osRaw.flatMap(OSVersion.parse)
        if report.isSimulator {
            // The header names the host Mac; the simulated iOS version is not in the report.
            device = Device(identifier: nil, name: "Simulator", kind: .simulator)
            if os?.platform != "iOS" { os = nil }
        } else if report.isIOSAppOnMac {
            device = Device(identifier: device?.identifier, name: "Mac (iOS app)", kind: .mac)
        }
        occurredAt = report.occurredAtRaw.flatMap(Timestamp.iso8601)
        uploadedAt = report.uploadedAtRaw.flatMap(Timestamp.iso8601)
        failure = KVCClassifier.classify(report)
        exceptionType = report.exceptionType
        if exceptionType == nil, let failure {
            exceptionType = KVCClassifier.impliedException(for: failure)
            self.report.exceptionTypeInferred = true
        }
        appImage = CrashGrouping.appImage(
            frames: report.frames, processName: report.appImageHint ?? report.processName)
        let blame = CrashGrouping.blameFrame(frames: report.frames, appImage: appImage)
        blameFrame = CrashGrouping.blameText(blame)
        normalizedReason = CrashGrouping.normalizedReason(report.exceptionReason)
        fingerprint = CrashGrouping.fingerprint(
            exceptionType: exceptionType, reason: report.exceptionReason, failure: failure, blame: blame)
    }

    /// The values of the `report` row, in table order after `id` and `import_file_id`, as text
    /// (SQLite's type affinity stores the numbers as integers). `content_hash` comes first. The
    /// writer binds them; the benchmark's storage floor writes the same values to CSV.
    public func storedColumns(path: String, importedAt: String, groupID: Int) -> [String?] {
        storedValues(path: path, importedAt: importedAt, groupID: groupID).map(\.textForm)
    }

    /// The same values typed, as the writer binds them: numbers as integers, so that neither
    /// side turns them into text and back (that was a dozen String allocations per report on
    /// the single writer thread).
    public func storedValues(path: String, importedAt: String, groupID: Int) -> [SQLValue] {
        let os = self.os
        return [
            .text(contentHash), .text(path), .text(report.format.rawValue), .int(report.positionInFile),
            .optional(occurredAt), .optional(report.occurredAtRaw),
            .optional(uploadedAt), .text(importedAt), .optional(report.deviceRaw),
            .optional(device?.identifier),
            .optional(device?.name), .optional(device?.kind.rawValue),
            .optional(report.osRaw), .optional(os?.platform), .optional(os?.text), .optional(os?.build),
            .optional(os?.major), .optional(os?.minor), .optional(os?.patch), .optional(os?.sortKey),
            .bool(os?.isBeta ?? false),
            .optional(report.appVersion),
            .optional(report.bundleID), .optional(report.processName), .optional(report.cpuArch),
            report.jailbroken.map(SQLValue.bool) ?? .null, .optional(exceptionType),
            .bool(report.exceptionTypeInferred), .optional(report.signal), .optional(report.exceptionReason),
            .optional(appImage), .optional(blameFrame),
            .null,  // frames: kept once per crash group (crash_group.sample_frames), not per report
            .int(groupID),
        ]
    }

    /// Frames as stored: one per line, `image<TAB>symbol<TAB>file:line`.
    public var framesText: String {
        report.frames.map { frame in
            var location = ""
            if let file = frame.file { location = file + (frame.line.map { ":\($0)" } ?? "") }
            let symbol = frame.isUnsymbolicated ? "\(frame.symbol) + \(frame.offset ?? 0)" : frame.symbol
            return "\(frame.image)\t\(symbol)\t\(location)"
        }.joined(separator: "\n")
    }
}
