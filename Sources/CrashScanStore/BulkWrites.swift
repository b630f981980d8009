import CrashScanDatabase

/// What an import changes for writing many reports (`tuneForBulkTransaction` before each
/// transaction: the page cache, the checkpoint interval, the journals; the indexes it does not
/// read deferred in a new database, `Store.deferIndexes`), ended after its last file whether it
/// succeeded or failed: the journals back to files, the indexes made, the log being copied.
package struct BulkWrites {
    private let store: Store
    /// Indexes are made when the import ends (`Store.deferIndexes`).
    private let deferredIndexes: Bool

    /// Before the first file.
    package init(store: Store) throws {
        self.store = store
        deferredIndexes = try store.deferIndexes()
    }

    /// After the last file, before the groups are refreshed (they read the caches). On SQLite,
    /// starts copying the log into the database file meanwhile (`BackgroundCheckpoint`): the
    /// caller waits for it before it returns.
    package func end() throws -> BackgroundCheckpoint? {
        try store.endBulkWrites()
        let checkpoint =
            store.dialect == .sqlite && store.path != ":memory:"
            ? BackgroundCheckpoint(path: store.path) : nil
        do {
            if deferredIndexes {
                try store.makeDeferredIndexes()
                checkpoint?.copy()
            }
        } catch {
            checkpoint?.wait()
            throw error
        }
        return checkpoint
    }

    /// After a failure: as much of `end` as can be done; the failure is what the caller reports.
    /// Indexes that cannot be made now are made by the next command that writes.
    package func abandon() {
        try? store.endBulkWrites()
        if deferredIndexes { try? store.makeDeferredIndexes() }
    }
}
