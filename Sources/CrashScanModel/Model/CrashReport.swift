/// The input shapes crashscan reads. The raw value is what `reports.source_format` stores.
public enum SourceFormat: String, Sendable, CaseIterable {
    case buglyConsole = "bugly-console"
    case buglyJSON = "bugly-json"
    case buglySDKLog = "bugly-crash-log"
    /// Xcode or device console text (`*** Terminating app …`, `*** First throw call stack:`).
    case consoleText = "console-text"
    /// Crashlytics console copy (`Fatal Exception: NAME` and frames).
    case crashlyticsConsole = "crashlytics-console"
    /// Apple's text crash report (`.crash`, Xcode, TestFlight, PLCrashReporter and KSCrash text).
    case appleCrash = "apple-crash"
    /// Apple `.ips`: bug_type 109 (text body) or 309 (JSON body).
    case appleIPS = "apple-ips"
    /// KSCrash / SentryCrash JSON.
    case kscrash
    /// MetricKit `MXDiagnosticPayload` crash diagnostic.
    case metricKit = "metrickit"
    /// Sentry event JSON (`exception.values`).
    case sentryEvent = "sentry-event"
    /// Cr4shed (jailbreak crash logger) text.
    case cr4shed

    /// One of Bugly's shapes (console copy, web-API JSON, SDK crash.log).
    public var isBugly: Bool { self == .buglyConsole || self == .buglyJSON || self == .buglySDKLog }
}

/// A crash report in the one model every format is parsed into.
public struct CrashReport: Sendable {
    public var format: SourceFormat
    /// Zero-based position of the report inside its file (several per file are possible).
    public var positionInFile: Int = 0
    /// Invalid byte sequences of the file replaced by U+FFFD to read it (`report.text_repairs`).
    public var textRepairs = 0
    public var deviceRaw: String?
    public var osRaw: String?
    public var appVersion: String?
    /// The build number (`CFBundleVersion`) when the report gave it beside the version.
    public var appBuild: String?
    public var bundleID: String?
    public var processName: String?
    /// Time as written in the report.
    public var occurredAtRaw: String?
    public var uploadedAtRaw: String?
    public var exceptionType: String?
    /// True when the exception name was not in the report and was inferred from the reason.
    public var exceptionTypeInferred = false
    public var signal: String?
    public var exceptionReason: String?
    public var cpuArch: String?
    public var jailbroken: Bool?
    /// Ran in the iOS Simulator: the OS in the report is the host Mac's, not an iOS version.
    public var isSimulator = false
    /// An iOS app running on a Mac (Apple silicon).
    public var isIOSAppOnMac = false
    /// The app's image name when the report says it (Binary Images `+` marker, `.ips` procPath).
    public var appImageHint: String?
    public var frames = FrameList()
    /// Binary images the report lists (Apple `Binary Images`, `.ips` `usedImages`, Bugly's image
    /// list): what a dSYM is matched against.
    public var binaryImages: [BinaryImage] = []
    /// Frames whose symbol a dSYM restored at import.
    public var symbolicatedFrames = 0
    /// Who crashed, as the source identifies them (docs/classification.md, "Who is affected"): an anonymous
    /// device id (Bugly `deviceId`, `RDM DeviceId`, Apple's `CrashReporter Key`, KSCrash's
    /// `device_app_hash`) and the app's user id (Bugly `userId`, `RDM user id`, KSCrash's user
    /// block). Nothing else about a user is kept.
    public var deviceID: String?
    public var userID: String?
    /// Where the crash lives in its service: Bugly's issue and crash ids and the app id that makes
    /// the console link.
    public var sourceIssueID: String?
    public var sourceCrashID: String?
    public var sourceAppID: String?
    /// Bugly's counts for the report's whole issue, when the copy holds the issue page's header
    /// (`发生次数：763670`, `影响设备数：762282`): crashes and devices over everything Bugly received,
    /// not the logs imported; stored as the counts of the report's issue (`bugly_issue`).
    public var issueOccurrences: Int?
    public var issueAffectedDevices: Int?
    /// Whether the report came with its issue's counts (an issue page's header).
    /// Inlinable: asked of every report by the writer, which otherwise copied the report to ask it.
    @inlinable public var carriesIssueCounts: Bool { issueOccurrences != nil || issueAffectedDevices != nil }
    /// The content the duplicate check hashes: the report's own text, decoded and with line
    /// endings and trailing blanks normalised.
    public var normalizedContent: String

    public init(format: SourceFormat, normalizedContent: String) {
        self.format = format
        self.normalizedContent = normalizedContent
    }
}

/// One loaded image of a report: what a dSYM is matched against (by UUID) and what turns a frame
/// address into an offset (its load address).
public struct BinaryImage: Sendable, Equatable {
    public var name: String
    /// Upper-case hex without dashes (`9D0C1B2A3F4E5D6C7B8A9F0E1D2C3B4A`), nil when not given.
    public var uuid: String?
    public var loadAddress: UInt64?
    public var arch: String?

    public init(name: String, uuid: String?, loadAddress: UInt64?, arch: String? = nil) {
        self.name = name
        self.uuid = uuid.map(BinaryImage.normalizedUUID)
        self.loadAddress = loadAddress
        self.arch = arch
    }

    /// `9D0C1B2A-3F4E-…`: a normalised UUID as `dwarfdump --uuid` and Xcode print it (any other
    /// text as it is).
    public static func dashedUUID(_ uuid: String) -> String {
        guard uuid.utf8.count == 32 else { return uuid }
        var text = uuid
        for position in [20, 16, 12, 8] {
            text.insert("-", at: text.index(text.startIndex, offsetBy: position))
        }
        return text
    }

    /// `9d0c1b2a-3f4e-…` or `<9d0c…>` → `9D0C1B2A3F4E…`: UUIDs are compared this way.
    public static func normalizedUUID(_ text: String) -> String {
        // On bytes: every report lists dozens of images (a Character walk was 3,000 instructions
        // an image).
        var digits: [UInt8] = []
        digits.reserveCapacity(32)
        for byte in text.utf8 {
            switch byte {
            case 48...57, 65...70: digits.append(byte)
            case 97...102: digits.append(byte - 32)
            default: continue
            }
        }
        return String(decoding: digits, as: UTF8.self)
    }
}

extension CrashReport {
    /// What `import` says about a file whose text was repaired (`import_files.reason`), nil when
    /// its text was valid. Inlinable: asked of every file's first report by the importer and the
    /// writer, which otherwise copied the report to ask it.
    @inlinable public var textRepairNote: String? {
        guard textRepairs > 0 else { return nil }
        let sequences = textRepairs == 1 ? "1 invalid byte sequence" : "\(textRepairs) invalid byte sequences"
        return "text repaired: \(sequences) replaced with U+FFFD"
    }
}
