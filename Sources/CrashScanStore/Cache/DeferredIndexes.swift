import CrashScanDatabase

/// An import into a database that holds no report yet fills the caches without their indexes
/// (beyond each table's key) and makes the indexes once its last file is written: an insert
/// into an index lands at a random place of it, where a new index is one sorted pass. Building a
/// million reports, the additions to `failure_fact` alone took 12.4 s of the writer's time, and
/// 0.09 s of 0.33 s a batch without its five indexes (sqlite3 shell, 12,037 failures added to
/// the million), while an index of all 299,780 failures is made in 0.3–0.5 s. Building the
/// million reports, alternated twice: 103.6 and 106.5 s against 126.1 and 119.2 s (a slow hour
/// of the VM; system time 12.8–13.4 s against 18.8–20.9 s), the same peak memory.
///
/// Meanwhile `cache_state.digest` says so (`loadingDigest`): readers read the raw rows, as they
/// do for caches another crashscan made, and a command that opens the database for writing
/// after an import stopped half-way (killed, the disk full) makes the caches again.
extension CacheUpkeep {
    /// `cache_state.digest` while the indexes are deferred.
    static let loadingDigest = "loading: indexes made when the import ends"

    /// SQLite, inside a write transaction: drops the caches' indexes when the database holds no
    /// report and the caches are current. True when it did.
    func deferIndexes() throws -> Bool {
        guard db.dialect == .sqlite, try db.query("SELECT 1 FROM report LIMIT 1").isEmpty,
            let state = try state(), state.digest == CacheSchema.digest(db.dialect), !state.stale
        else { return false }
        for cache in Caches.all {
            for index in cache.indexes { try db.execute("DROP INDEX IF EXISTS \(cache.indexName(index))") }
        }
        try db.run("UPDATE cache_state SET digest = ?", [.text(Self.loadingDigest)])
        return true
    }

    /// Inside a write transaction: makes the indexes `deferIndexes` dropped, and says the caches
    /// are current again (unless another crashscan made them again meanwhile).
    func makeDeferredIndexes() throws {
        for cache in Caches.all {
            for sql in cache.indexSQL(db.dialect, ifMissing: true) { try db.execute(sql) }
        }
        try db.run(
            "UPDATE cache_state SET digest = ? WHERE digest = ?",
            [.text(CacheSchema.digest(db.dialect)), .text(Self.loadingDigest)])
    }
}

extension Store {
    /// Before an import's first file (`BulkWrites`): defers the caches' indexes to its end when
    /// the database holds no report (`CacheUpkeep.deferIndexes`). True when it did.
    func deferCacheIndexes() throws -> Bool {
        try db.transaction { try CacheUpkeep(db: db).deferIndexes() }
    }

    /// After the import's last file, before anything reads the caches: their indexes.
    func makeDeferredCacheIndexes() throws {
        try db.transaction { try CacheUpkeep(db: db).makeDeferredIndexes() }
    }
}
