import CrashScanDatabase

extension Store {
    /// The writer inserts into seven indexes at random places (content hash, device, …): with
    /// SQLite's default 2 MB page cache, inserts re-read index pages through the kernel, and
    /// checkpoints every 4 MB of WAL wrote the same hot pages again and again. 32 MB of cache and
    /// a checkpoint every 40 MB took 100,000 logs from ~24.8 s to ~21.5 s (sys time 7.6 s to
    /// 4.7 s) for 37 MB more resident memory; the cache now grows with the database
    /// (`bulkCacheKiB`), and checkpoints are rarer still (`bulkCheckpointPages`), both set before
    /// each transaction.
    ///
    /// The page cache of an import, in KiB: a quarter of the database, at least 32 MiB and at
    /// most 256 MiB. The pages written at random places (the digests' indexes, `failure_fact` and
    /// its indexes, the numbered caches) outgrow 32 MiB in a database of a million reports, and
    /// were read again through the kernel: building it, alternated twice, took 125.0 and 133.2 s
    /// against 134.2 and 139.0 s (system time 34–37 s against 49–51 s), peak resident memory
    /// 397 MB against 205 MB. An import into 100,000 reports (116 MB) keeps 32 MiB.
    static func bulkCacheKiB(databaseBytes: Int) -> Int {
        min(256 << 10, max(32 << 10, databaseBytes / 4 / 1024))
    }

    /// The pages of WAL after which an import's commit copies them into the database (256 MiB of
    /// 4 KiB pages). Each checkpoint writes every page changed since the last one and waits for
    /// the disk, and the caches' and indexes' pages change again between two of them: fewer
    /// checkpoints write fewer pages. What is left when the files are written is copied on
    /// another thread while the writer ends the import (`BackgroundCheckpoint`), not by the
    /// writer's last commit or close.
    ///
    /// - Building a million reports with 65,536 pages throughout, alternated twice with 10,000:
    ///   120.6 and 115.7 s against 124.3 and 122.3 s (system time 31–32 s against 35 s).
    /// - 100,000 logs into a new database, alternated ten times with the former bound (half the
    ///   database, at least 10,000 pages, copied by the writer): faster in 9 of 10 rounds, median
    ///   6.29 against 6.69 s in the last six (CPU 11.4 against 11.7 s). Without the background
    ///   copy, the connection's close spent 0.43–0.48 s copying the whole log.
    /// - The cost is disk: the log grows up to this size beside the database. Importing 100,000
    ///   logs into a new database, the file and its log took at most 275 MB together (the log
    ///   166 MB), against 168 MB (58 MB); the database is 109 MB either way.
    static let bulkCheckpointPages = 65_536

    /// How many times its usual number of files an import's transaction holds: 1 below 384 MiB
    /// of database, one more every further 192 MiB, at most 4 (from 768 MiB, about 800,000
    /// reports). Each commit writes every page it changed to the WAL, and in a large database
    /// the pages of the indexes and caches written at random places are nearly all changed
    /// again by the next commit's reports. Building a million reports, alternated twice: 102.6
    /// and 107.2 s against 112.7 and 112.2 s with 16,384 files throughout (system time 26.6–27.0
    /// s against 32.1–33.1 s). 131,072 files throughout took 102.5 s against 103.6 s with
    /// 65,536 (one run each), so the growth stops at 4.
    static func bulkTransactionScale(databaseBytes: Int) -> Int {
        min(4, max(1, databaseBytes / (192 << 20)))
    }

    /// What `tuneForBulkTransaction` chose for one import transaction besides the connection's
    /// settings.
    package struct BulkTransactionShape: Equatable {
        /// How many times its usual number of files the transaction holds (`bulkTransactionScale`).
        package var scale: Int
        /// Whether each parse batch is written in one savepoint (`savepointPerBatch`).
        package var savepointPerBatch: Bool
    }

    /// Whether an import writes each parse batch in one savepoint rather than one a file
    /// (`ReportWriter.writeInOneSavepoint`): while the database is under `batchSavepointLimit`.
    /// Past it a batch's savepoint journals too many pages: a million reports took longer with it
    /// (in four pairs of six with the journals in files; 107.7 s against 100.6 s, one pair, with
    /// them in memory).
    static func savepointPerBatch(databaseBytes: Int) -> Bool { databaseBytes < batchSavepointLimit }

    /// Before each transaction of an import: its page cache (`bulkCacheKiB`) and its checkpoint
    /// interval (`bulkCheckpointPages`), its journals in memory
    /// (`keepJournalsInMemory`); gives how many times its usual number of files the transaction
    /// holds (`bulkTransactionScale`) and whether it writes a batch in one savepoint
    /// (`savepointPerBatch`); on PostgreSQL 1 and no.
    @discardableResult
    package func tuneForBulkTransaction() throws -> BulkTransactionShape {
        guard db.dialect == .sqlite else { return BulkTransactionShape(scale: 1, savepointPerBatch: false) }
        let pages = try db.query("PRAGMA page_count").first?.int("page_count") ?? 0
        let size = try db.query("PRAGMA page_size").first?.int("page_size") ?? 4096
        let bytes = pages * size
        try db.execute("PRAGMA cache_size = -\(Self.bulkCacheKiB(databaseBytes: bytes))")
        try db.execute(
            "PRAGMA wal_autocheckpoint = \(Self.bulkCheckpointPages)")
        try keepJournalsInMemory()
        return BulkTransactionShape(
            scale: Self.bulkTransactionScale(databaseBytes: bytes),
            savepointPerBatch: Self.savepointPerBatch(databaseBytes: bytes))
    }

    /// Each file's savepoint keeps the pages it changes in a sub-journal (about 30 pages, 120 KB),
    /// which SQLite moves to a temporary file past 64 KiB for the rest of the transaction: two
    /// `pwrite` calls a page, the same file written again from its start for every file. Building
    /// the million-report database with the journals in files past 256 MiB, `pwrite` took 28 % of
    /// the writer thread's time (perf); with them in memory throughout, alternated four times,
    /// 97.4, 106.9, 104.2 and 107.6 s against 102.4, 116.9, 109.0 and 109.6 s (system time
    /// 16.5–17.3 s against 31.2–34.4 s; user time about the same or up to 5.6 s more: SQLite's
    /// memory journal allocates and frees a chunk of 1 KiB at a time). What keeps the memory down
    /// (peak 392–419 MB against 370–387 MB) is that a cache addition takes at most
    /// `CacheUpkeep.reportsPerAddition` reports a statement. SQLite's own way to keep small
    /// journals in memory and larger ones in files (`SQLITE_CONFIG_STMTJRNL_SPILL`) fails with
    /// "database or disk is full" in Debian's SQLite 3.40.1 from a threshold of 256 KiB. Changing
    /// `temp_store` drops the connection's temporary tables and triggers: a connection that has
    /// some (a caller's) keeps what it has.
    private func keepJournalsInMemory() throws {
        guard try !hasTemporaryObjects() else { return }
        // `temp_store` reads 2 for MEMORY; every change drops the temporary schema, so only a change.
        guard try db.query("PRAGMA temp_store").first?.int("temp_store") != 2 else { return }
        try db.execute("PRAGMA temp_store = MEMORY")
    }

    /// The database size up to which an import writes each parse batch in one savepoint (about
    /// 200,000 reports).
    static let batchSavepointLimit = 256 << 20

    /// After the files are written: journals and temporary tables go to files again (a regroup's
    /// statement can change most of the database, and its journal would be held in memory whole).
    package func endBulkWrites() throws {
        guard db.dialect == .sqlite, try !hasTemporaryObjects() else { return }
        try db.execute("PRAGMA temp_store = DEFAULT")
    }

    /// Whether the connection has temporary tables, views or triggers (which a change of
    /// `temp_store` drops).
    private func hasTemporaryObjects() throws -> Bool {
        try db.query("SELECT count(*) AS n FROM temp.sqlite_master").first?.int("n") != 0
    }

    /// Brings the blame frame and sample frames of `groups` up to date (`GroupRows`).
    package func refreshDisplay(of groups: Set<Int64>, samples: [Int64: GroupSample]) throws {
        try GroupRows.refreshDisplay(groups, samples: samples, db: db)
    }
}
