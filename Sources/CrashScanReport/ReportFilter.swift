import CrashScanCatalogs
import CrashScanModel
import CrashScanStore

/// The filters of `crashscan report`. Every value is validated here; the store binds them
/// (`ReportSelection`).
///
/// A filter given several times matches any of its values (`--os 8.1 --os 8.2`: 8.1.x or 8.2.x);
/// different filters must all match. `--since` and `--until` are single bounds: given twice they
/// are refused.
public struct ReportFilter: Sendable {
    public var os: [OSRange] = []
    /// Device texts as typed; `resolveDevices` turns them into `deviceQueries`.
    public var devices: [String] = []
    public private(set) var deviceQueries: [DeviceQuery] = []
    public var appVersions: [String] = []
    public var since: String?
    public var until: String?
    public var kinds: [KVCKind] = []
    public var keys: [String] = []
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

    /// `YYYY-MM-DD` (a UTC day), or a time in UTC or with an explicit zone
    /// (`2015-03-01 08:18:47+08:00`); kept as the UTC text compared with the stored times.
    public mutating func setDate(_ text: String, bound: Bound) throws(Invalid) {
        let trimmed = text.trimmingBlanksString()
        guard let parsed = Timestamp.parse(trimmed), parsed.epochSeconds == nil else {
            throw Invalid(
                filter: bound.rawValue,
                problem:
                    "invalid date '\(text)' (expected YYYY-MM-DD, or YYYY-MM-DD HH:MM[:SS] in UTC or with a zone such as +08:00)"
            )
        }
        guard (bound == .since ? since : until) == nil else {
            throw Invalid(
                filter: bound.rawValue, problem: "given twice: it is one bound (since and until make a range)"
            )
        }
        // A day is a UTC day; a time without a zone is UTC, as every stored time is.
        let utc = parsed.utc(assumedOffset: 0)
        let value = parsed.isDay ? String(utc.prefix(10)) : String(utc.prefix(19))
        if bound == .since { since = value } else { until = value }
    }

    public var isEmpty: Bool { described.isEmpty }

    /// Each filter given, as shown in the report header and the JSON `filters` object: several
    /// values of one filter are joined with ` or `.
    public var described: [String: String] {
        var parts: [String: String] = [:]
        func put(_ name: String, _ values: [String]) {
            if !values.isEmpty { parts[name] = values.joined(separator: " or ") }
        }
        put("os", os.map(\.description))
        put("device", devices)
        put("app_version", appVersions)
        put("since", since.map { [$0] } ?? [])
        put("until", until.map { [$0] } ?? [])
        put("kind", kinds.map(\.rawValue))
        put("key", keys)
        if regressedOnly { parts["regressed"] = "yes" }
        return parts
    }

    /// Human description for the report header.
    public var summary: String {
        let parts = described
        guard !parts.isEmpty else { return "none" }
        return ["os", "device", "app_version", "since", "until", "kind", "key", "regressed"].compactMap {
            name in
            parts[name].map { "\(name == "app_version" ? "app" : name) \($0)" }
        }.joined(separator: ", ")
    }

    /// The reports the filter keeps, as the store selects them.
    var selection: ReportSelection {
        var selection = ReportSelection()
        selection.osRanges = os
        selection.devices = deviceQueries
        selection.appVersions = appVersions
        selection.since = since
        selection.until = until
        selection.groupIDs = groupIDs
        selection.kinds = kinds
        selection.keys = keys
        return selection
    }
}
