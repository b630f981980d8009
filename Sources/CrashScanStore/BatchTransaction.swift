import CrashScanDatabase

/// The write transaction an import keeps open across batches of files: the reports it inserted
/// are added to the caches a few thousand at a time (`CacheUpkeep.add`), between batches on
/// SQLite (`addWhenDue`) and the rest just before each commit, instead of per report.
package final class BatchTransaction {
    private let store: Store
    private let db: Database
    private let writer: ReportWriter
    private let upkeep: CacheUpkeep
    /// The caches' statements, prepared once for the import.
    private var statements: [String: Statement] = [:]
    /// How many times the importer's usual number of files this transaction holds
    /// (`Store.bulkTransactionScale`, taken when it begins).
    package private(set) var scale = 1
    /// SQLite: the connection's triggers are off for this transaction's files (`ImportTriggers`).
    private var triggersOff = false

    /// The reports an addition between batches holds: as many as a statement of the commit's.
    package static let reportsPerAddition = CacheUpkeep.reportsPerAddition

    /// Begins the first transaction.
    package init(store: Store, writer: ReportWriter) throws {
        self.store = store
        self.writer = writer
        db = store.db
        upkeep = CacheUpkeep(db: db)
        try open()
    }

    private func open() throws {
        let shape = try store.tuneForBulkTransaction()
        scale = shape.scale
        writer.savepointPerBatch = shape.savepointPerBatch
        try db.execute(db.dialect.beginWrite)
        try writer.ownReports.look(store)
        // PostgreSQL: importers share the partitions' lock, which `prune` takes alone to drop
        // them: it waits for the batches being written, and they wait for it.
        if db.dialect == .postgresql { try store.lockPartitions(exclusive: false) }
        try upkeep.beginWriting()
        // Until its caches are added (`ImportTriggers`).
        if db.dialect == .sqlite, try ImportTriggers.onlyOwn(db) {
            try db.setSQLiteTriggers(enabled: false)
            triggersOff = true
        }
        writer.uncachedReports.removeAll()
        writer.replacedGroups.removeAll()
    }

    /// Commits what is written so far (its caches included) and begins the next transaction.
    package func commitAndContinue() throws {
        try commit()
        try open()
    }

    /// Rolls back everything since the last commit and begins the next transaction (to write
    /// the same files again after PostgreSQL cancelled one to break a deadlock).
    package func rollbackAndContinue() throws {
        try db.execute("ROLLBACK")
        try open()
    }

    /// SQLite: adds the reports written so far to the caches in whole additions of `size`
    /// reports, between two batches, rather than all at the commit; the rest waits for the next
    /// call or the commit. At the commit the writer spent about 0.3 s on the caches of 16,384
    /// files, while the parsers, about 4,096 files ahead, filled their queue and waited: in a
    /// scheduler trace of an import of 100,000 logs, 0.28 of the 1.0 idle core-seconds before
    /// its end were the parsers waiting while the writer worked alone. Added between batches,
    /// 100,000 logs in twelve ABBA rounds: median 6.13 against 6.45 s (faster in 11 of 12), peak
    /// memory 136 against 127 MB. Never while a file stored in parts is open: its savepoint would
    /// undo the additions with it, and the writer's count of its reports would point past them.
    /// PostgreSQL commits every batch and adds its reports then.
    package func addWhenDue(size: Int = reportsPerAddition) throws {
        let size = max(1, size)
        let due = writer.uncachedReports.count / size * size
        guard db.dialect == .sqlite, due > 0, writer.openFile == nil else { return }
        try upkeep.add(reports: Array(writer.uncachedReports[..<due]), statements: &statements)
        writer.uncachedReports.removeFirst(due)
    }

    /// Commits what is written, its caches included.
    package func commit() throws {
        try addToCaches()
        try db.execute("COMMIT")
    }

    private func addToCaches() throws {
        try triggersOn()
        try upkeep.add(reports: writer.uncachedReports, statements: &statements)
        // A stored report replaced by a richer copy of its incident (rare): its groups' caches
        // are computed again, the others rebuilt where they read a report column.
        try upkeep.refresh(groups: writer.replacedGroups, changing: Caches.allReportColumns)
        writer.uncachedReports.removeAll()
        writer.replacedGroups.removeAll()
        try upkeep.endWriting()
    }

    /// After a failure: keeps every file stored before it (the failing file's savepoint is gone)
    /// with its caches; if they cannot be added, keeps nothing of this transaction.
    package func keepWhatIsWritten() {
        if (try? addToCaches()) == nil || (try? db.execute("COMMIT")) == nil {
            try? db.execute("ROLLBACK")
        }
        try? triggersOn()
    }

    private func triggersOn() throws {
        guard triggersOff else { return }
        try db.setSQLiteTriggers(enabled: true)
        triggersOff = false
    }
}
