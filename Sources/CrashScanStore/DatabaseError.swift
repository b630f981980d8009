/// An error from the database: SQLite's extended result code, or PostgreSQL's SQLSTATE, with the
/// message and the SQL that caused it.
public struct DatabaseError: Error, CustomStringConvertible, Sendable {
    /// SQLite's extended result code (`sqlite3_extended_errcode`); for PostgreSQL the nearest
    /// SQLite code (`SQLITE_FULL` for a full disk, `SQLITE_READONLY` for a read-only
    /// transaction, `SQLITE_ERROR` otherwise), so callers test one code whatever the backend.
    public let extendedCode: Int32
    /// Primary result code (`extendedCode & 0xFF`), e.g. `SQLITE_CONSTRAINT`.
    public var code: Int32 { extendedCode & 0xFF }
    /// PostgreSQL's five-character SQLSTATE (`23505`, `40P01` …); nil for SQLite, and for a
    /// PostgreSQL failure that has none (a connection that could not be made).
    public let sqlState: String?
    public let message: String
    public let sql: String?
    /// Which database said it.
    public let engine: SQLDialect

    public init(extendedCode: Int32, message: String, sql: String? = nil) {
        self.extendedCode = extendedCode
        self.message = message
        self.sql = sql
        self.sqlState = nil
        self.engine = .sqlite
    }

    /// A PostgreSQL error: its SQLSTATE, mapped to the SQLite code that means the same where
    /// crashscan acts on it.
    init(sqlState: String?, message: String, sql: String?) {
        switch sqlState {
        case "53100": extendedCode = 13  // disk_full → SQLITE_FULL
        case "25006": extendedCode = 8  // read_only_sql_transaction → SQLITE_READONLY
        case "23505": extendedCode = 2067  // unique_violation → SQLITE_CONSTRAINT_UNIQUE
        default: extendedCode = 1
        }
        self.sqlState = sqlState
        self.message = message
        self.sql = sql
        self.engine = .postgresql
    }

    /// PostgreSQL cancelled the statement to break a deadlock (`40P01`) or because another
    /// transaction changed what it read (`40001`): the same work, tried again, can succeed.
    public var isTransient: Bool { sqlState == "40P01" || sqlState == "40001" }

    /// PostgreSQL refused a value (SQLSTATE class 22: out of range, invalid text for the type).
    public var isDataException: Bool { sqlState?.hasPrefix("22") == true }

    public var description: String {
        var text: String
        switch engine {
        case .sqlite: text = "SQLite error \(extendedCode): \(message)"
        case .postgresql: text = sqlState.map { "PostgreSQL error \($0): \(message)" } ?? message
        }
        if let sql {
            let oneLine = sql.split(whereSeparator: \.isNewline).joined(separator: " ")
            text += " (while running: \(oneLine.prefix(200)))"
        }
        return text
    }
}
