/// What an import changes for writing many reports, begun before its first file and ended after
/// its last, whether it succeeded or failed: the page cache and checkpoint interval
/// (`tuneForBulkWrites`), the journals (`placeJournals` before each transaction, back to files
/// at the end) and the indexes a new database's import leaves out (`DeferredIndexes.swift`).
package struct BulkWrites {
    private let store: Store
    private let deferredIndexes: Bool

    /// Before the first file.
    package init(store: Store) throws {
        self.store = store
        try store.tuneForBulkWrites()
        // Indexes an earlier import left out and could not build (it was killed) are built first;
        // into a new database this import leaves them out until its files are written.
        try store.restoreAbandonedIndexes()
        deferredIndexes = try store.deferIndexesForImport()
    }

    /// After the last file, before the groups are refreshed (which may read the indexes).
    package func end() throws {
        try store.endBulkWrites()
        if deferredIndexes { try store.restoreDeferredIndexes() }
    }

    /// After a failure: as much of `end` as can be done; the failure is what the caller reports.
    package func abandon() {
        try? store.endBulkWrites()
        if deferredIndexes { try? store.restoreDeferredIndexes() }
    }
}
