import CrashScanClassification
import CrashScanDatabase
import CrashScanModel

extension ReportWriter {
    /// Stores one parse batch: on PostgreSQL in bulk (`writeInBulk`), else file by file, each in
    /// its own savepoint. A batch the bulk path cannot store (a value the server refuses) is
    /// written file by file instead, so the error names its file. One outcome per file.
    package func writeBatch(_ parsed: [AnalyzedInput]) throws -> [FileOutcome] {
        if store.db.dialect == .postgresql {
            try partitions.ensure(
                months: Set(reports(of: parsed).map { PostgresPartitions.month(of: retainedAt($0)) }),
                within: openFile == nil ? nil : store.db)
        }
        // After the partitions: the lookup locks `report` for this transaction, and making a
        // partition (on its own connection) would then wait for it.
        // A file stored in parts goes file by file: its savepoint spans batches; so do the rare
        // batches with counts of usage or issues.
        if store.db.dialect == .postgresql, parsed.allSatisfy({ $0.part == .whole && !$0.givesScale }),
            try !meetsStoredIncident(parsed)
        {
            let uncachedBefore = uncachedReports.count
            do {
                return try store.db.savepoint("batch") { try writeInBulk(parsed) }
            } catch let error as DatabaseError where !error.isTransient {
                groupCache.removeAll()  // groups made inside the rolled-back savepoint are gone
                uncachedReports.removeSubrange(uncachedBefore...)
            }
        }
        return try parsed.map { item in
            do {
                return try writeFile(item)
            } catch let error as DatabaseError where error.isDataException {
                // A value PostgreSQL refuses (SQLite stores anything): the file is rejected with
                // the reason, the rest goes on.
                let reason = "the database refused a value: \(error.message)"
                try reject(path: item.path, bytes: item.bytes, rejection: Rejection(reason))
                return FileOutcome(refused: reason)
            }
        }
    }

    /// Whether a report of the batch is an incident stored already or repeated in the batch: the
    /// bulk path does not choose between copies, the file-by-file path does (`keepsStoredCopy`).
    private func meetsStoredIncident(_ parsed: [AnalyzedInput]) throws -> Bool {
        let keys = reports(of: parsed).compactMap(\.incidentKey)
        guard !keys.isEmpty else { return false }
        if Set(keys).count < keys.count { return true }
        return try !store.db.query(
            "SELECT 1 FROM report WHERE incident_key = ANY(?::text[]) LIMIT 1",
            [.text(Self.arrayLiteral(keys))]
        ).isEmpty
    }

    private func writeFile(_ item: AnalyzedInput) throws -> FileOutcome {
        switch item.outcome {
        case .rejected(let rejection):
            try reject(path: item.path, bytes: item.bytes, rejection: rejection)
            return FileOutcome()
        case .storedBefore(let count, let fingerprint):
            return try recordStoredBefore(path: item.path, fingerprint: fingerprint, reports: count)
        case .scale(let scale):
            return try writeScale(item, scale: scale)
        case .parsed(let reports) where item.part != .whole:
            return try writePart(item, reports: reports)
        case .parsed(let reports):
            return try write(
                path: item.path, bytes: item.bytes, reports: reports, fingerprint: item.fingerprint)
        }
    }
}

extension AnalyzedInput {
    /// Whether the input holds usage or issue counts (a file of them, or reports copied with
    /// their issue's counts).
    var givesScale: Bool {
        switch outcome {
        case .scale: return true
        case .parsed(let reports): return reports.contains { $0.report.carriesIssueCounts }
        case .rejected, .storedBefore: return false
        }
    }
}
