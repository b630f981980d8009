import CrashScanDatabase

/// The monthly partitions of PostgreSQL's `report` (migrations/postgresql/0001): made before an
/// import loads a month, through a connection of their own that commits at once. Making a
/// partition locks the whole table; done inside the import's transaction it would hold that
/// lock, against every other importer and reader, until the batch commits.
final class PostgresPartitions {
    private let location: String
    private var connection: Database?

    init(location: String) {
        self.location = location
    }

    /// `2015-03-01T00:18:47Z` → `2015-03`.
    static func month(of time: String) -> String { String(time.prefix(7)) }

    /// The partition's name and bounds for `month`; nil for text that is not a month.
    static func partition(_ month: String) -> (name: String, from: String, to: String)? {
        let parts = month.split(separator: "-")
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2, let year = Int(parts[0]),
            let number = Int(parts[1]), (1...12).contains(number)
        else { return nil }
        let next = number == 12 ? (year + 1, 1) : (year, number + 1)
        func bound(_ year: Int, _ month: Int) -> String {
            "\(year)-\(month < 10 ? "0" : "")\(month)-01 00:00:00+00"
        }
        return ("report_y\(year)m\(parts[1])", bound(year, number), bound(next.0, next.1))
    }

    /// `report_y2015m03` → `2015-04-01T00:00:00Z`, where the partition's months end (ISO 8601,
    /// comparable with stored times); nil for any other name.
    static func end(ofPartition name: String) -> String? {
        guard name.hasPrefix("report_y"), name.count == 15, name.dropFirst(12).first == "m" else {
            return nil
        }
        let year = name.dropFirst(8).prefix(4)
        let month = name.dropFirst(13)
        guard let partition = partition("\(year)-\(month)"), partition.name == name else { return nil }
        return partition.to.replacingOccurrences(of: " 00:00:00+00", with: "T00:00:00Z")
    }

    /// Makes the partitions of `months` that do not exist yet. Another importer making the same
    /// one at the same moment is no error. Asked of the server for every batch (one query): a
    /// `prune` between two batches may have dropped a month made before; the batch's
    /// transaction holds the partitions' lock, so none is dropped until it commits.
    ///
    /// `within`: the import's connection, when its transaction has written already (a file stored
    /// in parts spans batches): the side connection would wait for that transaction's hold on
    /// `report` for ever, so the partition is made inside it, holding the table until it commits.
    func ensure(months: Set<String>, within transaction: Database? = nil) throws {
        let wanted = months.compactMap { month in Self.partition(month).map { (month: month, name: $0.name) }
        }
        guard !wanted.isEmpty else { return }
        let db = try transaction ?? open()
        let existing = Set(
            try db.query(
                "SELECT relname AS name FROM pg_class WHERE relname = ANY(?::text[])",
                [.text("{" + wanted.map(\.name).joined(separator: ",") + "}")]
            ).compactMap { try $0.string("name") })
        for (month, name) in wanted.sorted(by: { $0.name < $1.name }) where !existing.contains(name) {
            try create(month, on: db, inTransaction: transaction != nil)
        }
    }

    /// A time that names no month makes no partition: its report then fails to load as a value
    /// the server refuses, which rejects its file alone.
    private func create(_ month: String, on db: Database, inTransaction: Bool) throws {
        guard let partition = Self.partition(month) else { return }
        guard try db.query("SELECT 1 FROM pg_class WHERE relname = ?", [.text(partition.name)]).isEmpty else {
            return
        }
        // Names and bounds are built from digits above: DDL takes no parameters.
        let sql =
            "CREATE TABLE IF NOT EXISTS \(partition.name) PARTITION OF report FOR VALUES FROM ('\(partition.from)') TO ('\(partition.to)')"
        do {
            // In the import's transaction, a failed statement would abort all of it: a savepoint
            // keeps the failure to the statement.
            if inTransaction {
                try db.savepoint("partition") { try db.execute(sql) }
            } else {
                try db.execute(sql)
            }
        } catch let error as DatabaseError {
            // Made by another importer between the check and the statement.
            guard error.sqlState == "42P07" || error.sqlState == "23505" else { throw error }
        }
    }

    private func open() throws -> Database {
        if let connection { return connection }
        let db = try Database(postgresURL: location, name: Store.redactedURL(location))
        connection = db
        return db
    }
}
