import CrashScanClassification
import CrashScanDatabase
import CrashScanModel

extension ReportWriter {
    /// Stores a file of usage or issue counts in its own savepoint: its `import_file` row, and
    /// each row of usage or issue, replacing what an earlier file gave for the same day, app
    /// version and OS version, or the same issue (the last file read wins; of an issue, what the
    /// later file leaves out, its message or key stack, is kept: a sheet has no message column).
    func writeScale(_ item: AnalyzedInput, scale: AnalyzedScale) throws -> FileOutcome {
        try store.db.savepoint("file") {
            _ = try insertFileRow(scaleFileRow(item, scale: scale))
            for row in scale.usage { try storeUsage(row, source: scale.source, path: item.path) }
            for issue in scale.issues { try storeIssue(issue, path: item.path) }
            return FileOutcome(usageRows: scale.usage.count, issueCounts: scale.issues.count)
        }
    }

    /// The counts of the issue pages some of `reports` were copied with (`AnalyzedIssue(headerOf:)`),
    /// stored whether or not the reports were stored before: a later copy has later counts.
    func storeIssueHeaders(of reports: [AnalyzedReport], path: String) throws -> Int {
        var stored = 0
        // By index, and the (inlinable) test first: `for report in reports` copied every report of
        // every file to ask it.
        for index in reports.indices where reports[index].report.carriesIssueCounts {
            guard let issue = AnalyzedIssue(headerOf: reports[index]) else { continue }
            try storeIssue(issue, path: path)
            stored += 1
        }
        return stored
    }

    private func storeUsage(_ row: UsageRow, source: ScaleFile.Source, path: String) throws {
        try store.db.run(
            """
            INSERT INTO app_usage (
                day, app_version, os_version, launches, active_devices, crashes, crash_devices, source,
                source_path, read_at
            ) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (day, app_version, os_version) DO UPDATE SET
                launches = excluded.launches, active_devices = excluded.active_devices,
                crashes = excluded.crashes, crash_devices = excluded.crash_devices, source = excluded.source,
                source_path = excluded.source_path, read_at = excluded.read_at
            """,
            [
                .text(row.day ?? ""), .text(row.appVersion ?? ""), .text(row.osVersion ?? ""),
                .optional(row.launches), .optional(row.activeDevices), .optional(row.crashes),
                .optional(row.crashDevices), .text(source.rawValue), .text(path), .text(importedAt),
            ])
    }

    private func storeIssue(_ analyzed: AnalyzedIssue, path: String) throws {
        let issue = analyzed.issue
        let failure = analyzed.failure
        let (identity, appID) = try sameIssue(analyzed)
        try store.db.run(
            """
            INSERT INTO bugly_issue (
                identity, app_id, issue_id, exception_message, key_stack, app_versions, occurrences,
                affected_devices, last_crash_at, source, source_path, read_at, exception_type, reason, kind,
                accessor, receiver_class, key
            ) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (identity) DO UPDATE SET
                app_id = excluded.app_id, issue_id = excluded.issue_id,
                occurrences = excluded.occurrences, affected_devices = excluded.affected_devices,
                source = excluded.source, source_path = excluded.source_path, read_at = excluded.read_at,
                key_stack = coalesce(excluded.key_stack, bugly_issue.key_stack),
                app_versions = coalesce(excluded.app_versions, bugly_issue.app_versions),
                last_crash_at = coalesce(excluded.last_crash_at, bugly_issue.last_crash_at),
                exception_type = coalesce(excluded.exception_type, bugly_issue.exception_type),
                exception_message = coalesce(excluded.exception_message, bugly_issue.exception_message),
                reason = coalesce(excluded.reason, bugly_issue.reason),
                kind = CASE WHEN excluded.reason IS NULL THEN bugly_issue.kind ELSE excluded.kind END,
                accessor = CASE WHEN excluded.reason IS NULL THEN bugly_issue.accessor ELSE excluded.accessor END,
                receiver_class = CASE WHEN excluded.reason IS NULL THEN bugly_issue.receiver_class
                                      ELSE excluded.receiver_class END,
                key = CASE WHEN excluded.reason IS NULL THEN bugly_issue.key ELSE excluded.key END
            """,
            [
                .text(identity), .optional(appID),
                .optional(issue.issueID.isEmpty ? nil : issue.issueID), .optional(issue.exceptionMessage),
                .optional(issue.keyStack),
                .optional(issue.appVersions.isEmpty ? nil : issue.appVersions.joined(separator: ", ")),
                .optional(issue.occurrences), .optional(issue.affectedDevices), .optional(issue.lastCrashAt),
                .text(analyzed.source.rawValue), .text(path), .text(importedAt),
                .optional(analyzed.exceptionType),
                .optional(issue.exceptionMessage == nil ? nil : analyzed.reason),
                .optional(failure?.kind.rawValue), .optional(failure?.accessor?.rawValue),
                .optional(failure?.receiverClass), .optional(failure?.key),
            ])
    }

    /// The identity and app an issue's counts are kept under. An issue id read without its app
    /// (no `--bugly-app-id`) is the one issue of that id stored with an app, when there is one; an
    /// issue id read with its app replaces the same id stored without one. Either way one issue is
    /// never counted twice because one of its exports named its app and another did not.
    private func sameIssue(_ analyzed: AnalyzedIssue) throws -> (identity: String, appID: String?) {
        let issueID = analyzed.issue.issueID
        guard !issueID.isEmpty else { return (analyzed.identity, analyzed.appID) }
        if analyzed.appID != nil {
            try store.db.run(
                "DELETE FROM bugly_issue WHERE identity = ?",
                [.text(AnalyzedIssue.identity(appID: nil, issueID: issueID))])
            return (analyzed.identity, analyzed.appID)
        }
        let stored = try store.db.query(
            "SELECT identity, app_id FROM bugly_issue WHERE issue_id = ? AND app_id IS NOT NULL LIMIT 2",
            [.text(issueID)])
        guard stored.count == 1, let identity = try stored[0].string("identity") else {
            return (analyzed.identity, nil)
        }
        return (identity, try stored[0].string("app_id"))
    }

    /// The `import_file` row of a file of usage or issue counts: imported, no reports, the rows
    /// it held, and the first of the entries it left out.
    func scaleFileRow(_ item: AnalyzedInput, scale: AnalyzedScale) -> [SQLValue] {
        let leftOut = scale.skipped.first.map {
            "\(scale.skipped.count) \(scale.skipped.count == 1 ? "entry" : "entries") left out (\($0))"
        }
        return [
            .int(Int(runID)), .text(item.path), .text(ImportFileOutcome.imported.rawValue),
            .optional(leftOut),
            .text(scale.source.rawValue), .int(0), .int(0), .optional(item.bytes),
            store.db.dialect.digest(item.fingerprint?.hex), .text(parserRevision), .int(scale.usage.count),
            .int(scale.issues.count),
        ]
    }
}
