import CrashScanDatabase
import CrashScanModel

/// What opening a database for writing found and did to its caches.
public enum CacheOutcome: Equatable, Sendable {
    /// The caches were current.
    case current
    /// They were made (a new or upgraded database, or another crashscan's declarations) and
    /// filled from the rows.
    case made
    /// A hand edit had made them stale: they were filled again from the rows.
    case rebuilt
}

/// Makes the caches, keeps them through crashscan's own writes, and rebuilds them.
struct CacheUpkeep {
    let db: Database

    typealias Outcome = CacheOutcome

    /// The schema version that made `cache_state` (migrations/0024).
    static let firstVersion = 24

    /// The state row: the digest of the declarations the caches were made by, and whether a hand
    /// edit made them stale; nil before they were first made.
    func state() throws -> (digest: String, stale: Bool, drops: [String])? {
        guard let row = try db.query("SELECT digest, stale, drops FROM cache_state WHERE id = 1").first else {
            return nil
        }
        let drops = (try row.string("drops") ?? "").split(separator: "\n").map(String.init)
        return (try row.string("digest") ?? "", try row.bool("stale") ?? true, drops)
    }

    /// Whether a reader may read the caches: made by this crashscan's declarations, and not
    /// stale. Asked inside the reader's snapshot.
    func readable() throws -> Bool {
        // Not `state()`: splitting the drops (a page of SQL) cost 290,000 instructions a call,
        // and the import asks once a batch.
        guard let row = try db.query("SELECT digest, stale FROM cache_state WHERE id = 1").first else {
            return false
        }
        return try row.bool("stale") == false && row.string("digest") == CacheSchema.digest(db.dialect)
    }

    /// Brings the caches up to date (a command that writes, right after opening the database):
    /// made when missing or made by other declarations, rebuilt when stale. Checked again inside
    /// the write transaction, so that two processes opening one database do it once.
    func makeCurrent() throws -> Outcome {
        let digest = CacheSchema.digest(db.dialect)
        if let state = try state(), state.digest == digest, !state.stale { return .current }
        return try db.transaction {
            if db.dialect == .postgresql {
                try db.execute("SELECT pg_advisory_xact_lock(\(SQLDialect.migrationLockKey))")
            }
            let state = try state()
            if let state, state.digest == digest {
                guard state.stale else { return .current }
                try rebuildAllMarkingCurrent()
                return .rebuilt
            }
            for drop in state?.drops ?? [] { try db.execute(drop) }
            let objects = CacheSchema.objects(db.dialect)
            for object in objects { try db.execute(object.createSQL) }
            try rebuildAll()
            try db.run(
                """
                INSERT INTO cache_state (id, digest, stale, drops, built_at) VALUES (1, ?, FALSE, ?, ?)
                ON CONFLICT (id) DO UPDATE SET digest = excluded.digest, stale = excluded.stale,
                    drops = excluded.drops, built_at = excluded.built_at
                """,
                [
                    .text(digest), .text(objects.reversed().map(\.dropSQL).joined(separator: "\n")),
                    .text(Timestamp.now()),
                ])
            return .made
        }
    }

    /// Inside a transaction: every cache made again from the rows (`rebuildAll`), and the
    /// state marked current as of now.
    func rebuildAllMarkingCurrent() throws {
        try rebuildAll()
        try db.run("UPDATE cache_state SET stale = FALSE, built_at = ?", [.text(Timestamp.now())])
    }

    /// Fills every cache again from the rows. SQLite sorts each cache's rows in its page cache,
    /// widened meanwhile to 64 MB (SQLite's 2 MB spilled the sorts of a million reports to disk).
    func rebuildAll() throws {
        var restore: Int?
        if db.dialect == .sqlite {
            restore = try db.query("PRAGMA cache_size").first?.int("cache_size")
            try db.execute("PRAGMA cache_size = -65536")
        }
        defer { if let restore { try? db.execute("PRAGMA cache_size = \(restore)") } }
        for cache in Caches.all {
            for sql in cache.rebuildSQL(db.dialect) { try db.execute(sql) }
        }
    }

    /// Inside a write transaction: from here its changes to the raw rows are crashscan's own,
    /// which keeps the caches itself (they do not mark them stale).
    func beginWriting() throws {
        switch db.dialect {
        case .sqlite: try db.executeCached("INSERT INTO cache_writer (id) VALUES (1) ON CONFLICT DO NOTHING")
        case .postgresql: try db.execute("SELECT set_config('crashscan.cache_writer', 'on', true)")
        }
    }

    /// Before the transaction's COMMIT: changes after this are a hand edit's again.
    func endWriting() throws {
        switch db.dialect {
        case .sqlite: try db.executeCached("DELETE FROM cache_writer")
        // The setting ends with the transaction.
        case .postgresql: break
        }
    }

    /// Adds the reports with these ids, which the transaction inserted, to every cache (with
    /// their failures), in the caches' order (two importers on PostgreSQL lock rows in the same
    /// order); on SQLite, at most `reportsPerStatement` of them a statement (see
    /// `reportsPerAddition`).
    func add(
        reports ids: [Int64], statements: inout [String: Statement],
        reportsPerStatement: Int = reportsPerAddition
    ) throws {
        let size = db.dialect == .sqlite ? max(1, reportsPerStatement) : max(1, ids.count)
        let parts = stride(from: 0, to: ids.count, by: size).map {
            additionValues(ids[$0..<min($0 + size, ids.count)])
        }
        for cache in Caches.all {
            for (values, isRun) in parts {
                let sql = cache.addSQL(db.dialect, inRange: isRun)
                let statement = try statements[sql] ?? db.prepare(sql)
                statements[sql] = statement
                try statement.bind(values)
                try statement.runToCompletion()
            }
        }
    }

    /// SQLite: how many reports one addition statement adds to a cache at most. A statement keeps
    /// a journal of every page it changes (to undo itself if it fails), and an import keeps its
    /// journals in memory (`Store.keepJournalsInMemory`): a commit of 65,536 reports into a
    /// database of a million changed most pages of the caches in one statement each (peak
    /// resident memory building the million-report database 470 MB; 392–419 MB with 4,096
    /// reports a statement, 370–387 MB with the journals in files).
    static let reportsPerAddition = 4_096

    /// The parameters of an addition of the reports `ids`, and whether they are a range.
    private func additionValues(_ ids: ArraySlice<Int64>) -> (values: [SQLValue], isRun: Bool) {
        // An import's reports are usually one run of ids (given in order, none deleted since):
        // SQLite reads them as a range rather than a list, which it parsed and indexed again for
        // each cache (the 13 additions of 16,384 reports to a database of 100,000: 0.40 s
        // against 0.45–0.48 s in the sqlite3 shell, four runs each; the writer's instructions
        // importing 3,000 logs in one transaction 1,240 M against 1,142 M). PostgreSQL, whose
        // transactions hold a batch each, keeps its array.
        if db.dialect == .sqlite, let first = ids.first, let last = ids.last,
            last - first + 1 == Int64(ids.count), zip(ids, ids.dropFirst()).allSatisfy({ $0 + 1 == $1 })
        {
            return ([.integer(first), .integer(last)], true)
        }
        return ([db.dialect.idListValue(ids)], false)
    }

    /// After the transaction changed `columns` of the reports of `groups` (moved them between
    /// these groups, changed their blame frames, deleted some): each cache with a group column
    /// computes those groups again; one without it is rebuilt when it reads a changed column.
    func refresh(groups: Set<Int64>, changing columns: Set<RawColumn>) throws {
        guard !groups.isEmpty else { return }
        let list = db.dialect.idListValue(groups.sorted())
        var rebuilt: Set<String> = []
        for cache in Caches.all {
            let renumbered = !rebuilt.isDisjoint(with: cache.readsNumbersOf)
            if !renumbered, let refresh = cache.refreshSQL(db.dialect) {
                for sql in refresh { try db.run(sql, [list]) }
            } else if renumbered || !cache.rawColumns.isDisjoint(with: columns) {
                for sql in cache.rebuildSQL(db.dialect) { try db.execute(sql) }
                rebuilt.insert(cache.name)
            }
        }
    }
}

extension CacheUpkeep {
    /// Runs `body` in a write transaction whose changes to reports and failures crashscan keeps
    /// in the caches itself (`body` calls `refresh` or `add` before it returns).
    static func transaction<T>(_ db: Database, _ body: (CacheUpkeep) throws -> T) throws -> T {
        try db.transaction {
            let upkeep = CacheUpkeep(db: db)
            try upkeep.beginWriting()
            let value = try body(upkeep)
            try upkeep.endWriting()
            return value
        }
    }

    /// A FROM item for `cache` named after it: the table when the caches are readable, else its
    /// definition over the rows.
    func source(_ cache: CacheTable) throws -> String {
        cache.from(cache.name, current: try readable(), db.dialect)
    }
}
