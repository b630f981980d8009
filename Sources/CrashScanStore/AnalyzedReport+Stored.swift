import CrashScanClassification
import CrashScanDatabase
import CrashScanModel

/// How an analysed report becomes a `report` row.
extension AnalyzedReport {
    /// Gives each value of the `report` row to `field`, with its column, in the columns' order:
    /// the writer builds its INSERT from these names, so the order here cannot put a value into
    /// another column. Numbers are bound as integers, so that neither side turns them into text
    /// and back (that was a dozen String allocations per report on the single writer thread).
    /// `import_file_id` is the writer's. The digests are bound as `dialect` stores them.
    ///
    /// Given one by one rather than as an array of pairs: the writer appends them to its row,
    /// where the pairs, their values mapped out and the row joined after the file's id were three
    /// arrays a report to fill and free. Importing 3,000 logs under callgrind, `insertReport`
    /// took 189.4 M instructions of the writer thread, 162.6 M so.
    func visitStoredFields(
        path: String, importedAt: String, groupID: Int, dialect: SQLDialect,
        _ field: (_ column: String, _ value: SQLValue) -> Void
    ) {
        let os = self.os
        field("content_hash", dialect.digest(contentHash))
        field("source_path", .text(path))
        field("source_format", .text(report.format.rawValue))
        field("position_in_file", .int(report.positionInFile))
        field("occurred_at", .optional(occurredAt))
        field("occurred_at_raw", .optional(report.occurredAtRaw))
        field("uploaded_at", .optional(uploadedAt))
        field("imported_at", .text(importedAt))
        field("device_raw", .optional(report.deviceRaw))
        field("device_model", .optional(device?.identifier))
        field("device_name", .optional(device?.name))
        field("device_kind", .optional(device?.kind.rawValue))
        field("os_raw", .optional(report.osRaw))
        field("os_platform", .optional(os?.platform))
        field("os_version", .optional(os?.label))
        field("os_build", .optional(os?.build))
        field("os_major", .optional(os?.major))
        field("os_minor", .optional(os?.minor))
        // `os_key` is generated from these (migrations/0024).
        field("os_patch", .optional(os?.patch))
        field("os_beta", .bool(os?.isBeta ?? false))
        field("app_version", .optional(report.appVersion))
        field("bundle_id", .optional(report.bundleID))
        field("process_name", .optional(report.processName))
        field("cpu_arch", .optional(report.cpuArch))
        field("jailbroken", report.jailbroken.map(SQLValue.bool) ?? .null)
        field("exception_type", .optional(exceptionType))
        field("exception_type_inferred", .bool(report.exceptionTypeInferred))
        field("signal", .optional(report.signal))
        field("exception_reason", .optional(report.exceptionReason))
        field("app_image", .optional(appImage))
        field("blame_frame", .optional(blameFrame))
        // Frames are kept once per crash group (crash_group.sample_frames), and per report
        // only while its app frames are offsets that a dSYM may resolve later.
        field("frames", .optional(keepsFramesForSymbols ? framesText : nil))
        field("group_id", .int(groupID))
        field("symbolication", .optional(symbolication?.rawValue))
        field("images", .optional(keepsFramesForSymbols ? imagesText : nil))
        field("blame_symbolicated", blameSymbolicated.map(SQLValue.bool) ?? .null)
        field("app_build", .optional(report.appBuild))
        field("uploaded_at_raw", .optional(report.uploadedAtRaw))
        field("time_zone_assumed", .optional(timeZoneAssumed))
        field("text_repairs", .int(report.textRepairs))
        field("device_id", .optional(report.deviceID))
        field("user_id", .optional(report.userID))
        field("source_issue_id", .optional(report.sourceIssueID))
        field("source_crash_id", .optional(report.sourceCrashID))
        field("incident_key", dialect.digest(incidentKey))
        field(
            "source_url",
            .optional(ReportIdentity.buglyIssueURL(appID: report.sourceAppID, issueID: report.sourceIssueID)))
    }

    /// The values of the `report` row with their columns, in order (`visitStoredFields`).
    func storedFields(path: String, importedAt: String, groupID: Int, dialect: SQLDialect) -> [(
        column: String, value: SQLValue
    )] {
        var fields: [(column: String, value: SQLValue)] = []
        visitStoredFields(path: path, importedAt: importedAt, groupID: groupID, dialect: dialect) {
            fields.append(($0, $1))
        }
        return fields
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
