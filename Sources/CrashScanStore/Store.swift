import CrashScanClassification
import CrashScanDatabase
import CrashScanModel
import Foundation

/// The crashscan database: opened, migrated, and written through prepared statements.
public final class Store {
    let db: Database
    /// What the store was opened with: the file, or the URL with its password (for another
    /// connection to the same database; messages use `path`).
    package let location: String

    /// What a command does with the database.
    public enum Access: Sendable {
        /// Creates the database if needed and brings its schema up to date.
        case readWrite
        /// Never writes (not even the journal mode or a migration): the schema must be this
        /// crashscan's.
        case readOnly
    }

    /// The schema versions this opening applied (none when the database was current).
    public private(set) var appliedMigrations: [Int] = []

    /// This opening made the schema: the database was new (or empty).
    public private(set) var madeSchema = false

    /// What this opening did to the caches (a command that writes makes them current first).
    public private(set) var cacheOutcome: CacheOutcome = .current

    /// Opens `path`: an SQLite file, or a PostgreSQL server when it is a `postgresql://` or
    /// `postgres://` URL. A database that is not crashscan's is refused before anything is
    /// written; `readWrite` then switches SQLite to WAL and migrates, `readOnly` requires the
    /// current schema. `migrations` default to the built-in ones for the backend.
    public init(path: String, access: Access = .readWrite, migrations: [Migration]? = nil) throws {
        location = path
        if Store.isPostgreSQLURL(path) {
            db = try Database(
                postgresURL: path, name: Store.redactedURL(path), readOnly: access == .readOnly)
        } else {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
                throw SchemaError.folder(path: path)
            }
            if let kind = RegularFile.notRegular(path) { throw SchemaError.notAFile(path: path, kind: kind) }
            db = try Database(path: path, readOnly: access == .readOnly)
        }
        // A new database is made from the baseline, unless a test gives its own migrations.
        let baseline = migrations == nil ? Migration.baseline(for: db.dialect) : nil
        let migrations = migrations ?? Migration.builtIn(for: db.dialect)
        switch access {
        case .readWrite:
            madeSchema = try Migrator.currentVersion(db) == 0
            appliedMigrations = try Migrator.migrate(db, migrations: migrations, baseline: baseline)
            // A test's own migrations may stop before the caches' schema.
            if try Migrator.currentVersion(db) >= CacheUpkeep.firstVersion {
                // Before the caches are checked: a delete marks them stale, and they are rebuilt.
                try deleteFailuresOfFutureReports()
                // An import into this new database stopped before its end (`deferIndexes`).
                try makeDeferredIndexes()
                cacheOutcome = try CacheUpkeep(db: db).makeCurrent()
            }
        case .readOnly:
            try Migrator.checkIdentity(db, migrations: migrations, baseline: baseline)
            let known = migrations.map(\.version).max() ?? 0
            let current = try Migrator.currentVersion(db)
            // `db.path`: a URL's password is never in a message.
            if current > known {
                throw SchemaError.newerDatabase(path: db.path, version: current, known: known)
            }
            if current == 0 { throw SchemaError.emptyDatabase(path: db.path) }
            if current < known {
                throw SchemaError.olderDatabase(path: db.path, version: current, known: known)
            }
        }
    }

    /// Whether `location` names a PostgreSQL server rather than an SQLite file.
    public static func isPostgreSQLURL(_ location: String) -> Bool {
        let lower = location.lowercased()
        return lower.hasPrefix("postgresql://") || lower.hasPrefix("postgres://")
    }

    /// `postgresql://user:secret@host/db` → `postgresql://user:…@host/db`: a password is never
    /// echoed (nor a `password=` parameter).
    public static func redactedURL(_ url: String) -> String {
        guard let scheme = url.range(of: "://") else { return url }
        var rest = String(url[scheme.upperBound...])
        if let at = rest.firstIndex(of: "@"), let colon = rest[..<at].firstIndex(of: ":") {
            rest = String(rest[..<colon]) + ":…" + String(rest[at...])
        }
        if let password = rest.range(of: "password=", options: .caseInsensitive) {
            let end = rest[password.upperBound...].firstIndex(of: "&") ?? rest.endIndex
            rest.replaceSubrange(password.upperBound..<end, with: "…")
        }
        return String(url[..<scheme.upperBound]) + rest
    }

    /// Which database this is.
    public var dialect: SQLDialect { db.dialect }

    /// Copies the write-ahead log into the database file and empties it, so the file alone holds
    /// everything (before it is copied or measured).
    public func checkpoint() throws {
        guard db.dialect == .sqlite else { return }
        try db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }

    /// The schema version the database is at.
    public func schemaVersion() throws -> Int { try Migrator.currentVersion(db) }

    /// The bytes of an SQLite file's free pages (later writes reuse them; VACUUM gives them
    /// back); nil for PostgreSQL.
    public func freeBytes() throws -> Int? {
        guard db.dialect == .sqlite else { return nil }
        let pages = try db.query("PRAGMA freelist_count").first?.int("freelist_count") ?? 0
        let size = try db.query("PRAGMA page_size").first?.int("page_size") ?? 4096
        return pages * size
    }

    /// The database file (`:memory:` for an in-memory database).
    public var path: String { db.path }
}

/// Writes one import run. Holds its prepared statements so bulk import re-binds instead of
/// re-parsing SQL.
package final class ReportWriter {
    let store: Store
    let runID: Int64
    let importedAt: String
    /// The revision of the parser that read this run's files (recorded with each file, so that
    /// a later import skips bytes this parser read before).
    let parserRevision: String
    private let insertReport: Statement
    private let insertGroup: Statement
    private let findGroup: Statement
    private let insertFailure: Statement
    private let insertFile: Statement
    private let reportExists: Statement
    /// PostgreSQL: claims a content hash and gives the new report's id (nil on SQLite).
    private let claimReport: Statement?
    /// Groups that got reports in this run: their recommendations are refreshed at the end.
    package internal(set) var touchedGroups: Set<Int64> = []
    /// Per group, the report of this run with the most frames: a group's sample frames (what
    /// `explain` shows) become the richest stack seen, whichever report came first.
    package internal(set) var richestSamples: [Int64: GroupSample] = [:]
    /// The reports inserted since the transaction began, which its commit adds to the caches
    /// (`BatchTransaction`).
    var uncachedReports: [Int64] = []
    /// Groups whose cached report was replaced by a richer copy of its incident since the
    /// transaction began: the commit computes their caches again.
    var replacedGroups: Set<Int64> = []
    var groupCache: [String: Int64] = [:]
    /// SQLite, in an import: the keys the writer has met while every stored report is its own.
    var ownReports = OwnReports()
    /// The indexes a stored report is looked up by are there (`readyLookupIndexes`); false
    /// again after a rollback, which may have taken them away.
    private var lookupIndexesReady = false
    /// SQLite: a parse batch is written in one savepoint rather than one a file
    /// (`writeInOneSavepoint`), as the transaction's `Store.BulkTransactionShape` says.
    var savepointPerBatch = false
    /// PostgreSQL's monthly partitions of `report`, made before a batch loads into them.
    lazy var partitions = PostgresPartitions(location: store.location)
    /// The file whose parts are being stored (`writePart`), between its first part and its last.
    var openFile: OpenFile?

    /// What the writer remembers of the files written since the last commit.
    package struct Memory {
        fileprivate var touchedGroups: Set<Int64>
        fileprivate var richestSamples: [Int64: GroupSample]
        fileprivate var uncachedCount: Int
        fileprivate var replacedGroups: Set<Int64>
    }

    /// The writer's memory now (right after a commit, or before a batch's savepoint), to go back
    /// to with `forget(since:)`.
    package var memory: Memory {
        Memory(
            touchedGroups: touchedGroups, richestSamples: richestSamples,
            uncachedCount: uncachedReports.count, replacedGroups: replacedGroups)
    }

    /// After a rollback to where `memory` was taken: forgets the groups, samples and reports of
    /// the rolled-back files (the groups they made are gone too).
    package func forget(since memory: Memory) {
        touchedGroups = memory.touchedGroups
        richestSamples = memory.richestSamples
        groupCache.removeAll()
        uncachedReports.removeSubrange(min(memory.uncachedCount, uncachedReports.count)...)
        replacedGroups = memory.replacedGroups
        openFile = nil
        lookupIndexesReady = false
    }

    package init(store: Store, arguments: String, version: String, parserRevision: String) throws {
        self.store = store
        self.parserRevision = parserRevision
        let db = store.db
        importedAt = Timestamp.now()
        guard
            let run = try db.insert(
                "INSERT INTO import_run (started_at, crashscan_version, arguments) VALUES (?, ?, ?)",
                [.text(importedAt), .text(version), .text(arguments)])
        else { throw DatabaseError(misuse: "import run insert returned no id") }
        runID = run
        // Built from the names `AnalyzedReport.storedFields` gives its values, and bound in that
        // order: a column added or moved there cannot land in another column here.
        let columns = ["import_file_id"] + AnalyzedReport.storedColumnNames
        let placeholders = { (count: Int) in Array(repeating: "?", count: count).joined(separator: ", ") }
        switch db.dialect {
        case .sqlite:
            // The hash is looked up before each insert (`storedReportSQL`), in the write
            // transaction that inserts it: nothing else writes in between, so no UNIQUE
            // constraint is needed (migrations/0023 dropped it for a 16-digit index).
            insertReport = try db.prepare(
                "INSERT INTO report (" + columns.joined(separator: ", ") + ") VALUES ("
                    + placeholders(columns.count) + ")")
            claimReport = nil
            reportExists = try db.prepare(Self.storedReportSQL)
        case .postgresql:
            // The content hash is claimed first in report_hash (migrations/postgresql/0001), which
            // gives the id; the report then goes into its month's partition.
            let all = ["id"] + columns + ["retained_at"]
            insertReport = try db.prepare(
                "INSERT INTO report (" + all.joined(separator: ", ") + ") VALUES (" + placeholders(all.count)
                    + ")")
            claimReport = try db.prepare(
                """
                INSERT INTO report_hash (content_hash, report_id)
                VALUES (?, nextval(pg_get_serial_sequence('report', 'id')))
                ON CONFLICT DO NOTHING RETURNING report_id
                """)
            reportExists = try db.prepare("SELECT 1 FROM report_hash WHERE content_hash = ?")
        }
        insertGroup = try db.prepare(
            """
            INSERT INTO crash_group (
                fingerprint, exception_type, reason, kind, accessor, receiver_class, key, key_is_private, cause,
                blame_frame, created_at, sample_frames, sample_report_path, blame_key, class_origin
            ) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (fingerprint) DO NOTHING
            """)
        findGroup = try db.prepare("SELECT id FROM crash_group WHERE fingerprint = ?")
        insertFailure = try db.prepare(
            "INSERT INTO kvc_failure (" + Self.failureColumns.joined(separator: ", ") + ") VALUES ("
                + Array(repeating: "?", count: Self.failureColumns.count).joined(separator: ", ") + ")")
        insertFile = try db.prepare(
            "INSERT INTO import_file (" + Self.fileColumns.joined(separator: ", ") + ") VALUES ("
                + Array(repeating: "?", count: Self.fileColumns.count).joined(separator: ", ") + ")")
    }

    /// Whether a report with the content hash `?1` is stored (SQLite; PostgreSQL looks in
    /// `report_hash`).
    static let storedReportSQL =
        "SELECT 1 FROM report WHERE " + SQLDialect.sqlite.hashEquals("content_hash", parameter: 1)

    /// What happened to one file.
    package struct FileOutcome {
        package var imported = 0
        package var duplicates = 0
        package var kvcFailures = 0
        /// Why the database refused the file's reports (it was recorded as rejected with it).
        package var refused: String?
        /// Reports of the file that were one incident with a report of another file.
        package var sameIncident: [SameIncident] = []
        /// Rows of usage, and issues' counts, the file gave.
        package var usageRows = 0
        package var issueCounts = 0
    }

    /// Two copies of one incident: the one kept and the one dropped, by path.
    package struct SameIncident: Equatable, Sendable {
        package var kept: String
        package var dropped: String
    }

    /// Stores one file's reports inside a savepoint: they land together or not at all.
    /// `ownSavepoint` false: the caller's savepoint holds the file (`writeBatch`).
    package func write(
        path: String, bytes: Int?, reports: [AnalyzedReport], fingerprint: FileFingerprint? = nil,
        ownSavepoint: Bool = true
    )
        throws -> FileOutcome
    {
        var groups: Set<Int64> = []
        let uncachedBefore = uncachedReports.count
        do {
            let write = {
                try self.writeFile(
                    path: path, bytes: bytes, reports: reports, fingerprint: fingerprint, groups: &groups)
            }
            let outcome = ownSavepoint ? try store.db.savepoint("file", write) : try write()
            touchedGroups.formUnion(groups)
            return outcome
        } catch {
            forgetRolledBackFile(uncachedBefore: uncachedBefore, groups: groups)
            throw error
        }
    }

    /// After a file's savepoint was rolled back: what the writer remembered of the file goes too.
    func forgetRolledBackFile(uncachedBefore: Int, groups: Set<Int64>) {
        // Its reports are not stored: nothing of them goes to the caches, nor are they samples.
        uncachedReports.removeSubrange(min(uncachedBefore, uncachedReports.count)...)
        for group in groups { richestSamples[group] = nil }
        // Group ids created inside the rolled-back savepoint no longer exist.
        groupCache.removeAll()
        lookupIndexesReady = false
    }

    private func writeFile(
        path: String, bytes: Int?, reports: [AnalyzedReport], fingerprint: FileFingerprint?,
        groups: inout Set<Int64>
    ) throws -> FileOutcome {
        var outcome = FileOutcome()
        var seen: Set<String> = []
        let fresh = try freshReports(reports, path: path, seen: &seen, outcome: &outcome)
        let fileID = try insertFileRow(
            parsedFileRow(
                path: path, bytes: bytes, reports: reports, fresh: fresh.count,
                duplicates: outcome.duplicates,
                fingerprint: fingerprint))
        try insert(fresh, fileID: fileID, path: path, outcome: &outcome, groups: &groups)
        outcome.issueCounts = try storeIssueHeaders(of: reports, path: path)
        return outcome
    }

    /// The reports to store, in order: those neither stored already nor `seen` earlier in the
    /// file (added to it), nor a copy of a stored incident that stays; the others counted in
    /// `outcome` as duplicates.
    func freshReports(
        _ reports: [AnalyzedReport], path: String, seen: inout Set<String>, outcome: inout FileOutcome
    ) throws -> [AnalyzedReport] {
        var fresh: [Int] = []
        // The file's own repeats, by hash: a file can hold tens of thousands of reports (a
        // console paste, a concatenated export), and a search of `fresh` made its import
        // quadratic (60 MB of 52,494 reports in 17 s, 95 % of it this search).
        // By index: a loop over the reports copies each one.
        for index in reports.indices {
            let hash = reports[index].contentHash
            if !ownReports.isNew(contentHash: hash), try isStored(contentHash: hash) {
                outcome.duplicates += 1
            } else if seen.contains(hash) {
                outcome.duplicates += 1
            } else if let key = reports[index].incidentKey, !ownReports.isNew(incidentKey: key),
                try keepsStoredCopy(
                    key: key, richness: reports[index].incidentRichness(path: path), path: path,
                    outcome: &outcome)
            {
                outcome.duplicates += 1
            } else {
                fresh.append(index)
                seen.insert(hash)
            }
        }
        // Usually every report is new: the array itself, not a copy of each report (a copy
        // retains each of its strings and arrays; copying reports took about 5 % of the writer
        // thread's samples importing 100,000 logs, 2 % after this and the loop by index).
        return fresh.count == reports.count ? reports : fresh.map { reports[$0] }
    }

    /// Whether a stored report has the content hash `hash`.
    private func isStored(contentHash hash: String) throws -> Bool {
        try readyLookupIndexes()
        if case .integer = try reportExists.scalar([store.db.dialect.digest(hash)]) { return true }
        return false
    }

    /// Before the writer looks a stored report up: the indexes it reads are made if an import
    /// into a new database deferred them (`Store.makeDeferredLookupIndexes`).
    private func readyLookupIndexes() throws {
        guard !lookupIndexesReady else { return }
        try store.makeDeferredLookupIndexes()
        lookupIndexesReady = true
    }

    /// Inserts an `import_file` row; its id.
    func insertFileRow(_ row: [SQLValue]) throws -> SQLValue {
        guard let id = try insertFile.insert(row) else {
            throw DatabaseError(misuse: "import file insert returned no id")
        }
        return .integer(id)
    }

    /// Stores `fresh` reports of the file `fileID` (and their KVC failures), counted in `outcome`;
    /// the groups they went to added to `groups`.
    func insert(
        _ fresh: [AnalyzedReport], fileID: SQLValue, path: String, outcome: inout FileOutcome,
        groups: inout Set<Int64>
    ) throws {
        // Through the array's buffer: `for report in fresh` copied each report (a retain of each
        // of its strings and arrays, and a release after), and so did each `fresh[index]` given
        // to a function; an element of an unsafe buffer is lent to them as it is. Importing
        // 3,000 logs under callgrind, the copies were 7.3 M of the writer's 796.7 M instructions.
        try fresh.withUnsafeBufferPointer { reports in
            for report in reports.indices {
                try insertFresh(
                    reports[report], fileID: fileID, path: path, outcome: &outcome, groups: &groups)
            }
        }
    }

    /// Stores one fresh report of the file `fileID` and its KVC failure.
    private func insertFresh(
        _ report: borrowing AnalyzedReport, fileID: SQLValue, path: String, outcome: inout FileOutcome,
        groups: inout Set<Int64>
    ) throws {
        let groupID = try group(for: report, path: path)
        guard let id = try insertReport(report, fileID: fileID, path: path, groupID: groupID) else {
            // Another report with the same content landed in between: count it, store nothing.
            outcome.duplicates += 1
            return
        }
        groups.insert(groupID)
        uncachedReports.append(id)
        outcome.imported += 1
        noteSample(of: report, group: groupID, path: path)
        if let row = Self.failureRow(report, id: id) {
            outcome.kvcFailures += 1
            try insertFailure.bind(row)
            try insertFailure.runToCompletion()
        }
    }

    /// Whether a stored copy of incident `key` stays (as rich as `richness` or richer: the report
    /// is then a duplicate); a poorer stored copy is deleted for it, and either way the file's
    /// outcome says which file holds the other copy. The richness is worked out only when a copy
    /// is stored (passing the report copied every report of every file).
    private func keepsStoredCopy(
        key: String, richness: @autoclosure () -> (symbols: Int, fields: Int), path: String,
        outcome: inout FileOutcome
    ) throws -> Bool {
        try readyLookupIndexes()
        guard let stored = try StoredIncident.find(key, db: store.db) else { return false }
        if !IncidentCopies.isRicher(richness(), than: stored.richness) {
            outcome.sameIncident.append(SameIncident(kept: stored.path, dropped: path))
            return true
        }
        try store.db.run("DELETE FROM report WHERE id = ?", [.integer(stored.id)])
        if let index = uncachedReports.firstIndex(of: stored.id) {
            uncachedReports.remove(at: index)  // never cached: nothing to take out of the caches
        } else {
            replacedGroups.insert(stored.group)
        }
        if try GroupRows.removeIfEmpty(stored.group, db: store.db) {
            // The copy was its group's only report: the group went with it.
            groupCache = groupCache.filter { $0.value != stored.group }
            touchedGroups.remove(stored.group)
            richestSamples[stored.group] = nil
        } else {
            touchedGroups.insert(stored.group)
        }
        outcome.sameIncident.append(SameIncident(kept: path, dropped: stored.path))
        return false
    }

    /// Inserts one report: its id, or nil when a report with its content is stored already.
    private func insertReport(_ report: AnalyzedReport, fileID: SQLValue, path: String, groupID: Int64) throws
        -> Int64?
    {
        let row = values(report, fileID: fileID, path: path, groupID: groupID)
        guard let claimReport else { return try insertReport.insert(row) }
        guard let id = try claimReport.scalar([store.db.dialect.digest(report.contentHash)]).integer else {
            return nil
        }
        try insertReport.bind([.integer(id)] + row + [.text(retainedAt(report))])
        try insertReport.runToCompletion()
        return id
    }

    /// When a report was seen, for retention and partitions: its crash time, else its upload
    /// time, else this import's time (ISO 8601 UTC).
    func retainedAt(_ report: AnalyzedReport) -> String {
        report.occurredAt ?? report.uploadedAt ?? importedAt
    }

    /// Records a file that yielded nothing, with the reason: `rejected` or `skipped`.
    package func reject(path: String, bytes: Int?, rejection: Rejection) throws {
        _ = try insertFile.insert(rejectedFileRow(path: path, bytes: bytes, rejection: rejection))
    }

    /// Records a file whose bytes this parser stored before: all its reports are duplicates.
    package func recordStoredBefore(path: String, fingerprint: FileFingerprint, reports: Int) throws
        -> FileOutcome
    {
        _ = try insertFile.insert(storedBeforeFileRow(path: path, fingerprint: fingerprint, reports: reports))
        return FileOutcome(imported: 0, duplicates: reports, kvcFailures: 0)
    }

    /// The columns of an `import_file` row, in the order of the row builders below.
    static let fileColumns = [
        "run_id", "path", "outcome", "reason", "source_format", "reports_imported", "duplicates", "bytes",
        "file_hash", "parser_revision", "usage_rows", "issue_counts",
    ]

    /// The `import_file` row of a parsed file of which `fresh` reports are stored.
    func parsedFileRow(
        path: String, bytes: Int?, reports: [AnalyzedReport], fresh: Int, duplicates: Int,
        fingerprint: FileFingerprint?
    ) -> [SQLValue] {
        let fileOutcome: ImportFileOutcome = fresh == 0 ? .duplicate : .imported
        // The first report's fields read in place (`reports.first` copied the whole report).
        let repairNote = reports.isEmpty ? nil : reports[0].report.textRepairNote
        let format = reports.isEmpty ? nil : reports[0].report.format.rawValue
        let issueCounts = reports.count { $0.report.carriesIssueCounts }
        return [
            .int(Int(runID)), .text(path), .text(fileOutcome.rawValue), .optional(repairNote),
            .optional(format), .int(fresh), .int(duplicates), .optional(bytes),
            store.db.dialect.digest(fingerprint?.hex), .text(parserRevision), .int(0), .int(issueCounts),
        ]
    }

    func rejectedFileRow(path: String, bytes: Int?, rejection: Rejection) -> [SQLValue] {
        [
            .int(Int(runID)), .text(path), .text(ImportFileOutcome(rejection.disposition).rawValue),
            .text(rejection.reason), .null, .int(0), .int(0), .optional(bytes), .null, .null, .int(0),
            .int(0),
        ]
    }

    func storedBeforeFileRow(path: String, fingerprint: FileFingerprint, reports: Int) -> [SQLValue] {
        [
            .int(Int(runID)), .text(path), .text(ImportFileOutcome.duplicate.rawValue),
            .text("same bytes as a file imported before"), .null, .int(0), .int(reports),
            .int(fingerprint.byteCount), store.db.dialect.digest(fingerprint.hex), .text(parserRevision),
            .int(0),
            .int(0),
        ]
    }

    /// The columns of a `kvc_failure` row, in the order of `failureRow`.
    static let failureColumns = [
        "report_id", "kind", "accessor", "receiver_class", "key", "key_is_private", "cause", "evidence",
        "class_origin", "class_origin_reason",
    ]

    /// The `kvc_failure` row of report `id`, when it is a KVC failure.
    static func failureRow(_ report: AnalyzedReport, id: Int64) -> [SQLValue]? {
        guard let failure = report.failure else { return nil }
        return [
            .integer(id), .text(failure.kind.rawValue), .optional(failure.accessor?.rawValue),
            .optional(failure.receiverClass), .optional(failure.key), .bool(failure.keyIsPrivate),
            .text(failure.cause.rawValue), .text(failure.evidence), .optional(failure.classOrigin?.rawValue),
            .optional(failure.classOriginReason),
        ]
    }

    /// Keeps `report`'s frames as its group's sample when they are the richest of the run.
    func noteSample(of report: AnalyzedReport, group: Int64, path: String) {
        let count = report.report.frames.count
        if count > 0, richestSamples[group].map({ GroupSample.isRicher(count, path, than: $0) }) ?? true {
            richestSamples[group] = GroupSample(frames: count, stack: report.report.frames, path: path)
        }
    }

    func group(for report: AnalyzedReport, path: String) throws -> Int64 {
        if let id = groupCache[report.fingerprint] { return id }
        if case .integer(let id) = try findGroup.scalar([.text(report.fingerprint)]) {
            groupCache[report.fingerprint] = id
            return id
        }
        let failure = report.failure
        // Another importer may have made the group since the lookup (PostgreSQL): its row wins.
        let inserted = try insertGroup.insert([
            .text(report.fingerprint), .optional(report.exceptionType), .text(report.normalizedReason),
            .optional(failure?.kind.rawValue), .optional(failure?.accessor?.rawValue),
            .optional(failure?.receiverClass),
            .optional(failure?.key), failure.map { .bool($0.keyIsPrivate) } ?? .null,
            .optional(failure?.cause.rawValue),
            .optional(report.blameFrame), .text(importedAt), .text(report.framesText), .text(path),
            .text(report.blameKey), .optional(failure?.classOrigin?.rawValue),
        ])
        guard let id = try inserted ?? findGroup.scalar([.text(report.fingerprint)]).integer else {
            throw DatabaseError(misuse: "crash group insert returned no id")
        }
        groupCache[report.fingerprint] = id
        return id
    }

    func values(_ analyzed: AnalyzedReport, fileID: SQLValue, path: String, groupID: Int64)
        -> [SQLValue]
    {
        var row = [fileID]
        row.reserveCapacity(1 + AnalyzedReport.storedColumnNames.count)
        analyzed.visitStoredFields(
            path: path, importedAt: importedAt, groupID: Int(groupID), dialect: store.db.dialect
        ) { row.append($1) }
        return row
    }

    /// Closes the run with its totals.
    package func finish(
        files: Int, imported: Int, duplicates: Int, rejected: Int, skipped: Int, kvcFailures: Int,
        usageRows: Int = 0, issueCounts: Int = 0
    )
        throws
    {
        try store.db.run(
            """
            UPDATE import_run SET finished_at = ?, files = ?, reports_imported = ?, duplicates = ?, rejected = ?,
                kvc_failures = ?, skipped = ?, usage_rows = ?, issue_counts = ?
            WHERE id = ?
            """,
            [
                .text(Timestamp.now()), .int(files), .int(imported), .int(duplicates), .int(rejected),
                .int(kvcFailures), .int(skipped), .int(usageRows), .int(issueCounts),
                .integer(runID),
            ])
    }
}
