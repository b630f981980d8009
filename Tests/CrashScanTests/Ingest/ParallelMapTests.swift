import Foundation
import XCTest

@testable import CrashScanArchive
@testable import CrashScanCLI
@testable import CrashScanCatalogs
@testable import CrashScanClassification
@testable import CrashScanImport
@testable import CrashScanIngest
@testable import CrashScanModel
@testable import CrashScanReport
@testable import CrashScanRules
@testable import CrashScanStore
@testable import CrashScanSymbolication

/// The parallel map the importer parses with, and the per-worker lookups of known files.
final class ParallelMapTests: XCTestCase {
    /// Records which worker context handled each item, from any thread.
    final class Tally: @unchecked Sendable {
        private let lock = NSLock()
        private var contexts = 0
        private var threadsByContext: [Int: Set<String>] = [:]

        func makeContext() -> Int {
            lock.lock()
            defer { lock.unlock() }
            contexts += 1
            return contexts
        }

        func record(context: Int) {
            lock.lock()
            defer { lock.unlock() }
            threadsByContext[context, default: []].insert("\(pthread_self())")
        }

        var contextCount: Int { lock.withLock { contexts } }
        var threadsPerContext: [Set<String>] { lock.withLock { Array(threadsByContext.values) } }
    }

    func testResultsKeepTheItemsOrderAndEachContextStaysOnOneThread() {
        let items = Array(0..<2_000)
        let tally = Tally()
        let results = ParallelMap.map(
            items, workers: 4, context: { tally.makeContext() },
            transform: { item, context in
                tally.record(context: context)
                return item * 3
            })
        XCTAssertEqual(results, items.map { $0 * 3 })
        XCTAssertLessThanOrEqual(tally.contextCount, 4, "one context per worker, not per item")
        for threads in tally.threadsPerContext {
            XCTAssertEqual(threads.count, 1, "a worker's context (a connection) never crosses threads")
        }
    }

    func testNoItemsAndMoreWorkersThanItems() {
        let tally = Tally()
        XCTAssertEqual(
            ParallelMap.map([Int](), context: { tally.makeContext() }, transform: { item, _ in item }), [])
        XCTAssertEqual(tally.contextCount, 0)
        XCTAssertEqual(
            ParallelMap.map(
                [7, 8], workers: 16, context: { tally.makeContext() }, transform: { item, _ in item }),
            [7, 8])
        XCTAssertLessThanOrEqual(tally.contextCount, 2)
    }

    /// Each worker's lookup answers from the stored file table: a file stored before is known
    /// with its report count, other bytes are not.
    func testEachWorkerLookupKnowsTheStoredFiles() throws {
        let folder = try TestPaths.temporaryFolder(self)
        let store = try Store(path: folder.appendingPathComponent("db.sqlite").path)
        let sample = TestPaths.sampleReports.appendingPathComponent("01-seed-bugly-console-ja.txt")
        _ = try Importer(store: store, rules: RuleSet.builtIn()).run(
            [.file(sample.path)], arguments: "t", version: "t")
        let known = KnownFiles(store: store, revision: ReportReader.revision)
        let stored = FileFingerprint(of: try Data(contentsOf: sample))
        let other = FileFingerprint(of: Data("not stored".utf8))
        let answers = ParallelMap.map(
            [stored, other, stored], workers: 2, context: { known.checkOut() }, finish: { known.checkIn($0) },
            transform: { fingerprint, lookup in lookup?.reports(in: fingerprint) })
        XCTAssertEqual(answers, [1, nil, 1])
        let first = try XCTUnwrap(known.checkOut())
        known.checkIn(first)
        XCTAssertTrue(known.checkOut() === first, "a checked-in connection serves the next batch")
        XCTAssertNil(KnownFiles().checkOut(), "knowing no file opens no connection")
        let oldRevision = KnownFiles(store: store, revision: "an older parser")
        XCTAssertNil(oldRevision.checkOut()?.reports(in: stored), "another parser revision parses again")
    }

    /// The importer's parsers work at a lower priority than the writer (a higher nice value),
    /// and the calling thread keeps its own.
    func testWorkersRunAtTheLowerPriorityAskedAndTheCallerKeepsItsOwn() {
        let before = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        let seen = ParallelMap.map(
            Array(0..<64), niceness: 5, context: { () },
            transform: { _, _ in getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0) })
        XCTAssertEqual(Set(seen), [min(before + 5, 19)])
        let unchanged = ParallelMap.map(
            Array(0..<8), context: { () },
            transform: { _, _ in getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0) })
        XCTAssertTrue(unchanged.allSatisfy { $0 <= min(before + 5, 19) })
        // Whoever may set it back (the tests run as root in CI) finds the caller as it was.
        if geteuid() == 0 {
            XCTAssertEqual(getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0), before)
            XCTAssertEqual(Set(unchanged), [before])
        }
    }

    /// A thread lowered and never set back (as without the privilege to) is not lowered again
    /// by the next batch: it stays 5 below the main thread.
    func testAThreadNotSetBackIsNotLoweredFurther() {
        let which = __priority_which_t(PRIO_PROCESS.rawValue)
        let main = getpriority(which, id_t(getpid()))
        let seen = Locked<[Int32]>([])
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let first = ThreadPriority.lower(to: ThreadPriority.mainThread(loweredBy: 5))
            let afterFirst = getpriority(which, 0)
            _ = ThreadPriority.lower(to: ThreadPriority.mainThread(loweredBy: 5))
            let afterSecond = getpriority(which, 0)
            ThreadPriority.set(first)
            seen.withLock { $0 = [afterFirst, afterSecond] }
            done.signal()
        }
        done.wait()
        XCTAssertEqual(seen.withLock { $0 }, [min(main + 5, 19), min(main + 5, 19)])
    }
}
