/// The files (by fingerprint of their bytes) that the current parser revision has stored
/// before, with the number of reports each held. Loaded once per import and read from every
/// parsing thread; never changed afterwards, so it needs no lock.
final class KnownFiles: Sendable {
    private let reportCounts: [FileFingerprint: Int]

    /// Knows no file: everything is parsed.
    init() { reportCounts = [:] }

    init(store: Store, revision: String) throws {
        var counts: [FileFingerprint: Int] = [:]
        // Stepped, not collected: a database of a million files must not hold a million rows.
        let rows = try store.db.prepare(
            """
            SELECT file_hash, bytes, max(reports_imported + duplicates) AS reports
            FROM import_file
            WHERE file_hash IS NOT NULL AND parser_revision = ? AND outcome IN ('imported', 'duplicate')
            GROUP BY file_hash, bytes
            """)
        try rows.bind([.text(revision)])
        while let row = try rows.step() {
            guard let hash = row.string("file_hash"), let bytes = row.int("bytes"),
                let fingerprint = FileFingerprint(hex: hash, byteCount: bytes)
            else { continue }
            counts[fingerprint] = row.int("reports") ?? 0
        }
        reportCounts = counts
    }

    /// The number of reports in a file with these bytes, if it was stored before.
    func reports(in fingerprint: FileFingerprint) -> Int? { reportCounts[fingerprint] }
}
