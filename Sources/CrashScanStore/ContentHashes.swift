import CrashScanDatabase
import CrashScanModel

/// A stored report whose content hash is of a JSON canonical form, and where it came from.
package struct StoredJSONReport: Sendable {
    package var id: Int64
    package var sourcePath: String
    package var positionInFile: Int
    package var contentHash: String
    /// `import_file.file_hash` of the file it was imported from, when recorded.
    package var fileHash: String?
}

/// Which definition the stored content hashes of JSON reports follow (`meta.content_hash_form`):
/// 1 (or none recorded), Foundation's sorted-keys serialisation; 2, crashscan's canonical form
/// (CrashScanJSON's `CanonicalJSON`), which is the same wherever Foundation read a document
/// alike. `ContentRehash` (CrashScanImport) brings form 1 up to 2.
extension Store {
    static let contentHashFormKey = "content_hash_form"
    package static let currentContentHashForm = 2

    /// The formats whose content is a canonical JSON form (a single-crash Bugly document's is its
    /// text, but a several-crash one's is not: all Bugly JSON is asked).
    static let canonicalFormats: [SourceFormat] = [.kscrash, .metricKit, .sentryEvent, .buglyJSON]

    /// The form the stored hashes follow: the current one for a database without JSON reports.
    package func contentHashForm() throws -> Int {
        if let recorded = try meta(Self.contentHashFormKey).flatMap({ Int($0) }) { return recorded }
        let formats = Self.canonicalFormats.map { SQLValue.text($0.rawValue) }
        let any = try db.query(
            "SELECT 1 FROM report WHERE source_format IN (?, ?, ?, ?) LIMIT 1", formats)
        return any.isEmpty ? Self.currentContentHashForm : 1
    }

    package func setContentHashForm(_ form: Int) throws {
        try setMeta(Self.contentHashFormKey, String(form))
    }

    /// Every stored report of a JSON format, by source path and position.
    package func storedJSONReports() throws -> [StoredJSONReport] {
        try db.query(
            """
            SELECT r.id, r.source_path, r.position_in_file, r.content_hash, f.file_hash
            FROM report r LEFT JOIN import_file f ON f.id = r.import_file_id
            WHERE r.source_format IN (?, ?, ?, ?)
            ORDER BY r.source_path, r.position_in_file, r.id
            """, Self.canonicalFormats.map { .text($0.rawValue) }
        ).compactMap { row in
            guard let id = try row.int("id"), let path = try row.string("source_path"),
                let hash = try row.digest("content_hash")
            else { return nil }
            return StoredJSONReport(
                id: Int64(id), sourcePath: path, positionInFile: try row.int("position_in_file") ?? 0,
                contentHash: hash, fileHash: try row.digest("file_hash"))
        }
    }

    /// Gives each report its new content hash in one transaction, and records the current form;
    /// returns the reports whose new hash another stored report already holds (kept under their
    /// old hash: the two were one report all along, and neither is dropped without the user).
    /// No derived table holds a content hash: the caches stay as they are (`CacheUpkeep`).
    package func replaceContentHashes(_ changes: [(report: Int64, hash: String)]) throws -> [Int64] {
        var clashes: [Int64] = []
        try CacheUpkeep.transaction(db) { _ in
            // PostgreSQL keeps the hashes unique in `report_hash` (the claim of an import).
            let postgres = db.dialect == .postgresql
            let holder = try db.prepare(
                postgres
                    ? "SELECT 1 FROM report_hash WHERE content_hash = ?1 AND report_id <> ?2"
                    : "SELECT 1 FROM report WHERE \(db.dialect.hashEquals("content_hash", parameter: 1)) AND id <> ?2"
            )
            let updates = try (postgres ? ["report", "report_hash"] : ["report"]).map { table in
                try db.prepare(
                    "UPDATE \(table) SET content_hash = ? WHERE \(table == "report" ? "id" : "report_id") = ?"
                )
            }
            for change in changes {
                try holder.bind([db.dialect.digest(change.hash), .integer(change.report)])
                let taken = try holder.step() != nil
                holder.reset()
                if taken {
                    clashes.append(change.report)
                    continue
                }
                for update in updates {
                    try update.bind([db.dialect.digest(change.hash), .integer(change.report)])
                    try update.runToCompletion()
                }
            }
            try setContentHashForm(Self.currentContentHashForm)
        }
        return clashes
    }
}
