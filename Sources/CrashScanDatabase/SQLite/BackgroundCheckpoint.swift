import Dispatch

/// SQLite: copies the write-ahead log into the database file on another thread, through a
/// connection of its own, while the writer goes on with what is left (a passive checkpoint takes
/// no lock the writer waits for). An import starts one when its files are written
/// (`BulkWrites.end`): its transactions leave the copying to the end (`Store.bulkCheckpointPages`),
/// and the writer's last work (the deferred indexes, the groups' refresh) keeps one core busy
/// while the other is free.
package final class BackgroundCheckpoint: Sendable {
    private let done = DispatchGroup()

    /// Starts copying the log of the SQLite file at `path`. Whatever it cannot copy (an error, a
    /// reader's snapshot) is copied when the last connection closes, as without it.
    package init(path: String) {
        DispatchQueue.global().async(group: done) {
            guard let connection = try? SQLiteConnection(path: path, readOnly: false, existing: true) else {
                return
            }
            try? connection.execute("PRAGMA wal_checkpoint(PASSIVE)")
        }
    }

    /// Waits until the copy is done and its connection closed.
    package func wait() { done.wait() }
}
