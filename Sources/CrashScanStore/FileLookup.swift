import CrashScanDatabase
import CrashScanModel

/// One worker's connection for `KnownFiles`; used by one worker at a time.
package final class FileLookup {
    private let query: Statement
    private let revision: String
    private let dialect: SQLDialect

    /// `location` is a file or a PostgreSQL URL (`Store.location`).
    package init(location: String, revision: String) throws {
        self.revision = revision
        let db =
            Store.isPostgreSQLURL(location)
            ? try Database(postgresURL: location, name: Store.redactedURL(location), readOnly: true)
            : try Database(path: location, readOnly: true)
        dialect = db.dialect
        // The statement holds its connection, which closes when the statement is finalised.
        query = try db.prepare(Self.sql(for: db.dialect))
    }

    /// The stored reports of a file by hash (`?1`), size (`?2`) and parser revision (`?3`).
    static func sql(for dialect: SQLDialect) -> String {
        """
        SELECT max(reports_imported + duplicates) AS reports FROM import_file
        WHERE \(dialect.hashEquals("file_hash", parameter: 1)) AND bytes = ?2 AND parser_revision = ?3
          AND outcome IN ('imported', 'duplicate')
        """
    }

    /// The number of reports in a file with these bytes, if it was stored before. A failed
    /// lookup (the database busy past its timeout) answers "not known": the file is parsed and
    /// its reports are recognised as duplicates by their content hash instead.
    package func reports(in fingerprint: FileFingerprint) -> Int? {
        defer { query.reset() }
        do {
            try query.bind([dialect.digest(fingerprint.hex), .int(fingerprint.byteCount), .text(revision)])
            return try query.step()?.int("reports")
        } catch {
            return nil
        }
    }
}

extension Store {
    /// Whether any file is recorded: a database with none knows no file's bytes.
    package func hasImportedFiles() throws -> Bool {
        !(try db.query("SELECT 1 FROM import_file LIMIT 1").isEmpty)
    }
}
