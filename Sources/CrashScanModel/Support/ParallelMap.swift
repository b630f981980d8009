import Foundation

/// The one place that spreads work over the cores.
package enum ParallelMap {
    /// `transform` applied to every item on all cores, in the items' order. Each of `workers`
    /// call trees makes its own context once (a database connection, say, which must not cross
    /// call trees) and then takes the next untaken item until none is left, so a few large
    /// files do not leave the other cores idle. `finish` gets each context back when its worker
    /// is done (to return a connection to its pool).
    ///
    /// `niceness`: how much lower than the main thread's the workers' scheduling priority is
    /// while they work (Linux's per-thread nice value; restored before the threads go back to the
    /// pool, where the process may: `ThreadPriority`).
    package static func map<Item: Sendable, Context, Result: Sendable>(
        _ items: [Item], workers: Int = ProcessInfo.processInfo.activeProcessorCount,
        niceness: Int32 = 0,
        context makeContext: @Sendable () -> Context,
        finish: @Sendable (sending Context) -> Void = { _ in },
        transform: @Sendable (Item, Context) -> Result
    ) -> [Result] {
        guard !items.isEmpty else { return [] }
        let queue = WorkQueue<Result>(count: items.count)
        let priority = ThreadPriority.mainThread(loweredBy: niceness)
        DispatchQueue.concurrentPerform(iterations: max(1, min(workers, items.count))) { _ in
            let restore = ThreadPriority.lower(to: priority)
            defer { ThreadPriority.set(restore) }
            let context = makeContext()
            while let index = queue.take() {
                queue.store(transform(items[index], context), at: index)
            }
            finish(context)
        }
        return queue.results()
    }

    /// `transform` applied to every item on all cores, in the items' order (no context).
    package static func map<Item: Sendable, Result: Sendable>(
        _ items: [Item], transform: @Sendable (Item) -> Result
    ) -> [Result] {
        map(items, context: {}, transform: { item, _ in transform(item) })
    }

    /// `transform` of every item, in their order; many items (a file's reports) in chunks of
    /// `chunk` on all cores, few on the calling thread. One file of many reports is otherwise
    /// one worker's alone: 52,494 console reports in one 60 MB file took 1.6× as long as the
    /// same reports one a file.
    package static func mapInChunks<Item: Sendable, Result: Sendable>(
        _ items: [Item], chunk: Int = 256, transform: @Sendable (Item) -> Result
    ) -> [Result] {
        guard items.count >= 2 * chunk else { return items.map(transform) }
        let ranges = stride(from: 0, to: items.count, by: chunk).map { $0..<min($0 + chunk, items.count) }
        return map(ranges) { items[$0].map(transform) }.flatMap { $0 }
    }

    /// Hands out each index once and keeps one result slot per index, behind one lock: a
    /// worker takes it twice per item (a file, milliseconds of parsing), so it is never contended
    /// for long.
    private final class WorkQueue<Result: Sendable>: Sendable {
        private struct State {
            var next = 0
            var slots: [Result?]
        }
        private let state: Locked<State>

        init(count: Int) {
            state = Locked(State(slots: Array(repeating: nil, count: count)))
        }

        func take() -> Int? {
            state.withLock { state in
                guard state.next < state.slots.count else { return nil }
                state.next += 1
                return state.next - 1
            }
        }

        /// Moves `result` into its slot. Moved, not copied, here and in `results`: a parsed file is
        /// a tree of strings and arrays, and each copy retained every one of them and the
        /// dropped original released them again, on both sides of the lock.
        func store(_ result: consuming Result, at index: Int) {
            var moving: Result? = consume result
            state.withLock { swap(&$0.slots[index], &moving) }
        }

        /// Every result, in the items' order, moved out of the slots; called once, after every
        /// worker has returned.
        func results() -> [Result] {
            var slots: [Result?] = []
            state.withLock { swap(&slots, &$0.slots) }
            var results: [Result] = []
            results.reserveCapacity(slots.count)
            for index in slots.indices { results.append(slots[index].take()!) }
            return results
        }
    }
}
