/// The filters of `crashscan report`. Every value is validated here and bound in SQL later.
public struct ReportFilter: Sendable {
    public var os: OSRange?
    public var device: String?
    public var appVersion: String?
    public var since: String?
    public var until: String?
    public var kind: KVCKind?
    public var key: String?

    public init() {}

    /// A filter value that cannot be used, with what is accepted.
    public struct Invalid: Error, CustomStringConvertible, Sendable {
        public let message: String
        public var description: String { message }
    }

    public mutating func setOS(_ text: String) throws(Invalid) {
        do {
            os = try OSRange.parse(text)
        } catch {
            throw Invalid(message: "--os: \(error.description)")
        }
    }

    public mutating func setKind(_ text: String) throws(Invalid) {
        guard let value = KVCKind(rawValue: text) else {
            throw Invalid(
                message:
                    "--kind: unknown kind '\(text)' (expected one of: \(KVCKind.allCases.map(\.rawValue).joined(separator: ", ")))"
            )
        }
        kind = value
    }

    /// `YYYY-MM-DD` or a full time; stored as the ISO text compared against report times.
    public mutating func setDate(_ text: String, option: String) throws(Invalid) {
        let trimmed = text.trimmingBlanksString()
        let isDay = trimmed.count == 10 && Timestamp.iso8601(trimmed) != nil
        guard let iso = Timestamp.iso8601(trimmed) else {
            throw Invalid(
                message: "\(option): invalid date '\(text)' (expected YYYY-MM-DD or YYYY-MM-DD HH:MM:SS)")
        }
        let value = isDay ? String(iso.prefix(10)) : iso
        if option == "--since" { since = value } else { until = value }
    }

    public var isEmpty: Bool {
        os == nil && device == nil && appVersion == nil && since == nil && until == nil && kind == nil
            && key == nil
    }

    /// Human description for the report header.
    public var summary: String {
        var parts: [String] = []
        if let os { parts.append("os \(os.description)") }
        if let device { parts.append("device \(device)") }
        if let appVersion { parts.append("app \(appVersion)") }
        if let since { parts.append("since \(since)") }
        if let until { parts.append("until \(until)") }
        if let kind { parts.append("kind \(kind.rawValue)") }
        if let key { parts.append("key \(key)") }
        return parts.isEmpty ? "none" : parts.joined(separator: ", ")
    }

    /// SQL conditions on `report r` (and `kvc_failure k` when `kvc` is true), with their values.
    func conditions(kvc: Bool) -> (sql: String, values: [SQLValue]) {
        var clauses: [String] = []
        var values: [SQLValue] = []
        if let os {
            clauses.append("r.os_key BETWEEN ? AND ?")
            values += [.int(os.lower), .int(os.upper)]
        }
        if let device {
            if let resolved = DeviceCatalog.resolve(device), let identifier = resolved.identifier {
                clauses.append("r.device_model = ? COLLATE NOCASE")
                values.append(.text(identifier))
            } else if let resolved = DeviceCatalog.resolve(device), let name = resolved.name {
                // A name several identifiers share (iPhone XS Max) matches all of them.
                clauses.append("(r.device_name = ? COLLATE NOCASE OR r.device_model = ? COLLATE NOCASE)")
                values += [.text(name), .text(device)]
            }
        }
        if let appVersion {
            clauses.append("r.app_version = ?")
            values.append(.text(appVersion))
        }
        let seen = ReportBuilder.seen
        if let since {
            clauses.append(since.count == 10 ? "substr(\(seen), 1, 10) >= ?" : "\(seen) >= ?")
            values.append(.text(since))
        }
        if let until {
            clauses.append(until.count == 10 ? "substr(\(seen), 1, 10) <= ?" : "\(seen) <= ?")
            values.append(.text(until))
        }
        if kvc, let kind {
            clauses.append("k.kind = ?")
            values.append(.text(kind.rawValue))
        }
        if kvc, let key {
            clauses.append(key.contains("*") ? "k.key GLOB ?" : "k.key = ?")
            values.append(.text(key))
        }
        return (clauses.isEmpty ? "1" : clauses.joined(separator: " AND "), values)
    }
}
