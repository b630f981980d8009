import Foundation

/// The indexes a large SQLite import leaves out while it writes (migration 17), and their
/// rebuild. Each report goes into every index of `report` at a random place; while the database
/// is small next to the import, building an index once at the end, from sorted keys, costs far
/// less. 50,000 logs into an empty database, two runs each: 8.13–9.25 s with these six indexes
/// kept, 7.06–7.78 s without them, and 0.37 s to build all six afterwards.
extension Store {
    /// The indexes no step of an import reads: `report`'s filters (OS, app version, device), the
    /// HTML page's latest reports and the failures' class and key. (`report_group_os`, the
    /// content hash and the file hashes are read while importing and stay.)
    static let deferrableIndexes = [
        "report_os", "report_app_version", "report_device_model", "report_device_name", "report_group_seen",
        "kvc_failure_class_key",
    ]

    /// An import into a database of at most this many reports defers the indexes. The number of
    /// files to come is not known (folders are walked as the import goes), so the rule is the
    /// database's size alone: rebuilding an index reads every report, which here costs about as
    /// much as the import's own reports (6 indexes over 1,000 reports: about 7 ms) and
    /// saves a random insert per report and index for every report the import adds.
    static let indexDeferralMaximumReports = 1_000

    /// Before an import: drops the deferrable indexes when the database holds at most
    /// `indexDeferralMaximumReports` reports, and says whether it did. Their definitions are
    /// kept (`deferred_index`) in the same transaction.
    package func deferIndexesForImport() throws -> Bool {
        guard db.dialect == .sqlite else { return false }
        // Counts no further than the limit (a count of a million reports reads them all: 7 ms).
        let reports =
            try db.query(
                "SELECT count(*) AS n FROM (SELECT 1 FROM report LIMIT ?)",
                [.int(Self.indexDeferralMaximumReports + 1)]
            ).first?.int("n") ?? 0
        guard reports <= Self.indexDeferralMaximumReports else { return false }
        let placeholders = Array(repeating: "?", count: Self.deferrableIndexes.count).joined(separator: ", ")
        return try db.transaction {
            let indexes = try db.query(
                "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND name IN (\(placeholders))",
                Self.deferrableIndexes.map(SQLValue.text))
            for index in indexes {
                guard let name = try index.string("name"), let sql = try index.string("sql") else { continue }
                try db.run(
                    "INSERT INTO deferred_index (name, sql, importer) VALUES (?, ?, ?)",
                    [.text(name), .text(sql), .int(Int(getpid()))])
                // The name is one of `deferrableIndexes`, read back from the schema: not a value.
                try db.execute("DROP INDEX \"\(name)\"")
            }
            return !indexes.isEmpty
        }
    }

    /// Builds again the indexes this process deferred (after its import, or when it failed).
    package func restoreDeferredIndexes() throws {
        try restoreIndexes { $0 == getpid() }
    }

    /// Builds again the indexes deferred by importers that are no longer running (killed, or
    /// stopped by a crash): before any import. Those of a running importer are its own to build.
    package func restoreAbandonedIndexes() throws {
        try restoreIndexes { importer in
            // Signal 0 checks that the process exists; EPERM: it does, as another user's.
            kill(importer, 0) != 0 && errno == ESRCH
        }
    }

    private func restoreIndexes(deferredBy importers: (pid_t) -> Bool) throws {
        guard db.dialect == .sqlite else { return }
        let deferred = try db.query("SELECT name, sql, importer FROM deferred_index ORDER BY name").filter {
            try importers(pid_t(truncatingIfNeeded: $0.int("importer") ?? 0))
        }
        guard !deferred.isEmpty else { return }
        // SQLite sorts an index's keys in as much memory as its page cache may hold: with the
        // import's 32 MB the six indexes of a million reports took 87 MB of resident memory and
        // 8.9 s (sqlite3 shell), with the default 2 MB 8.7 MB and 6.6 s.
        let cacheSize = try db.query("PRAGMA cache_size").first?.int("cache_size") ?? Self.sortingCacheSize
        try db.execute("PRAGMA cache_size = \(Self.sortingCacheSize)")
        defer { try? db.execute("PRAGMA cache_size = \(cacheSize)") }
        try db.transaction {
            for index in deferred {
                guard let name = try index.string("name"), let sql = try index.string("sql") else { continue }
                let exists = try db.query(
                    "SELECT 1 AS found FROM sqlite_master WHERE type = 'index' AND name = ?", [.text(name)])
                if exists.isEmpty { try db.execute(sql) }
                try db.run("DELETE FROM deferred_index WHERE name = ?", [.text(name)])
            }
        }
    }

    /// The page cache while the indexes are built: SQLite's default (2,000 KiB).
    static let sortingCacheSize = -2000
}
