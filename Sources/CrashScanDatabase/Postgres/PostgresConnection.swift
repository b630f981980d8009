import CLibPQ
import Foundation

/// One connection to a PostgreSQL server through libpq. Values are always sent as parameters of
/// the statement (`$1`, `$2` …), never spliced into its text; results are read by column name
/// as the same `Row`s the SQLite store reads.
package final class PostgresConnection: Connection {
    private let handle: OpaquePointer
    private var preparedCount = 0

    /// `url` is a libpq connection string or URI (`postgresql://user@host:port/db`); libpq's
    /// environment (`PGPASSWORD`, `PGSSLMODE`, `~/.pgpass` …) fills what it leaves out.
    package init(url: String) throws(DatabaseError) {
        try LibPQ.load()
        guard let connection = LibPQ.connectdb(url) else {
            throw DatabaseError(unreachable: "cannot allocate a PostgreSQL connection")
        }
        guard LibPQ.status(connection) == CONNECTION_OK else {
            // libpq's message names the host and the reason; the URL itself (which may hold a
            // password) is not repeated.
            var message = Self.trimmed(LibPQ.errorMessage(connection))
            LibPQ.finish(connection)
            // Some of libpq's messages quote the part they could not read: never the password.
            if let password = Self.password(in: url), !password.isEmpty {
                message = message.replacingOccurrences(of: password, with: "…")
            }
            throw DatabaseError(unreachable: "cannot connect to PostgreSQL: \(message)")
        }
        handle = connection
        // The server's notices ("relation already exists, skipping") are not the user's business;
        // libpq would print each on standard error.
        _ = LibPQ.setNoticeProcessor(handle, { _, _ in }, nil)
        // Timestamps come back in UTC, in ISO form (`PostgresResult` turns them into the text
        // SQLite stores), whatever the server's or the role's default.
        try execute("SET TimeZone = 'UTC'; SET DateStyle = 'ISO'; SET IntervalStyle = 'iso_8601'")
    }

    deinit {
        LibPQ.finish(handle)
    }

    /// The server's version as a number (150018 for 15.18).
    var serverVersion: Int { Int(LibPQ.serverVersion(handle)) }

    package var dialect: SQLDialect { .postgresql }

    /// True inside a transaction (also one that failed and waits for its ROLLBACK).
    package var inTransaction: Bool { LibPQ.transactionStatus(handle) != PQTRANS_IDLE }

    /// Runs statements without parameters (schema, `BEGIN`, `COMMIT`).
    package func execute(_ sql: String) throws(DatabaseError) {
        let result = LibPQ.exec(handle, sql)
        defer { LibPQ.clear(result) }
        try check(result, sql: sql)
    }

    /// The rows of `sql` with `arguments` bound to `$1`, `$2` …
    package func query(_ sql: String, _ arguments: [SQLValue] = []) throws(DatabaseError) -> [Row] {
        try run(sql, arguments).rows()
    }

    /// Runs `sql` with `arguments` bound to `$1`, `$2` …, unprepared.
    func run(_ sql: String, _ arguments: [SQLValue]) throws(DatabaseError) -> PostgresResult {
        let result = try withParameters(arguments, sql: sql) { count, values, lengths, formats in
            LibPQ.execParams(handle, sql, count, nil, values, lengths, formats, 0)
        }
        return try checked(result, sql: sql)
    }

    package func executeRepeatedly(_ sql: String) throws(DatabaseError) { try execute(sql) }

    package func prepare(_ sql: String) throws(DatabaseError) -> any PreparedStatement {
        try PostgresStatement(server: self, sql: sql)
    }

    /// Nothing to switch: the server keeps its own log.
    package func prepareForWriting() throws(DatabaseError) {}

    /// Prepares `sql` on the server under a new name; returns the name, how many parameters it
    /// takes and the names of its columns.
    func prepareNamed(_ sql: String) throws(DatabaseError) -> (
        name: String, parameters: Int, columns: [String]
    ) {
        preparedCount += 1
        let name = "crashscan_\(preparedCount)"
        let prepared = LibPQ.prepare(handle, name, sql, 0, nil)
        defer { LibPQ.clear(prepared) }
        try check(prepared, sql: sql)
        let description = LibPQ.describePrepared(handle, name)
        defer { LibPQ.clear(description) }
        try check(description, sql: sql)
        let columns = (0..<LibPQ.nfields(description)).map {
            LibPQ.fname(description, $0).map { String(cString: $0) } ?? ""
        }
        return (name, Int(LibPQ.nparams(description)), columns)
    }

    /// Runs the prepared statement `name` (whose text is `sql`, for messages).
    func runPrepared(_ name: String, sql: String, _ arguments: [SQLValue]) throws(DatabaseError)
        -> PostgresResult
    {
        let result = try withParameters(arguments, sql: sql) { count, values, lengths, formats in
            LibPQ.execPrepared(handle, name, count, values, lengths, formats, 0)
        }
        return try checked(result, sql: sql)
    }

    /// Loads `rows` with `COPY … FROM STDIN` (`sql` names the table and columns): one round trip
    /// for thousands of rows, where an INSERT per row took one each. Values travel in COPY's
    /// text format (`PostgresCopyText`).
    package func copy(_ sql: String, rows: [[SQLValue]]) throws(DatabaseError) {
        guard !rows.isEmpty else { return }
        var text: [UInt8] = []
        for row in rows { try PostgresCopyText.append(row, to: &text, sql: sql) }
        let start = LibPQ.exec(handle, sql)
        defer { LibPQ.clear(start) }
        guard LibPQ.resultStatus(start) == PGRES_COPY_IN else {
            try check(start, sql: sql)
            throw DatabaseError(misuse: "the server did not start the COPY", sql: sql, engine: .postgresql)
        }
        var sent = 0
        var failure: String?
        while sent < text.count, failure == nil {
            let chunk = min(1 << 20, text.count - sent)
            let rc = text.withUnsafeBufferPointer { buffer in
                buffer.baseAddress!.advanced(by: sent).withMemoryRebound(to: CChar.self, capacity: chunk) {
                    LibPQ.putCopyData(handle, $0, Int32(chunk))
                }
            }
            if rc != 1 { failure = Self.trimmed(LibPQ.errorMessage(handle)) }
            sent += chunk
        }
        _ = LibPQ.putCopyEnd(handle, failure)
        try drainResults(sql: sql)
    }

    /// Reads the results of the statement just sent; throws the first error among them.
    private func drainResults(sql: String) throws(DatabaseError) {
        var firstError: DatabaseError?
        while let result = LibPQ.getResult(handle) {
            do { try check(result, sql: sql) } catch { firstError = firstError ?? error }
            LibPQ.clear(result)
        }
        if let firstError { throw firstError }
    }

    /// Forgets a prepared statement (its `Statement` is gone). A failed transaction refuses
    /// even this; the statement then lives until the connection closes.
    func deallocate(_ name: String) {
        guard LibPQ.transactionStatus(handle) != PQTRANS_INERROR else { return }
        LibPQ.clear(LibPQ.exec(handle, "DEALLOCATE \(name)"))
    }

    /// Calls `body` with the parameters in libpq's form: text, except bytes (`bytea`), which are
    /// sent in binary form.
    private func withParameters(
        _ arguments: [SQLValue], sql: String,
        _ body: (Int32, [UnsafePointer<CChar>?], [Int32], [Int32]) -> OpaquePointer?
    ) throws(DatabaseError) -> OpaquePointer? {
        var buffers: [UnsafeMutablePointer<CChar>?] = []
        defer { for buffer in buffers { buffer?.deallocate() } }
        var lengths: [Int32] = []
        var formats: [Int32] = []
        for argument in arguments {
            let bytes: [UInt8]?
            switch argument {
            case .null: bytes = nil
            case .integer(let value): bytes = Array(String(value).utf8) + [0]
            case .real(let value): bytes = Array("\(value)".utf8) + [0]
            case .text(let value):
                // PostgreSQL's text cannot hold NUL; SQLite's can. Refused rather than cut short.
                guard !value.utf8.contains(0) else {
                    throw DatabaseError(
                        sqlState: "22021", message: "a text value holds a NUL character", sql: sql)
                }
                bytes = Array(value.utf8) + [0]
            case .blob(let value): bytes = value
            }
            buffers.append(
                bytes.map { bytes in
                    let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: max(bytes.count, 1))
                    for (index, byte) in bytes.enumerated() { buffer[index] = CChar(bitPattern: byte) }
                    return buffer
                })
            // Text parameters end at their NUL (the length is ignored); bytes are binary.
            if case .blob(let value) = argument {
                lengths.append(Int32(value.count))
                formats.append(1)
            } else {
                lengths.append(0)
                formats.append(0)
            }
        }
        return body(Int32(arguments.count), buffers.map { $0.map { UnsafePointer($0) } }, lengths, formats)
    }

    private func checked(_ result: OpaquePointer?, sql: String) throws(DatabaseError) -> PostgresResult {
        do {
            try check(result, sql: sql)
        } catch {
            LibPQ.clear(result)
            throw error
        }
        return PostgresResult(result)
    }

    private func check(_ result: OpaquePointer?, sql: String) throws(DatabaseError) {
        let status = LibPQ.resultStatus(result)
        // An empty query (a migration that is only comments) succeeds.
        guard status != PGRES_COMMAND_OK, status != PGRES_TUPLES_OK, status != PGRES_EMPTY_QUERY else {
            return
        }
        let code = LibPQ.resultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) }
        let message =
            LibPQ.resultErrorField(result, Int32(UInt8(ascii: "M"))).map { String(cString: $0) }
            ?? Self.trimmed(LibPQ.errorMessage(handle))
        throw DatabaseError(sqlState: code, message: message, sql: sql)
    }

    /// The password of a `scheme://user:password@host` URL, or of a `password=` parameter.
    static func password(in url: String) -> String? {
        if let scheme = url.range(of: "://"), let at = url[scheme.upperBound...].firstIndex(of: "@"),
            let colon = url[scheme.upperBound..<at].firstIndex(of: ":")
        {
            return String(url[url.index(after: colon)..<at])
        }
        guard let key = url.range(of: "password=", options: .caseInsensitive) else { return nil }
        let rest = url[key.upperBound...]
        return String(rest.prefix { $0 != "&" && $0 != " " })
    }

    static func trimmed(_ message: UnsafePointer<CChar>?) -> String {
        guard let message else { return "unknown error" }
        return String(cString: message).trimmingCharacters(in: [" ", "\n"])
    }
}
