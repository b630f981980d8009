import Dispatch

/// SQLite: copies the write-ahead log into the database file on another thread, through a
/// connection of its own, while the writer goes on with what is left (a passive checkpoint takes
/// no lock the writer waits for). An import starts one when its files are written
/// (`BulkWrites.end`): its transactions leave the copying to the end (`Store.bulkCheckpointPages`),
/// and the writer's last work (the deferred indexes, the groups' refresh) keeps one core busy
/// while the other is free.
package final class BackgroundCheckpoint: Sendable {
    private let path: String
    /// One copy after the other: a second passive checkpoint while one runs copies nothing.
    private let queue = DispatchQueue(label: "crashscan.checkpoint")
    private let done = DispatchGroup()

    /// Starts copying the log of the SQLite file at `path`. Whatever it cannot copy (an error, a
    /// reader's snapshot) is copied when the last connection closes, as without it.
    package init(path: String) {
        self.path = path
        copy()
    }

    /// Copies, once the copy before has ended, what the writer has committed since: after the
    /// deferred indexes, their pages while the writer refreshes the groups, which the last
    /// connection's close copied otherwise (17 MB of 100,000 logs' import, then a flush).
    package func copy() {
        let path = path
        queue.async(group: done) {
            guard let connection = try? SQLiteConnection(path: path, readOnly: false, existing: true) else {
                return
            }
            try? connection.execute("PRAGMA wal_checkpoint(PASSIVE)")
        }
    }

    /// Waits until the copies are done and their connections closed.
    package func wait() { done.wait() }
}
