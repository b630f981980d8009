import CrashScanModel

/// One migration file: `NNNN_name.sql`.
public struct Migration: Sendable, Equatable {
    public var version: Int
    public var name: String
    public var sql: String

    public init(version: Int, name: String, sql: String) {
        self.version = version
        self.name = name
        self.sql = sql
    }

    /// The first line of a migration that needs foreign keys off while it runs.
    static let foreignKeysOff = "-- crashscan:foreign-keys-off"

    /// A line (among the migration's first comment lines) naming a table the migration rebuilds:
    /// `-- crashscan:rebuilds report`.
    static let rebuildsPrefix = "-- crashscan:rebuilds "

    /// The tables this migration rebuilds (SQLite's procedure for changes ALTER TABLE cannot
    /// make: a copy, the old table dropped, the copy renamed). The migrator restores their
    /// indexes and triggers as they were, which DROP TABLE removes with the table.
    var rebuiltTables: [String] {
        var tables: [String] = []
        for line in sql.split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.hasPrefix("--") else { break }
            guard line.hasPrefix(Self.rebuildsPrefix) else { continue }
            if let table = line.dropFirst(Self.rebuildsPrefix.count).split(separator: " ").first {
                tables.append(String(table))
            }
        }
        return tables
    }

    /// The first line of a baseline: `-- crashscan:baseline-version 24`.
    package static let baselinePrefix = "-- crashscan:baseline-version "

    /// The name a baseline is recorded under in `schema_migrations`.
    package static let baselineName = "baseline"

    /// A baseline: the whole schema at the version its first line names, which makes a new
    /// database at once (the numbered migrations upgrade an older one).
    package static func baseline(sql: String) -> Migration {
        let firstLine = sql.prefix { $0 != "\n" }
        let version =
            firstLine.hasPrefix(baselinePrefix) ? Int(firstLine.dropFirst(baselinePrefix.count)) ?? 0 : 0
        return Migration(version: version, name: baselineName, sql: sql)
    }

    /// `0009_grouping_devices_time.sql` → version 9, name `grouping_devices_time`. A name that does
    /// not parse gets version 0, which the migrator refuses (a file must never be skipped).
    package static func parse(name file: String, sql: String) -> Migration {
        let stem = file.hasSuffix(".sql") ? String(file.dropLast(4)) : file
        guard let underscore = stem.firstIndex(of: "_"), let version = Int(stem[..<underscore]), version > 0,
            file.hasSuffix(".sql")
        else { return Migration(version: 0, name: file, sql: sql) }
        return Migration(version: version, name: String(stem[stem.index(after: underscore)...]), sql: sql)
    }
}

/// Errors opening a database at the wrong schema version.
public enum SchemaError: Error, CustomStringConvertible, Sendable, FailureWithExitStatus {
    case newerDatabase(path: String, version: Int, known: Int)
    /// A command that only reads found a database made by an older crashscan.
    case olderDatabase(path: String, version: Int, known: Int)
    /// A command that only reads found a database without crashscan's schema (a new, empty
    /// PostgreSQL database: nothing was imported into it yet).
    case emptyDatabase(path: String)
    /// The path is a folder.
    case folder(path: String)
    /// The path is a FIFO, a device or a socket (SQLite's open of a FIFO waits for a writer).
    case notAFile(path: String, kind: String)
    /// Tables that are not crashscan's: another application's database.
    case foreignDatabase(path: String, tables: [String])
    case failed(migration: String, underlying: DatabaseError)
    case badName(String)

    public var exitStatus: ExitStatus { .ioError }
    public var userMessage: String { description }

    public var description: String {
        switch self {
        case .newerDatabase(let path, let version, let known):
            return
                "\(path) was written by a newer crashscan (schema version \(version); this crashscan knows up to \(known)). Upgrade crashscan, or use another --db."
        case .olderDatabase(let path, let version, let known):
            return
                "\(path) was written by an older crashscan (schema version \(version); this one needs \(known)); reading never changes it: run 'crashscan upgrade --db \(path)' once"
        case .emptyDatabase(let path):
            return "\(path) holds no crashscan data yet: run 'crashscan import PATH... --db \(path)' first"
        case .folder(let path):
            return "\(path) is a folder, not a database file: pass a file name with --db"
        case .notAFile(let path, let kind):
            return "\(path) is \(kind), not a database file: pass a file name with --db"
        case .foreignDatabase(let path, let tables):
            let names = tables.prefix(5).joined(separator: ", ") + (tables.count > 5 ? ", …" : "")
            return
                "\(path) is not a crashscan database (it has tables \(names) and no crashscan schema); refusing to touch it: pass another --db"
        case .failed(let migration, let underlying):
            return "migration \(migration) failed: \(underlying)"
        case .badName(let name):
            return "migration file '\(name)' is not named NNNN_name.sql: refusing to migrate without it"
        }
    }
}

/// Applies migrations in order, each in its own transaction together with its record in
/// `schema_migrations`, as GRDB's DatabaseMigrator does. A failing migration leaves neither its
/// changes nor its record. A database that has a version this binary does not know is refused.
public enum Migrator {
    package static func currentVersion(_ db: Database) throws(DatabaseError) -> Int {
        var hasLedger = false
        for row in try db.query(db.dialect.tableNamesSQL) where try row.string("name") == "schema_migrations"
        {
            hasLedger = true
        }
        guard hasLedger else { return 0 }
        return try db.query("SELECT max(version) AS v FROM schema_migrations").first?.int("v") ?? 0
    }

    /// Refuses a database that is not crashscan's: one with tables but without crashscan's
    /// `schema_migrations` (its first migration recorded under the name this binary gives it).
    /// Reads only; an empty file (a new database) passes.
    /// A database made from a baseline records it, under its version, as its first migration.
    package static func checkIdentity(
        _ db: Database, migrations: [Migration], baseline: Migration? = nil
    ) throws {
        let tables = try db.query(db.dialect.tableNamesSQL).compactMap { try $0.string("name") }
        guard !tables.isEmpty else { return }
        let firsts = [migrations.min(by: { $0.version < $1.version }), baseline].compactMap { $0 }
        guard tables.contains("schema_migrations"),
            let recorded = try? db.query(
                "SELECT version, name FROM schema_migrations ORDER BY version LIMIT 1"
            )
            .first,
            let version = try? recorded.int("version"), let name = try? recorded.string("name"),
            firsts.contains(where: { $0.version == version && $0.name == name })
                || Self.isEarlierBaseline(version: version, name: name, baseline: baseline)
        else { throw SchemaError.foreignDatabase(path: db.path, tables: tables) }
    }

    /// A database made from an earlier baseline records that baseline's version: it is
    /// crashscan's, and the numbered migrations after that version upgrade it.
    private static func isEarlierBaseline(version: Int, name: String, baseline: Migration?) -> Bool {
        guard let baseline, name == Migration.baselineName else { return false }
        return version > 0 && version <= baseline.version
    }

    /// Refuses a database that is not crashscan's, switches it to WAL, and brings it up to the
    /// last of `migrations`. Returns the versions applied.
    ///
    /// Each migration runs in a `BEGIN IMMEDIATE` transaction that first checks whether it is
    /// still to do: a second process migrating the same new database at once waits for the
    /// first (the busy timeout) and then finds the work done, instead of failing on "table
    /// already exists". `schema_migrations` is created in the first migration's transaction,
    /// so a failed set-up leaves nothing behind.
    ///
    /// A new database (no schema yet) is made from `baseline` when one is given (its version is
    /// recorded), and the migrations after it applied.
    @discardableResult
    package static func migrate(
        _ db: Database, migrations: [Migration], baseline: Migration? = nil
    ) throws -> [Int] {
        if let bad = migrations.first(where: { $0.version < 1 }) { throw SchemaError.badName(bad.name) }
        if let baseline, baseline.version < 1 { throw SchemaError.badName(Migration.baselineName) }
        try checkIdentity(db, migrations: migrations, baseline: baseline)
        // Only a database known to be crashscan's (or a new one) is switched to WAL.
        try db.prepareForWriting()
        let known = migrations.map(\.version).max() ?? 0
        var current = try currentVersion(db)
        if current > known {
            throw SchemaError.newerDatabase(path: db.path, version: current, known: known)
        }
        var done: [Int] = []
        if current == 0, let baseline {
            if try apply(baseline, to: db) { done.append(baseline.version) }
            // Made here or, meanwhile, by another process opening the same new database.
            current = try currentVersion(db)
        }
        for migration in migrations.sorted(by: { $0.version < $1.version }) where migration.version > current
        {
            guard try apply(migration, to: db) else { continue }
            done.append(migration.version)
            // Each migration's pages copied into the file before the next one writes: the log
            // then starts again from its beginning, and holds one migration at a time. Without
            // this, setting up a new database wrote 1 MB of log for its 19 migrations (a
            // database of 300 KB), more than a nearly full disk may have.
            if db.dialect == .sqlite { try db.execute("PRAGMA wal_checkpoint(PASSIVE)") }
        }
        return done
    }

    /// Applies `migration` unless another connection did meanwhile; true when it ran here.
    private static func apply(_ migration: Migration, to db: Database) throws -> Bool {
        // A migration that rebuilds a table asks for foreign keys off around it (SQLite's
        // procedure for schema changes ALTER TABLE cannot make): a DROP TABLE would otherwise
        // run its ON DELETE actions. The pragma is a no-op inside a transaction, so it is set
        // before, and the keys are checked before the commit.
        let keysOff = migration.sql.hasPrefix(Migration.foreignKeysOff)
        if keysOff { try db.execute("PRAGMA foreign_keys = OFF") }
        defer { if keysOff { try? db.execute("PRAGMA foreign_keys = ON") } }
        do {
            return try db.transaction {
                try db.execute(db.dialect.migrationLedgerSQL)
                let applied = try db.query(
                    "SELECT 1 FROM schema_migrations WHERE version = ?", [.int(migration.version)])
                guard applied.isEmpty else { return false }
                try TableRebuild.run(migration, in: db)
                if keysOff, let broken = try db.query("PRAGMA foreign_key_check").first {
                    throw DatabaseError(
                        sqlite: 787,
                        message:
                            "foreign key broken in \((try? broken.string("table")) ?? "?") after the migration"
                    )
                }
                try db.run(
                    "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
                    [.int(migration.version), .text(migration.name), .text(Timestamp.now())])
                if db.dialect == .sqlite { try db.execute("PRAGMA user_version = \(migration.version)") }
                return true
            }
        } catch let error as DatabaseError {
            throw SchemaError.failed(migration: "\(migration.version)_\(migration.name)", underlying: error)
        }
    }
}
