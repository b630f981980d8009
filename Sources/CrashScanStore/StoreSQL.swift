import CrashScanDatabase
import CrashScanModel

/// Where the store's own SQL differs between SQLite and PostgreSQL (its schema's columns and
/// indexes); the rest is `SQLDialect`'s.
extension SQLDialect {
    /// A digest (a content hash, an incident key, a file's fingerprint) as the schema stores it:
    /// SQLite as its bytes, a BLOB half the size of its hexadecimal digits (migrations/0031: the
    /// million-report database 1,113 → 996 bytes a report); PostgreSQL as the digits, which its
    /// `report_hash` and the bulk writer's `ANY(?::text[])` compare.
    package func digest(_ hex: String) -> SQLValue {
        switch self {
        case .sqlite: return Hex.bytes(hex).map(SQLValue.blob) ?? .text(hex)
        case .postgresql: return .text(hex)
        }
    }

    package func digest(_ hex: String?) -> SQLValue { hex.map(digest) ?? .null }

    /// `column = ?N` for a digest column (bound with `digest`). SQLite's indexes on the digests
    /// hold their first 8 bytes (migrations/0023 and 0031): the index finds the few candidates,
    /// then the whole digest is compared, behind a unary plus that keeps SQLite 3.40's planner on
    /// the index (without it, the planner scans the table). PostgreSQL indexes the whole digest.
    package func hashEquals(_ column: String, parameter: Int) -> String {
        switch self {
        case .sqlite:
            return
                "substr(\(column), 1, 8) = substr(?\(parameter), 1, 8) AND \(unindexed(column)) = ?\(parameter)"
        case .postgresql: return "\(column) = ?\(parameter)"
        }
    }

    /// `column` as a term SQLite's planner looks nothing up by (behind a unary plus), so that it
    /// takes another condition's index; PostgreSQL, which chooses by its statistics, has no
    /// unary plus for text.
    package func unindexed(_ column: String) -> String {
        switch self {
        case .sqlite: return "+\(column)"
        case .postgresql: return column
        }
    }

    /// `column` holds an app frame still written as an offset (`0x104a8c000 + 123`).
    package func holdsOffsetFrame(_ column: String) -> String {
        switch self {
        case .sqlite: return "\(column) GLOB '*0x*+ [0-9]*'"
        case .postgresql: return "\(column) ~ '0x.*\\+ [0-9]'"
        }
    }

    /// A report's retention time (its crash time, else upload time, else import time), over
    /// `report`: PostgreSQL keeps it in `retained_at`, the column its partitions are cut by.
    package var retentionTime: String {
        switch self {
        case .sqlite: return "coalesce(occurred_at, uploaded_at, imported_at)"
        case .postgresql: return "retained_at"
        }
    }

}

extension Row {
    /// A digest column as lower-case hexadecimal digits, however it is stored (bytes in SQLite,
    /// digits in PostgreSQL or in a row a user wrote by hand).
    package func digest(_ name: String) throws(DatabaseError) -> String? {
        switch try value(name) {
        case .blob(let bytes): return Hex.string(bytes)
        case let other: return other.textForm
        }
    }
}
