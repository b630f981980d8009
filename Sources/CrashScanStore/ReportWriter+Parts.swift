import CrashScanClassification
import CrashScanDatabase
import CrashScanModel

extension ReportWriter {
    /// A file stored a chunk of reports at a time (`AnalyzedInput.Part`): one savepoint from its
    /// first part to its last, so that its reports still land together or not at all.
    struct OpenFile {
        var path: String
        var fileID: SQLValue = .null
        /// The content hashes of the file's reports so far: its own repeats are duplicates.
        var seen: Set<String> = []
        var outcome = FileOutcome()
        var groups: Set<Int64> = []
        /// `uncachedReports` before the file: what a rollback takes off again.
        var uncachedBefore: Int
        /// Why the database refused a value of the file: it is recorded rejected, and its later
        /// parts are not written.
        var refused: String?
    }

    /// Stores one part of a file read in chunks. The file's outcome comes with its last part;
    /// the parts before it give an empty one. A value the database refuses rejects the file
    /// (nothing of it is kept) and the import goes on; any other error rolls the file back and
    /// ends the import.
    func writePart(_ item: AnalyzedInput, reports: [AnalyzedReport]) throws -> FileOutcome {
        if item.part == .first {
            try store.db.execute("SAVEPOINT file")
            openFile = OpenFile(path: item.path, uncachedBefore: uncachedReports.count)
        }
        guard var file = openFile, file.path == item.path else {
            throw DatabaseError(misuse: "a part of \(item.path) without the part before it")
        }
        if file.refused == nil {
            do {
                try writePart(item, reports: reports, into: &file)
            } catch let error as DatabaseError where error.isDataException {
                rollBack(file)
                let reason = "the database refused a value: \(error.message)"
                file.refused = reason
                try reject(path: item.path, bytes: item.bytes, rejection: Rejection(reason))
            } catch {
                rollBack(file)
                openFile = nil
                throw error
            }
        }
        guard item.part == .last else {
            openFile = file
            return FileOutcome()
        }
        openFile = nil
        if let refused = file.refused { return FileOutcome(refused: refused) }
        touchedGroups.formUnion(file.groups)
        return file.outcome
    }

    private func writePart(_ item: AnalyzedInput, reports: [AnalyzedReport], into file: inout OpenFile) throws
    {
        let fresh = try freshReports(reports, path: item.path, seen: &file.seen, outcome: &file.outcome)
        if item.part == .first {
            // Its counts are known at the last part.
            file.fileID = try insertFileRow(
                parsedFileRow(
                    path: item.path, bytes: item.bytes, reports: reports, fresh: 0, duplicates: 0,
                    fingerprint: item.fingerprint))
        }
        try insert(fresh, fileID: file.fileID, path: item.path, outcome: &file.outcome, groups: &file.groups)
        file.outcome.issueCounts += try storeIssueHeaders(of: reports, path: item.path)
        guard item.part == .last else { return }
        let outcome: ImportFileOutcome = file.outcome.imported == 0 ? .duplicate : .imported
        try store.db.run(
            "UPDATE import_file SET outcome = ?, reports_imported = ?, duplicates = ?, issue_counts = ? WHERE id = ?",
            [
                .text(outcome.rawValue), .int(file.outcome.imported), .int(file.outcome.duplicates),
                .int(file.outcome.issueCounts), file.fileID,
            ])
        try store.db.execute("RELEASE SAVEPOINT file")
    }

    /// Rolls back the file whose parts were being stored, if any (the import stopped before its
    /// last part).
    package func abandonOpenFile() {
        guard let file = openFile else { return }
        if file.refused == nil { rollBack(file) }
        openFile = nil
    }

    /// Undoes what the file wrote (its savepoint), and what the writer remembered of it.
    private func rollBack(_ file: OpenFile) {
        try? store.db.execute("ROLLBACK TO SAVEPOINT file")
        try? store.db.execute("RELEASE SAVEPOINT file")
        forgetRolledBackFile(uncachedBefore: file.uncachedBefore, groups: file.groups)
    }
}
