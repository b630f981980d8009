/// A value bound to, or read from, a database.
package enum SQLValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    /// Bytes stored as they are (a BLOB).
    case blob([UInt8])

    package static func optional(_ value: String?) -> SQLValue { value.map(SQLValue.text) ?? .null }
    package static func optional(_ value: Int?) -> SQLValue { value.map { .integer(Int64($0)) } ?? .null }
    package static func int(_ value: Int) -> SQLValue { .integer(Int64(value)) }
    package static func bool(_ value: Bool) -> SQLValue { .integer(value ? 1 : 0) }

    /// The integer, when this is one.
    package var integer: Int64? {
        if case .integer(let value) = self { return value }
        return nil
    }

    /// The text, when this is text.
    package var text: String? {
        if case .text(let value) = self { return value }
        return nil
    }

    /// The value as text, as the sqlite3 shell prints it (nil for NULL).
    package var textForm: String? {
        switch self {
        case .null: return nil
        case .integer(let number): return String(number)
        case .real(let number): return String(number)
        case .text(let text): return text
        case .blob(let bytes): return String(decoding: bytes, as: UTF8.self)
        }
    }
}

/// One result row, read by column name. A name the row does not have is an error (a typo in a
/// query or a reader), never a silent NULL.
package struct Row: Sendable {
    package let columns: [String]
    package let values: [SQLValue]

    package init(columns: [String], values: [SQLValue]) {
        self.columns = columns
        self.values = values
    }

    package func value(_ name: String) throws(DatabaseError) -> SQLValue {
        guard let index = columns.firstIndex(of: name) else {
            throw DatabaseError(
                misuse: "no column '\(name)' in the row (it has \(columns.joined(separator: ", ")))")
        }
        return values[index]
    }

    package func string(_ name: String) throws(DatabaseError) -> String? { try value(name).textForm }

    package func int(_ name: String) throws(DatabaseError) -> Int? {
        switch try value(name) {
        case .integer(let value): return Int(value)
        // A REAL beyond Int's range (or NaN) would trap in `Int(_:)`: no integer then.
        case .real(let value): return value.isFinite && abs(value) < 9.2e18 ? Int(value) : nil
        case .text(let text): return Int(text)
        case .null, .blob: return nil
        }
    }

    /// The bytes of a BLOB column (nil for NULL; a text column's UTF-8 bytes).
    package func bytes(_ name: String) throws(DatabaseError) -> [UInt8]? {
        switch try value(name) {
        case .blob(let bytes): return bytes
        case .text(let text): return Array(text.utf8)
        case .null: return nil
        case .integer, .real: throw DatabaseError(misuse: "column '\(name)' holds a number, not a BLOB")
        }
    }

    package func bool(_ name: String) throws(DatabaseError) -> Bool? { try int(name).map { $0 != 0 } }
}
