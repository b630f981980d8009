import CSQLite

/// A statement prepared by SQLite; the object owns the C handle (finalised by `close`).
final class SQLiteStatement: PreparedStatement {
    private let handle: OpaquePointer
    private unowned let connection: SQLiteConnection
    let sql: String

    init(connection: SQLiteConnection, sql: String) throws(DatabaseError) {
        var statement: OpaquePointer?
        let rc = sqlite3_prepare_v2(connection.handle, sql, -1, &statement, nil)
        guard rc == SQLITE_OK else { throw connection.lastError(sql: sql) }
        guard let statement else { throw DatabaseError(misuse: "empty statement", sql: sql) }
        handle = statement
        self.connection = connection
        self.sql = sql
    }

    private var closed = false

    func close() {
        guard !closed else { return }
        closed = true
        sqlite3_finalize(handle)
    }

    deinit { close() }

    func bind(_ values: [SQLValue]) throws(DatabaseError) {
        // No sqlite3_clear_bindings: every parameter is bound below (the count is checked).
        sqlite3_reset(handle)
        let expected = Int(sqlite3_bind_parameter_count(handle))
        guard expected == values.count else {
            throw DatabaseError(
                sqlite: SQLITE_RANGE, message: "statement takes \(expected) arguments, got \(values.count)",
                sql: sql)
        }
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let rc: Int32
            switch value {
            case .null: rc = sqlite3_bind_null(handle, index)
            case .integer(let number): rc = sqlite3_bind_int64(handle, index, number)
            case .real(let number): rc = sqlite3_bind_double(handle, index, number)
            case .text(let text): rc = bindText(text, at: index)
            case .blob(let bytes):
                rc = bytes.withUnsafeBytes {
                    // A zero-length BLOB still binds a BLOB (a nil pointer would bind NULL).
                    sqlite3_bind_blob(
                        handle, index, $0.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32($0.count),
                        csqlite_transient())
                }
            }
            guard rc == SQLITE_OK else { throw connection.lastError(sql: sql) }
        }
    }

    /// The string's own UTF-8 bytes with their length: passing a `String` where C wants a
    /// `const char *` made a NUL-terminated array copy of every value, which SQLite then measured
    /// with strlen and copied again. SQLite still copies (TRANSIENT: the bytes are only valid
    /// during this call).
    private func bindText(_ text: String, at index: Int32) -> Int32 {
        if let rc = text.utf8.withContiguousStorageIfAvailable({ bytes -> Int32 in
            guard let base = bytes.baseAddress, !bytes.isEmpty else {
                return sqlite3_bind_text(handle, index, "", 0, csqlite_transient())
            }
            return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                sqlite3_bind_text(handle, index, $0, Int32(bytes.count), csqlite_transient())
            }
        }) {
            return rc
        }
        return sqlite3_bind_text(handle, index, text, -1, csqlite_transient())
    }

    func advance() throws(DatabaseError) -> Bool {
        let rc = sqlite3_step(handle)
        switch rc {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let failure = connection.lastError(sql: sql)
            sqlite3_reset(handle)
            throw failure
        }
    }

    func reset() { sqlite3_reset(handle) }

    func runToCompletion() throws(DatabaseError) {
        while try advance() {}
        sqlite3_reset(handle)
    }

    /// Used instead of `RETURNING id`, which SQLite implements with a temporary table per
    /// execution: for 3,000 logs, the writer's instructions went from 838 M to 716 M without it.
    func insert(_ values: [SQLValue]) throws(DatabaseError) -> Int64? {
        try bind(values)
        let rc = sqlite3_step(handle)
        defer { sqlite3_reset(handle) }
        guard rc == SQLITE_DONE else { throw connection.lastError(sql: sql) }
        // Rows written by triggers are not counted in `changes` nor seen in the last rowid.
        return connection.changes > 0 ? connection.lastInsertRowID : nil
    }

    /// The importer's writer runs it for every report: it reads the one value without a `Row`.
    func scalar(_ values: [SQLValue]) throws(DatabaseError) -> SQLValue {
        try bind(values)
        let rc = sqlite3_step(handle)
        defer { sqlite3_reset(handle) }
        switch rc {
        case SQLITE_ROW: return value(at: 0)
        case SQLITE_DONE: return .null
        default: throw connection.lastError(sql: sql)
        }
    }

    /// Column names, read once: every row of the statement shares the array.
    private(set) lazy var columnNames: [String] = (0..<sqlite3_column_count(handle)).map {
        String(cString: sqlite3_column_name(handle, $0))
    }

    func int(at column: Int32) -> Int? {
        guard sqlite3_column_type(handle, column) != SQLITE_NULL else { return nil }
        return Int(sqlite3_column_int64(handle, column))
    }

    func string(at column: Int32) -> String? {
        guard sqlite3_column_type(handle, column) != SQLITE_NULL,
            let text = sqlite3_column_text(handle, column)
        else { return nil }
        return String(cString: text)
    }

    func readText(at column: Int32, _ body: (UnsafeRawBufferPointer) -> Void) -> Bool {
        // The pointer first, then the size: asking the size first may convert the value.
        guard sqlite3_column_type(handle, column) != SQLITE_NULL,
            let text = sqlite3_column_text(handle, column)
        else { return false }
        body(UnsafeRawBufferPointer(start: text, count: Int(sqlite3_column_bytes(handle, column))))
        return true
    }

    private func value(at index: Int32) -> SQLValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, index))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(handle, index))
        case SQLITE_NULL: return .null
        case SQLITE_BLOB:
            // The pointer first, then the size: asking the size first may convert the value.
            let start = sqlite3_column_blob(handle, index)
            let count = Int(sqlite3_column_bytes(handle, index))
            guard count > 0, let start else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: start, count: count)))
        default: return sqlite3_column_text(handle, index).map { .text(String(cString: $0)) } ?? .null
        }
    }

    func currentRow() -> Row {
        Row(columns: columnNames, values: (0..<sqlite3_column_count(handle)).map(value(at:)))
    }
}
