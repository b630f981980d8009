import CrashScanDatabase

/// The schema crashscan's store is made of, built into the binary (`EmbeddedMigrations`, written
/// by scripts/embed-resources.sh from `migrations/`).
extension Migration {
    /// The SQLite migrations (`migrations/NNNN_name.sql`).
    public static let builtIn: [Migration] = EmbeddedMigrations.files.map {
        parse(name: $0.name, sql: $0.sql)
    }

    /// The PostgreSQL migrations (`migrations/postgresql/`), with the same version numbers.
    public static let builtInPostgreSQL: [Migration] = EmbeddedMigrations.postgresql.map {
        parse(name: $0.name, sql: $0.sql)
    }

    /// The built-in migrations for `dialect`.
    public static func builtIn(for dialect: SQLDialect) -> [Migration] {
        switch dialect {
        case .sqlite: return builtIn
        case .postgresql: return builtInPostgreSQL
        }
    }

    /// The whole schema a new database is made of (`migrations/baseline.sql` or its PostgreSQL
    /// twin).
    public static func baseline(for dialect: SQLDialect) -> Migration {
        baseline(sql: EmbeddedMigrations.baselines[dialect == .sqlite ? 0 : 1].sql)
    }
}
