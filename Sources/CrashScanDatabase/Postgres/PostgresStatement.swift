/// A statement prepared on the PostgreSQL server, run with the values last bound; its rows are
/// read one by one from the result, as SQLite's are stepped.
final class PostgresStatement: PreparedStatement {
    private unowned let server: PostgresConnection
    let sql: String
    private let name: String
    private let parameterCount: Int
    let columnNames: [String]
    private var values: [SQLValue] = []
    private var result: PostgresResult?
    /// The row `step` and `advance` move to next; the current row is the one before it.
    private var nextRow: Int32 = 0
    /// The same INSERT with `RETURNING id`, prepared when first asked for (`insert`).
    private var returningID: PostgresStatement?

    init(server: PostgresConnection, sql: String) throws(DatabaseError) {
        self.server = server
        self.sql = sql
        let prepared = try server.prepareNamed(sql)
        name = prepared.name
        parameterCount = prepared.parameters
        columnNames = prepared.columns
    }

    private var closed = false

    func close() {
        guard !closed else { return }
        closed = true
        server.deallocate(name)
        returningID?.close()
    }

    func bind(_ values: [SQLValue]) throws(DatabaseError) {
        guard values.count == parameterCount else {
            throw DatabaseError(
                misuse: "statement takes \(parameterCount) arguments, got \(values.count)", sql: sql,
                engine: .postgresql)
        }
        self.values = values
        reset()
    }

    func reset() {
        result = nil
        nextRow = 0
    }

    private func rows() throws(DatabaseError) -> PostgresResult {
        if let result { return result }
        let fresh = try server.runPrepared(name, sql: sql, values)
        result = fresh
        return fresh
    }

    func advance() throws(DatabaseError) -> Bool {
        let result = try rows()
        guard nextRow < result.rowCount else { return false }
        nextRow += 1
        return true
    }

    func currentRow() -> Row { result?.row(at: nextRow - 1) ?? Row(columns: columnNames, values: []) }

    /// The current row's value in `column` as text (nil for NULL).
    func string(at column: Int32) -> String? {
        result?.text(row: nextRow - 1, column: column)
    }

    func int(at column: Int32) -> Int? {
        guard case .integer(let value) = result?.value(row: nextRow - 1, column: column) else { return nil }
        return Int(value)
    }

    func readText(at column: Int32, _ body: (UnsafeRawBufferPointer) -> Void) -> Bool {
        guard var text = string(at: column) else { return false }
        text.withUTF8 { body(UnsafeRawBufferPointer($0)) }
        return true
    }

    func runToCompletion() throws(DatabaseError) {
        _ = try server.runPrepared(name, sql: sql, values)
        reset()
    }

    func scalar(_ values: [SQLValue]) throws(DatabaseError) -> SQLValue {
        try bind(values)
        defer { reset() }
        let result = try rows()
        return result.rowCount > 0 && !result.columns.isEmpty ? result.value(row: 0, column: 0) : .null
    }

    /// PostgreSQL has no last-row id: the same INSERT with `RETURNING id` gives it.
    func insert(_ values: [SQLValue]) throws(DatabaseError) -> Int64? {
        if returningID == nil {
            returningID = try PostgresStatement(server: server, sql: sql + " RETURNING id")
        }
        guard case .integer(let id) = try returningID?.scalar(values) else { return nil }
        return id
    }
}
