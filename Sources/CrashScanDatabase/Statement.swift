/// A prepared statement of a `Database`, on whichever backend. One made by `prepare` holds its
/// database, so the connection cannot close first; one in the database's cache
/// (`Database.cached`) does not, or the two would keep each other alive.
package final class Statement {
    @usableFromInline let backing: any PreparedStatement
    /// The database, held by statements outside its cache.
    private let owner: Database?

    init(_ backing: any PreparedStatement, owner: Database?) {
        self.backing = backing
        self.owner = owner
    }

    deinit { backing.close() }

    package var sql: String { backing.sql }
    /// Column names, read once: every row of the statement shares the array.
    package var columnNames: [String] { backing.columnNames }

    /// Resets the statement and binds `values` to parameters 1…n.
    package func bind(_ values: [SQLValue]) throws(DatabaseError) { try backing.bind(values) }

    /// Steps once: the next row, or nil when done.
    package func step() throws(DatabaseError) -> Row? { try backing.advance() ? backing.currentRow() : nil }

    /// Steps once without reading the row: true while there is one.
    @inlinable package func advance() throws(DatabaseError) -> Bool { try backing.advance() }

    /// Ends the current run of the statement so it can be bound again.
    package func reset() { backing.reset() }

    /// Steps until done, ignoring rows.
    package func runToCompletion() throws(DatabaseError) { try backing.runToCompletion() }

    /// Runs an INSERT with `values` bound: the new row's id, or nil when no row was inserted
    /// (`ON CONFLICT … DO NOTHING`).
    package func insert(_ values: [SQLValue]) throws(DatabaseError) -> Int64? { try backing.insert(values) }

    /// Binds, runs, and returns the first column of the first row (lookups and counts).
    package func scalar(_ values: [SQLValue]) throws(DatabaseError) -> SQLValue { try backing.scalar(values) }

    /// The current row's integer in `column` (nil for NULL), read in place.
    @inlinable package func int(at column: Int32) -> Int? { backing.int(at: column) }

    /// The current row's text in `column` (nil for NULL), read in place.
    package func string(at column: Int32) -> String? { backing.string(at: column) }

    /// Calls `body` on the current row's text bytes in `column` (UTF-8, no terminator), read in
    /// place without a String; false for NULL.
    @inlinable package func readText(at column: Int32, _ body: (UnsafeRawBufferPointer) -> Void) -> Bool {
        backing.readText(at: column, body)
    }
}
