import CrashScanCatalogs
import CrashScanModel
import CrashScanStore
import Foundation

/// The filters of `crashscan report`. Every value is validated here; the store binds them
/// (`ReportSelection`).
///
/// A filter given several times matches any of its values (`--os 8.1 --os 8.2`: 8.1.x or 8.2.x);
/// different filters must all match. `--since` and `--until` are single bounds: given twice they
/// are refused.
public struct ReportFilter: Sendable {
    public var os: [OSRange] = []
    /// `--platform`: the platforms an `--os` without one applies to (iOS when none is given).
    public var platforms: [Platform] = []
    /// Device texts as typed; `resolveDevices` turns them into `deviceQueries`.
    public var devices: [String] = []
    public private(set) var deviceQueries: [DeviceQuery] = []
    public var appVersions: [String] = []
    /// UTC `YYYY-MM-DD` (a whole UTC day) or `YYYY-MM-DDTHH:MM:SS`, as the store compares them.
    public private(set) var since: String?
    public private(set) var until: String?
    /// The bounds as the header shows them (what was typed, and the time a relative one meant).
    private var sinceShown: String?
    private var untilShown: String?
    /// The zone times are shown in and a date-only bound is read in (`--tz`).
    public var zone = DisplayZone.utc
    public var kinds: [KVCKind] = []
    public var keys: [String] = []
    /// The stored app versions inside each `--app-version` range (`>=2.3`), set by
    /// `resolveAppVersions`.
    private var appVersionsInRanges: [String] = []
    /// `--compare A..B`: the report also compares the groups' failures in two app versions.
    public var comparedVersions: (from: String, to: String)?
    /// `--all-crashes`: the report also lists the crash groups that are no KVC failure.
    public var listsOtherCrashes = false
    /// `--regressed`: only the groups that came back after their fix.
    public var regressedOnly = false
    /// The groups `regressedOnly` keeps, set by the report builder.
    var groupIDs: [Int64]?

    public init() {}

    /// A filter value that cannot be used, with what is accepted. `filter` is the filter's name
    /// as the report header shows it (`os`, `device`, `since` …); the command line names its option.
    public struct Invalid: Error, CustomStringConvertible, Sendable {
        public let filter: String
        public let problem: String
        public var description: String { "\(filter): \(problem)" }
    }

    /// Which end of the time range a date bounds.
    public enum Bound: String, Sendable {
        case since, until
    }

    public mutating func addOS(_ text: String) throws(Invalid) {
        do {
            os.append(try OSRange.parse(text))
        } catch {
            throw Invalid(filter: "os", problem: error.description)
        }
    }

    public mutating func addPlatform(_ text: String) throws(Invalid) {
        guard let platform = Platform(named: text.trimmingBlanksString()) else {
            throw Invalid(
                filter: "platform",
                problem: "unknown platform '\(text)' (expected one of: \(Platform.accepted))")
        }
        if !platforms.contains(platform) { platforms.append(platform) }
    }

    /// The OS ranges the store filters on: each `--os` on its own platform, else on every
    /// `--platform` (iOS when none); a platform alone is all its versions.
    public func osRanges() throws(Invalid) -> [OSRange] {
        guard !os.isEmpty else { return platforms.map(OSRange.all(of:)) }
        var ranges: [OSRange] = []
        for range in os {
            if let named = range.platform {
                guard platforms.isEmpty || platforms.contains(named) else {
                    throw Invalid(
                        filter: "os",
                        problem:
                            "'\(range.description)' names \(named), which --platform \(platforms.map(\.rawValue).joined(separator: ", ")) leaves out"
                    )
                }
                ranges.append(range)
            } else {
                ranges += (platforms.isEmpty ? [.iOS] : platforms).map { platform in
                    platform == .iOS
                        ? OSRange(
                            lower: range.lower, upper: range.upper, description: "iOS \(range.description)")
                        : range.on(platform)
                }
            }
        }
        return ranges
    }

    public mutating func addDevice(_ text: String) throws(Invalid) {
        devices.append(try Self.nonEmpty(text, filter: "device"))
    }

    public mutating func addAppVersion(_ text: String) throws(Invalid) {
        appVersions.append(try Self.nonEmpty(text, filter: "app_version"))
    }

    public mutating func addKey(_ text: String) throws(Invalid) {
        keys.append(try Self.nonEmpty(text, filter: "key"))
    }

    /// An empty value cannot mean anything (`--device ''` used to drop the filter silently), nor
    /// can one longer than any key, version or device name (a 100 KB key made SQLite refuse the
    /// pattern as too complex: a database error for a typing error).
    private static func nonEmpty(_ text: String, filter: String) throws(Invalid) -> String {
        let trimmed = text.trimmingBlanksString()
        guard !trimmed.isEmpty else {
            throw Invalid(filter: filter, problem: "an empty value matches nothing")
        }
        guard trimmed.utf8.count <= maximumValueLength else {
            throw Invalid(
                filter: filter,
                problem:
                    "a value of \(trimmed.utf8.count) bytes matches nothing (at most \(maximumValueLength))")
        }
        return trimmed
    }

    /// The longest filter value that can match (`_placeholderLabel.textColor` is 27 bytes).
    static let maximumValueLength = 256

    public mutating func addKind(_ text: String) throws(Invalid) {
        guard let value = KVCKind(rawValue: text) else {
            throw Invalid(
                filter: "kind",
                problem:
                    "unknown kind '\(text)' (expected one of: \(KVCKind.allCases.map(\.rawValue).joined(separator: ", ")))"
            )
        }
        kinds.append(value)
    }

    /// Resolves every `--device` (`DeviceQuery.resolve`); a text that names no device is an error
    /// that lists the closest matches.
    public mutating func resolveDevices(knownNames: [String], knownModels: [String]) throws(Invalid) {
        var queries: [DeviceQuery] = []
        for text in devices {
            do {
                queries.append(
                    try DeviceQuery.resolve(text, knownNames: knownNames, knownModels: knownModels))
            } catch {
                let closest =
                    error.suggestions.isEmpty
                    ? ""
                    : " Did you mean " + error.suggestions.map { "'\($0)'" }.joined(separator: ", ") + "?"
                throw Invalid(
                    filter: "device",
                    problem:
                        "'\(text)' is no device model crashscan knows (give an identifier such as iPhone7,1, a marketing name such as 'iPhone 6 Plus' or '6+', or 'unknown').\(closest)"
                )
            }
        }
        deviceQueries = queries
    }

    /// `YYYY-MM-DD` (a day in `zone`), a time in `zone` or with an explicit one
    /// (`2015-03-01 08:18:47+08:00`), or a time back from now (`7d`, `2w`, `12h`); kept as the
    /// UTC text compared with the stored times.
    public mutating func setDate(_ text: String, bound: Bound, now: Date = Date()) throws(Invalid) {
        let trimmed = text.trimmingBlanksString()
        guard (bound == .since ? since : until) == nil else {
            throw Invalid(
                filter: bound.rawValue, problem: "given twice: it is one bound (since and until make a range)"
            )
        }
        let value: String
        var shown = trimmed
        if let ago = Self.relative(trimmed) {
            let instant = Int(now.timeIntervalSince1970.rounded(.down)) - ago
            value = String(Timestamp.format(epochSeconds: instant).prefix(19))
            shown = "\(trimmed) (\(zone.time(value + "Z")))"
        } else {
            guard let parsed = Timestamp.parse(trimmed), parsed.epochSeconds == nil else {
                throw Invalid(
                    filter: bound.rawValue,
                    problem:
                        "invalid date '\(text)' (expected YYYY-MM-DD, YYYY-MM-DD HH:MM[:SS] in the --tz zone or with a zone such as +08:00, or a time back from now such as 7d, 2w or 12h)"
                )
            }
            if parsed.isDay {
                // A whole day of the display zone: in UTC, the day itself (which the counts per
                // day answer); elsewhere its first or last second.
                let date = parsed.civilDay
                let bounds = zone.utcBounds(ofDay: date.year, date.month, date.day)
                value = zone.isUTC ? trimmed : bound == .since ? bounds.first : bounds.last
            } else {
                let epoch = parsed.epoch(assumedOffset: zone.offset(atEpoch: parsed.epoch(assumedOffset: 0)))
                value = String(Timestamp.format(epochSeconds: epoch).prefix(19))
            }
        }
        if bound == .since {
            (since, sinceShown) = (value, shown)
        } else {
            (until, untilShown) = (value, shown)
        }
    }

    /// Seconds back from now of `7d`, `2w`, `12h`; nil for any other text.
    static func relative(_ text: String) -> Int? {
        guard let unit = text.last, let count = Int(text.dropLast()), count >= 0, count <= 100_000 else {
            return nil
        }
        switch unit {
        case "h": return count * 3_600
        case "d": return count * 86_400
        case "w": return count * 7 * 86_400
        default: return nil
        }
    }

    public var isEmpty: Bool { described.isEmpty }

    /// Each filter given, as shown in the report header and the JSON `filters` object: several
    /// values of one filter are joined with ` or `.
    public var described: [String: String] {
        var parts: [String: String] = [:]
        func put(_ name: String, _ values: [String]) {
            if !values.isEmpty { parts[name] = values.joined(separator: " or ") }
        }
        // The header says which platform an `--os` was read on (iOS unless told).
        put("os", os.isEmpty ? [] : ((try? osRanges()) ?? os).map(\.description))
        put("platform", platforms.map(\.rawValue))
        put("device", devices)
        put("app_version", appVersions)
        put("since", sinceShown.map { [$0] } ?? [])
        put("until", untilShown.map { [$0] } ?? [])
        put("kind", kinds.map(\.rawValue))
        put("key", keys)
        if regressedOnly { parts["regressed"] = "yes" }
        return parts
    }

    /// Human description for the report header.
    public var summary: String {
        let parts = described
        guard !parts.isEmpty else { return "none" }
        return ["platform", "os", "device", "app_version", "since", "until", "kind", "key", "regressed"]
            .compactMap {
                name in
                parts[name].map { "\(name == "app_version" ? "app" : name) \($0)" }
            }.joined(separator: ", ")
    }

    /// What one `--app-version` value means: `unknown` (the reports without one), a range
    /// (`>=2.3`, `<2.4`, `2.3.0..2.3.1`, compared as versions: 2.10 after 2.9), or one version as
    /// `report` prints it or Bugly writes it (`2.3.1(231)` is 2.3.1; the build is not kept in the
    /// counts).
    enum AppVersionFilter: Equatable {
        case unknown
        case exactly(String)
        case range(lower: String?, lowerIncluded: Bool, upper: String?, upperIncluded: Bool)

        init(_ text: String) {
            if text.lowercased() == "unknown" {
                self = .unknown
            } else if let dots = text.range(of: "..") {
                let low = String(text[..<dots.lowerBound]).trimmingBlanksString()
                let high = String(text[dots.upperBound...]).trimmingBlanksString()
                self = .range(
                    lower: low.isEmpty ? nil : low, lowerIncluded: true, upper: high.isEmpty ? nil : high,
                    upperIncluded: true)
            } else if let op = [">=", "<=", ">", "<"].first(where: { text.hasPrefix($0) }) {
                let bound = String(text.dropFirst(op.count)).trimmingBlanksString()
                self =
                    op.hasPrefix(">")
                    ? .range(lower: bound, lowerIncluded: op == ">=", upper: nil, upperIncluded: false)
                    : .range(lower: nil, lowerIncluded: false, upper: bound, upperIncluded: op == "<=")
            } else {
                self = .exactly(AppVersion.split(text, shortFirst: true).version)
            }
        }

        func contains(_ version: String) -> Bool {
            guard case .range(let lower, let lowerIncluded, let upper, let upperIncluded) = self else {
                return false
            }
            if let lower {
                let above =
                    lowerIncluded
                    ? AppVersion.isAtLeast(version, lower) : AppVersion.isNewer(version, than: lower)
                if !above { return false }
            }
            if let upper {
                let below =
                    upperIncluded
                    ? AppVersion.isAtLeast(upper, version) : AppVersion.isNewer(upper, than: version)
                if !below { return false }
            }
            return true
        }
    }

    var appVersionFilters: [AppVersionFilter] { appVersions.map(AppVersionFilter.init) }

    /// Whether an `--app-version` is a range, which the stored versions resolve.
    public var hasAppVersionRange: Bool {
        appVersionFilters.contains { if case .range = $0 { return true } else { return false } }
    }

    /// The stored versions (`known`) inside the `--app-version` ranges.
    public mutating func resolveAppVersions(known: [String]) {
        let ranges = appVersionFilters
        appVersionsInRanges = known.filter { version in ranges.contains { $0.contains(version) } }
    }

    /// The reports the filter keeps, as the store selects them.
    var selection: ReportSelection {
        var selection = ReportSelection()
        selection.osRanges = (try? osRanges()) ?? os
        selection.devices = deviceQueries
        var exact: [String] = []
        for value in appVersionFilters {
            switch value {
            case .unknown: selection.appVersionUnknown = true
            case .exactly(let version): exact.append(version)
            case .range: break
            }
        }
        selection.appVersions = exact + appVersionsInRanges
        selection.matchesNothing =
            hasAppVersionRange && selection.appVersions.isEmpty && !selection.appVersionUnknown
        selection.since = since
        selection.until = until
        selection.groupIDs = groupIDs
        selection.kinds = kinds
        selection.keys = keys.filter { $0 != "?" }
        selection.keyUnknown = keys.contains("?")
        return selection
    }
}
