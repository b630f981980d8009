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

    /// The blame frames' addition (migration 15) for the rows `newRows` selects, in key order.
    static func blameAddition(_ newRows: String) -> String {
        """
        INSERT INTO group_blame_tally (group_id, blame_frame, reports)
        SELECT group_id, blame_frame, count(*) \(newRows) AND blame_frame IS NOT NULL
        GROUP BY 1, 2 ORDER BY 1, 2
        ON CONFLICT (group_id, blame_frame) DO UPDATE SET reports = group_blame_tally.reports + excluded.reports
        """
    }

    /// PostgreSQL: the session's table of the blame frames of pending reports (the trigger of
    /// migrations/postgresql/0015 copies them; `report_count_change` keeps its own columns).
    static let pendingBlameTableSQL = """
        CREATE TEMPORARY TABLE IF NOT EXISTS pending_blame (group_id bigint, blame_frame text COLLATE "C")
        ON COMMIT DELETE ROWS
        """

    /// The failure cells' additions (migration 14), the days' (16) and the times' (19) for the KVC
    /// failures of the transaction, and the reports' days (19).
    /// SQLite: the failures from report id `?` on, grouped with the trigger's expressions.
    static let sqliteFailureCellAdditions: [String] = {
        let newFailures = """
            (SELECT r.group_id, r.device_model, r.device_name, r.os_version, r.os_key, r.app_version,
                    coalesce(r.occurred_at, r.uploaded_at) AS seen, r.device_id, r.user_id
             FROM kvc_failure k JOIN report r ON r.id = k.report_id WHERE k.report_id >= ?) AS f
            """
        let cell = """
            JOIN failure_cell c ON c.group_id = f.group_id AND c.device_model = coalesce(f.device_model, '')
                 AND c.device_name = coalesce(f.device_name, '') AND c.os_version = coalesce(f.os_version, '')
                 AND c.os_key = coalesce(f.os_key, -1) AND c.app_version = coalesce(f.app_version, '')
            """
        return [
            """
            INSERT INTO failure_cell (group_id, device_model, device_name, os_version, os_key, app_version,
                                      failures, first_seen, last_seen)
            SELECT group_id, coalesce(device_model, ''), coalesce(device_name, ''), coalesce(os_version, ''),
                   coalesce(os_key, -1), coalesce(app_version, ''), count(*), min(seen), max(seen)
            FROM \(newFailures) WHERE TRUE GROUP BY 1, 2, 3, 4, 5, 6
            ON CONFLICT (group_id, device_model, device_name, os_version, os_key, app_version) DO UPDATE SET
                failures = failure_cell.failures + excluded.failures,
                first_seen = CASE WHEN failure_cell.first_seen IS NULL OR excluded.first_seen < failure_cell.first_seen
                                  THEN excluded.first_seen ELSE failure_cell.first_seen END,
                last_seen = CASE WHEN failure_cell.last_seen IS NULL OR excluded.last_seen > failure_cell.last_seen
                                 THEN excluded.last_seen ELSE failure_cell.last_seen END
            """,
            // Every id's number (migration 20; 19 numbered those of failures with a time), then
            // the cells' ids as numbers by OS key and each failure at its time (19), in the cell
            // the first statement made.
            """
            INSERT INTO device_number (device_id) SELECT DISTINCT device_id FROM \(newFailures)
            WHERE device_id IS NOT NULL ORDER BY 1
            ON CONFLICT (device_id) DO NOTHING
            """,
            """
            INSERT INTO user_number (user_id) SELECT DISTINCT user_id FROM \(newFailures)
            WHERE user_id IS NOT NULL ORDER BY 1
            ON CONFLICT (user_id) DO NOTHING
            """,
            """
            INSERT INTO failure_cell_device (os_key, cell_id, device_no, failures)
            SELECT c.os_key, c.id, d.id, count(*) FROM \(newFailures) \(cell)
            JOIN device_number d ON d.device_id = f.device_id
            WHERE TRUE GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
            ON CONFLICT (os_key, cell_id, device_no) DO UPDATE SET failures = failure_cell_device.failures + excluded.failures
            """,
            """
            INSERT INTO failure_cell_user (os_key, cell_id, user_no, failures)
            SELECT c.os_key, c.id, u.id, count(*) FROM \(newFailures) \(cell)
            JOIN user_number u ON u.user_id = f.user_id
            WHERE TRUE GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
            ON CONFLICT (os_key, cell_id, user_no) DO UPDATE SET failures = failure_cell_user.failures + excluded.failures
            """,
            """
            INSERT INTO failure_seen (seen, cell_id, device_no, user_no, failures)
            SELECT f.seen, c.id, coalesce(d.id, 0), coalesce(u.id, 0), count(*)
            FROM \(newFailures) \(cell)
            LEFT JOIN device_number d ON d.device_id = f.device_id LEFT JOIN user_number u ON u.user_id = f.user_id
            WHERE f.seen IS NOT NULL GROUP BY 1, 2, 3, 4
            ON CONFLICT (seen, cell_id, device_no, user_no) DO UPDATE SET failures = failure_seen.failures + excluded.failures
            """,
            // The reports per day (migration 19), with its trigger's day.
            """
            INSERT INTO report_day (day, reports)
            SELECT substr(coalesce(occurred_at, uploaded_at), 1, 10), count(*) \(sqliteNewRows)
              AND coalesce(occurred_at, uploaded_at) IS NOT NULL GROUP BY 1
            ON CONFLICT (day) DO UPDATE SET reports = report_day.reports + excluded.reports
            """,
            // The reports per OS key, device and app version (migration 22), with its trigger's key.
            """
            INSERT INTO report_count (os_key, device_model, device_name, app_version, reports)
            SELECT coalesce(os_key, -1), coalesce(device_model, ''), coalesce(device_name, ''),
                   coalesce(app_version, ''), count(*) \(sqliteNewRows)
            GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
            ON CONFLICT (os_key, device_model, device_name, app_version)
            DO UPDATE SET reports = report_count.reports + excluded.reports
            """,
            // The failures per group, kind and key (migration 18).
            """
            INSERT INTO failure_group_key (group_id, kind, has_key, key, failures)
            SELECT r.group_id, k.kind, k.key IS NOT NULL, coalesce(k.key, ''), count(*)
            FROM kvc_failure k JOIN report r ON r.id = k.report_id WHERE k.report_id >= ? GROUP BY 1, 2, 3, 4
            ON CONFLICT (group_id, kind, has_key, key) DO UPDATE SET failures = failure_group_key.failures + excluded.failures
            """,
            // The failures per group and day (migration 16), with its trigger's day.
            """
            INSERT INTO failure_day (group_id, day, failures)
            SELECT group_id, substr(seen, 1, 10), count(*) FROM \(newFailures) WHERE seen IS NOT NULL GROUP BY 1, 2
            ON CONFLICT (group_id, day) DO UPDATE SET failures = failure_day.failures + excluded.failures
            """,
        ]
            + ["device", "user"].flatMap { id in
                [
                    """
                    INSERT INTO failure_group_\(id) (group_id, \(id)_id, failures)
                    SELECT group_id, \(id)_id, count(*) FROM \(newFailures) WHERE \(id)_id IS NOT NULL GROUP BY 1, 2
                    ON CONFLICT (group_id, \(id)_id) DO UPDATE SET failures = failure_group_\(id).failures + excluded.failures
                    """,
                    """
                    INSERT INTO failure_\(id) (\(id)_id, failures)
                    SELECT \(id)_id, count(*) FROM \(newFailures) WHERE \(id)_id IS NOT NULL GROUP BY 1
                    ON CONFLICT (\(id)_id) DO UPDATE SET failures = failure_\(id).failures + excluded.failures
                    """,
                ]
            }
    }()

    /// PostgreSQL: the trigger kept the transaction's failures in `pending_failure`; one call adds
    /// them to the cells and, since migration 16, to the days, in key order.
    static let postgresFailureCellAddition =
        "SELECT failure_cells_change(1, ARRAY(SELECT ROW(p.*)::failure_change FROM pg_temp.pending_failure p))"

    /// The session's table of pending failures (`failure_change`: a report's cell columns).
    static let pendingFailureTableSQL =
        "CREATE TEMPORARY TABLE IF NOT EXISTS pending_failure OF failure_change ON COMMIT DELETE ROWS"

    /// PostgreSQL: the failures' groups, kinds and keys (migration 18) the trigger kept in
    /// `pending_failure_key`, added in key order.
    static let postgresFailureKeyAddition =
        "SELECT failure_keys_change(1, ARRAY(SELECT ROW(p.*)::failure_key FROM pg_temp.pending_failure_key p))"

    /// The session's table of pending failures' groups, kinds and keys.
    static let pendingFailureKeyTableSQL =
        "CREATE TEMPORARY TABLE IF NOT EXISTS pending_failure_key OF failure_key ON COMMIT DELETE ROWS"

    init(db: Database) throws(DatabaseError) {
        self.db = db
        var add: [Statement] = []
        switch db.dialect {
        case .sqlite:
            start = [try db.prepare("INSERT INTO tally_deferral (id) VALUES (1) ON CONFLICT DO NOTHING")]
            firstNewReport = try db.prepare("SELECT coalesce(max(id), 0) + 1 FROM report")
            let blame = Self.blameAddition(Self.sqliteNewRows)
            for sql in Self.additions(Self.sqliteNewRows) + [blame] + Self.sqliteFailureCellAdditions {
                add.append(try db.prepare(sql))
            }
            finish = [try db.prepare("DELETE FROM tally_deferral")]
        case .postgresql:
            // Emptied by every commit or rollback; made once per connection.
            try db.execute(Self.pendingTableSQL)
            try db.execute(Self.pendingFailureTableSQL)
            try db.execute(Self.pendingBlameTableSQL)
            try db.execute(Self.pendingFailureKeyTableSQL)
            start = [try db.prepare("SELECT set_config('crashscan.defer_tallies', 'on', true)")]
            firstNewReport = nil
            let blame = Self.blameAddition("FROM pg_temp.pending_blame WHERE TRUE")
            for sql in Self.additions(Self.postgresNewRows) + [
                blame, Self.postgresFailureCellAddition, Self.postgresFailureKeyAddition,
            ] {
                add.append(try db.prepare(sql))
            }
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
