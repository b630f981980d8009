/// One backend's connection, which `Database` runs its SQL through: SQLite's
/// (`SQLiteConnection`) or PostgreSQL's (`PostgresConnection`). Each says what its SQL looks like
/// (`dialect`) and reports failures as `DatabaseError`s of its own kind.
package protocol Connection: AnyObject {
    var dialect: SQLDialect { get }
    /// True inside a transaction.
    var inTransaction: Bool { get }
    /// Runs one or more statements that take no parameters (schema, pragmas, `BEGIN`).
    func execute(_ sql: String) throws(DatabaseError)
    /// Runs one parameterless statement that is run many times (`SAVEPOINT x`), prepared once
    /// where that is cheaper.
    func executeRepeatedly(_ sql: String) throws(DatabaseError)
    /// Prepares `sql`, written with SQLite's `?` and `?NNN` parameters.
    func prepare(_ sql: String) throws(DatabaseError) -> any PreparedStatement
    /// Before the first write of a database known to be crashscan's (SQLite: write-ahead logging).
    func prepareForWriting() throws(DatabaseError)
}

/// A statement prepared on a connection: bound, stepped row by row, each row read in place.
package protocol PreparedStatement: AnyObject {
    var sql: String { get }
    /// The columns of its rows, in order.
    var columnNames: [String] { get }
    /// Resets the statement and binds `values` to its parameters 1…n.
    func bind(_ values: [SQLValue]) throws(DatabaseError)
    /// Steps once without reading the row: true while there is one.
    func advance() throws(DatabaseError) -> Bool
    /// The current row, whole.
    func currentRow() -> Row
    /// Ends the current run, so the statement can be bound again.
    func reset()
    /// Steps until done, ignoring rows.
    func runToCompletion() throws(DatabaseError)
    /// Runs an INSERT with `values` bound: the new row's id, or nil when no row was inserted
    /// (`ON CONFLICT … DO NOTHING`).
    func insert(_ values: [SQLValue]) throws(DatabaseError) -> Int64?
    /// Binds, runs, and returns the first column of the first row.
    func scalar(_ values: [SQLValue]) throws(DatabaseError) -> SQLValue
    /// The current row's integer in `column` (nil for NULL).
    func int(at column: Int32) -> Int?
    /// The current row's text in `column` (nil for NULL).
    func string(at column: Int32) -> String?
    /// Calls `body` on the current row's text bytes in `column` (UTF-8), read in place; false
    /// (and `body` not called) for NULL. Not generic: a generic requirement is called through
    /// the existential unspecialised, which made folding a million failures a quarter slower.
    func readText(at column: Int32, _ body: (UnsafeRawBufferPointer) -> Void) -> Bool
    /// Frees the statement (its handle, or the server's prepared statement).
    func close()
}
