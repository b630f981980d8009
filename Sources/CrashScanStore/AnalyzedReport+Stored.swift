import CrashScanClassification
import CrashScanDatabase
import CrashScanModel

/// How an analysed report becomes a `report` row.
extension AnalyzedReport {
    /// The values of the `report` row, each with its column: the writer builds its INSERT from
    /// these names, so the order here cannot put a value into another column. Numbers are bound
    /// as integers, so that neither side turns them into text and back (that was a dozen String
    /// allocations per report on the single writer thread). `import_file_id` is the writer's.
    /// The digests are bound as `dialect` stores them.
    func storedFields(path: String, importedAt: String, groupID: Int, dialect: SQLDialect) -> [(
        column: String, value: SQLValue
    )] {
        let os = self.os
        return [
            ("content_hash", dialect.digest(contentHash)), ("source_path", .text(path)),
            ("source_format", .text(report.format.rawValue)),
            ("position_in_file", .int(report.positionInFile)),
            ("occurred_at", .optional(occurredAt)), ("occurred_at_raw", .optional(report.occurredAtRaw)),
            ("uploaded_at", .optional(uploadedAt)), ("imported_at", .text(importedAt)),
            ("device_raw", .optional(report.deviceRaw)), ("device_model", .optional(device?.identifier)),
            ("device_name", .optional(device?.name)), ("device_kind", .optional(device?.kind.rawValue)),
            ("os_raw", .optional(report.osRaw)), ("os_platform", .optional(os?.platform)),
            ("os_version", .optional(os?.label)), ("os_build", .optional(os?.build)),
            ("os_major", .optional(os?.major)), ("os_minor", .optional(os?.minor)),
            // `os_key` is generated from these (migrations/0024).
            ("os_patch", .optional(os?.patch)),
            ("os_beta", .bool(os?.isBeta ?? false)), ("app_version", .optional(report.appVersion)),
            ("bundle_id", .optional(report.bundleID)), ("process_name", .optional(report.processName)),
            ("cpu_arch", .optional(report.cpuArch)),
            ("jailbroken", report.jailbroken.map(SQLValue.bool) ?? .null),
            ("exception_type", .optional(exceptionType)),
            ("exception_type_inferred", .bool(report.exceptionTypeInferred)),
            ("signal", .optional(report.signal)),
            ("exception_reason", .optional(report.exceptionReason)), ("app_image", .optional(appImage)),
            ("blame_frame", .optional(blameFrame)),
            // Frames are kept once per crash group (crash_group.sample_frames), and per report
            // only while its app frames are offsets that a dSYM may resolve later.
            ("frames", .optional(keepsFramesForSymbols ? framesText : nil)), ("group_id", .int(groupID)),
            ("symbolication", .optional(symbolication?.rawValue)),
            ("images", .optional(keepsFramesForSymbols ? imagesText : nil)),
            ("blame_symbolicated", blameSymbolicated.map(SQLValue.bool) ?? .null),
            ("app_build", .optional(report.appBuild)), ("uploaded_at_raw", .optional(report.uploadedAtRaw)),
            ("time_zone_assumed", .optional(timeZoneAssumed)), ("text_repairs", .int(report.textRepairs)),
            ("device_id", .optional(report.deviceID)), ("user_id", .optional(report.userID)),
            ("source_issue_id", .optional(report.sourceIssueID)),
            ("source_crash_id", .optional(report.sourceCrashID)),
            ("incident_key", dialect.digest(incidentKey)),
            (
                "source_url",
                .optional(
                    ReportIdentity.buglyIssueURL(appID: report.sourceAppID, issueID: report.sourceIssueID))
            ),
        ]
    }

    /// The columns `storedFields` fills, in its order.
    public static let storedColumnNames: [String] = {
        AnalyzedReport(CrashReport(format: .buglyConsole, normalizedContent: ""))
            .storedFields(path: "", importedAt: "", groupID: 0, dialect: .sqlite).map(\.column)
    }()

    /// The values of the `report` row as text, named by column (SQLite's type affinity stores
    /// the numbers as integers); the benchmark's storage floor writes the same values to CSV,
    /// the digests as their hexadecimal digits (as PostgreSQL stores them: CSV holds text).
    public func storedColumns(path: String, importedAt: String, groupID: Int) -> [(
        column: String, text: String?
    )] {
        storedFields(path: path, importedAt: importedAt, groupID: groupID, dialect: .postgresql).map {
            ($0.column, $0.value.textForm)
        }
    }
}
