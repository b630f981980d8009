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

    /// `YYYY-MM-DD` (a UTC day), or a time in UTC or with an explicit zone
    /// (`2015-03-01 08:18:47+08:00`); kept as the UTC text compared with the stored times.
    public mutating func setDate(_ text: String, option: String) throws(Invalid) {
        let trimmed = text.trimmingBlanksString()
        guard let parsed = Timestamp.parse(trimmed), parsed.epochSeconds == nil else {
            throw Invalid(
                message:
                    "\(option): invalid date '\(text)' (expected YYYY-MM-DD, or YYYY-MM-DD HH:MM[:SS] in UTC or with a zone such as +08:00)"
            )
        }
        // A day is a UTC day; a time without a zone is UTC, as every stored time is.
        let utc = parsed.utc(assumedOffset: 0)
        let value = parsed.isDay ? String(utc.prefix(10)) : String(utc.prefix(19))
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
        // Stored times are UTC `YYYY-MM-DDTHH:MM:SS[.mmm]Z`: the filter compares the day or the
        // whole seconds, so `.117Z` and `Z` endings sort the same.
        if let since {
            clauses.append("substr(\(seen), 1, \(since.count)) >= ?")
            values.append(.text(since))
        }
        if let until {
            clauses.append("substr(\(seen), 1, \(until.count)) <= ?")
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
