import CSQLite
import CrashScanModel

/// SQL functions that crashscan's migrations need and the SQLite it links (3.40) lacks. They are
/// for migrations only: no view, trigger or index may name one, so that the `sqlite3` shell
/// still reads every database crashscan writes.
enum SQLiteFunctions {
    static func register(on handle: OpaquePointer) {
        sqlite3_create_function_v2(
            handle, "crashscan_unhex", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil, unhex, nil, nil, nil)
    }
}

/// `crashscan_unhex(text)`: the bytes that hexadecimal digits write, as a BLOB (SQLite's own
/// `unhex` came in 3.41). Any other value is given back as it is, so that a migration keeps what
/// it cannot convert (a hash a user wrote by hand).
private func unhex(
    context: OpaquePointer?, count: Int32, arguments: UnsafeMutablePointer<OpaquePointer?>?
) {
    guard let value = arguments?[0] else { return sqlite3_result_null(context) }
    if sqlite3_value_type(value) == SQLITE_TEXT, let text = sqlite3_value_text(value) {
        let digits = UnsafeBufferPointer(start: text, count: Int(sqlite3_value_bytes(value)))
        if let bytes = Hex.bytes(String(decoding: digits, as: UTF8.self)), !bytes.isEmpty {
            bytes.withUnsafeBytes {
                sqlite3_result_blob(context, $0.baseAddress, Int32($0.count), csqlite_transient())
            }
            return
        }
    }
    sqlite3_result_value(context, value)
}
