import Foundation

/// Answers "did the current parser revision store a file with exactly these bytes before, and
/// how many reports did it hold?" for the parsing threads.
///
/// Each question is one indexed lookup (`import_file_hash`) through a read-only connection of
/// its own, so the answer costs the same whatever the size of the database. An earlier version
/// loaded every known fingerprint at the start of each import: on a database of a million
/// files that took 4 s and 80 MB even to import one file.
final class KnownFiles: @unchecked Sendable {
    /// nil: knows no file, everything is parsed.
    private let lookup: Statement?
    private let revision: String
    /// The connection and its statement are used by one parsing thread at a time.
    private let lock = NSLock()

    /// Knows no file: everything is parsed.
    init() {
        lookup = nil
        revision = ""
    }

    init(store: Store, revision: String) throws {
        self.revision = revision
        guard store.db.path != ":memory:", !store.db.path.isEmpty else {
            lookup = nil  // a second connection would see another, empty, database
            return
        }
        let reader = try Database(path: store.db.path, readOnly: true)
        lookup = try reader.prepare(
            """
            SELECT max(reports_imported + duplicates) AS reports FROM import_file
            WHERE file_hash = ? AND bytes = ? AND parser_revision = ? AND outcome IN ('imported', 'duplicate')
            """)
    }

    /// The number of reports in a file with these bytes, if it was stored before. A failed
    /// lookup (the database busy past its timeout) answers "not known": the file is parsed and
    /// its reports are recognised as duplicates by their content hash instead.
    func reports(in fingerprint: FileFingerprint) -> Int? {
        guard let lookup else { return nil }
        lock.lock()
        defer { lock.unlock() }
        do {
            try lookup.bind([.text(fingerprint.hex), .int(fingerprint.byteCount), .text(revision)])
            let count = try lookup.step()?.int("reports")
            lookup.reset()
            return count
        } catch {
            lookup.reset()
            return nil
        }
    }
}
