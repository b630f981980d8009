import CrashScanDatabase

/// Where the store's own SQL differs between SQLite and PostgreSQL (its schema's columns and
/// indexes); the rest is `SQLDialect`'s.
extension SQLDialect {
    /// `column = ?N` for a column of hexadecimal hash digits. SQLite's indexes on the content
    /// and file hashes hold their first 16 digits (migrations/0023): the index finds the few
    /// candidates, then the whole hash is compared, behind a unary plus that keeps SQLite 3.40's
    /// planner on the index (without it, the planner scans the table). PostgreSQL indexes the
    /// whole hash.
    package func hashEquals(_ column: String, parameter: Int) -> String {
        switch self {
        case .sqlite:
            return "substr(\(column), 1, 16) = substr(?\(parameter), 1, 16) AND +\(column) = ?\(parameter)"
        case .postgresql: return "\(column) = ?\(parameter)"
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
