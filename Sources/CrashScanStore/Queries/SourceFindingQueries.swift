import CrashScanDatabase
import CrashScanModel

/// What `crashscan scan --db` stores, and how crash groups and source findings meet: by the
/// class a rule matched and the key's first component (`_placeholderLabel` of
/// `_placeholderLabel.textColor`), with or without one leading underscore (KVC reaches the
/// instance variable `_pageImage` for the key `pageImage`, and the crash may name either).
public struct StoredSourceFinding: Sendable, Equatable {
    public var path: String
    public var line: Int
    public var column: Int
    public var endLine: Int
    public var endColumn: Int
    public var language: String
    public var ruleID: String
    public var severity: String
    public var fix: String
    public var accessor: String
    public var receiver: String
    public var receiverClass: String?
    public var ruleClass: String?
    public var classKnown: Bool
    public var key: String
    public var keyPath: String
    public var message: String
    public var fingerprint: String

    public init(
        path: String, line: Int, column: Int, endLine: Int, endColumn: Int, language: String, ruleID: String,
        severity: String, fix: String, accessor: String, receiver: String, receiverClass: String?,
        ruleClass: String?, classKnown: Bool, key: String, keyPath: String, message: String,
        fingerprint: String
    ) {
        self.path = path
        self.line = line
        self.column = column
        self.endLine = endLine
        self.endColumn = endColumn
        self.language = language
        self.ruleID = ruleID
        self.severity = severity
        self.fix = fix
        self.accessor = accessor
        self.receiver = receiver
        self.receiverClass = receiverClass
        self.ruleClass = ruleClass
        self.classKnown = classKnown
        self.key = key
        self.keyPath = keyPath
        self.message = message
        self.fingerprint = fingerprint
    }
}

/// A crash group a source finding is linked to, with what a user ranks by.
public struct LinkedCrashGroup: Sendable, Equatable {
    /// The group's id as `report` shows it (first 8 hex digits of its fingerprint).
    public var id: String
    public var reports: Int
    public var devices: Int
    /// The OS versions of its reports, in version order.
    public var osVersions: [String]
    /// The exception its reports raised (`NSUnknownKeyException`).
    public var exception: String? = nil
}

/// Where in the code a crash group's class and key are used (the latest scan).
public struct SourceLocation: Sendable, Equatable, Encodable {
    public var path: String
    public var line: Int
    public var column: Int
    public var ruleID: String

    enum CodingKeys: String, CodingKey {
        case path, line, column
        case ruleID = "rule_id"
    }

    /// `App/Placeholder.m:21:33`.
    public var described: String { "\(path):\(line):\(column)" }
}

/// One finding of the latest scan as crash groups meet it: its place, the class its rule
/// matched, its key's first component and its whole key path.
public struct SourceFindingTarget: Sendable {
    public var location: SourceLocation
    public var ruleClass: String
    public var key: String
    public var keyPath: String
}

extension SourceLocation {
    init(_ row: Row) throws {
        self.init(
            path: try row.string("path") ?? "", line: try row.int("line") ?? 0,
            column: try row.int("column") ?? 0, ruleID: try row.string("rule_id") ?? "")
    }
}

extension Store {
    /// Stores one scan and its findings in one transaction; the `source_findings` view shows it.
    public func recordScan(
        roots: [String], files: Int, bytes: Int, findings: [StoredSourceFinding], version: String,
        at time: String
    ) throws {
        try db.transaction {
            guard
                let id = try db.insert(
                    "INSERT INTO source_scan (scanned_at, crashscan_version, roots, files, bytes) VALUES (?, ?, ?, ?, ?)",
                    [
                        .text(time), .text(version), .text(roots.joined(separator: "\n")), .int(files),
                        .int(bytes),
                    ])
            else { throw DatabaseError(misuse: "source scan insert returned no id") }
            let scan = SQLValue.integer(id)
            let insert = try db.prepare(
                """
                INSERT INTO source_finding (
                    scan_id, path, line, column_number, end_line, end_column, language, rule_id, severity, fix, accessor,
                    receiver, receiver_class, rule_class, class_known, key, key_path, message, fingerprint
                ) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            for finding in findings {
                try insert.bind([
                    scan, .text(finding.path), .int(finding.line), .int(finding.column),
                    .int(finding.endLine),
                    .int(finding.endColumn), .text(finding.language), .text(finding.ruleID),
                    .text(finding.severity),
                    .text(finding.fix), .text(finding.accessor), .text(finding.receiver),
                    .optional(finding.receiverClass), .optional(finding.ruleClass), .bool(finding.classKnown),
                    .text(finding.key), .text(finding.keyPath), .text(finding.message),
                    .text(finding.fingerprint),
                ])
                try insert.runToCompletion()
            }
        }
    }

    /// The crash groups whose class is `receiverClass` and whose key's first component is `key`,
    /// most reports first; with `accessor`, only those that read (`get`) or set (`set`) it as the
    /// code does (a group whose reports do not say which is kept).
    public func crashGroups(receiverClass: String, key: String, accessor: KVCAccessor? = nil) throws
        -> [LinkedCrashGroup]
    {
        let dialect = db.dialect
        let dot = dialect.position(of: "'.'", in: "g.key")
        let rows = try db.query(
            """
            SELECT g.fingerprint, g.report_count, g.device_count, g.exception_type,
                   (SELECT \(dialect.joined("v.os_version", separator: ",", orderedBy: "v.k")) FROM (
                        SELECT r.os_version, min(r.os_key) AS k FROM report r
                        WHERE r.group_id = g.id AND r.os_version IS NOT NULL GROUP BY r.os_version ORDER BY k) v
                   ) AS os_versions
            FROM crash_groups g
            WHERE g.receiver_class = ?
              AND (CASE WHEN \(dot) > 0 THEN substr(g.key, 1, \(dot) - 1) ELSE g.key END) IN (?, ?, ?)
              AND \(accessor == nil ? "1 = 1" : "(g.accessor IS NULL OR g.accessor = ?)")
            ORDER BY g.report_count DESC, g.fingerprint
            """,
            [.text(receiverClass)] + Self.keySpellings(key).map(SQLValue.text)
                + (accessor.map { [SQLValue.text($0.rawValue)] } ?? []))
        return try rows.map { row in
            LinkedCrashGroup(
                id: String((try row.string("fingerprint") ?? "").prefix(8)),
                reports: try row.int("report_count") ?? 0,
                devices: try row.int("device_count") ?? 0,
                osVersions: (try row.string("os_versions") ?? "").split(separator: ",").map(String.init),
                exception: try row.string("exception_type"))
        }
    }

    /// The latest scan's findings, each with the class its rule matched and its key path: what
    /// says where in the code a crash group comes from (`FindingLinks.sourceLocations`), read once
    /// for a whole report.
    public func sourceFindingTargets() throws -> [SourceFindingTarget] {
        try db.query(
            """
            SELECT path, line, "column", rule_id, rule_class, key, key_path FROM source_findings
            WHERE rule_class IS NOT NULL
            ORDER BY path, line, "column"
            """
        ).map { row in
            SourceFindingTarget(
                location: try SourceLocation(row), ruleClass: try row.string("rule_class") ?? "",
                key: try row.string("key") ?? "", keyPath: try row.string("key_path") ?? "")
        }
    }

    /// The receiver classes of the crash groups whose key's first component is `key`.
    public func groupClasses(key: String) throws -> [String] {
        let dot = db.dialect.position(of: "'.'", in: "key")
        return try db.query(
            """
            SELECT DISTINCT receiver_class FROM crash_groups
            WHERE receiver_class IS NOT NULL
              AND (CASE WHEN \(dot) > 0 THEN substr(key, 1, \(dot) - 1) ELSE key END) IN (?, ?, ?)
            ORDER BY receiver_class
            """, Self.keySpellings(key).map(SQLValue.text)
        ).compactMap { try $0.string("receiver_class") }
    }

    /// `key`, without its leading underscore, and with one: `_pageImage`, `pageImage`, `_pageImage`.
    public static func keySpellings(_ key: String) -> [String] {
        let bare = key.hasPrefix("_") ? String(key.dropFirst()) : key
        return [key, bare, "_" + bare]
    }
}
