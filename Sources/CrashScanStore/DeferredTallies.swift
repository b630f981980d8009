/// The group tallies for the reports an import inserts, added once per transaction (migration
/// 0008) instead of by the per-row trigger: `begin` right after `BEGIN`, `flush` right before
/// `COMMIT`. The flush groups the transaction's new rows with the trigger's own expressions, so a
/// tally says the same whichever way its reports arrived.
final class DeferredTallies {
    private let db: Database
    private let deferTrigger: Statement
    private let firstNewReport: Statement
    private let addTallies: Statement
    private let addDeviceTallies: Statement
    private let resumeTrigger: Statement
    /// The smallest id a report inserted in this transaction can have (ids grow: rowid = max + 1).
    private var firstUncounted: Int64?

    /// The reports from id `?` on, added to the tallies. `NOT INDEXED`: the new rows are a rowid
    /// range; without it SQLite walked the whole `report_group_os` index to group by `group_id`
    /// (82 ms on a million reports for a one-file import, against 0.2 ms for the range).
    static let addTalliesSQL = """
        INSERT INTO group_tally (group_id, app, os_version, os_key, app_version, reports)
        SELECT group_id, coalesce(process_name, app_image, ''), coalesce(os_version, ''),
               coalesce(os_key, -1), coalesce(app_version, ''), count(*)
        FROM report NOT INDEXED WHERE id >= ? GROUP BY 1, 2, 3, 4, 5
        ON CONFLICT DO UPDATE SET reports = reports + excluded.reports
        """
    static let addDeviceTalliesSQL = """
        INSERT INTO group_device_tally (group_id, device, reports)
        SELECT group_id, coalesce(device_name, device_model, ''), count(*)
        FROM report NOT INDEXED WHERE id >= ? GROUP BY 1, 2
        ON CONFLICT DO UPDATE SET reports = reports + excluded.reports
        """

    /// The distinct device and user ids of each group (migration 13).
    static let addIDTalliesSQL = [
        """
        INSERT INTO group_device_id_tally (group_id, device_id, reports)
        SELECT group_id, device_id, count(*) FROM report NOT INDEXED WHERE id >= ? AND device_id IS NOT NULL
        GROUP BY 1, 2
        ON CONFLICT DO UPDATE SET reports = reports + excluded.reports
        """,
        """
        INSERT INTO group_user_id_tally (group_id, user_id, reports)
        SELECT group_id, user_id, count(*) FROM report NOT INDEXED WHERE id >= ? AND user_id IS NOT NULL
        GROUP BY 1, 2
        ON CONFLICT DO UPDATE SET reports = reports + excluded.reports
        """,
    ]
    private let addIDTallies: [Statement]

    init(db: Database) throws(DatabaseError) {
        self.db = db
        deferTrigger = try db.prepare("INSERT OR IGNORE INTO tally_deferral (id) VALUES (1)")
        firstNewReport = try db.prepare("SELECT coalesce(max(id), 0) + 1 FROM report")
        addTallies = try db.prepare(Self.addTalliesSQL)
        addDeviceTallies = try db.prepare(Self.addDeviceTalliesSQL)
        var idTallies: [Statement] = []
        for sql in Self.addIDTalliesSQL { idTallies.append(try db.prepare(sql)) }
        addIDTallies = idTallies
        resumeTrigger = try db.prepare("DELETE FROM tally_deferral")
    }

    /// Inside a fresh write transaction: from here the trigger leaves this transaction's reports
    /// to `flush`.
    func begin() throws(DatabaseError) {
        try deferTrigger.bind([])
        try deferTrigger.runToCompletion()
        guard case .integer(let first) = try firstNewReport.scalar([]) else {
            throw DatabaseError(extendedCode: 1, message: "no first report id for the group tallies")
        }
        firstUncounted = first
    }

    /// Adds the transaction's reports to the tallies and lets the trigger count again; the
    /// caller commits next.
    func flush() throws(DatabaseError) {
        guard let first = firstUncounted else { return }
        for statement in [addTallies, addDeviceTallies] + addIDTallies {
            try statement.bind([.integer(first)])
            try statement.runToCompletion()
        }
        try resumeTrigger.bind([])
        try resumeTrigger.runToCompletion()
        firstUncounted = nil
    }
}
