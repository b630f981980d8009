import CSQLite

/// An error reported by SQLite, with the extended result code and the SQL that caused it.
public struct SQLiteError: Error, CustomStringConvertible, Sendable {
    /// Extended result code (`sqlite3_extended_errcode`).
    public let extendedCode: Int32
    /// Primary result code (`extendedCode & 0xFF`), e.g. `SQLITE_CONSTRAINT`.
    public var code: Int32 { extendedCode & 0xFF }
    public let message: String
    public let sql: String?

    public init(extendedCode: Int32, message: String, sql: String? = nil) {
        self.extendedCode = extendedCode
        self.message = message
        self.sql = sql
    }

    public var description: String {
        var text = "SQLite error \(extendedCode): \(message)"
        if let sql {
            let oneLine = sql.split(whereSeparator: \.isNewline).joined(separator: " ")
            text += " (while running: \(oneLine.prefix(200)))"
        }
        return text
    }
}
