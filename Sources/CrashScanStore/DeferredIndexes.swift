import CrashScanDatabase
import Foundation

/// An import into a new database (no report, no file recorded) writes without the indexes it
/// does not read while it writes, and makes them when it ends: an insert into an index lands at
/// a random place of it, where a new index is one sorted pass. Those are the caches' indexes
/// (beyond each table's key) and `deferrableRawIndexes`.
///
/// The caches' indexes: building a million reports, the additions to `failure_fact` took 12.4 s
/// of the writer's time, and 0.09 s of 0.33 s a batch without its five indexes (sqlite3 shell,
/// 12,037 failures added to the million), while an index of all 299,780 failures is made in
/// 0.3–0.5 s. Building the million reports, alternated four times: 103.6, 106.5, 87.1 and
/// 98.0 s against 126.1, 119.2, 98.9 and 123.4 s (system time 10.6–13.4 s against 16.8–20.9 s),
/// the same peak memory. The raw tables' indexes: 100,000 logs imported into a new database without
/// them took 7.24, 6.52 and 7.34 s against 7.79, 7.06 and 7.99 s (alternated), and making them
/// afterwards 0.15 s; with both, 5.85–6.62 s against 6.44–8.81 s with the caches' alone (four
/// pairs). Making all of them at the end of that import takes about 0.45 s.
///
/// Meanwhile `cache_state.digest` says so (`CacheUpkeep.loadingDigest`): readers read the raw
/// rows, as they do for caches another crashscan made; `meta` keeps the SQL of every index
/// dropped (`deferredIndexesKey`), so that a command that opens the database for writing after
/// an import stopped half-way (killed, the disk full) makes them (the caches' rows are whole:
/// each commit added its reports to them).
extension Store {
    /// The indexes of the raw tables an import does not read while it writes into a new
    /// database: it looks files up by hash only in a database that recorded files before it
    /// began, and reports by content hash and incident key only when it meets one twice
    /// (`OwnReports`), which makes those two first (`makeDeferredLookupIndexes`). Not
    /// `report_source_issue`: a report without a Bugly issue (most) costs it nothing, and making
    /// it reads every report (0.09 s for 100,000). Nor `import_file_run`: an import's files all
    /// have its run, whose id is the largest, so each goes at the index's end (made at the end,
    /// it took 18 ms of the one busy core for 100,000 files).
    ///
    /// The lookup indexes: each report was inserted into both at a random place, and each
    /// batch's savepoint kept a copy of every page of theirs it changed (nearly all of them in a
    /// database of 100,000), against making both at the end (0.15–0.17 s for 100,000 reports).
    /// 100,000 logs, alternated with keeping them: eight rounds, median 5.40 against 5.72 s
    /// (faster in 8 of 8, CPU 9.6 against 10.3 s); ten more in a slower phase of this VM, 5.86
    /// against 6.47 s (faster in 6, less CPU in 8). Under callgrind the writer's instructions
    /// hardly change (20,000 logs: 4,305 M against 4,341 M): the savepoints' copies of pages are
    /// few instructions and many bytes.
    static let deferrableRawIndexes =
        [
            "report_group_seen", "kvc_failure_class_key", "import_file_hash",
        ] + lookupIndexes

    /// The indexes an import looks stored reports up by: content hash and incident key.
    static let lookupIndexes = ["report_content_key", "report_incident"]

    /// The `meta` key whose value holds the deferred indexes' SQL (a JSON object by name).
    static let deferredIndexesKey = "deferred_indexes"

    /// Before an import's first file (`BulkWrites`), SQLite: drops the indexes when the database
    /// is new and its caches current. True when it did.
    func deferIndexes() throws -> Bool {
        guard db.dialect == .sqlite else { return false }
        return try db.transaction {
            guard try !hasReports(), try !hasImportedFiles(), try meta(Self.deferredIndexesKey) == nil,
                try CacheUpkeep(db: db).readable()
            else { return false }
            let names =
                Self.deferrableRawIndexes + Caches.all.flatMap { cache in cache.indexes.map(cache.indexName) }
            var saved: [String: String] = [:]
            for name in names { saved[name] = try storedIndexSQL(named: name) }
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            try setMeta(Self.deferredIndexesKey, String(decoding: try encoder.encode(saved), as: UTF8.self))
            for name in saved.keys.sorted() { try db.execute("DROP INDEX \(name)") }
            try db.run("UPDATE cache_state SET digest = ?", [.text(CacheUpkeep.loadingDigest)])
            return true
        }
    }

    /// Makes the indexes `deferIndexes` dropped, if any are to be made: after an import's last
    /// file, and when a command opens the database for writing (an import stopped before its
    /// end). The caches are then current again, unless another crashscan made them meanwhile.
    func makeDeferredIndexes() throws {
        guard db.dialect == .sqlite, try meta(Self.deferredIndexesKey) != nil else { return }
        try db.transaction {
            guard let statements = try deferredIndexStatements() else { return }
            try makeMissing(statements.keys.sorted(), of: statements)
            try db.run("DELETE FROM meta WHERE key = ?", [.text(Self.deferredIndexesKey)])
            try db.run(
                "UPDATE cache_state SET digest = ? WHERE digest = ?",
                [.text(CacheSchema.digest(db.dialect)), .text(CacheUpkeep.loadingDigest)])
        }
    }
}

extension Store {
    /// Inside the writer's transaction, SQLite: makes the lookup indexes (`lookupIndexes`) that
    /// an import into a new database deferred and has not made yet, before it looks a stored
    /// report up after all (a report met twice, or another importer's reports): without them a
    /// lookup reads every report. The other deferred indexes wait for the import's end.
    package func makeDeferredLookupIndexes() throws {
        guard db.dialect == .sqlite, let statements = try deferredIndexStatements() else { return }
        try makeMissing(Self.lookupIndexes, of: statements)
    }

    /// Makes each of the indexes `names` that `statements` holds the SQL of and the database
    /// does not have.
    fileprivate func makeMissing(_ names: [String], of statements: [String: String]) throws {
        for name in names where try storedIndexSQL(named: name) == nil {
            if let sql = statements[name] { try db.execute(sql) }
        }
    }

    /// The SQL of each index `deferIndexes` dropped, by name; nil when none is deferred.
    fileprivate func deferredIndexStatements() throws -> [String: String]? {
        guard let saved = try meta(Self.deferredIndexesKey) else { return nil }
        return try JSONDecoder().decode([String: String].self, from: Data(saved.utf8))
    }

    /// The SQL that made the index `name`, as SQLite keeps it in `sqlite_master`; nil when there
    /// is no such index. (`CacheTable.indexSQL` is what a declaration makes, not what is stored.)
    fileprivate func storedIndexSQL(named name: String) throws -> String? {
        try db.query("SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?", [.text(name)]).first?
            .string("sql")
    }
}

extension CacheUpkeep {
    /// `cache_state.digest` while an import into a new database has the indexes deferred.
    static let loadingDigest = "loading: indexes made when the import ends"
}
