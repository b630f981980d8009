import CrashScanArchive
import CrashScanClassification
import CrashScanDatabase
import CrashScanIngest
import CrashScanModel
import CrashScanRules
import CrashScanStore
import CrashScanSymbolication
import CrashScanWorkflows
import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Totals of one `import`.
public struct ImportSummary: Sendable {
    public var files = 0
    public var imported = 0
    public var duplicates = 0
    public var rejected = 0
    /// Files that hold no crash report (a README, a `.DS_Store`, an `.ips` hang report).
    public var skipped = 0
    public var kvcFailures = 0
    /// Rows of usage read (`app_usage`), and issues whose Bugly counts were read (`bugly_issue`).
    public var usageRows = 0
    public var issueCounts = 0
    /// (path, what was left out) of files of usage or issues with entries that could not be
    /// read, in the order met.
    public var leftOut: [(path: String, note: String)] = []
    /// (path, reason) of rejected files, in the order met.
    public var rejections: [(path: String, reason: String)] = []
    /// (path, reason) of skipped files, in the order met.
    public var skips: [(path: String, reason: String)] = []
    /// Reports that were one incident with a stored report of another file (the same crash in
    /// another format): the copy kept and the one dropped, in the order met (the first 1,000).
    public var sameIncident: [(kept: String, dropped: String)] = []
    /// (path, what was repaired) of files read with invalid text replaced, in the order met.
    public var repairs: [(path: String, note: String)] = []
    /// Files read with invalid text replaced (all of them; `repairs` keeps the first 1,000).
    public var repaired = 0
    public var elapsed: Double = 0
    /// With `--dsym`: the UUIDs of app images whose frames stayed offsets because no dSYM given
    /// holds them, with the reports read that needed each.
    public var missingUUIDs: [String: Int] = [:]
    /// Reports that joined the group of their call site (their reason lacked the class or key).
    public var mergedGroups = 0
    /// Set when the database had been grouped by an older crashscan and was regrouped.
    public var regrouped: Regrouper.Summary?
    /// Set when the stored JSON reports' content hashes followed an older form and were made
    /// again (before the files were read, so that a report stored before is recognised).
    package var rehashed: ContentRehash.Summary?
}

/// Progress while importing, for the terminal.
public struct ImportProgress: Sendable {
    public var filesDone: Int
    public var filesTotal: Int
    public var reports: Int
    public var elapsed: Double
}

/// Reads, parses and classifies files on every core, and stores them through one writer: one
/// transaction per `filesPerTransaction` files (several parse batches), one savepoint per file,
/// so a file's reports land together or not at all.
public final class Importer {
    let store: Store
    let rules: RuleSet
    /// Files parsed in parallel and then written in one transaction.
    let batchSize: Int

    /// The batch `import` uses: 512 files for SQLite; 1,024 for PostgreSQL, where a batch is
    /// one transaction of COPYs and its round trips are paid per batch (measured: see
    /// docs/team-database.md). On SQLite each batch ends in a join of the parse threads, a walk
    /// of the next batch's files on one of them and a wake of the writer: 100,000 logs in eleven
    /// ABBA rounds, 512 against 256 files a batch, median 6.05 against 6.20 s (faster in 10 of
    /// 11), CPU 10.75 against 10.98 s, peak memory 142 against 134 MB; 1,024 was no faster than
    /// 512 (five rounds, 6.17 against 6.13 s) and took 16 MB more.
    public static func batchSize(for dialect: SQLDialect) -> Int {
        dialect == .postgresql ? 1_024 : 512
    }
    /// Parse every file even when the same bytes were stored before by the same parser.
    let reparse: Bool
    /// How parsed reports are completed before they are stored (time zone, dSYMs).
    let settings: ParseSettings
    /// Files stored per transaction, several parse batches: every commit writes each page it
    /// changed to the WAL, and inserts into the random-order indexes (content hash, file hash,
    /// time) touch a different page per report, so small commits write the same pages again and
    /// again; and each commit adds its reports to every cache, one statement a cache, whose
    /// upserts meet the same keys more often in a larger commit. Against 4,096 files, 16,384 took
    /// the writer's commits for 100,000 logs from 4.6 s to 2.7 s (caches 2.8 → 2.0 s, COMMIT
    /// 1.8 → 0.7 s; one run each) and the process's system time from 2.2 s to 1.6 s. A large
    /// database's transactions hold up to 4 times as many (`Store.bulkTransactionScale`). A crash
    /// mid-import loses at most these files; the next import stores them. Tests set it small to
    /// go through the commit between batches.
    let filesPerTransaction: Int
    /// Seconds between progress reports; tests set 0 to get one after every batch.
    var progressInterval = 0.2
    /// The reports added to the caches at a time between batches (`BatchTransaction.addWhenDue`);
    /// tests set it small to add them between the batches of a transaction.
    var reportsPerCacheAddition = BatchTransaction.reportsPerAddition
    /// The text repairs of the file stored in parts whose last part is still to come.
    private var openFileRepairNote: String?

    public init(
        store: Store, rules: RuleSet, batchSize: Int = 256, reparse: Bool = false,
        settings: ParseSettings = ParseSettings(), filesPerTransaction: Int = 16_384
    ) {
        self.filesPerTransaction = max(1, filesPerTransaction)
        self.store = store
        self.rules = rules
        self.batchSize = max(1, batchSize)
        self.reparse = reparse
        self.settings = settings
    }

    package typealias Outcome = AnalyzedInput.Outcome
    package typealias Parsed = AnalyzedInput

    /// Imports `sources`, read lazily: while one batch is written, the next ones are read and
    /// parsed on the other cores. Memory holds a few batches (the one written, and up to
    /// `batchesAhead` parsed or being parsed ahead of it), whatever the number of files.
    public func run<Sources: Sequence>(
        _ sources: Sources, total: Int? = nil, arguments: String, version: String,
        progress: ((ImportProgress) -> Void)? = nil
    ) throws -> ImportSummary where Sources.Element == InputSource {
        let clock = ImportClock()
        // Reports stored under an older content hash form are hashed again first; a database that
        // has none records the current form, so that the reports of this import count as such.
        var rehashed: ContentRehash.Summary?
        if try ContentRehash.isNeeded(store) {
            rehashed = try ContentRehash.run(store)
        } else {
            try store.setContentHashForm(Store.currentContentHashForm)
        }
        // A database grouped by older rules is regrouped after this import; a fresh one is current.
        let staleGroups = try Regrouper.isStale(store)
        if !staleGroups { try Regrouper.markCurrent(store) }
        let writer = try ReportWriter(
            store: store, arguments: arguments, version: version, parserRevision: ReportReader.revision)
        let bulk = try BulkWrites(store: store)
        var summary = ImportSummary()
        summary.rehashed = rehashed
        let batches = BatchSource(
            sources.makeIterator(), size: batchSize,
            bytesPerBatch: Importer.bytesAhead / Importer.batchesAhead(batchSize: batchSize))
        var lastProgress = 0.0
        // Takes the summary as a value: `writeAll` holds `summary` inout while it calls back.
        func report(_ summary: ImportSummary, every interval: Double) {
            guard let progress, clock.elapsed - lastProgress > interval else { return }
            lastProgress = clock.elapsed
            progress(
                ImportProgress(
                    filesDone: summary.files, filesTotal: total ?? summary.files, reports: summary.imported,
                    elapsed: lastProgress))
        }
        do {
            try writeAll(batches, with: writer, into: &summary) { report($0, every: progressInterval) }
        } catch {
            bulk.abandon()
            throw error
        }
        let checkpoint = try bulk.end()
        defer { checkpoint?.wait() }
        report(summary, every: -1)
        try refreshGroups(regroupAll: staleGroups, writer: writer, summary: &summary)
        summary.elapsed = clock.elapsed
        try writer.finish(
            files: summary.files, imported: summary.imported, duplicates: summary.duplicates,
            rejected: summary.rejected, skipped: summary.skipped, kvcFailures: summary.kvcFailures,
            usageRows: summary.usageRows, issueCounts: summary.issueCounts)
        return summary
    }

    /// Parses batch after batch (the next ones while this one is written) and writes them, one
    /// transaction per `filesPerTransaction` files. `afterBatch` gets the summary after each
    /// written batch.
    private func writeAll(
        _ batches: BatchSource, with writer: ReportWriter, into summary: inout ImportSummary,
        afterBatch: (ImportSummary) -> Void
    ) throws {
        // A database that records no file (a new one) is not asked about each file: the lookups
        // were 3 % of the parsers' time for nothing. The same bytes met twice in this import are
        // then parsed twice, and the second copy's reports recognised by their content hash.
        let asks = try !reparse && store.hasImportedFiles()
        let known = asks ? KnownFiles(store: store, revision: ReportReader.revision) : KnownFiles()
        let pipeline = ParsePipeline(
            batches, known: known, settings: settings, depth: Importer.batchesAhead(batchSize: batchSize),
            batchSize: batchSize)
        defer { pipeline.stop() }
        var parsed = pipeline.next()
        let transaction = try BatchTransaction(store: store, writer: writer)
        var filesInTransaction = 0
        // PostgreSQL: other importers write at the same time, and a transaction holds the rows it
        // wrote until it commits; one parse batch per transaction keeps both the waits and what a
        // cancelled transaction has to write again short.
        let filesPerTransaction = store.dialect == .postgresql ? 1 : self.filesPerTransaction
        do {
            while !parsed.isEmpty {
                // Never inside a file stored in parts: its savepoint spans the batches.
                let commit =
                    parsed.last?.part.isOpen != true
                    && filesInTransaction + parsed.count >= filesPerTransaction * transaction.scale
                try writeRetrying(
                    parsed, with: writer, into: &summary, transaction: transaction,
                    alone: filesInTransaction == 0, commit: commit)
                filesInTransaction = commit ? 0 : filesInTransaction + parsed.count
                afterBatch(summary)
                // The written batch is freed off the writer: its reports, frames and strings
                // took the writer thread about a third of its instructions to release, and the
                // writer is the one thread that cannot be spread over the cores.
                let written = parsed
                parsed = pipeline.next()
                Importer.release.async { withExtendedLifetime(written) {} }
            }
            try transaction.commit()
        } catch {
            // A file stored in parts whose last part never came keeps nothing: kept half, its
            // bytes would count as imported and its other reports never be read again.
            writer.abandonOpenFile()
            transaction.keepWhatIsWritten()
            throw error
        }
    }

    /// Writes one parsed batch (`write`), and commits when `commit` says so. Two importers that
    /// reach the same new reports (or crash group) from opposite ends each wait for a row the
    /// other wrote: the server cancels one transaction (a deadlock), which is then rolled back
    /// and written again after a random pause, up to `attempts` times. Only a transaction that
    /// holds this batch `alone` is retried (nothing else would be written twice or lost).
    private func writeRetrying(
        _ parsed: [Parsed], with writer: ReportWriter, into summary: inout ImportSummary,
        transaction: BatchTransaction, alone: Bool, commit: Bool
    ) throws {
        let before = (summary: summary, writer: writer.memory)
        var attempt = 1
        while true {
            do {
                try write(parsed, with: writer, into: &summary)
                if commit {
                    try transaction.commitAndContinue()
                } else {
                    try transaction.addWhenDue(size: reportsPerCacheAddition)
                }
                return
            } catch let error as DatabaseError where error.isTransient && alone && attempt < Importer.attempts
            {
                try transaction.rollbackAndContinue()
                summary = before.summary
                writer.forget(since: before.writer)
                attempt += 1
                usleep(UInt32.random(in: 20_000...200_000))
            }
        }
    }

    /// How many times a batch is written before a deadlock ends the import.
    static let attempts = 10

    /// After the reports are stored: regroups everything (a database grouped by older rules) or
    /// merges the incomplete groups this import completed, then refreshes the display rows and
    /// the recommendations of the groups it touched.
    /// Each step commits on its own and is done again from the start if PostgreSQL cancels it
    /// to break a deadlock with another importer finishing at the same moment.
    private func refreshGroups(regroupAll: Bool, writer: ReportWriter, summary: inout ImportSummary) throws {
        var touched = writer.touchedGroups
        if regroupAll {
            let regrouped = try Importer.retryingDeadlocks { try Regrouper.run(store) }
            summary.regrouped = regrouped
            summary.mergedGroups = regrouped.merged
            touched = try store.groupIDs()
        } else {
            for merge in try Importer.retryingDeadlocks({ try PartialGroupMerger.run(store) }) {
                touched.remove(merge.partial)
                touched.insert(merge.complete)
                summary.mergedGroups += 1
            }
        }
        try Importer.retryingDeadlocks {
            try store.refreshDisplay(of: touched, samples: writer.richestSamples)
        }
        // Usage weighs in every group's evidence (launches per OS version): all are weighed again.
        if summary.usageRows > 0 { touched = try store.groupIDs() }
        try Importer.retryingDeadlocks {
            try RecommendationUpdater.refresh(store: store, rules: rules, touched: touched)
        }
    }

    /// `body`, run again after a random pause when PostgreSQL cancelled it (`isTransient`), up
    /// to `attempts` times. `body` must leave nothing half done when it throws (one transaction).
    static func retryingDeadlocks<T>(_ body: () throws -> T) throws -> T {
        var attempt = 1
        while true {
            do {
                return try body()
            } catch let error as DatabaseError where error.isTransient && attempt < attempts {
                attempt += 1
                usleep(UInt32.random(in: 20_000...200_000))
            }
        }
    }

    /// The input all the batches parsed ahead of the writer read at most (`batchesAhead` of
    /// them, each ending at its share unless one file alone is larger): 48 MB, what six batches
    /// of 8 MB held before the SQLite import parsed 16 ahead.
    static let bytesAhead = 48 << 20

    /// A batch of inputs: the regular files among them opened ahead (`ReadAhead`; nil for the
    /// rest), and the bytes they will read.
    struct Batch: Sendable {
        var sources: [InputSource] = []
        var opened: [RegularFile.Opened?] = []
        var bytes = 0
    }

    /// The inputs in batches of `size`, read from the iterator only as batches are asked for. A
    /// batch also ends once its files hold `bytesPerBatch` (by their sizes on disk), so that the
    /// batches parsed ahead (`batchesAhead`) hold a bounded amount of text whatever the files'
    /// sizes: 512 crash logs are about 2 MB, 512 files of the 64 MiB limit would be 32 GB.
    struct Batches<Files: IteratorProtocol> where Files.Element == InputSource {
        private var files: Files
        let size: Int
        /// The input one batch reads at most, unless one file alone is larger.
        let bytesPerBatch: Int
        /// The files of a batch opened ahead at most (`ReadAhead.openFilesPerBatch`).
        let openedPerBatch: Int

        init(_ files: Files, size: Int, bytesPerBatch: Int, openedPerBatch: Int = ReadAhead.openFilesPerBatch)
        {
            self.files = files
            self.size = size
            self.bytesPerBatch = bytesPerBatch
            self.openedPerBatch = openedPerBatch
        }

        /// The batch after the one handed out last, its files already opened and asked of the
        /// disk.
        private var upcoming: Batch?

        /// The next batch (empty when every input was handed out). The one after it is made now
        /// and its files are read ahead by the kernel while this one is parsed (`ReadAhead`).
        mutating func next() -> Batch {
            let batch = upcoming ?? take()
            upcoming = batch.sources.isEmpty ? Batch() : take()
            return batch
        }

        private mutating func take() -> Batch {
            var batch = Batch()
            batch.sources.reserveCapacity(size)
            batch.opened.reserveCapacity(size)
            var opened = 0
            while batch.sources.count < size, batch.bytes < bytesPerBatch, let source = files.next() {
                let ahead = ReadAhead.open(
                    source, unknown: bytesPerBatch, mayOpen: opened < openedPerBatch)
                batch.sources.append(source)
                batch.opened.append(ahead.file)
                batch.bytes += ahead.size
                if ahead.file != nil { opened += 1 }
            }
            return batch
        }
    }

    /// The inputs' batches, handed out by whichever thread asks (the one parsing ahead), one at a
    /// time.
    final class BatchSource: Sendable {
        private let batches: Locked<() -> Batch>
        /// The input one batch reads at most, unless one file alone is larger.
        let bytesPerBatch: Int

        init<Files: IteratorProtocol>(_ files: Files, size: Int, bytesPerBatch: Int)
        where Files.Element == InputSource {
            var batches = Batches(files, size: size, bytesPerBatch: bytesPerBatch)
            self.batches = Locked({ batches.next() })
            self.bytesPerBatch = bytesPerBatch
        }

        /// The next batch; empty when every input was handed out.
        func next() -> Batch { batches.withLock { $0() } }
    }

    /// Seconds since the import started.
    struct ImportClock {
        private let start = DispatchTime.now()
        var elapsed: Double { Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9 }
    }

    /// Where written batches are freed: a serial queue, so in order and usually one batch behind
    /// the writer (peak memory of a 100,000-log import unchanged at 81 MB).
    private static let release = DispatchQueue(label: "crashscan.import.release")

    /// At most this many rejections are kept for the summary (all are in the database).
    static let rejectionsKept = 1_000

    /// Writes one parsed batch inside the open transaction (`ReportWriter.writeBatch`: a savepoint
    /// per file, or on PostgreSQL the batch in bulk) and counts it. A database error stops the
    /// import after the files before it.
    private func write(_ parsed: [Parsed], with writer: ReportWriter, into summary: inout ImportSummary)
        throws
    {
        let outcomes = try writer.writeBatch(parsed)
        for (item, outcome) in zip(parsed, outcomes) {
            if item.part.isOpen, case .parsed(let reports) = item.outcome {
                // The file is counted with its last part, which carries its outcome.
                countMissingDSYMs(reports, into: &summary)
                if item.part == .first { openFileRepairNote = Self.repairNote(of: reports) }
                continue
            }
            switch item.outcome {
            case .rejected(let rejection):
                switch rejection.disposition {
                case .rejected:
                    summary.rejected += 1
                    if summary.rejections.count < Importer.rejectionsKept {
                        summary.rejections.append((item.path, rejection.reason))
                    }
                case .skipped:
                    summary.skipped += 1
                    if summary.skips.count < Importer.rejectionsKept {
                        summary.skips.append((item.path, rejection.reason))
                    }
                }
            case .storedBefore:
                summary.duplicates += outcome.duplicates
            case .scale(let scale):
                summary.usageRows += outcome.usageRows
                summary.issueCounts += outcome.issueCounts
                if let first = scale.skipped.first, summary.leftOut.count < Importer.rejectionsKept {
                    let more = scale.skipped.count > 1 ? " and \(scale.skipped.count - 1) more" : ""
                    summary.leftOut.append((item.path, "left out \(first)\(more)"))
                }
            case .parsed where outcome.refused != nil:
                summary.rejected += 1
                if summary.rejections.count < Importer.rejectionsKept {
                    summary.rejections.append((item.path, outcome.refused ?? ""))
                }
            case .parsed(let reports):
                summary.imported += outcome.imported
                summary.duplicates += outcome.duplicates
                for copy in outcome.sameIncident where summary.sameIncident.count < Importer.rejectionsKept {
                    summary.sameIncident.append((copy.kept, copy.dropped))
                }
                summary.kvcFailures += outcome.kvcFailures
                summary.issueCounts += outcome.issueCounts
                countMissingDSYMs(reports, into: &summary)
                let note = item.part == .last ? openFileRepairNote : Self.repairNote(of: reports)
                if let note {
                    summary.repaired += 1
                    if summary.repairs.count < Importer.rejectionsKept {
                        summary.repairs.append((item.path, note))
                    }
                }
            }
            summary.files += 1
        }
    }

    /// The first report's note on repaired text, read in place (`first` would copy the report).
    private static func repairNote(of reports: [AnalyzedReport]) -> String? {
        reports.isEmpty ? nil : reports[0].report.textRepairNote
    }

    /// The image UUIDs no dSYM given held, of reports left with app frames as offsets (only
    /// when dSYMs were given: without them every such report would be listed).
    private func countMissingDSYMs(_ reports: [AnalyzedReport], into summary: inout ImportSummary) {
        guard let symbolicator = settings.symbolicator else { return }
        for analyzed in reports where analyzed.symbolication == .missingDSYM {
            for uuid in symbolicator.unresolvedUUIDs(analyzed.report).missing {
                summary.missingUUIDs[uuid, default: 0] += 1
            }
        }
    }

    /// Batches parsed (or being parsed) ahead of the writer: while it commits (the caches' upkeep
    /// for 16,384 files' reports, the WAL's writes: 0.3–0.5 s), the parsers go on instead of
    /// idling once the queue is full. About 4,096 files ahead, and never fewer than 6 batches:
    /// importing 100,000 Bugly logs, alternated twice, 6 ahead took 9.3 and 9.2 s (the parsers
    /// idle through each commit), 16 ahead 8.5 and 8.5 s, 32 ahead 8.7 and 8.5 s; peak memory
    /// 108, 134 and 164 MB.
    static func batchesAhead(batchSize: Int) -> Int { max(6, 4_096 / max(1, batchSize)) }

    /// Batches walked and parsed in order on a background queue, up to `depth` of them ahead of
    /// the writer (waiting or being parsed); `next` hands them out (empty once the inputs are
    /// done). The walk is done there too, off the writer: listing folders and checking the files
    /// the listing does not type is a system call or more a file, and the writer is the one
    /// thread that cannot be spread over the cores. One batch is parsed at a time, on every core.
    private final class ParsePipeline: Sendable {
        private struct State {
            /// Parsed batches, each with the room it holds.
            var waiting: [(parsed: [Parsed], room: Int)] = []
            var stopped = false
        }
        private let state = Locked(State())
        /// Signalled once for each batch put in `waiting`.
        private let ready = DispatchSemaphore(value: 0)
        /// The room left in `waiting`, in batches: the queue takes one before it walks a batch,
        /// and as many more as the batch's bytes fill batches (`bytesPerBatch` each, at most the
        /// depth: a file of 60 MB waits alone), so that what is parsed ahead stays within the depth's
        /// bytes whatever the files' sizes. Made at 0 and signalled up to the depth: libdispatch
        /// traps when a semaphore goes below the value it was made with at the end of its life
        /// (an import stopped with batches waiting).
        private let room = DispatchSemaphore(value: 0)
        /// Signalled when the queue has stopped for good.
        private let finished = DispatchSemaphore(value: 0)
        /// The room a chunk of a file's reports takes.
        private let chunkRoom: Int

        init(_ batches: BatchSource, known: KnownFiles, settings: ParseSettings, depth: Int, batchSize: Int) {
            let depth = max(1, depth)
            // A chunk of a file's reports takes the room of the batches of files that hold as
            // many reports (a batch of 512 crash logs holds about 512): parsed reports take about
            // seven times their text, which the batches' room counts (at one room a chunk, 15,000
            // pasted reports in one file peaked at 235 MB).
            chunkRoom = min(depth, max(1, RemainingReports.chunk / max(1, batchSize)))
            for _ in 0..<depth { room.signal() }
            DispatchQueue.global().async {
                while self.takeRoom(1) {
                    let batch = batches.next()
                    let share = max(1, batches.bytesPerBatch)
                    let room = min(depth, max(1, (batch.bytes + share - 1) / share))
                    guard self.takeRoom(room - 1) else { break }
                    let parsed = Importer.parseInParallel(batch, known: known, settings: settings)
                    guard self.hand(parsed, room: room, settings: settings) else { break }
                    if batch.sources.isEmpty { break }
                }
                self.finished.signal()
            }
        }

        /// Puts a parsed batch in `waiting` for the writer, holding `room`. A file read in chunks
        /// (`AnalyzedInput.rest`) is handed out in parts, each its own batch: the files before it
        /// and its first part (with the batch's room), then its later parts as they are read
        /// (`chunkRoom` each), then the files after it. False once the pipeline is stopped.
        private func hand(_ parsed: [Parsed], room: Int, settings: ParseSettings) -> Bool {
            var waiting: [Parsed] = []
            // The batch's room goes with its first part handed out: the chunks after it need
            // room the writer gives back.
            var room = room
            for var item in parsed {
                guard var rest = item.rest else {
                    waiting.append(item)
                    continue
                }
                item.rest = nil
                waiting.append(item)
                put(waiting, room: room)
                (waiting, room) = ([], 0)
                while !rest.isEmpty {
                    guard takeRoom(chunkRoom) else { return false }
                    let reports = settings.analyze(all: rest.read())
                    var part = item
                    part.outcome = .parsed(reports)
                    part.part = rest.isEmpty ? .last : .middle
                    put([part], room: chunkRoom)
                }
            }
            // Unless the batch ended with a file's last part: the files after it, or the end.
            if !waiting.isEmpty || parsed.isEmpty { put(waiting, room: room) }
            return true
        }

        private func put(_ parsed: [Parsed], room: Int) {
            state.withLock { $0.waiting.append((parsed, room)) }
            ready.signal()
        }

        /// Waits for `count` batches of room; false once the pipeline is stopped.
        private func takeRoom(_ count: Int) -> Bool {
            for _ in 0..<max(0, count) {
                room.wait()
                if state.withLock({ $0.stopped }) { return false }
            }
            return true
        }

        /// The next parsed batch, in the inputs' order: empty when every input was handed out.
        /// Not called again after it gave an empty batch or after `stop`.
        func next() -> [Parsed] {
            ready.wait()
            let (parsed, room) = state.withLock { $0.waiting.removeFirst() }
            for _ in 0..<room { self.room.signal() }
            return parsed
        }

        /// No batch is parsed after this; returns once the one being parsed (if any) is done, so
        /// that nothing uses the store's connections afterwards.
        func stop() {
            state.withLock { $0.stopped = true }
            room.signal()
            finished.wait()
            finished.signal()
        }
    }

    /// How much lower the parsers' scheduling priority is than the writer's (the main thread). With two cores and
    /// three busy threads (two parsers, one writer), the scheduler gave the writer, the one
    /// thread whose work cannot be spread, two thirds of a core; at nice +5 (a weight of 335
    /// against 1,024) it balances the writer alone on one core and the parsers on the other,
    /// which also take any time the writer leaves idle.
    static let parserNiceness: Int32 = 5

    /// Reads and analyses `batch` on all cores; results keep the input order. Each worker asks
    /// `known` through a connection it alone uses while it parses this batch.
    static func parseInParallel(
        _ batch: Batch, known: KnownFiles = KnownFiles(), settings: ParseSettings = ParseSettings()
    ) -> [Parsed] {
        let perSource = ParallelMap.map(
            Array(zip(batch.sources, batch.opened)), niceness: parserNiceness, context: { known.checkOut() },
            finish: { known.checkIn($0) },
            transform: { file, lookup in
                SourceReader.read(
                    file.0, opened: file.1, settings: settings, storedBefore: lookup.map { $0.reports(in:) },
                    inChunks: true)
            })
        return perSource.flatMap { $0 }
    }
}
