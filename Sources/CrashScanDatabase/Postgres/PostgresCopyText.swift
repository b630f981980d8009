/// Rows in the text format of PostgreSQL's `COPY … FROM STDIN`: values separated by tabs, rows
/// ended by a newline, NULL as `\N`, and a backslash, tab, newline or carriage return inside a
/// value escaped with a backslash. Bytes (`bytea`) are written as `\\x` and hex digits.
enum PostgresCopyText {
    static func append(_ row: [SQLValue], to text: inout [UInt8], sql: String) throws(DatabaseError) {
        for (index, value) in row.enumerated() {
            if index > 0 { text.append(UInt8(ascii: "\t")) }
            switch value {
            case .null: text += [UInt8(ascii: "\\"), UInt8(ascii: "N")]
            case .integer(let number): text += Array(String(number).utf8)
            case .real(let number): text += Array("\(number)".utf8)
            case .text(let string): try appendEscaped(string, to: &text, sql: sql)
            case .blob(let bytes):
                text += Array("\\\\x".utf8)
                for byte in bytes {
                    text.append(hexDigits[Int(byte >> 4)])
                    text.append(hexDigits[Int(byte & 0xF)])
                }
            }
        }
        text.append(UInt8(ascii: "\n"))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private static func appendEscaped(_ string: String, to text: inout [UInt8], sql: String)
        throws(DatabaseError)
    {
        for byte in string.utf8 {
            switch byte {
            case 0:
                // PostgreSQL's text cannot hold NUL; SQLite's can. Refused rather than cut short.
                throw DatabaseError(
                    sqlState: "22021", message: "a text value holds a NUL character", sql: sql)
            case UInt8(ascii: "\\"): text += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case UInt8(ascii: "\t"): text += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case UInt8(ascii: "\n"): text += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case UInt8(ascii: "\r"): text += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            default: text.append(byte)
            }
        }
    }
}
