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
        let os = self.os
        func bool(_ value: Bool) -> String { value ? "1" : "0" }
        return [
            contentHash, path, report.format.rawValue, String(report.positionInFile), occurredAt,
            report.occurredAtRaw,
            uploadedAt, importedAt, report.deviceRaw, device?.identifier, device?.name, device?.kind.rawValue,
            report.osRaw, os?.platform, os?.text, os?.build, os.map { String($0.major) },
            os?.minor.map(String.init),
            os?.patch.map(String.init), os.map { String($0.sortKey) }, bool(os?.isBeta ?? false),
            report.appVersion,
            report.bundleID, report.processName, report.cpuArch, report.jailbroken.map(bool), exceptionType,
            bool(report.exceptionTypeInferred), report.signal, report.exceptionReason, appImage, blameFrame,
            nil,  // frames: kept once per crash group (crash_group.sample_frames), not per report
            String(groupID),
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
