import CSQLite

/// The current row of a statement being stepped, read in place by column name: for queries that
/// fold hundreds of thousands of rows, where building a `Row` (an array of values, a String per
/// text column) for each was most of the cost.
struct RowCursor {
    let statement: Statement
    let columns: [String]

    /// The index of column `name`, for the `at:` readers in a loop (resolved once, not per row).
    func column(_ name: String) throws(SQLiteError) -> Int32 { try index(name) }

    func int(at column: Int32) -> Int? {
        guard sqlite3_column_type(statement.handle, column) != SQLITE_NULL else { return nil }
        return Int(sqlite3_column_int64(statement.handle, column))
    }

    func string(at column: Int32) -> String? {
        guard sqlite3_column_type(statement.handle, column) != SQLITE_NULL,
            let text = sqlite3_column_text(statement.handle, column)
        else { return nil }
        return String(cString: text)
    }

    private func index(_ name: String) throws(SQLiteError) -> Int32 {
        guard let index = columns.firstIndex(of: name) else {
            throw SQLiteError(
                extendedCode: SQLITE_RANGE,
                message: "no column '\(name)' in the row (it has \(columns.joined(separator: ", ")))")
        }
        return Int32(index)
    }

    func int(_ name: String) throws(SQLiteError) -> Int? {
        let column = try index(name)
        guard sqlite3_column_type(statement.handle, column) != SQLITE_NULL else { return nil }
        return Int(sqlite3_column_int64(statement.handle, column))
    }

    /// The text of a column; nil for NULL.
    func string(_ name: String) throws(SQLiteError) -> String? {
        let column = try index(name)
        guard sqlite3_column_type(statement.handle, column) != SQLITE_NULL,
            let text = sqlite3_column_text(statement.handle, column)
        else { return nil }
        return String(cString: text)
    }
}

extension Database {
    /// Calls `body` with a cursor on each row of `sql` in turn.
    func forEachCursor(_ sql: String, _ arguments: [SQLValue] = [], _ body: (RowCursor) throws -> Void) throws
    {
        let statement = try cached(sql)
        try statement.bind(arguments)
        defer { statement.reset() }
        let columns = (0..<sqlite3_column_count(statement.handle)).map {
            String(cString: sqlite3_column_name(statement.handle, $0))
        }
        let cursor = RowCursor(statement: statement, columns: columns)
        while try statement.advance() {
            try body(cursor)
        }
    }
}

extension Statement {
    /// Steps once without reading the row: true while there is one.
    func advance() throws(SQLiteError) -> Bool {
        let rc = sqlite3_step(handle)
        switch rc {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let failure = error(rc)
            sqlite3_reset(handle)
            throw failure
        }
    }
}
