import CSQLite

/// A value bound to, or read from, SQLite.
enum SQLValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    /// Bytes stored as they are (a BLOB).
    case blob([UInt8])

    static func optional(_ value: String?) -> SQLValue { value.map(SQLValue.text) ?? .null }

    /// The integer, when this is one.
    var integer: Int64? {
        if case .integer(let value) = self { return value }
        return nil
    }

    /// The text, when this is text.
    var text: String? {
        if case .text(let value) = self { return value }
        return nil
    }
    static func optional(_ value: Int?) -> SQLValue { value.map { .integer(Int64($0)) } ?? .null }
    static func int(_ value: Int) -> SQLValue { .integer(Int64(value)) }

    /// The value as text, as the sqlite3 shell prints it (nil for NULL).
    var textForm: String? {
        switch self {
        case .null: return nil
        case .integer(let number): return String(number)
        case .real(let number): return String(number)
        case .text(let text): return text
        case .blob(let bytes): return String(decoding: bytes, as: UTF8.self)
        }
    }
    static func bool(_ value: Bool) -> SQLValue { .integer(value ? 1 : 0) }
}

/// One result row, read by column name. A name the row does not have is an error (a typo in a
/// query or a reader), never a silent NULL.
struct Row: Sendable {
    let columns: [String]
    let values: [SQLValue]

    func value(_ name: String) throws(DatabaseError) -> SQLValue {
        guard let index = columns.firstIndex(of: name) else {
            throw DatabaseError(
                extendedCode: SQLITE_RANGE,
                message: "no column '\(name)' in the row (it has \(columns.joined(separator: ", ")))")
        }
        return values[index]
    }

    func string(_ name: String) throws(DatabaseError) -> String? { try value(name).textForm }

    func int(_ name: String) throws(DatabaseError) -> Int? {
        switch try value(name) {
        case .integer(let value): return Int(value)
        // A REAL beyond Int's range (or NaN) would trap in `Int(_:)`: no integer then.
        case .real(let value): return value.isFinite && abs(value) < 9.2e18 ? Int(value) : nil
        case .text(let text): return Int(text)
        case .null, .blob: return nil
        }
    }

    /// The bytes of a BLOB column (nil for NULL; a text column's UTF-8 bytes).
    func bytes(_ name: String) throws(DatabaseError) -> [UInt8]? {
        switch try value(name) {
        case .blob(let bytes): return bytes
        case .text(let text): return Array(text.utf8)
        case .null: return nil
        case .integer, .real: throw typeMismatch(name, "a BLOB")
        }
    }

    private func typeMismatch(_ name: String, _ wanted: String) -> DatabaseError {
        DatabaseError(
            extendedCode: SQLITE_MISMATCH, message: "column '\(name)' holds a number, not \(wanted)")
    }

    func bool(_ name: String) throws(DatabaseError) -> Bool? { try int(name).map { $0 != 0 } }
}

/// A prepared statement. The object owns the C handle (finalised in `deinit`) or the server's
/// prepared statement (deallocated). One made by `prepare` holds its connection, so the
/// connection cannot close first; one in the connection's cache (`Database.cached`) does not, or
/// the two would keep each other alive.
final class Statement {
    private enum Backing {
        case sqlite(OpaquePointer)
        case postgresql(PostgresStatement)
    }

    private let backing: Backing
    unowned let database: Database
    /// The connection, held by statements outside its cache.
    private let owner: Database?
    let sql: String

    init(database: Database, sql: String, holdsDatabase: Bool = true) throws(DatabaseError) {
        switch database.connection {
        case .sqlite(let handle):
            var statement: OpaquePointer?
            let rc = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
            guard rc == SQLITE_OK else { throw database.lastError(sql: sql) }
            guard let statement else {
                throw DatabaseError(extendedCode: SQLITE_MISUSE, message: "empty statement", sql: sql)
            }
            backing = .sqlite(statement)
        case .postgresql(let server):
            backing = .postgresql(try PostgresStatement(server: server, sql: database.dialect.translate(sql)))
        }
        self.database = database
        self.owner = holdsDatabase ? database : nil
        self.sql = sql
    }

    deinit {
        switch backing {
        case .sqlite(let handle): sqlite3_finalize(handle)
        case .postgresql(let statement): statement.deallocate()
        }
    }

    /// The SQLite statement handle; only SQLite's code paths ask for it.
    var handle: OpaquePointer {
        guard case .sqlite(let handle) = backing else {
            preconditionFailure("an SQLite statement asked of a PostgreSQL one")
        }
        return handle
    }

    /// Resets the statement and binds `values` to parameters 1…n.
    func bind(_ values: [SQLValue]) throws(DatabaseError) {
        if case .postgresql(let statement) = backing { return try statement.bind(values) }
        // No sqlite3_clear_bindings: every parameter is bound below (the count is checked).
        sqlite3_reset(handle)
        let expected = Int(sqlite3_bind_parameter_count(handle))
        guard expected == values.count else {
            throw DatabaseError(
                extendedCode: SQLITE_RANGE,
                message: "statement takes \(expected) arguments, got \(values.count)", sql: sql)
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
            guard rc == SQLITE_OK else { throw error(rc) }
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

    /// Steps once: the next row, or nil when done.
    func step() throws(DatabaseError) -> Row? {
        if case .postgresql(let statement) = backing { return try statement.step() }
        return try advance() ? currentRow() : nil
    }

    /// Steps once without reading the row: true while there is one.
    func advance() throws(DatabaseError) -> Bool {
        if case .postgresql(let statement) = backing { return try statement.advance() }
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

    /// Ends the current run of the statement so it can be bound again.
    func reset() {
        switch backing {
        case .sqlite(let handle): sqlite3_reset(handle)
        case .postgresql(let statement): statement.reset()
        }
    }

    /// Steps until done, ignoring rows.
    func runToCompletion() throws(DatabaseError) {
        if case .postgresql(let statement) = backing { return try statement.run() }
        while try step() != nil {}
        sqlite3_reset(handle)
    }

    /// Runs an INSERT with `values` bound: the new row's id, or nil when no row was inserted
    /// (`ON CONFLICT … DO NOTHING`). Used instead of `RETURNING id` on SQLite, which implements
    /// it with a temporary table per execution: for 3,000 logs, the writer's instructions went
    /// from 838 M to 716 M without it (callgrind). PostgreSQL has no last-row id: there the
    /// statement returns it.
    func insert(_ values: [SQLValue]) throws(DatabaseError) -> Int64? {
        if case .postgresql(let statement) = backing { return try statement.insert(values) }
        try bind(values)
        let rc = sqlite3_step(handle)
        defer { sqlite3_reset(handle) }
        guard rc == SQLITE_DONE else { throw error(rc) }
        // Rows written by triggers are not counted in `changes` nor seen in the last rowid.
        return database.changes > 0 ? database.lastInsertRowID : nil
    }

    /// Binds, runs, and returns the first column of the first row (lookups and counts). The
    /// importer's writer runs it for every report, so it reads the one value without building
    /// a `Row`.
    func scalar(_ values: [SQLValue]) throws(DatabaseError) -> SQLValue {
        if case .postgresql(let statement) = backing { return try statement.scalar(values) }
        try bind(values)
        let rc = sqlite3_step(handle)
        defer { sqlite3_reset(handle) }
        switch rc {
        case SQLITE_ROW: return value(at: 0)
        case SQLITE_DONE: return .null
        default: throw error(rc)
        }
    }

    /// Column names, read once: every row of the statement shares the array.
    private(set) lazy var columnNames: [String] = {
        switch backing {
        case .sqlite(let handle):
            return (0..<sqlite3_column_count(handle)).map { String(cString: sqlite3_column_name(handle, $0)) }
        case .postgresql(let statement): return statement.columns
        }
    }()

    /// The current row's integer in `column` (nil for NULL), read in place.
    func int(at column: Int32) -> Int? {
        if case .postgresql(let statement) = backing {
            guard case .integer(let value) = statement.currentValue(column) else { return nil }
            return Int(value)
        }
        guard sqlite3_column_type(handle, column) != SQLITE_NULL else { return nil }
        return Int(sqlite3_column_int64(handle, column))
    }

    /// The current row's text in `column` (nil for NULL), read in place.
    func string(at column: Int32) -> String? {
        if case .postgresql(let statement) = backing { return statement.current(column) }
        guard sqlite3_column_type(handle, column) != SQLITE_NULL,
            let text = sqlite3_column_text(handle, column)
        else { return nil }
        return String(cString: text)
    }

    /// `body` on the current row's text bytes in `column` (UTF-8, no terminator), read in place
    /// without a String; nil for NULL.
    func withText<Result>(at column: Int32, _ body: (UnsafeRawBufferPointer) -> Result) -> Result? {
        if case .postgresql(let statement) = backing {
            guard var text = statement.current(column) else { return nil }
            return text.withUTF8 { body(UnsafeRawBufferPointer($0)) }
        }
        // The pointer first, then the size: asking the size first may convert the value.
        guard sqlite3_column_type(handle, column) != SQLITE_NULL,
            let text = sqlite3_column_text(handle, column)
        else { return nil }
        return body(UnsafeRawBufferPointer(start: text, count: Int(sqlite3_column_bytes(handle, column))))
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

    private func currentRow() -> Row {
        let count = sqlite3_column_count(handle)
        return Row(columns: columnNames, values: (0..<count).map(value(at:)))
    }

    private func error(_ rc: Int32) -> DatabaseError { database.lastError(sql: sql) }
}
