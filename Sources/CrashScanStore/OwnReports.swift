import CrashScanDatabase

/// SQLite: what the writer knows of the reports in the database while every one of them is a
/// report it stored in this import (the database held none when the import began, and no other
/// connection has committed since). Then a content hash or an incident key it did not store is
/// in no stored report, and the writer does not ask the database: those two lookups a report were
/// 42.6 M of the writer's 879.4 M instructions importing 3,000 logs (callgrind), 9,200 for each
/// incident key and 4,800 for each hash, on an index that grows with the import.
///
/// It holds the keys' hash values (of the text: content hashes and incident keys are
/// crashscan's own lower-case hex, one text a digest): two different keys may share one, which
/// only sends the writer to the database. What it holds may also be more than the database
/// holds (a savepoint rolled back, a poorer copy of an incident deleted): the writer then asks
/// the database, as before.
struct OwnReports {
    /// `PRAGMA data_version` when the writer last looked: another connection's commit changes it,
    /// the writer's own commits do not. Nil: the database may hold reports the writer did not
    /// store (it held some when the import began, another connection wrote, or it is not SQLite).
    private var dataVersion: Int?
    /// Whether the writer has looked (the first look also asks whether the database holds reports).
    private var looked = false
    private var contentHashes: Set<Int> = []
    private var incidentKeys: Set<Int> = []

    /// At the start of each write transaction of an import (SQLite): whether all stored reports
    /// are still the writer's.
    mutating func look(_ store: Store) throws {
        guard store.db.dialect == .sqlite else { return }
        let version = try store.db.query("PRAGMA data_version").first?.int("data_version")
        if !looked {
            looked = true
            dataVersion = try store.hasReports() ? nil : version
        } else if dataVersion != version {
            dataVersion = nil
        }
        if dataVersion == nil {
            contentHashes = []
            incidentKeys = []
        }
    }

    /// Whether a stored report may have this content hash (false: none has).
    func mayHold(contentHash: String) -> Bool {
        dataVersion == nil || contentHashes.contains(contentHash.hashValue)
    }

    /// Whether a stored report may have this incident key (false: none has).
    func mayHold(incidentKey: String) -> Bool {
        dataVersion == nil || incidentKeys.contains(incidentKey.hashValue)
    }

    /// After the writer stored a report.
    mutating func stored(contentHash: String, incidentKey: String?) {
        guard dataVersion != nil else { return }
        contentHashes.insert(contentHash.hashValue)
        if let incidentKey { incidentKeys.insert(incidentKey.hashValue) }
    }
}
