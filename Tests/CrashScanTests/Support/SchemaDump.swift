import Foundation

@testable import CrashScanDatabase
@testable import CrashScanStore

/// A database's schema as comparable lines, whatever the statements that made it: a database
/// made from the baseline and one upgraded migration by migration must give the same.
enum SchemaDump {
    static func of(_ db: Database) throws -> [String] {
        db.dialect == .sqlite ? try sqlite(db) : try postgresql(db)
    }

    /// Every object's statement as SQLite keeps it, without comments, quotes and the layout of
    /// its white space (a column added by ALTER TABLE reads as one written in the table).
    static func sqlite(_ db: Database) throws -> [String] {
        try db.query(
            "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name"
        ).map { row in
            let sql = try row.string("sql").map(normalized) ?? "-"
            return try [
                row.string("type") ?? "", row.string("name") ?? "", row.string("tbl_name") ?? "", sql,
            ]
            .joined(separator: "|")
        }
    }

    static func normalized(_ sql: String) -> String {
        var text = sql.replacingOccurrences(of: #"--[^\n]*"#, with: "", options: .regularExpression)
        text = text.replacingOccurrences(of: "\"", with: "")
        text = text.replacingOccurrences(of: #"\s+"#, with: " ", options: .regularExpression)
        text = text.replacingOccurrences(of: #"\s*([(),])\s*"#, with: "$1", options: .regularExpression)
        return text.trimmingCharacters(in: .whitespaces)
    }

    /// Columns (in order, dropped ones left out), constraints, indexes, views, triggers,
    /// functions and types of the connection's schema, each as PostgreSQL writes it back; the
    /// monthly partitions of `report` left out.
    static func postgresql(_ db: Database) throws -> [String] {
        let queries = [
            """
            SELECT 'column ' || c.relname || ' ' || row_number() OVER (PARTITION BY c.relname ORDER BY a.attnum) || ' '
                   || a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || ' notnull=' || a.attnotnull
                   || ' generated=' || a.attgenerated::text || ' identity=' || a.attidentity::text
                   || ' default=' || coalesce(pg_get_expr(d.adbin, d.adrelid), '-')
                   || ' collation=' || coalesce(co.collname, '-') AS line
            FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
            JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = current_schema()
            LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
            LEFT JOIN pg_collation co ON co.oid = a.attcollation AND a.attcollation <> 0
              AND co.collname <> 'default'
            WHERE c.relkind IN ('r', 'p', 'v') AND a.attnum > 0 AND NOT a.attisdropped
              AND c.relname !~ '^report_y[0-9]{4}m[0-9]{2}$'
            """,
            """
            SELECT 'constraint ' || c.relname || ' ' || k.conname || ' ' || pg_get_constraintdef(k.oid) AS line
            FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid
            WHERE k.connamespace = current_schema()::regnamespace AND c.relname !~ '^report_y[0-9]{4}m[0-9]{2}$'
            """,
            """
            SELECT 'index ' || indexdef AS line FROM pg_indexes
            WHERE schemaname = current_schema() AND tablename !~ '^report_y[0-9]{4}m[0-9]{2}$'
            """,
            "SELECT 'view ' || viewname || ' ' || definition AS line FROM pg_views WHERE schemaname = current_schema()",
            """
            SELECT 'trigger ' || pg_get_triggerdef(t.oid) AS line FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
            WHERE NOT t.tgisinternal AND c.relnamespace = current_schema()::regnamespace
              AND c.relname !~ '^report_y[0-9]{4}m[0-9]{2}$'
            """,
            """
            SELECT 'function ' || pg_get_functiondef(p.oid) AS line FROM pg_proc p
            WHERE p.pronamespace = current_schema()::regnamespace
            """,
            """
            SELECT 'type ' || t.typname AS line FROM pg_type t
            JOIN pg_class c ON c.oid = t.typrelid AND c.relkind = 'c'
            WHERE t.typnamespace = current_schema()::regnamespace
            """,
        ]
        return try queries.flatMap { sql in try db.query(sql).compactMap { try $0.string("line") } }.sorted()
    }
}
