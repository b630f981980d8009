import CrashScanDatabase

/// One `recommendation` row: the winning rule of a group and the evidence behind it.
public struct RecommendationRecord: Sendable {
    public var groupID: Int64
    public var ruleID: String
    public var ruleSource: String
    public var fix: String
    public var title: String
    public var detail: String
    public var specificity: Int
    public var confidence: String
    public var confidenceReason: String
    public var affectedOS: String?
    /// `8.1:1;8.1.2:1`, as the view shows them.
    public var crashOSVersions: String
    public var cleanOSVersions: String
    public var confinedToFailingOS: Bool?
    public var appVersions: String
    public var fixedIn: String?
    public var regressed: Bool
    public var evidenceJSON: String?

    public init(
        groupID: Int64, ruleID: String, ruleSource: String, fix: String, title: String, detail: String,
        specificity: Int, confidence: String, confidenceReason: String, affectedOS: String?,
        crashOSVersions: String, cleanOSVersions: String, confinedToFailingOS: Bool?, appVersions: String,
        fixedIn: String?, regressed: Bool, evidenceJSON: String?
    ) {
        self.groupID = groupID
        self.ruleID = ruleID
        self.ruleSource = ruleSource
        self.fix = fix
        self.title = title
        self.detail = detail
        self.specificity = specificity
        self.confidence = confidence
        self.confidenceReason = confidenceReason
        self.affectedOS = affectedOS
        self.crashOSVersions = crashOSVersions
        self.cleanOSVersions = cleanOSVersions
        self.confinedToFailingOS = confinedToFailingOS
        self.appVersions = appVersions
        self.fixedIn = fixedIn
        self.regressed = regressed
        self.evidenceJSON = evidenceJSON
    }

    /// Column names with their values, so that the insert names each column it binds.
    var storedFields: [(column: String, value: SQLValue)] {
        [
            ("group_id", .integer(groupID)), ("rule_id", .text(ruleID)), ("rule_source", .text(ruleSource)),
            ("fix", .text(fix)), ("title", .text(title)), ("detail", .text(detail)),
            ("specificity", .int(specificity)), ("confidence", .text(confidence)),
            ("confidence_reason", .text(confidenceReason)), ("affected_os", .optional(affectedOS)),
            ("crash_os_versions", .text(crashOSVersions)), ("clean_os_versions", .text(cleanOSVersions)),
            ("confined_to_failing_os", confinedToFailingOS.map { .bool($0) } ?? .null),
            ("app_versions", .text(appVersions)), ("fixed_in", .optional(fixedIn)),
            ("regressed", .bool(regressed)), ("evidence_json", .optional(evidenceJSON)),
        ]
    }
}

extension Store {
    /// Stores `record` as its group's recommendation, replacing the one before.
    public func saveRecommendation(_ record: RecommendationRecord) throws {
        let fields = record.storedFields
        let columns = fields.map(\.column)
        let updates = columns.dropFirst().map { "\($0) = excluded.\($0)" }
        try db.run(
            "INSERT INTO recommendation (" + columns.joined(separator: ", ") + ") VALUES ("
                + Array(repeating: "?", count: columns.count).joined(separator: ", ")
                + ") ON CONFLICT (group_id) DO UPDATE SET " + updates.joined(separator: ", "),
            fields.map(\.value))
    }

    /// Removes group `id`'s recommendation (no rule matches it any more).
    public func removeRecommendation(group id: Int64) throws {
        try db.run("DELETE FROM recommendation WHERE group_id = ?", [.integer(id)])
    }

    /// The evidence stored with group `id`'s recommendation when rule `ruleID` won it.
    public func storedEvidence(group id: Int64, ruleID: String) throws -> String? {
        try db.query(
            "SELECT evidence_json FROM recommendation WHERE group_id = ? AND rule_id = ?",
            [.integer(id), .text(ruleID)]
        ).first?.string("evidence_json")
    }

    /// A value in the `meta` table (`rules_digest`, `grouping_version` …).
    public func meta(_ key: String) throws -> String? {
        try db.query("SELECT value FROM meta WHERE key = ?", [.text(key)]).first?.string("value")
    }

    public func setMeta(_ key: String, _ value: String) throws {
        try db.run(
            "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            [.text(key), .text(value)])
    }

    /// Runs `body` in one write transaction; rolls back if it throws.
    public func writeTransaction<T>(_ body: () throws -> T) throws -> T { try db.transaction(body) }

    /// Runs `body`'s reads on one snapshot of the database.
    public func readSnapshot<T>(_ body: () throws -> T) throws -> T { try db.readSnapshot(body) }
}
