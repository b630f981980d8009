import CrashScanDatabase

/// What an import changes for writing many reports, begun before its first file and ended after
/// its last, whether it succeeded or failed: the page cache and checkpoint interval
/// (`tuneForBulkWrites`) and the journals (`placeJournals` before each transaction, back to
/// files at the end).
package struct BulkWrites {
    private let store: Store

    /// Before the first file.
    package init(store: Store) throws {
        self.store = store
        try store.tuneForBulkWrites()
    }

    /// After the last file, before the groups are refreshed.
    package func end() throws {
        try store.endBulkWrites()
    }

    /// After a failure: as much of `end` as can be done; the failure is what the caller reports.
    package func abandon() {
        try? store.endBulkWrites()
    }
}
