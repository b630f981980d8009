import CrashScanCatalogs
import CrashScanModel

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
    /// The same crash whichever format exported it: its device (device id, or an Apple report's
    /// CrashReporter Key), its crash time to the second, its exception and its normalised
    /// reason, hashed; nil when the report lacks the device, the time or the exception.
    public var incidentKey: String?
    /// Reason with addresses and numbers normalised, kept on the group.
    public var normalizedReason: String

    /// Takes the report (`consuming`) and stores it last, after every field is computed from
    /// it: a report stored first and read after was copied, a retain and a release for each of
    /// its texts.
    public init(_ report: consuming CrashReport, timeBase: TimeBase = TimeBase()) {
        contentHash = SHA256.hex(report.normalizedContent)
        // The text was only needed for its hash. Let it go here, on the parsing thread that
        // allocated it, rather than hold it in the batch and free it on the writer.
        report.normalizedContent = ""
        device = report.deviceRaw.flatMap(DeviceCatalog.resolveRemembered)
        os = report.osRaw.flatMap(OSVersion.parseRemembered)
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
        appImage = CrashGrouping.appImage(
            frames: report.frames, processName: report.appImageHint ?? report.processName)
        let blame = CrashGrouping.blameFrame(frames: report.frames, appImage: appImage)
        blameFrame = CrashGrouping.blameText(blame)
        blameKey = CrashGrouping.blameKey(blame, processName: report.processName)
        blameSymbolicated = blame.map { !$0.isUnsymbolicated }
        symbolication = AnalyzedReport.symbolicationState(of: report)
        normalizedReason = CrashGrouping.normalizedReason(report.exceptionReason)
        if exceptionType == nil, let failure {
            exceptionType = KVCClassifier.impliedException(for: failure)
            report.exceptionTypeInferred = true
        }
        fingerprint = CrashGrouping.fingerprint(
            exceptionType: exceptionType,
            reasonPart: CrashGrouping.reasonPart(normalizedReason, failure: failure),
            receiverClass: failure?.receiverClass, key: failure?.key, blameKey: blameKey)
        incidentKey = Self.incidentKey(
            device: report.deviceID, occurredAt: occurredAt, exception: exceptionType,
            reason: normalizedReason)
        self.report = consume report
    }

    /// `incidentKey`'s hash of its parts (the time cut to the second: one format keeps
    /// milliseconds, another not).
    static func incidentKey(device: String?, occurredAt: String?, exception: String?, reason: String)
        -> String?
    {
        guard let device = device?.trimmingBlanksString(), !device.isEmpty, let occurredAt, let exception
        else { return nil }
        let parts = [device.lowercased(), String(occurredAt.prefix(19)), exception, reason]
        return SHA256.hex(joining: parts, separator: "\u{1F}")
    }

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
        // By image number, so that each image is looked up in the system list once.
        let names = report.frames.imageNames
        let offsetsIn = report.frames.unsymbolicatedImages
        var missingImages: Set<String> = []
        for (number, name) in names.enumerated() where offsetsIn[number] && !KnownClasses.isSystemImage(name)
        {
            missingImages.insert(name)
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
    public var framesText: String { Self.framesText(report.frames) }

    /// `image<TAB>symbol<TAB>file:line`, a line per frame; `<TAB>inlined` after a function
    /// inlined into the next frame.
    public static func framesText(_ frames: FrameList) -> String {
        frames.map { frame in
            var location = ""
            if let file = frame.file { location = file + (frame.line.map { ":\($0)" } ?? "") }
            let symbol = frame.isUnsymbolicated ? "\(frame.symbol) + \(frame.offset ?? 0)" : frame.symbol
            return "\(frame.image)\t\(symbol)\t\(location)" + (frame.isInlined ? "\tinlined" : "")
        }.joined(separator: "\n")
    }
}
