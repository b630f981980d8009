import CLibPQ

/// The rows of one PostgreSQL statement (a `PGresult`, freed with the object), with each value
/// read as the SQLite side would hold it.
final class PostgresResult {
    private let result: OpaquePointer?
    let rowCount: Int32
    let columns: [String]
    private let types: [Oid]

    init(_ result: OpaquePointer?) {
        self.result = result
        rowCount = LibPQ.ntuples(result)
        let count = LibPQ.nfields(result)
        columns = (0..<count).map { LibPQ.fname(result, $0).map { String(cString: $0) } ?? "" }
        types = (0..<count).map { LibPQ.ftype(result, $0) }
    }

    deinit {
        LibPQ.clear(result)
    }

    func rows() -> [Row] {
        (0..<rowCount).map(row(at:))
    }

    func row(at index: Int32) -> Row {
        Row(columns: columns, values: (0..<Int32(columns.count)).map { value(row: index, column: $0) })
    }

    func isNull(row: Int32, column: Int32) -> Bool { LibPQ.getisnull(result, row, column) != 0 }

    /// The value's text as the server sent it (timestamps rewritten as SQLite stores them).
    func text(row: Int32, column: Int32) -> String? {
        guard !isNull(row: row, column: column), let raw = LibPQ.getvalue(result, row, column) else {
            return nil
        }
        let text = String(cString: raw)
        return types[Int(column)] == Self.timestamptz ? Self.sqliteTimestamp(text) : text
    }

    /// A value as the SQLite side would hold it: integers (and booleans as 0/1) as integers,
    /// floating types as reals, whole `numeric`s (`sum` of integers) as integers, `bytea` as
    /// bytes, timestamps as SQLite's text, everything else as text.
    func value(row: Int32, column: Int32) -> SQLValue {
        guard let text = text(row: row, column: column) else { return .null }
        switch types[Int(column)] {
        case 20, 21, 23: return Int64(text).map(SQLValue.integer) ?? .text(text)  // int8, int2, int4
        case 16: return .integer(text == "t" ? 1 : 0)  // bool
        case 700, 701: return Double(text).map(SQLValue.real) ?? .text(text)  // float4, float8
        case 1700: return Int64(text).map(SQLValue.integer) ?? Double(text).map(SQLValue.real) ?? .text(text)
        case 17: return .blob(Self.hexBytes(text))  // bytea, hex output
        default: return .text(text)
        }
    }

    private static let timestamptz: Oid = 1184

    /// `2015-03-01 00:18:47+00` (the session is in UTC, ISO style) → `2015-03-01T00:18:47Z`,
    /// the form crashscan writes into SQLite, so both databases print the same text. PostgreSQL
    /// drops a fraction's trailing zeros (`10.18`): crashscan writes milliseconds (`10.180`).
    static func sqliteTimestamp(_ text: String) -> String {
        var bytes = Array(text.utf8)
        guard bytes.count >= 19, bytes[10] == UInt8(ascii: " ") else { return text }
        bytes[10] = UInt8(ascii: "T")
        guard bytes.suffix(3) == Array("+00".utf8) else { return String(decoding: bytes, as: UTF8.self) }
        bytes.removeLast(3)
        if bytes.count > 19, bytes[19] == UInt8(ascii: ".") {
            while bytes.count < 23 { bytes.append(UInt8(ascii: "0")) }
        }
        bytes.append(UInt8(ascii: "Z"))
        return String(decoding: bytes, as: UTF8.self)
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
}
