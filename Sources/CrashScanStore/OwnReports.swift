import CrashScanDatabase

/// SQLite: what the writer knows of the reports in the database while every one of them is a
/// report it stored in this import (the database held none when the import began, and no other
/// connection has committed since). Then a content hash or an incident key it has not met is in
/// no stored report, and the writer does not ask the database: those two lookups a report were
/// 42.6 M of the writer's 879.4 M instructions importing 3,000 logs (callgrind), 9,200 for each
/// incident key and 4,800 for each hash, on an index that grows with the import.
///
/// It holds the hash values of the keys the writer has met (of the text: content hashes and
/// incident keys are crashscan's own lower-case hex, one text a digest), whether their reports
/// were stored or found duplicates. Two different keys may share a value, and what it holds may be
/// more than the database holds (a savepoint rolled back, a poorer copy of an incident deleted):
/// either only sends the writer to the database, as before.
struct OwnReports {
    private enum State {
        /// Not looked yet.
        case unknown
        /// Every stored report is the writer's; `PRAGMA data_version` when it last looked
        /// (another connection's commit changes it, the writer's own commits do not).
        case own(dataVersion: Int?)
        /// The database may hold reports the writer did not store (it held some when the import
        /// began, another connection wrote, or it is not SQLite).
        case notOwn
    }

    private var state = State.unknown
    private var contentHashes: Set<Int> = []
    private var incidentKeys: Set<Int> = []

    /// At the start of each write transaction of an import (SQLite): whether all stored reports
    /// are still the writer's.
    mutating func look(_ store: Store) throws {
        guard store.db.dialect == .sqlite else { return }
        let version = try store.db.query("PRAGMA data_version").first?.int("data_version")
        switch state {
        case .unknown: state = try store.hasReports() ? .notOwn : .own(dataVersion: version)
        case .own(let seen) where seen != version: state = .notOwn
        case .own, .notOwn: break
        }
        if case .notOwn = state {
            contentHashes = []
            incidentKeys = []
        }
    }

    /// Whether no stored report has this content hash (false: ask the database); it is met now.
    mutating func isNew(contentHash: String) -> Bool {
        guard case .own = state else { return false }
        return contentHashes.insert(contentHash.hashValue).inserted
    }

    /// Whether no stored report has this incident key (false: ask the database); it is met now.
    mutating func isNew(incidentKey: String) -> Bool {
        guard case .own = state else { return false }
        return incidentKeys.insert(incidentKey.hashValue).inserted
    }
}
