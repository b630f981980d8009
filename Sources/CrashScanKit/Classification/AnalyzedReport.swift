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
    /// The blame frame as grouping compares it (see `CrashGrouping.blameKey`).
    public var blameKey: String
    /// True when the blame frame has a symbol, false when it is `Image + offset`, nil without one.
    public var blameSymbolicated: Bool?
    /// The offset the zone-less times of this report were read in (`+08:00`), nil when the
    /// report gave its zone (or had no time).
    public var timeZoneAssumed: String?
    /// Whether the report's own frames have symbols, and if not why.
    public var symbolication: SymbolicationState?
    public var fingerprint: String
    /// Reason with addresses and numbers normalised, kept on the group.
    public var normalizedReason: String

    public init(_ report: CrashReport, timeBase: TimeBase = TimeBase()) {
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
        let assumed = timeBase.offset(for: report.format)
        let occurred = report.occurredAtRaw.flatMap(Timestamp.parse)
        let uploaded = report.uploadedAtRaw.flatMap(Timestamp.parse)
        occurredAt = occurred?.utc(assumedOffset: assumed)
        uploadedAt = uploaded?.utc(assumedOffset: assumed)
        if occurred.map({ $0.offset == nil }) == true || uploaded.map({ $0.offset == nil }) == true {
            timeZoneAssumed = TimeBase.describe(offset: assumed)
        }
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
        blameKey = CrashGrouping.blameKey(blame, processName: report.processName)
        blameSymbolicated = blame.map { !$0.isUnsymbolicated }
        symbolication = AnalyzedReport.symbolicationState(of: report)
        normalizedReason = CrashGrouping.normalizedReason(report.exceptionReason)
        fingerprint = CrashGrouping.fingerprint(
            exceptionType: exceptionType,
            reasonPart: CrashGrouping.reasonPart(normalizedReason, failure: failure),
            receiverClass: failure?.receiverClass, key: failure?.key, blameKey: blameKey)
    }

    /// The values of the `report` row as text, named by column (SQLite's type affinity stores
    /// the numbers as integers); the benchmark's storage floor writes the same values to CSV.
    public func storedColumns(path: String, importedAt: String, groupID: Int) -> [(
        column: String, text: String?
    )] {
        storedFields(path: path, importedAt: importedAt, groupID: groupID).map {
            ($0.column, $0.value.textForm)
        }
    }

    /// The values of the `report` row, each with its column: the writer builds its INSERT from
    /// these names, so the order here cannot put a value into another column. Numbers are bound
    /// as integers, so that neither side turns them into text and back (that was a dozen String
    /// allocations per report on the single writer thread). `import_file_id` is the writer's.
    public func storedFields(path: String, importedAt: String, groupID: Int) -> [(
        column: String, value: SQLValue
    )] {
        let os = self.os
        return [
            ("content_hash", .text(contentHash)), ("source_path", .text(path)),
            ("source_format", .text(report.format.rawValue)),
            ("position_in_file", .int(report.positionInFile)),
            ("occurred_at", .optional(occurredAt)), ("occurred_at_raw", .optional(report.occurredAtRaw)),
            ("uploaded_at", .optional(uploadedAt)), ("imported_at", .text(importedAt)),
            ("device_raw", .optional(report.deviceRaw)), ("device_model", .optional(device?.identifier)),
            ("device_name", .optional(device?.name)), ("device_kind", .optional(device?.kind.rawValue)),
            ("os_raw", .optional(report.osRaw)), ("os_platform", .optional(os?.platform)),
            ("os_version", .optional(os?.text)), ("os_build", .optional(os?.build)),
            ("os_major", .optional(os?.major)), ("os_minor", .optional(os?.minor)),
            ("os_patch", .optional(os?.patch)), ("os_key", .optional(os?.sortKey)),
            ("os_beta", .bool(os?.isBeta ?? false)), ("app_version", .optional(report.appVersion)),
            ("bundle_id", .optional(report.bundleID)), ("process_name", .optional(report.processName)),
            ("cpu_arch", .optional(report.cpuArch)),
            ("jailbroken", report.jailbroken.map(SQLValue.bool) ?? .null),
            ("exception_type", .optional(exceptionType)),
            ("exception_type_inferred", .bool(report.exceptionTypeInferred)),
            ("signal", .optional(report.signal)),
            ("exception_reason", .optional(report.exceptionReason)), ("app_image", .optional(appImage)),
            ("blame_frame", .optional(blameFrame)),
            // Frames are kept once per crash group (crash_group.sample_frames), and per report
            // only while its app frames are offsets that a dSYM may resolve later.
            ("frames", .optional(keepsFramesForSymbols ? framesText : nil)), ("group_id", .int(groupID)),
            ("symbolication", .optional(symbolication?.rawValue)),
            ("images", .optional(keepsFramesForSymbols ? imagesText : nil)),
            ("blame_symbolicated", blameSymbolicated.map(SQLValue.bool) ?? .null),
            ("app_build", .optional(report.appBuild)), ("uploaded_at_raw", .optional(report.uploadedAtRaw)),
            ("time_zone_assumed", .optional(timeZoneAssumed)),
        ]
    }

    /// The columns `storedFields` fills, in its order.
    public static let storedColumnNames: [String] = {
        AnalyzedReport(CrashReport(format: .buglyConsole, normalizedContent: ""))
            .storedFields(path: "", importedAt: "", groupID: 0).map(\.column)
    }()

    /// Frames and images are stored with the report only when a dSYM given later can resolve them:
    /// app frames that are offsets into an image with a UUID.
    public var keepsFramesForSymbols: Bool { symbolication == .missingDSYM }

    /// Whether the report's own frames have symbols, and if not why (one pass over the frames;
    /// computed once, in `init`).
    static func symbolicationState(of report: CrashReport) -> SymbolicationState? {
        guard !report.frames.isEmpty else { return nil }
        // Frames a dSYM resolved make the report symbolicated even if an address outside the
        // image's code stayed an offset.
        if report.symbolicatedFrames > 0 { return .symbolicated }
        var missingImages: Set<String> = []
        for frame in report.frames where frame.isUnsymbolicated && !KnownClasses.isSystemImage(frame.image) {
            missingImages.insert(frame.image)
        }
        guard !missingImages.isEmpty else { return .notNeeded }
        let withUUID = report.binaryImages.contains { missingImages.contains($0.name) && $0.uuid != nil }
        return withUUID ? .missingDSYM : .noUUID
    }

    /// The report's images other than iOS's, one per line: `name uuid load-address arch` (`-` for
    /// an unknown field); kept with the frames for later symbolication.
    public var imagesText: String {
        report.binaryImages.filter { !KnownClasses.isSystemImage($0.name) }.map { image in
            [
                image.name.replacingOccurrences(of: " ", with: "\u{A0}"), image.uuid ?? "-",
                image.loadAddress.map { "0x" + String($0, radix: 16) } ?? "-", image.arch ?? "-",
            ].joined(separator: " ")
        }.joined(separator: "\n")
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
