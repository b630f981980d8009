import CrashScanDatabase
import CrashScanModel

/// The database objects the caches need beyond their tables: the triggers that mark them stale
/// when a raw row they read is changed by anything but crashscan's own writers, and the digest
/// that says which declarations made them.
///
/// crashscan's writers keep the caches themselves (`CacheUpkeep`) and say so for the length of
/// their transaction: SQLite, a row in `cache_writer` (inserted after BEGIN, deleted before
/// COMMIT); PostgreSQL, the transaction's setting `crashscan.cache_writer`. A change made without
/// it (the sqlite3 shell, psql, a dashboard's script) sets `cache_state.stale`; readers then read
/// the raw rows, and the next command that writes rebuilds the caches.
enum CacheSchema {
    /// The raw tables the caches read, and the stored columns of each they read.
    static func readColumns(_ caches: [CacheTable] = Caches.all) -> [(table: String, columns: [String])] {
        let all = caches.reduce(into: Set<RawColumn>()) { $0.formUnion($1.rawColumns) }
        return ["report", "kvc_failure"].map { table in
            (table, all.filter { $0.table == table }.map(\.column).sorted())
        }
    }

    /// A database object the caches need, with how it is made and dropped.
    struct Object: Sendable {
        var name: String
        var createSQL: String
        var dropSQL: String
    }

    /// The triggers (and on PostgreSQL the function they call) that mark the caches stale.
    static func staleMarkers(_ dialect: SQLDialect) -> [Object] {
        let tables = readColumns()
        switch dialect {
        case .sqlite:
            let mark = "BEGIN UPDATE cache_state SET stale = 1 WHERE stale = 0; END"
            let unlessCrashscan = "WHEN NOT EXISTS (SELECT 1 FROM cache_writer)"
            return tables.flatMap { table, columns in
                [
                    ("insert", "INSERT"), ("delete", "DELETE"),
                    ("update", "UPDATE OF " + columns.joined(separator: ", ")),
                ].map { suffix, event in
                    let name = "\(table)_stale_\(suffix)"
                    return Object(
                        name: name,
                        createSQL:
                            "CREATE TRIGGER \(name) AFTER \(event) ON \(table) \(unlessCrashscan) \(mark)",
                        dropSQL: "DROP TRIGGER IF EXISTS \(name)")
                }
            }
        case .postgresql:
            let function = Object(
                name: "cache_mark_stale",
                createSQL: """
                    CREATE FUNCTION cache_mark_stale() RETURNS trigger LANGUAGE plpgsql AS $$
                    BEGIN
                        IF coalesce(current_setting('crashscan.cache_writer', true), '') <> 'on' THEN
                            UPDATE cache_state SET stale = true WHERE NOT stale;
                        END IF;
                        RETURN NULL;
                    END
                    $$
                    """,
                dropSQL: "DROP FUNCTION IF EXISTS cache_mark_stale() CASCADE")
            return [function]
                + tables.map { table, columns in
                    let name = "\(table)_stale"
                    return Object(
                        name: name,
                        createSQL: """
                            CREATE TRIGGER \(name) AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF \
                            \(columns.joined(separator: ", ")) ON \(table) FOR EACH STATEMENT EXECUTE FUNCTION cache_mark_stale()
                            """,
                        dropSQL: "DROP TRIGGER IF EXISTS \(name) ON \(table)")
                }
        }
    }

    /// Every object the caches need, in the order they are made: tables (with their indexes),
    /// then the markers.
    static func objects(_ dialect: SQLDialect) -> [Object] {
        Caches.all.map { cache in
            Object(
                name: cache.name, createSQL: cache.createSQL(dialect).joined(separator: ";\n"),
                dropSQL: "DROP TABLE IF EXISTS \(cache.name)")
        } + staleMarkers(dialect)
    }

    /// What made the caches: every statement that makes, fills and keeps them. A crashscan whose
    /// declarations differ (another version) finds another digest, and makes them again.
    static func digest(_ dialect: SQLDialect) -> String {
        dialect == .sqlite ? sqliteDigest : postgresDigest
    }

    // Computed once: every reader asks for it (hashing the statements took 27 M instructions).
    private static let sqliteDigest = computeDigest(.sqlite)
    private static let postgresDigest = computeDigest(.postgresql)

    private static func computeDigest(_ dialect: SQLDialect) -> String {
        let definitions = Caches.all.map { $0.definitionSQL(dialect) + $0.addSQL(dialect) }
        return SHA256.hex((objects(dialect).map(\.createSQL) + definitions).joined(separator: ";\n"))
    }
}
