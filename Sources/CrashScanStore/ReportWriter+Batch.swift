import CrashScanClassification
import CrashScanDatabase
import CrashScanModel

extension ReportWriter {
    /// Stores one parse batch: on PostgreSQL in bulk (`writeInBulk`), on SQLite file by file in
    /// one savepoint (`writeInOneSavepoint`). A batch these paths cannot store (a value the server
    /// refuses, a failing file) is written file by file instead, each file in its own savepoint,
    /// so the error names its file and the files before it are kept. One outcome per file.
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
        if savepointPerBatch, parsed.count > 1, openFile == nil,
            parsed.allSatisfy({ $0.part == .whole && !$0.givesScale }),
            let outcomes = try writeInOneSavepoint(parsed)
        {
            return outcomes
        }
        return try parsed.map { item in
            do {
                return try writeFile(item, ownSavepoint: true)
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

    /// SQLite: the batch in one savepoint instead of one a file. A savepoint keeps a copy of each
    /// page it changes (its sub-journal), and the files of a batch change many of the same pages
    /// (the tables' last leaves, the busy index pages): a batch's savepoint copies each once.
    /// With the import's triggers off (`ImportTriggers`), 100,000 logs, alternated eleven times:
    /// user + system time median 17.5 s against 18.4 s (less in 10 of the 11 pairs), wall time
    /// median 9.65 s against 10.05 s. Only while the database is small enough for its journals to
    /// be in memory (`Store.savepointPerBatch`): past it they are temporary files, and a million
    /// reports with a savepoint a batch throughout took 3–6 % longer in four pairs out of six
    /// (10.9 million `pwrite` calls instead of 18.7 million, but 2.4 million `pread` calls
    /// instead of 1.5 million). When a file fails, the batch is undone, and nil says to write it
    /// again file by file, each in its own savepoint (the error then names its file, and the
    /// files before it are kept).
    private func writeInOneSavepoint(_ parsed: [AnalyzedInput]) throws -> [FileOutcome]? {
        let before = memory
        do {
            return try store.db.savepoint("batch") {
                try parsed.map { try writeFile($0, ownSavepoint: false) }
            }
        } catch {
            // SQLite rolls a whole transaction back after some errors (a full disk, an I/O
            // error): nothing of the batch is left to write again.
            guard store.db.inTransaction else { throw error }
            forget(since: before)
            return nil
        }
    }

    private func writeFile(_ item: AnalyzedInput, ownSavepoint: Bool) throws -> FileOutcome {
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
                path: item.path, bytes: item.bytes, reports: reports, fingerprint: item.fingerprint,
                ownSavepoint: ownSavepoint)
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
