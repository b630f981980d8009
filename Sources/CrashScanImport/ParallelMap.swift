import Foundation

/// The one place that spreads work over the cores.
enum ParallelMap {
    /// `transform` applied to every item on all cores, in the items' order. Each of `workers`
    /// call trees makes its own context once (a database connection, say, which must not cross
    /// call trees) and then takes the next untaken item until none is left, so a few large
    /// files do not leave the other cores idle. `finish` gets each context back when its worker
    /// is done (to return a connection to its pool).
    static func map<Item: Sendable, Context, Result>(
        _ items: [Item], workers: Int = ProcessInfo.processInfo.activeProcessorCount,
        context makeContext: @Sendable () -> Context,
        finish: @Sendable (Context) -> Void = { _ in },
        transform: @Sendable (Item, Context) -> Result
    ) -> [Result] {
        guard !items.isEmpty else { return [] }
        let queue = WorkQueue<Result>(count: items.count)
        DispatchQueue.concurrentPerform(iterations: max(1, min(workers, items.count))) { _ in
            let context = makeContext()
            while let index = queue.take() {
                queue.store(transform(items[index], context), at: index)
            }
            finish(context)
        }
        return queue.results()
    }

    /// Hands out each index once and keeps one result slot per index. A slot is written by the
    /// one worker that took its index and read only after every worker has returned, so the
    /// slots need no lock; the counter has one.
    private final class WorkQueue<Result>: @unchecked Sendable {
        private let slots: UnsafeMutablePointer<Result>
        private let count: Int
        private var next = 0
        private let lock = NSLock()

        init(count: Int) {
            self.count = count
            slots = UnsafeMutablePointer<Result>.allocate(capacity: count)
        }

        func take() -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard next < count else { return nil }
            next += 1
            return next - 1
        }

        func store(_ result: Result, at index: Int) { (slots + index).initialize(to: result) }

        func results() -> [Result] { Array(UnsafeBufferPointer(start: slots, count: count)) }

        deinit {
            slots.deinitialize(count: count)
            slots.deallocate()
        }
    }
}
