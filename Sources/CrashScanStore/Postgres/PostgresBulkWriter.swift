import CrashScanClassification
import CrashScanDatabase
import CrashScanModel

extension ReportWriter {
    /// One report to store: which file it came from, its group, its new id.
    private struct Fresh {
        var file: Int
        var report: AnalyzedReport
        var group: Int64
        var id: Int64 = 0
    }

    /// PostgreSQL: the batch's files, reports and KVC failures each loaded with one COPY, in a
    /// handful of round trips instead of several per report (which imported 1,480 reports a
    /// second). Reports already stored, or repeated in the batch, are duplicates; a report
    /// another importer stores between the check and the load is found by the load's
    /// `ON CONFLICT DO NOTHING` and counted as a duplicate of its file then.
    func writeInBulk(_ parsed: [AnalyzedInput]) throws -> [FileOutcome] {
        let db = store.db
        var outcomes = [FileOutcome](repeating: FileOutcome(), count: parsed.count)
        let stored = try storedHashes(of: parsed)
        var seen: Set<String> = []
        var fresh: [Fresh] = []
        for (file, item) in parsed.enumerated() {
            if case .storedBefore(let count, _) = item.outcome { outcomes[file].duplicates = count }
            guard case .parsed(let reports) = item.outcome else { continue }
            for report in reports {
                if stored.contains(report.contentHash) || !seen.insert(report.contentHash).inserted {
                    outcomes[file].duplicates += 1
                } else {
                    fresh.append(
                        Fresh(file: file, report: report, group: try group(for: report, path: item.path)))
                    outcomes[file].imported += 1
                }
            }
        }
        let fileIDs = try allocateIDs("import_file", count: parsed.count)
        let reportIDs = try allocateIDs("report", count: fresh.count)
        for index in fresh.indices { fresh[index].id = reportIDs[index] }
        try db.copy(
            into: "import_file", columns: ["id"] + Self.fileColumns,
            rows: parsed.enumerated().map { file, item in
                [.integer(fileIDs[file])]
                    + fileRow(item, fresh: outcomes[file].imported, duplicates: outcomes[file].duplicates)
            })
        let inserted = try loadReports(fresh, parsed: parsed, fileIDs: fileIDs)
        var failures: [[SQLValue]] = []
        var lost: [Int: Int] = [:]
        for report in fresh {
            guard inserted.contains(report.id) else {
                lost[report.file, default: 0] += 1
                continue
            }
            if let row = Self.failureRow(report.report, id: report.id) {
                failures.append(row)
                outcomes[report.file].kvcFailures += 1
            }
        }
        try db.copy(into: "kvc_failure", columns: Self.failureColumns, rows: failures)
        for (file, count) in lost {
            outcomes[file].imported -= count
            outcomes[file].duplicates += count
            try db.run(
                """
                UPDATE import_file SET reports_imported = ?, duplicates = ?,
                    outcome = CASE WHEN ? = 0 THEN 'duplicate' ELSE outcome END
                WHERE id = ?
                """,
                [
                    .int(outcomes[file].imported), .int(outcomes[file].duplicates),
                    .int(outcomes[file].imported),
                    .integer(fileIDs[file]),
                ])
        }
        for report in fresh where inserted.contains(report.id) {
            uncachedReports.append(report.id)
            touchedGroups.insert(report.group)
            noteSample(of: report.report, group: report.group, path: parsed[report.file].path)
        }
        return outcomes
    }

    /// The reports of the batch's parsed files.
    func reports(of parsed: [AnalyzedInput]) -> [AnalyzedReport] {
        parsed.flatMap { item -> [AnalyzedReport] in
            if case .parsed(let reports) = item.outcome { return reports }
            return []
        }
    }

    /// The content hashes among the batch's reports that are stored already.
    private func storedHashes(of parsed: [AnalyzedInput]) throws -> Set<String> {
        let hashes = reports(of: parsed).map(\.contentHash)
        guard !hashes.isEmpty else { return [] }
        let rows = try store.db.query(
            "SELECT content_hash FROM report_hash WHERE content_hash = ANY(?::text[])",
            [.text(Self.arrayLiteral(hashes))])
        return Set(try rows.compactMap { try $0.string("content_hash") })
    }

    /// `count` new ids from `table`'s identity sequence, in one round trip.
    private func allocateIDs(_ table: String, count: Int) throws -> [Int64] {
        guard count > 0 else { return [] }
        let rows = try store.db.query(
            "SELECT nextval(pg_get_serial_sequence(?, 'id')) AS id FROM generate_series(1, ?::integer)",
            [.text(table), .int(count)])
        return try rows.map { row in
            guard let id = try row.int("id") else {
                throw DatabaseError(sqlState: nil, message: "no id from the sequence of \(table)", sql: nil)
            }
            return Int64(id)
        }
    }

    /// The `import_file` row of one file of the batch.
    private func fileRow(_ item: AnalyzedInput, fresh: Int, duplicates: Int) -> [SQLValue] {
        switch item.outcome {
        case .rejected(let rejection):
            return rejectedFileRow(path: item.path, bytes: item.bytes, rejection: rejection)
        case .storedBefore(let count, let fingerprint):
            return storedBeforeFileRow(path: item.path, fingerprint: fingerprint, reports: count)
        case .scale(let scale):
            return scaleFileRow(item, scale: scale)
        case .parsed(let reports):
            return parsedFileRow(
                path: item.path, bytes: item.bytes, reports: reports, fresh: fresh, duplicates: duplicates,
                fingerprint: item.fingerprint)
        }
    }

    /// Loads the reports into the session's staging table with COPY, claims their content
    /// hashes in `report_hash` in hash order (two importers lock the same new rows in the same
    /// order) and moves the claimed ones into `report`, each into its month's partition;
    /// returns the ids that went in.
    private func loadReports(_ fresh: [Fresh], parsed: [AnalyzedInput], fileIDs: [Int64]) throws -> Set<
        Int64
    > {
        guard !fresh.isEmpty else { return [] }
        let db = store.db
        // Made once per connection (without `report`'s NOT NULL on retained_at, filled below);
        // emptied by every commit.
        try db.execute(
            "CREATE TEMPORARY TABLE IF NOT EXISTS report_staging ON COMMIT DELETE ROWS AS SELECT * FROM report WITH NO DATA"
        )
        let columns = ["id", "import_file_id"] + AnalyzedReport.storedColumnNames
        try db.copy(
            into: "report_staging", columns: columns,
            rows: fresh.map { report in
                [.integer(report.id)]
                    + values(
                        report.report, fileID: .integer(fileIDs[report.file]), path: parsed[report.file].path,
                        groupID: report.group)
            })
        let list = columns.joined(separator: ", ")
        let rows = try db.query(
            """
            WITH claimed AS (
                INSERT INTO report_hash (content_hash, report_id)
                SELECT content_hash, id FROM report_staging ORDER BY content_hash
                ON CONFLICT DO NOTHING RETURNING report_id
            )
            INSERT INTO report (\(list), retained_at)
            SELECT \(list), coalesce(occurred_at, uploaded_at, imported_at)
            FROM report_staging JOIN claimed ON claimed.report_id = report_staging.id
            RETURNING id
            """)
        try db.execute("DELETE FROM report_staging")
        return Set(try rows.compactMap { try $0.int("id").map(Int64.init) })
    }

    /// `["a", "b"]` → `{"a","b"}`, PostgreSQL's array literal, bound as one text value.
    static func arrayLiteral(_ values: [String]) -> String {
        "{"
            + values.map {
                "\""
                    + $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
                        of: "\"", with: "\\\"")
                    + "\""
            }.joined(separator: ",") + "}"
    }
}
