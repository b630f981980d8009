/// The Apple platform an OS version belongs to. Every OS version key (`OSVersion.sortKey`, the
/// stored `os_key`) starts at its platform's base, so that an iOS range (`--os 10`) never takes
/// in macOS 10.15, and a platform alone is one range of keys.
public enum Platform: String, Sendable, CaseIterable, CustomStringConvertible {
    case iOS, macOS, tvOS, watchOS, visionOS

    public var description: String { rawValue }

    /// Keys of this platform's versions run from `keyBase` to `keyBase + 99_999_999`: a version's
    /// key within its platform is below 100,000,000 (major < 100).
    public var keyBase: Int {
        switch self {
        case .iOS: return 0
        case .macOS: return 100_000_000
        case .tvOS: return 200_000_000
        case .watchOS: return 300_000_000
        case .visionOS: return 400_000_000
        }
    }

    /// Every key of the platform.
    public var keys: ClosedRange<Int> { keyBase...(keyBase + 99_999_999) }

    /// The platform a stored name (`os_platform`) or a typed one (`ios`, `macOS`, `iPadOS`)
    /// names; nil for none. "iPhone OS" and iPadOS are iOS.
    public init?(named name: String) {
        let folded = name.lowercased().filter { $0 != " " }
        switch folded {
        case "ios", "iphoneos", "ipados": self = .iOS
        case "macos", "macosx", "osx", "mac": self = .macOS
        case "tvos": self = .tvOS
        case "watchos": self = .watchOS
        case "visionos", "xros": self = .visionOS
        default: return nil
        }
    }

    /// What `--platform` accepts, for messages.
    public static let accepted = allCases.map { $0.rawValue.lowercased() }.joined(separator: ", ")

    /// The platform a key belongs to.
    public static func of(key: Int) -> Platform {
        allCases.last { key >= $0.keyBase } ?? .iOS
    }
}
