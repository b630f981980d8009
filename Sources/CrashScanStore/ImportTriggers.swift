import CrashScanDatabase

/// SQLite: an import's transaction runs with the connection's triggers off when every trigger of
/// the database is crashscan's own (`BatchTransaction`).
///
/// crashscan's triggers have nothing to do during an import: the stale markers stay silent while
/// it writes (`cache_writer`), and the two that keep a report's failure with it
/// (`report_delete_failure`, `report_id_moves_failure` in migrations/baseline.sql) do what the
/// foreign key's `ON DELETE CASCADE` does on crashscan's connection, which keeps foreign keys on;
/// an import moves no report to another id. But a trigger makes SQLite keep a statement journal
/// for every INSERT on its table (a copy of each page the statement changes, made again for each
/// statement), and without them a parse batch's savepoint copies each page once.
///
/// A trigger someone added to the database (a dashboard's feed, an audit table) keeps all of
/// them on: an import never skips a trigger it does not own. TEMP triggers run either way.
enum ImportTriggers {
    /// The triggers migrations/baseline.sql makes.
    static let baseline: Set<String> = ["report_delete_failure", "report_id_moves_failure"]

    /// Every trigger crashscan makes on SQLite: the baseline's and the caches' stale markers.
    static var own: Set<String> { baseline.union(CacheSchema.staleMarkers(.sqlite).map(\.name)) }

    /// Whether the database's triggers are all crashscan's own.
    static func onlyOwn(_ db: Database) throws -> Bool {
        let names = try db.query("SELECT name FROM sqlite_master WHERE type = 'trigger'").compactMap {
            try $0.string("name")
        }
        return own.isSuperset(of: names)
    }
}
