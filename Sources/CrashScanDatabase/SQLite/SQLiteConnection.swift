import CSQLite
import Foundation

/// A connection to an SQLite file, with foreign keys on and a busy timeout.
package final class SQLiteConnection: Connection {
    let handle: OpaquePointer
    let path: String
    package var dialect: SQLDialect { .sqlite }

    /// `SAVEPOINT x` / `RELEASE x`, prepared once: the importer runs them for every file, and
    /// `sqlite3_exec` compiled them each time (about 6 % of the writer's instructions).
    private var repeated: [String: OpaquePointer] = [:]

    /// How long a statement waits for another connection's lock before it fails with
    /// `SQLITE_BUSY` (a second import waits this long for the first one's transaction).
    package static let busyTimeoutMilliseconds: Int32 = 5_000

    /// Opens (or creates) the database at `path`. The journal mode is set by
    /// `prepareForWriting`, once the store knows the file is crashscan's.
    ///
    /// `readOnly` never writes, not even the `-shm` file: when the folder is read-only and the
    /// database has no `-shm` beside it, SQLite cannot open a WAL database for reading, so it is
    /// opened as immutable (nothing else may change it then; a read-only folder says as much).
    ///
    /// `existing`: fails rather than create the file when it is not there (another connection's
    /// helper, `BackgroundCheckpoint`, must not make an empty database where one was removed).
    package init(path: String, readOnly: Bool, existing: Bool = false) throws(DatabaseError) {
        let flags =
            readOnly
            ? SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX
            : SQLITE_OPEN_READWRITE | (existing ? 0 : SQLITE_OPEN_CREATE) | SQLITE_OPEN_NOMUTEX
        var handle = try Self.open(path, flags: flags)
        if readOnly, [SQLITE_CANTOPEN, SQLITE_READONLY].contains(Self.probe(handle)) {
            sqlite3_close_v2(handle)
            handle = try Self.open(
                "file:" + Self.uriPath(path) + "?immutable=1", flags: flags | SQLITE_OPEN_URI)
        }
        self.handle = handle
        self.path = path
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, Self.busyTimeoutMilliseconds)
        SQLiteFunctions.register(on: handle)
        try execute("PRAGMA foreign_keys = ON")
    }

    deinit {
        for statement in repeated.values { sqlite3_finalize(statement) }
        sqlite3_close_v2(handle)
    }

    /// Done once, before the library's first use.
    private static let configured: Void = { _ = csqlite_disable_memory_statistics() }()

    private static func open(_ path: String, flags: Int32) throws(DatabaseError) -> OpaquePointer {
        _ = configured
        var db: OpaquePointer?
        let rc = sqlite3_open_v2(path, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            if let db { sqlite3_close_v2(db) }
            throw DatabaseError(sqlite: rc, message: "\(message): \(path)")
        }
        return db
    }

    /// The result of reading the schema: `SQLITE_CANTOPEN` or `SQLITE_READONLY` for a WAL database
    /// that cannot be read without creating its `-shm` file.
    private static func probe(_ handle: OpaquePointer) -> Int32 {
        sqlite3_exec(handle, "SELECT count(*) FROM sqlite_master", nil, nil, nil) & 0xFF
    }

    /// `path` for a `file:` URI: `%`, `?` and `#` escaped.
    private static func uriPath(_ path: String) -> String {
        path.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "?", with: "%3f")
            .replacingOccurrences(of: "#", with: "%23")
    }

    package var inTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// The connection's latest error, for `sql`.
    func lastError(sql: String) -> DatabaseError {
        DatabaseError(
            sqlite: sqlite3_extended_errcode(handle), message: String(cString: sqlite3_errmsg(handle)),
            sql: sql)
    }

    package func execute(_ sql: String) throws(DatabaseError) {
        var errmsg: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &errmsg)
        if rc != SQLITE_OK {
            let message = errmsg.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(errmsg)
            throw DatabaseError(sqlite: sqlite3_extended_errcode(handle), message: message, sql: sql)
        }
    }

    package func executeRepeatedly(_ sql: String) throws(DatabaseError) {
        let statement: OpaquePointer
        if let cached = repeated[sql] {
            statement = cached
        } else {
            var prepared: OpaquePointer?
            let rc = sqlite3_prepare_v2(handle, sql, -1, &prepared, nil)
            guard rc == SQLITE_OK, let prepared else { throw lastError(sql: sql) }
            repeated[sql] = prepared
            statement = prepared
        }
        let rc = sqlite3_step(statement)
        guard rc == SQLITE_DONE || rc == SQLITE_ROW else {
            let failure = lastError(sql: sql)  // read before the reset
            sqlite3_reset(statement)
            throw failure
        }
        sqlite3_reset(statement)
    }

    package func prepare(_ sql: String) throws(DatabaseError) -> any PreparedStatement {
        try SQLiteStatement(connection: self, sql: sql)
    }

    /// Switches the file to write-ahead logging (readers never block the writer, and a reader sees
    /// one snapshot). The switch needs the file to itself for a moment; another process opening
    /// the same new database at once makes it fail with `SQLITE_BUSY` without waiting, so it is
    /// retried for the busy timeout.
    package func prepareForWriting() throws(DatabaseError) {
        guard path != ":memory:" else { return }
        let deadline = Date().addingTimeInterval(Double(Self.busyTimeoutMilliseconds) / 1000)
        while true {
            do {
                let mode = try SQLiteStatement(connection: self, sql: "PRAGMA journal_mode").scalar([])
                if mode.text != "wal" { try execute("PRAGMA journal_mode = WAL") }
                break
            } catch let error where error.code == SQLITE_BUSY || error.code == SQLITE_LOCKED {
                guard Date() < deadline else { throw error }
                usleep(10_000)
            }
        }
        // WAL makes NORMAL durable against application crashes; a power loss can only lose the
        // last transactions, never corrupt the file.
        try execute("PRAGMA synchronous = NORMAL")
    }

    /// Turns the connection's triggers off or on (`Database.setSQLiteTriggers`).
    func setTriggers(enabled: Bool) throws(DatabaseError) {
        let rc = csqlite_enable_triggers(handle, enabled ? 1 : 0)
        guard rc == SQLITE_OK else {
            throw lastError(sql: "sqlite3_db_config(SQLITE_DBCONFIG_ENABLE_TRIGGER)")
        }
    }

    var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }
    var changes: Int { Int(sqlite3_changes(handle)) }
}
