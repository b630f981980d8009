import CrashScanModel

/// An error from the database, as each backend reports it (SQLite's extended result code,
/// PostgreSQL's SQLSTATE), with the message, the SQL that caused it, and what kind of failure it
/// is, which decides how the command ends.
public struct DatabaseError: Error, CustomStringConvertible, Sendable, FailureWithExitStatus {
    /// What went wrong, as crashscan acts on it, whichever backend said it.
    public enum Kind: Sendable, Equatable {
        /// The database (or the transaction) may not be written: a read-only file or folder, a
        /// read-only role.
        case readOnly
        /// The disk (or the database's size limit) is full.
        case diskFull
        /// The server could not be reached, or refused the connection.
        case unreachable
        /// A statement crashscan built wrongly (a missing column, a wrong number of values).
        case misuse
        case other
    }

    public let kind: Kind
    /// SQLite's extended result code (`sqlite3_extended_errcode`); nil for PostgreSQL.
    public let sqliteCode: Int32?
    /// PostgreSQL's five-character SQLSTATE (`23505`, `40P01` …); nil for SQLite, and for a
    /// failure that has none.
    public let sqlState: String?
    public let message: String
    public let sql: String?
    /// Which database said it.
    public let engine: SQLDialect

    /// An SQLite failure, from its extended result code.
    package init(sqlite extendedCode: Int32, message: String, sql: String? = nil) {
        switch extendedCode & 0xFF {
        case 8: kind = .readOnly  // SQLITE_READONLY
        case 13: kind = .diskFull  // SQLITE_FULL
        case 21, 25: kind = .misuse  // SQLITE_MISUSE, SQLITE_RANGE
        default: kind = .other
        }
        sqliteCode = extendedCode
        sqlState = nil
        self.message = message
        self.sql = sql
        engine = .sqlite
    }

    /// A PostgreSQL failure, from its SQLSTATE.
    package init(sqlState: String?, message: String, sql: String?) {
        switch sqlState {
        case "53100": kind = .diskFull  // disk_full
        case "25006": kind = .readOnly  // read_only_sql_transaction
        default: kind = .other
        }
        sqliteCode = nil
        self.sqlState = sqlState
        self.message = message
        self.sql = sql
        engine = .postgresql
    }

    /// The server could not be reached (nothing was read or written).
    package init(unreachable message: String) {
        kind = .unreachable
        sqliteCode = nil
        sqlState = nil
        self.message = message
        sql = nil
        engine = .postgresql
    }

    /// crashscan asked the database for something wrongly (a bug, or a hand-made query).
    package init(misuse message: String, sql: String? = nil, engine: SQLDialect = .sqlite) {
        kind = .misuse
        sqliteCode = nil
        sqlState = nil
        self.message = message
        self.sql = sql
        self.engine = engine
    }

    /// SQLite's primary result code (`SQLITE_CONSTRAINT` …); nil for PostgreSQL.
    public var code: Int32? { sqliteCode.map { $0 & 0xFF } }

    /// PostgreSQL cancelled the statement to break a deadlock (`40P01`) or because another
    /// transaction changed what it read (`40001`): the same work, tried again, can succeed.
    public var isTransient: Bool { sqlState == "40P01" || sqlState == "40001" }

    /// PostgreSQL refused a value (SQLSTATE class 22: out of range, invalid text for the type).
    public var isDataException: Bool { sqlState?.hasPrefix("22") == true }

    public var exitStatus: ExitStatus { kind == .unreachable ? .unavailable : .ioError }

    public var userMessage: String {
        switch kind {
        case .readOnly:
            return "cannot write the database: the file or its folder is read-only (\(message))"
        case .diskFull:
            // The failing file's savepoint (or the transaction) was rolled back; what was stored
            // before it is kept whole, and an import run again stores only what is missing.
            return
                "cannot write the database: the disk is full (\(message)); nothing is half-written (what was stored before is kept whole). Free some space and run the command again: files already stored are recognised"
        case .unreachable: return description
        case .misuse, .other: return "database error: \(description)"
        }
    }

    public var description: String {
        var text: String
        switch (engine, sqliteCode, sqlState) {
        case (.sqlite, let code?, _): text = "SQLite error \(code): \(message)"
        case (.postgresql, _, let state?): text = "PostgreSQL error \(state): \(message)"
        default: text = message
        }
        if let sql {
            let oneLine = sql.split(whereSeparator: \.isNewline).joined(separator: " ")
            text += " (while running: \(oneLine.prefix(200)))"
        }
        return text
    }
}
