/// The current row of a statement being stepped, read in place by column index: for queries
/// that fold hundreds of thousands of rows, where building a `Row` (an array of values, a String
/// per text column) for each was most of the cost. The indices come from the column names,
/// resolved once before the first row (`Database.forEachCursor`).
///
/// Its readers are inlinable: called from the store's folds in another module, a generic reader
/// would run unspecialised on every column of every row.
package struct RowCursor {
    @usableFromInline let statement: Statement

    @usableFromInline init(statement: Statement) {
        self.statement = statement
    }

    @inlinable package func int(at column: Int32) -> Int? { statement.int(at: column) }

    /// The text of a column; nil for NULL.
    package func string(at column: Int32) -> String? { statement.string(at: column) }

    /// Calls `body` on the text bytes of a column, in place; false for NULL. Not generic: the
    /// store's folds call it for every row from another module, where a generic reader ran
    /// unspecialised (its `Optional<Result>` looked up at run time: a quarter of a
    /// `report --since` on a million reports). The store wraps it (`withText`).
    @inlinable package func readText(at column: Int32, _ body: (UnsafeRawBufferPointer) -> Void) -> Bool {
        statement.readText(at: column, body)
    }
}

extension Database {
    /// Calls `body` with a cursor on each row of `sql` in turn and the indices of `names` among
    /// its columns (a name the statement lacks is an error before any row is read).
    package func forEachCursor(
        _ sql: String, _ arguments: [SQLValue] = [], columns names: [String],
        _ body: (RowCursor, [Int32]) throws -> Void
    ) throws {
        let statement = try cached(sql)
        try statement.bind(arguments)
        defer { statement.reset() }
        let available = statement.columnNames
        let indices = try names.map { name throws(DatabaseError) -> Int32 in
            guard let index = available.firstIndex(of: name) else {
                throw DatabaseError(
                    misuse: "no column '\(name)' in the row (it has \(available.joined(separator: ", ")))",
                    sql: sql)
            }
            return Int32(index)
        }
        let cursor = RowCursor(statement: statement)
        while try statement.advance() {
            try body(cursor, indices)
        }
    }
}
