/// Runs a migration's SQL; for a migration that rebuilds tables (`Migration.rebuiltTables`),
/// the steps of SQLite's procedure that SQL alone cannot take: the tables' indexes and triggers
/// are read before and made again after (DROP TABLE removes them with the table), and the copy's
/// rename runs with `legacy_alter_table` on, because SQLite otherwise checks every view at the
/// rename and refuses while a view names the table the migration dropped.
enum TableRebuild {
    static func run(_ migration: Migration, in db: Database) throws {
        let tables = migration.rebuiltTables
        guard db.dialect == .sqlite, !tables.isEmpty else {
            try db.execute(migration.sql)
            return
        }
        let kept = try tables.flatMap { try dependents(of: $0, in: db) }
        try db.execute("PRAGMA legacy_alter_table = ON")
        defer { try? db.execute("PRAGMA legacy_alter_table = OFF") }
        try db.execute(migration.sql)
        for object in kept where try !exists(object.name, in: db) {
            try db.execute(object.sql)
        }
    }

    /// An index or trigger of a rebuilt table, by its name and the statement that made it.
    struct Dependent {
        var name: String
        var sql: String
    }

    /// The table's indexes and triggers as the schema holds them; indexes first, in the order
    /// they were made. (A UNIQUE or PRIMARY KEY constraint's own index has no statement: the
    /// new table's definition says whether it is kept.)
    static func dependents(of table: String, in db: Database) throws -> [Dependent] {
        try db.query(
            """
            SELECT name, sql FROM sqlite_master
            WHERE tbl_name = ? AND type IN ('index', 'trigger') AND sql IS NOT NULL
            ORDER BY type = 'trigger', rowid
            """, [.text(table)]
        ).map { Dependent(name: try $0.string("name") ?? "", sql: try $0.string("sql") ?? "") }
    }

    private static func exists(_ name: String, in db: Database) throws -> Bool {
        try !db.query("SELECT 1 AS found FROM sqlite_master WHERE name = ?", [.text(name)]).isEmpty
    }
}
