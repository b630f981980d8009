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
        boundBytes.deallocate()
    }

    /// The bytes of the text and blob values bound last, copied into one buffer the statement
    /// keeps, and bound from there without a copy (SQLITE_STATIC): with SQLITE_TRANSIENT, SQLite
    /// made an allocation of its own for each value, freed at the next bind. Valid until the
    /// next `bind`, which binds every parameter again (the count is checked), or `close`;
    /// grown only after the bindings into it are cleared. Importing 3,000 logs (callgrind): the
    /// writer's instructions 844.3 → 821.8 M, binding values 64.4 → 42.6 M of them.
    private var boundBytes = UnsafeMutableRawBufferPointer(start: nil, count: 0)

    /// Room in `boundBytes` for the texts and blobs of `values` (at least a byte, so that an
    /// empty text or blob binds a pointer, not NULL). A buffer grown past 1 MiB by a large value
    /// is given back once the values need a quarter of it.
    private func reserveBoundBytes(for values: [SQLValue]) {
        var needed = 1
        for value in values {
            switch value {
            case .text(let text): needed += text.utf8.count
            case .blob(let bytes): needed += bytes.count
            case .null, .integer, .real: break
            }
        }
        let size = boundBytes.count
        let shrinks = size > 1 << 20 && needed < size / 4
        guard needed > size || shrinks else { return }
        sqlite3_clear_bindings(handle)
        boundBytes.deallocate()
        boundBytes = .allocate(byteCount: shrinks ? needed : max(needed, size * 2, 4_096), alignment: 8)
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
        reserveBoundBytes(for: values)
        var used = 0
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let rc: Int32
            switch value {
            case .null: rc = sqlite3_bind_null(handle, index)
            case .integer(let number): rc = sqlite3_bind_int64(handle, index, number)
            case .real(let number): rc = sqlite3_bind_double(handle, index, number)
            case .text(let text):
                let start = used
                let bytes = keep(text, at: &used)
                rc = sqlite3_bind_text(
                    handle, index, bytes.assumingMemoryBound(to: CChar.self), Int32(used - start), nil)
            case .blob(let bytes):
                let start = bytes.withUnsafeBytes { keep($0, at: &used) }
                rc = sqlite3_bind_blob(handle, index, start, Int32(bytes.count), nil)
            }
            guard rc == SQLITE_OK else { throw connection.lastError(sql: sql) }
        }
    }

    /// Copies `text`'s UTF-8 bytes into `boundBytes` at `used` (advanced past them); where they
    /// start.
    private func keep(_ text: String, at used: inout Int) -> UnsafeMutableRawPointer {
        if let start = text.utf8.withContiguousStorageIfAvailable({
            keep(UnsafeRawBufferPointer($0), at: &used)
        }) {
            return start
        }
        var copy = text
        return copy.withUTF8 { keep(UnsafeRawBufferPointer($0), at: &used) }
    }

    private func keep(_ bytes: UnsafeRawBufferPointer, at used: inout Int) -> UnsafeMutableRawPointer {
        let start = boundBytes.baseAddress! + used
        if let source = bytes.baseAddress, !bytes.isEmpty {
            start.copyMemory(from: source, byteCount: bytes.count)
        }
        used += bytes.count
        return start
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
