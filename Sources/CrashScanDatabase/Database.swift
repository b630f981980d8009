import Foundation

/// One database: a connection to an SQLite file or to a PostgreSQL server (`Connection`), with
/// the statements it has compiled, transactions and savepoints. The store writes its SQL once, in
/// what both understand, and asks `dialect` for the rest. Deliberately not `Sendable`: it is used
/// from one call tree only (the importer's single writer, or a report), as GRDB does with its
/// `Database`.
package final class Database {
    package let connection: any Connection
    /// The file, or for PostgreSQL the URL without its password (for messages).
    package let path: String
    package var dialect: SQLDialect { connection.dialect }

    /// Statements by SQL text (`cached`): a query asked once per group or per file is compiled
    /// once per connection.
    private var statementCache: [String: Statement] = [:]

    /// An SQLite file, opened (or created) with foreign keys and a busy timeout.
    package init(path: String, readOnly: Bool = false) throws(DatabaseError) {
        connection = try SQLiteConnection(path: path, readOnly: readOnly)
        self.path = path
    }

    /// The PostgreSQL server at `url` (a libpq URI or connection string); `name` is how messages
    /// name it (the URL without its password).
    package init(postgresURL url: String, name: String, readOnly: Bool = false) throws(DatabaseError) {
        // libpq knows the scheme in lower case only (`POSTGRES://` would be read as a malformed
        // connection string and echoed back).
        var normalized = url
        if let scheme = url.range(of: "://") {
            normalized = url[..<scheme.lowerBound].lowercased() + url[scheme.lowerBound...]
        }
        let server = try PostgresConnection(url: normalized)
        if readOnly { try server.execute("SET default_transaction_read_only = on") }
        connection = server
        path = name
    }

    deinit {
        statementCache.removeAll()  // closed before the connection
    }

    /// The statement for `sql`, compiled on first use and kept for the connection's life. Its
    /// rows must be read before the same SQL runs again (`query` and `run` read them all).
    package func cached(_ sql: String) throws(DatabaseError) -> Statement {
        if let statement = statementCache[sql] { return statement }
        let statement = Statement(try connection.prepare(dialect.translate(sql)), owner: nil)
        statementCache[sql] = statement
        return statement
    }

    /// Runs one or more SQL statements that take no parameters (schema, pragmas).
    package func execute(_ sql: String) throws(DatabaseError) { try connection.execute(sql) }

    /// Runs one parameterless statement that runs often (savepoints), prepared once.
    package func executeCached(_ sql: String) throws(DatabaseError) { try connection.executeRepeatedly(sql) }

    /// Prepares a statement; values are bound with `Statement.bind`, never spliced into SQL.
    package func prepare(_ sql: String) throws(DatabaseError) -> Statement {
        Statement(try connection.prepare(dialect.translate(sql)), owner: self)
    }

    /// Runs `sql` with `arguments` bound, discarding any rows.
    package func run(_ sql: String, _ arguments: [SQLValue] = []) throws(DatabaseError) {
        let statement = try cached(sql)
        try statement.bind(arguments)
        try statement.runToCompletion()
    }

    /// All rows of `sql` with `arguments` bound.
    package func query(_ sql: String, _ arguments: [SQLValue] = []) throws(DatabaseError) -> [Row] {
        let statement = try cached(sql)
        try statement.bind(arguments)
        defer { statement.reset() }
        var rows: [Row] = []
        while let row = try statement.step() { rows.append(row) }
        return rows
    }

    /// Runs an INSERT into a table with an `id` column: the new row's id, or nil when no row was
    /// inserted (`ON CONFLICT … DO NOTHING`).
    package func insert(_ sql: String, _ arguments: [SQLValue] = []) throws(DatabaseError) -> Int64? {
        try cached(sql).insert(arguments)
    }

    /// Loads `rows` into `table`'s `columns` with PostgreSQL's COPY (PostgreSQL only).
    package func copy(into table: String, columns: [String], rows: [[SQLValue]]) throws(DatabaseError) {
        guard let server = connection as? PostgresConnection else {
            throw DatabaseError(misuse: "COPY is PostgreSQL's; this is an SQLite database")
        }
        try server.copy("COPY \(table) (\(columns.joined(separator: ", "))) FROM STDIN", rows: rows)
    }

    /// Before the first write of a database known to be crashscan's.
    package func prepareForWriting() throws(DatabaseError) { try connection.prepareForWriting() }

    /// True inside a transaction.
    package var inTransaction: Bool { connection.inTransaction }

    /// SQLite only: turns this connection's triggers off or on (other connections keep theirs;
    /// foreign keys are kept either way).
    package func setSQLiteTriggers(enabled: Bool) throws(DatabaseError) {
        guard let sqlite = connection as? SQLiteConnection else {
            throw DatabaseError(misuse: "triggers are switched on SQLite connections only")
        }
        try sqlite.setTriggers(enabled: enabled)
    }

    /// Runs `body`'s queries on one snapshot of the database (a deferred read transaction), so
    /// that an import committing meanwhile cannot make one report mix two states. Inside a
    /// transaction already, `body` runs in it.
    package func readSnapshot<T>(_ body: () throws -> T) throws -> T {
        guard !inTransaction else { return try body() }
        return try transaction(begin: dialect.beginSnapshot, body)
    }

    /// Runs `body` in a write transaction (`SQLDialect.beginWrite`); rolls back if it throws.
    package func transaction<T>(_ body: () throws -> T) throws -> T {
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
    package func savepoint<T>(_ name: String, _ body: () throws -> T) throws -> T {
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
