import CrashScanModel
import Foundation

/// An OS version as reported, parsed into numbers so that ranges can use an index.
///
/// Accepts every spelling seen in Bugly and Apple reports: `8.1.3(12B466)`, `8.1.3 (12B466)`,
/// `iOS 8.1.3 (12B466)`, `iPhone OS 8.1.3 (12B466)`, `8.1.3(12 B 466)`,
/// `iPhone OS 11.4.1 (Build 15G77)`, betas such as `14.2 (18B5061e)`, a bare `13.5`, `iOS13.5`.
public struct OSVersion: Sendable, Equatable {
    /// `iOS`, `macOS`, `tvOS` …; "iPhone OS" and "iPadOS" are recorded as iOS.
    public var platform: String?
    public var major: Int
    public var minor: Int?
    public var patch: Int?
    /// Build such as `12B466`, with any spaces removed.
    public var build: String?

    /// `8.1.3`, or `13.5` when the report had only two components.
    public var text: String {
        var text = String(major)
        if let minor { text += ".\(minor)" }
        if let patch { text += ".\(patch)" }
        return text
    }

    /// A beta build ends in a lower-case letter (`18B5061e`).
    public var isBeta: Bool {
        guard let last = build?.unicodeScalars.last else { return false }
        return last.value >= 97 && last.value <= 122
    }

    /// One integer that orders versions: the platform's base (0 for iOS, `Platform.keyBase`)
    /// plus `major * 1_000_000 + minor * 1_000 + patch`.
    public var sortKey: Int {
        (Platform(named: platform ?? "iOS") ?? .iOS).keyBase
            + OSVersion.sortKey(major, minor ?? 0, patch ?? 0)
    }

    /// `8.1.3` for iOS; `macOS 10.15.7` for another platform, so that a version is never read as
    /// an iOS one (what `os_version` stores).
    public var label: String {
        // The stored spelling first: `Platform(named:)` folds the name (two strings a report).
        guard let platform, platform != "iOS", Platform(named: platform) != .iOS else { return text }
        return "\(platform) \(text)"
    }

    static func sortKey(_ major: Int, _ minor: Int, _ patch: Int) -> Int {
        major * 1_000_000 + min(minor, 999) * 1_000 + min(patch, 999)
    }

    public init(
        platform: String? = "iOS", major: Int, minor: Int? = nil, patch: Int? = nil, build: String? = nil
    ) {
        self.platform = platform
        self.major = major
        self.minor = minor
        self.patch = patch
        self.build = build
    }

    private static let platforms: [(spelling: String, platform: String)] = [
        ("iphone os", "iOS"), ("ipados", "iOS"), ("ios", "iOS"), ("mac os x", "macOS"), ("macos", "macOS"),
        ("os x", "macOS"), ("tvos", "tvOS"), ("watchos", "watchOS"), ("visionos", "visionOS"),
    ]

    /// `parse`, remembered for the texts met before (`Remembered`, at most 4,096): a crash
    /// reporter writes one OS text per version and build, so an import meets a few hundred texts
    /// again and again. Importing 100,000 logs (perf), parsing them was 1.9 % of all samples
    /// (about 3.5 µs a text), looking them up 0.8 %.
    public static func parseRemembered(_ raw: String) -> OSVersion? { remembered(raw) }
    private static let remembered = Remembered(limit: 4_096) { parse($0) }

    /// Parses an OS version text; nil when it holds no version (Android values, `unknown`).
    public static func parse(_ raw: String) -> OSVersion? {
        var rest = Substring(raw.trimmingWhitespace())
        guard !rest.isEmpty else { return nil }
        var platform: String?
        let lower = rest.lowercased()
        if lower.hasPrefix("android") || lower.fastContains("level ") { return nil }
        for (spelling, name) in platforms where lower.hasPrefix(spelling) {
            platform = name
            rest = rest.dropFirst(spelling.count).drop(while: { $0 == " " })
            break
        }
        // Version: digits separated by dots (1 to 3 components), read on bytes; a number too
        // large for an Int reads as 0, as `Int(text) ?? 0` did.
        let utf8 = rest.utf8
        var numbers: [Int] = []
        var current = 0
        var digits = 0
        var overflowed = false
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte &- 48 < 10 {
                let (shifted, overflow) = current.multipliedReportingOverflow(by: 10)
                let (sum, carry) = shifted.addingReportingOverflow(Int(byte &- 48))
                overflowed = overflowed || overflow || carry
                current = sum
                digits += 1
            } else if byte == 46, digits > 0, numbers.count < 2 {  // `.`
                numbers.append(overflowed ? 0 : current)
                (current, digits, overflowed) = (0, 0, false)
            } else {
                break
            }
            index = utf8.index(after: index)
        }
        if digits > 0 { numbers.append(overflowed ? 0 : current) }
        guard let major = numbers.first, major < 100 else { return nil }
        var version = OSVersion(
            platform: platform ?? "iOS", major: major, minor: numbers.count > 1 ? numbers[1] : nil,
            patch: numbers.count > 2 ? numbers[2] : nil)
        version.build = build(in: rest[index...])
        return version
    }

    /// The build inside `(…)` or after the version: `(12B466)`, `(12 B 466)`, `(Build 15G77)`.
    static func build(in text: Substring) -> String? {
        var inner = text.trimmingWhitespace().string
        if inner.hasPrefix("(") {
            inner.removeFirst()
            if let close = inner.firstIndex(of: ")") { inner = String(inner[..<close]) }
        }
        inner = inner.trimmingWhitespace().string
        if inner.lowercased().hasPrefix("build") { inner = String(inner.dropFirst(5)) }
        let compact = inner.filter { !$0.isWhitespace }
        return isBuild(compact) ? compact : nil
    }

    /// `^\d+[A-Z]\d+[a-z]?$`
    static func isBuild(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count, CharacterSetASCII.isDigit(scalars[index]) { index += 1 }
        guard index > 0, index < scalars.count, scalars[index].value >= 65, scalars[index].value <= 90 else {
            return false
        }
        index += 1
        let digits = index
        while index < scalars.count, CharacterSetASCII.isDigit(scalars[index]) { index += 1 }
        guard index > digits else { return false }
        if index < scalars.count, scalars[index].value >= 97, scalars[index].value <= 122 { index += 1 }
        return index == scalars.count
    }
}
