/// The group tallies for the reports an import inserts, added once per transaction instead of
/// by the trigger for each insert: `begin` right after `BEGIN`, `flush` right before `COMMIT`.
/// The flush groups the transaction's new rows with the trigger's own expressions, so a tally
/// says the same whichever way its reports arrived.
///
/// SQLite (migration 0008): a `tally_deferral` row silences the per-row trigger, and the new
/// rows are the ids from the first one the transaction could have (one writer at a time).
/// PostgreSQL (migrations/postgresql/0001): other importers insert at the same time, so ids do
/// not say whose a row is; the trigger copies this session's new rows' tally columns into a
/// temporary table, and the flush adds exactly those, in key order.
final class DeferredTallies {
    private let db: Database
    private let start: [Statement]
    private let firstNewReport: Statement?
    private let add: [Statement]
    private let finish: [Statement]
    /// SQLite: the smallest id a report inserted in this transaction can have (rowid = max + 1).
    private var firstUncounted: Int64?
    private var open = false

    /// SQLite's flush: the reports from id `?` on. `NOT INDEXED`: the new rows are a rowid
    /// range; without it SQLite walked the whole `report_group_os` index to group by `group_id`
    /// (82 ms on a million reports for a one-file import, against 0.2 ms for the range).
    static let sqliteNewRows = "FROM report NOT INDEXED WHERE id >= ?"
    /// PostgreSQL's flush: the tally columns of the reports this transaction inserted, which the
    /// trigger copied. (Reading them back from `report` by id, the planner, which has no
    /// statistics of a temporary table, chose to scan all reports: 100,000 logs took 40 s
    /// instead of 14 s.)
    static let postgresNewRows = "FROM pg_temp.pending_report WHERE TRUE"

    /// The session's table of pending rows, with the columns of `report` the tallies read.
    static let pendingTableSQL = """
        CREATE TEMPORARY TABLE IF NOT EXISTS pending_report (
            group_id bigint, process_name text COLLATE "C", app_image text COLLATE "C", os_version text COLLATE "C",
            os_key bigint, app_version text COLLATE "C", device_name text COLLATE "C", device_model text COLLATE "C",
            device_id text COLLATE "C", user_id text COLLATE "C"
        ) ON COMMIT DELETE ROWS
        """

    /// The four tallies' additions for the rows `newRows` selects, each in key order.
    static func additions(_ newRows: String) -> [String] {
        [
            """
            INSERT INTO group_tally (group_id, app, os_version, os_key, app_version, reports)
            SELECT group_id, coalesce(process_name, app_image, ''), coalesce(os_version, ''),
                   coalesce(os_key, -1), coalesce(app_version, ''), count(*)
            \(newRows) GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
            ON CONFLICT (group_id, app, os_version, os_key, app_version)
            DO UPDATE SET reports = group_tally.reports + excluded.reports
            """,
            """
            INSERT INTO group_device_tally (group_id, device, reports)
            SELECT group_id, coalesce(device_name, device_model, ''), count(*)
            \(newRows) GROUP BY 1, 2 ORDER BY 1, 2
            ON CONFLICT (group_id, device) DO UPDATE SET reports = group_device_tally.reports + excluded.reports
            """,
            // The distinct device and user ids of each group (migration 13).
            """
            INSERT INTO group_device_id_tally (group_id, device_id, reports)
            SELECT group_id, device_id, count(*) \(newRows) AND device_id IS NOT NULL
            GROUP BY 1, 2 ORDER BY 1, 2
            ON CONFLICT (group_id, device_id) DO UPDATE SET reports = group_device_id_tally.reports + excluded.reports
            """,
            """
            INSERT INTO group_user_id_tally (group_id, user_id, reports)
            SELECT group_id, user_id, count(*) \(newRows) AND user_id IS NOT NULL
            GROUP BY 1, 2 ORDER BY 1, 2
            ON CONFLICT (group_id, user_id) DO UPDATE SET reports = group_user_id_tally.reports + excluded.reports
            """,
        ]
    }

    init(db: Database) throws(DatabaseError) {
        self.db = db
        var add: [Statement] = []
        switch db.dialect {
        case .sqlite:
            start = [try db.prepare("INSERT INTO tally_deferral (id) VALUES (1) ON CONFLICT DO NOTHING")]
            firstNewReport = try db.prepare("SELECT coalesce(max(id), 0) + 1 FROM report")
            for sql in Self.additions(Self.sqliteNewRows) { add.append(try db.prepare(sql)) }
            finish = [try db.prepare("DELETE FROM tally_deferral")]
        case .postgresql:
            // Emptied by every commit or rollback; made once per connection.
            try db.execute(Self.pendingTableSQL)
            start = [try db.prepare("SELECT set_config('crashscan.defer_tallies', 'on', true)")]
            firstNewReport = nil
            for sql in Self.additions(Self.postgresNewRows) { add.append(try db.prepare(sql)) }
            // Nothing to undo: the pending rows go with the commit (ON COMMIT DELETE ROWS) and the
            // setting with the transaction.
            finish = []
        }
        self.add = add
    }

    /// Inside a fresh write transaction: from here the trigger leaves this transaction's reports
    /// to `flush`.
    func begin() throws(DatabaseError) {
        for statement in start {
            try statement.bind([])
            try statement.runToCompletion()
        }
        if let firstNewReport {
            guard case .integer(let first) = try firstNewReport.scalar([]) else {
                throw DatabaseError(extendedCode: 1, message: "no first report id for the group tallies")
            }
            firstUncounted = first
        }
        open = true
    }

    /// After a rollback: nothing of the transaction is left to add.
    func abandon() {
        firstUncounted = nil
        open = false
    }

    /// Adds the transaction's reports to the tallies and lets the trigger count again; the
    /// caller commits next.
    func flush() throws(DatabaseError) {
        guard open else { return }
        let arguments: [SQLValue] = firstUncounted.map { [.integer($0)] } ?? []
        for statement in add {
            try statement.bind(arguments)
            try statement.runToCompletion()
        }
        for statement in finish {
            try statement.bind([])
            try statement.runToCompletion()
        }
        firstUncounted = nil
        open = false
    }
}
