import CSQLite
import Foundation

/// One database connection: an SQLite file, or a PostgreSQL server (`SQLDialect` says which and
/// holds where their SQL differs). Deliberately not `Sendable`: it is used from one call tree
/// only (the importer's single writer, or a report), as GRDB does with its `Database`.
final class Database {
    enum Connection {
        case sqlite(OpaquePointer)
        case postgresql(PostgresConnection)
    }

    let connection: Connection
    /// The file, or for PostgreSQL the URL without its password (for messages).
    let path: String
    let dialect: SQLDialect

    /// Opens (or creates) the database at `path` with foreign keys and a busy timeout. The journal
    /// mode is the store's to set (`useWAL`), once it knows the file is crashscan's.
    ///
    /// `readOnly` never writes, not even the `-shm` file: when the folder is read-only and the
    /// database has no `-shm` beside it, SQLite cannot open a WAL database for reading, so it is
    /// opened as immutable (nothing else may change it then; a read-only folder says as much).
    init(path: String, readOnly: Bool = false) throws(DatabaseError) {
        let flags =
            readOnly
            ? SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX
            : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        var handle = try Database.open(path, flags: flags)
        if readOnly, [SQLITE_CANTOPEN, SQLITE_READONLY].contains(Database.probe(handle)) {
            sqlite3_close_v2(handle)
            handle = try Database.open(
                "file:" + Database.uriPath(path) + "?immutable=1", flags: flags | SQLITE_OPEN_URI)
        }
        connection = .sqlite(handle)
        dialect = .sqlite
        self.path = path
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, Database.busyTimeoutMilliseconds)
        try execute("PRAGMA foreign_keys = ON")
    }

    /// Connects to the PostgreSQL server at `url` (a libpq URI or connection string); `name` is
    /// how messages name it (the URL without its password).
    init(postgresURL url: String, name: String, readOnly: Bool = false) throws(DatabaseError) {
        // libpq knows the scheme in lower case only (`POSTGRES://` would be read as a malformed
        // connection string and echoed back).
        var normalized = url
        if let scheme = url.range(of: "://") {
            normalized = url[..<scheme.lowerBound].lowercased() + url[scheme.lowerBound...]
        }
        let server = try PostgresConnection(url: normalized)
        connection = .postgresql(server)
        dialect = .postgresql
        path = name
        if readOnly { try server.execute("SET default_transaction_read_only = on") }
    }

    /// The SQLite handle; only SQLite's code paths ask for it.
    var handle: OpaquePointer {
        guard case .sqlite(let handle) = connection else {
            preconditionFailure("an SQLite handle asked of a PostgreSQL connection")
        }
        return handle
    }

    /// How long a statement waits for another connection's lock before it fails with
    /// `SQLITE_BUSY` (a second import waits this long for the first one's transaction).
    static let busyTimeoutMilliseconds: Int32 = 5_000

    /// Done once, before the library's first use.
    private static let configured: Void = { _ = csqlite_disable_memory_statistics() }()

    private static func open(_ path: String, flags: Int32) throws(DatabaseError) -> OpaquePointer {
        _ = configured
        var db: OpaquePointer?
        let rc = sqlite3_open_v2(path, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            if let db { sqlite3_close_v2(db) }
            throw DatabaseError(extendedCode: rc, message: "\(message): \(path)")
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

    /// Switches the file to write-ahead logging (readers never block the writer, and a reader sees
    /// one snapshot). The switch needs the file to itself for a moment; another process opening
    /// the same new database at once makes it fail with `SQLITE_BUSY` without waiting, so it is
    /// retried for the busy timeout.
    func useWAL() throws(DatabaseError) {
        guard dialect == .sqlite, path != ":memory:" else { return }
        let deadline = Date().addingTimeInterval(Double(Database.busyTimeoutMilliseconds) / 1000)
        while true {
            do {
                if try query("PRAGMA journal_mode").first?.string("journal_mode") != "wal" {
                    try execute("PRAGMA journal_mode = WAL")
                }
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

    /// `SAVEPOINT x` / `RELEASE x`, prepared once: the importer runs them for every file, and
    /// `sqlite3_exec` compiled them each time (about 6 % of the writer's instructions).
    private var controlStatements: [String: OpaquePointer] = [:]
    /// Statements by SQL text (`cached`): a query asked once per group or per file is compiled
    /// once per connection.
    private var statementCache: [String: Statement] = [:]

    deinit {
        for statement in controlStatements.values { sqlite3_finalize(statement) }
        statementCache.removeAll()  // finalised before the connection closes
        if case .sqlite(let handle) = connection { sqlite3_close_v2(handle) }
    }

    /// The statement for `sql`, compiled on first use and kept for the connection's life. Its
    /// rows must be read before the same SQL runs again (`query` and `run` read them all).
    func cached(_ sql: String) throws(DatabaseError) -> Statement {
        if let statement = statementCache[sql] { return statement }
        let statement = try Statement(database: self, sql: sql, holdsDatabase: false)
        statementCache[sql] = statement
        return statement
    }

    /// The connection's latest error, for `sql`.
    func lastError(sql: String) -> DatabaseError {
        DatabaseError(
            extendedCode: sqlite3_extended_errcode(handle), message: String(cString: sqlite3_errmsg(handle)),
            sql: sql)
    }

    /// Runs one parameterless statement, prepared on first use and kept.
    func executeCached(_ sql: String) throws(DatabaseError) {
        if case .postgresql(let server) = connection { return try server.execute(sql) }
        let statement: OpaquePointer
        if let cached = controlStatements[sql] {
            statement = cached
        } else {
            var prepared: OpaquePointer?
            let rc = sqlite3_prepare_v2(handle, sql, -1, &prepared, nil)
            guard rc == SQLITE_OK, let prepared else { throw lastError(sql: sql) }
            controlStatements[sql] = prepared
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

    /// Runs one or more SQL statements that take no parameters (schema, pragmas).
    func execute(_ sql: String) throws(DatabaseError) {
        if case .postgresql(let server) = connection { return try server.execute(sql) }
        var errmsg: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &errmsg)
        if rc != SQLITE_OK {
            let message = errmsg.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(errmsg)
            throw DatabaseError(extendedCode: sqlite3_extended_errcode(handle), message: message, sql: sql)
        }
    }

    /// Prepares a statement; values are bound with `Statement.bind`, never spliced into SQL.
    func prepare(_ sql: String) throws(DatabaseError) -> Statement {
        try Statement(database: self, sql: sql)
    }

    /// Runs `sql` with `arguments` bound, discarding any rows.
    func run(_ sql: String, _ arguments: [SQLValue] = []) throws(DatabaseError) {
        let statement = try cached(sql)
        try statement.bind(arguments)
        try statement.runToCompletion()
    }

    /// All rows of `sql` with `arguments` bound.
    func query(_ sql: String, _ arguments: [SQLValue] = []) throws(DatabaseError) -> [Row] {
        let statement = try cached(sql)
        try statement.bind(arguments)
        defer { statement.reset() }
        var rows: [Row] = []
        while let row = try statement.step() {
            rows.append(row)
        }
        return rows
    }

    /// Runs an INSERT into a table with an `id` column: the new row's id, or nil when no row
    /// was inserted (`ON CONFLICT … DO NOTHING`).
    func insert(_ sql: String, _ arguments: [SQLValue] = []) throws(DatabaseError) -> Int64? {
        try cached(sql).insert(arguments)
    }

    /// Loads `rows` into `table`'s `columns` with PostgreSQL's COPY.
    func copy(into table: String, columns: [String], rows: [[SQLValue]]) throws(DatabaseError) {
        guard case .postgresql(let server) = connection else {
            preconditionFailure("COPY asked of an SQLite connection")
        }
        try server.copy("COPY \(table) (\(columns.joined(separator: ", "))) FROM STDIN", rows: rows)
    }

    var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }
    var changes: Int { Int(sqlite3_changes(handle)) }

    /// True inside a transaction.
    var inTransaction: Bool {
        switch connection {
        case .sqlite(let handle): return sqlite3_get_autocommit(handle) == 0
        case .postgresql(let server): return server.inTransaction
        }
    }

    /// Runs `body`'s queries on one snapshot of the database (a deferred read transaction), so
    /// that an import committing meanwhile cannot make one report mix two states. Inside a
    /// transaction already, `body` runs in it.
    func readSnapshot<T>(_ body: () throws -> T) throws -> T {
        guard !inTransaction else { return try body() }
        return try transaction(begin: dialect.beginSnapshot, body)
    }

    /// Runs `body` in a write transaction (`SQLDialect.beginWrite`); rolls back if it throws.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        try transaction(begin: dialect.beginWrite, body)
    }

    /// Commits what `body` did after `begin`, or rolls it back if it throws.
    private func transaction<T>(begin: String, _ body: () throws -> T) throws -> T {
        try execute(begin)
        do {
            let value = try body()
            try execute("COMMIT")
            return value
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Runs `body` inside a savepoint, so that its writes land together or not at all even
    /// inside a larger batch transaction.
    func savepoint<T>(_ name: String, _ body: () throws -> T) throws -> T {
        try executeCached("SAVEPOINT \(name)")
        do {
            let value = try body()
            try executeCached("RELEASE SAVEPOINT \(name)")
            return value
        } catch {
            try? execute("ROLLBACK TO SAVEPOINT \(name)")
            try? execute("RELEASE SAVEPOINT \(name)")
            throw error
        }
    }
}
