import CrashScanDatabase

/// `crashscan check`: every cache compared with what its definition computes from the rows.
public struct CacheCheck: Sendable {
    /// One cache that differs from the rows.
    public struct Difference: Sendable {
        public var cache: String
        /// Rows kept but not computed, and computed but not kept.
        public var onlyKept: Int
        public var onlyComputed: Int
        /// The first differing rows, as `side: column=value …`.
        public var samples: [String]
    }

    /// The caches compared (every one).
    public var caches: [String] = []
    public var differences: [Difference] = []
    /// A hand edit marked the caches stale (readers read the rows meanwhile).
    public var stale = false
    /// The caches were made by another crashscan's declarations, or never made.
    public var outdated = false
    /// An import into a new database is filling them and makes their indexes when it ends, or it
    /// stopped before (readers read the rows meanwhile; the next command that writes makes the
    /// indexes: `Store.deferIndexes`). Their rows are compared all the same.
    public var loading = false

    public var isClean: Bool { differences.isEmpty && !stale && !outdated && !loading }

    /// How many differing rows are shown per cache.
    static let samplesShown = 5
}

extension Store {
    /// Compares every cache with its definition over the raw rows, in one snapshot.
    public func checkCaches() throws -> CacheCheck {
        try db.readSnapshot {
            var check = CacheCheck()
            (check.stale, check.loading, check.outdated) = try CacheUpkeep(db: db).condition()
            guard !check.outdated else { return check }
            for cache in Caches.all {
                check.caches.append(cache.name)
                let sql = cache.differencesSQL(db.dialect)
                let counts = try db.query(
                    "SELECT side, count(*) AS n FROM (\(sql)) AS d GROUP BY side")
                var onlyKept = 0
                var onlyComputed = 0
                for row in counts {
                    if try row.string("side") == "cache" {
                        onlyKept = try row.int("n") ?? 0
                    } else {
                        onlyComputed = try row.int("n") ?? 0
                    }
                }
                guard onlyKept + onlyComputed > 0 else { continue }
                let samples = try db.query("\(sql) LIMIT \(CacheCheck.samplesShown)").map { row in
                    let side =
                        try row.string("side") == "cache" ? "kept, not in the rows" : "in the rows, not kept"
                    let values = try cache.columnNames.map { "\($0)=\(try row.string($0) ?? "NULL")" }
                    return side + ": " + values.joined(separator: " ")
                }
                check.differences.append(
                    CacheCheck.Difference(
                        cache: cache.name, onlyKept: onlyKept, onlyComputed: onlyComputed, samples: samples))
            }
            return check
        }
    }

    /// Makes the caches again from the rows (and their objects, when another crashscan made
    /// them), clearing the stale mark.
    public func repairCaches() throws {
        let upkeep = CacheUpkeep(db: db)
        guard try upkeep.makeCurrent() == .current else { return }
        try db.transaction {
            if db.dialect == .postgresql {
                try db.execute("SELECT pg_advisory_xact_lock(\(SQLDialect.migrationLockKey))")
            }
            try upkeep.rebuildAllMarkingCurrent()
        }
    }
}
