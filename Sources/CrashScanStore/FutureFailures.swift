import CrashScanDatabase

/// Failures written by hand under ids no report has been given yet (`kvc_failure` has no foreign
/// key in PostgreSQL, and the sqlite3 shell turns SQLite's off). The next reports would be given
/// those ids: a KVC report's failure would clash with the row (and stop the import), another
/// report would show as a KVC failure it is not. Opening a database to write deletes them. Ids
/// are never given twice, so a failure under an id already given cannot meet a new report.
extension Store {
    /// The largest report id given so far: SQLite's AUTOINCREMENT counter (none yet: 0),
    /// PostgreSQL's identity sequence (what another importer reserved counts too; NULL when
    /// the sequence was never used or cannot be read, and then nothing is deleted).
    private var largestGivenID: String {
        switch db.dialect {
        case .sqlite:
            return "coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'report'), 0)"
        case .postgresql:
            return """
                (SELECT last_value FROM pg_sequences WHERE schemaname = current_schema()
                 AND sequencename = pg_get_serial_sequence('report', 'id')::regclass::text)
                """
        }
    }

    /// Deletes them, and says how many there were (asked first, so that a database without any
    /// is not written: a delete would mark the derived tables stale in PostgreSQL, whose
    /// triggers are per statement).
    @discardableResult
    package func deleteFailuresOfFutureReports() throws -> Int {
        let count =
            try db.query("SELECT count(*) AS n FROM kvc_failure WHERE report_id > \(largestGivenID)").first?
            .int("n")
            ?? 0
        guard count > 0 else { return 0 }
        try db.run("DELETE FROM kvc_failure WHERE report_id > \(largestGivenID)")
        return count
    }
}
