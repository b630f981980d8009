import CLibPQ

/// An error from a PostgreSQL server or from reaching one: SQLSTATE (`42P01` …), the message,
/// the statement.
public struct PostgresError: Error, CustomStringConvertible, Sendable {
    /// The five-character SQLSTATE, nil when the server gave none (a failed connection).
    public let code: String?
    public let message: String
    public let sql: String?

    public var description: String {
        var text = message
        if let code { text += " (SQLSTATE \(code))" }
        if let sql { text += " while running: \(sql.prefix(200))" }
        return text
    }
}

/// One connection to a PostgreSQL server through libpq. Values are always sent as parameters of
/// the statement (`$1`, `$2` …), never spliced into its text; results are read by column name
/// as the same `Row`s the SQLite store reads.
final class PostgresConnection {
    private let handle: OpaquePointer

    /// `url` is a libpq connection string or URI (`postgresql://user@host:port/db`); libpq's
    /// environment (`PGPASSWORD`, `PGSSLMODE`, `~/.pgpass` …) fills what it leaves out.
    init(url: String) throws(PostgresError) {
        guard let connection = PQconnectdb(url) else {
            throw PostgresError(code: nil, message: "cannot allocate a PostgreSQL connection", sql: nil)
        }
        guard PQstatus(connection) == CONNECTION_OK else {
            // libpq's message names the host and the reason; the URL itself (which may hold a
            // password) is not repeated.
            let message = Self.trimmed(PQerrorMessage(connection))
            PQfinish(connection)
            throw PostgresError(code: nil, message: "cannot connect to PostgreSQL: \(message)", sql: nil)
        }
        handle = connection
    }

    deinit {
        PQfinish(handle)
    }

    /// The server's version as a number (150018 for 15.18).
    var serverVersion: Int { Int(PQserverVersion(handle)) }

    /// Runs statements without parameters (schema, `BEGIN`, `COMMIT`).
    func execute(_ sql: String) throws(PostgresError) {
        let result = PQexec(handle, sql)
        defer { PQclear(result) }
        try check(result, sql: sql)
    }

    /// The rows of `sql` with `arguments` bound to `$1`, `$2` …
    func query(_ sql: String, _ arguments: [SQLValue] = []) throws(PostgresError) -> [Row] {
        let result = try run(sql, arguments)
        defer { PQclear(result) }
        let columnCount = PQnfields(result)
        let columns = (0..<columnCount).map { String(cString: PQfname(result, $0)) }
        let types = (0..<columnCount).map { PQftype(result, $0) }
        return (0..<PQntuples(result)).map { row in
            Row(
                columns: columns,
                values: (0..<columnCount).map { column in
                    Self.value(result, row: row, column: column, type: types[Int(column)])
                })
        }
    }

    /// Sends `sql` with its parameters in text form (bytes as `bytea` in binary form).
    private func run(_ sql: String, _ arguments: [SQLValue]) throws(PostgresError) -> OpaquePointer? {
        var buffers: [[UInt8]?] = []
        var lengths: [Int32] = []
        var formats: [Int32] = []
        for argument in arguments {
            switch argument {
            case .null: buffers.append(nil)
            case .integer(let value): buffers.append(Array(String(value).utf8) + [0])
            case .real(let value): buffers.append(Array("\(value)".utf8) + [0])
            case .text(let value):
                // PostgreSQL's text cannot hold NUL; SQLite's can. Refused rather than cut short.
                guard !value.utf8.contains(0) else {
                    throw PostgresError(code: nil, message: "a text value holds a NUL character", sql: sql)
                }
                buffers.append(Array(value.utf8) + [0])
            case .blob(let bytes): buffers.append(bytes)
            }
            // Text parameters end at their NUL (the length is ignored); bytes are binary.
            if case .blob(let bytes) = argument {
                lengths.append(Int32(bytes.count))
                formats.append(1)
            } else {
                lengths.append(0)
                formats.append(0)
            }
        }
        let result = withParameterPointers(buffers) { pointers in
            PQexecParams(handle, sql, Int32(arguments.count), nil, pointers, lengths, formats, 0)
        }
        do {
            try check(result, sql: sql)
        } catch {
            PQclear(result)
            throw error
        }
        return result
    }

    private func withParameterPointers<T>(
        _ values: [[UInt8]?], _ body: ([UnsafePointer<CChar>?]) -> T
    ) -> T {
        // Each buffer lives until `body` returns: copied into memory this function frees.
        let buffers: [UnsafeMutablePointer<CChar>?] = values.map { bytes in
            guard let bytes else { return nil }
            let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: max(bytes.count, 1))
            for (index, byte) in bytes.enumerated() { buffer[index] = CChar(bitPattern: byte) }
            return buffer
        }
        defer { for buffer in buffers { buffer?.deallocate() } }
        return body(buffers.map { $0.map { UnsafePointer($0) } })
    }

    private func check(_ result: OpaquePointer?, sql: String) throws(PostgresError) {
        let status = PQresultStatus(result)
        guard status != PGRES_COMMAND_OK, status != PGRES_TUPLES_OK else { return }
        let code = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) }
        let message =
            PQresultErrorField(result, Int32(UInt8(ascii: "M"))).map { String(cString: $0) }
            ?? Self.trimmed(PQerrorMessage(handle))
        throw PostgresError(code: code, message: message, sql: sql)
    }

    /// A result value as the SQLite side would hold it: integers (and booleans as 0/1) as
    /// integers, floating types as reals, `bytea` as bytes, everything else as text.
    private static func value(_ result: OpaquePointer?, row: Int32, column: Int32, type: Oid) -> SQLValue {
        guard PQgetisnull(result, row, column) == 0, let raw = PQgetvalue(result, row, column) else {
            return .null
        }
        let text = String(cString: raw)
        switch type {
        case 20, 21, 23: return Int64(text).map(SQLValue.integer) ?? .text(text)  // int8, int2, int4
        case 16: return .integer(text == "t" ? 1 : 0)  // bool
        case 700, 701: return Double(text).map(SQLValue.real) ?? .text(text)  // float4, float8
        case 17: return .blob(hexBytes(text))  // bytea, hex output
        default: return .text(text)
        }
    }

    /// `\x0aff` (bytea's hex output) → bytes.
    private static func hexBytes(_ text: String) -> [UInt8] {
        let digits = Array(text.utf8.dropFirst(2))
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        var index = 0
        while index + 1 < digits.count {
            if let high = hexValue(digits[index]), let low = hexValue(digits[index + 1]) {
                bytes.append(high << 4 | low)
            }
            index += 2
        }
        return bytes
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case 48...57: return digit - 48
        case 97...102: return digit - 87
        case 65...70: return digit - 55
        default: return nil
        }
    }

    private static func trimmed(_ message: UnsafePointer<CChar>?) -> String {
        guard let message else { return "unknown error" }
        return String(cString: message).trimmingCharacters(in: [" ", "\n"])
    }
}
