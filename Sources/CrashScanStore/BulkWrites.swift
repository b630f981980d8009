import CrashScanDatabase

/// What an import changes for writing many reports (`tuneForBulkTransaction` before each
/// transaction: the page cache, the checkpoint interval, the journals), ended after its last
/// file whether it succeeded or failed: the journals back to files.
package struct BulkWrites {
    private let store: Store

    /// Before the first file.
    package init(store: Store) {
        self.store = store
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
