import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The calling thread's nice value. Linux keeps it per thread: `setpriority` on "this process"
/// (id 0) changes the calling thread alone, and the process id names its main thread. Raising it
/// needs no privilege; setting it back down does only when the process may (root, or a
/// `RLIMIT_NICE` that allows it), so without that a pool thread stays lower for the rest of the
/// process (an import is the whole process).
package enum ThreadPriority {
    /// The nice value `amount` below the main thread's (nil for 0, or where it cannot be read).
    /// Taken before any worker changes its own, as the caller may be the main thread.
    package static func mainThread(loweredBy amount: Int32) -> Int32? {
        guard amount > 0 else { return nil }
        #if os(Linux)
            errno = 0
            let main = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(getpid()))
            return errno == 0 ? min(main + amount, 19) : nil
        #else
            return nil
        #endif
    }

    /// Sets the calling thread's nice value to `target` (nil: leaves it), never lowering it: a
    /// pool thread that could not be set back is not lowered again by the next batch. What to
    /// restore (nil: nothing was changed).
    package static func lower(to target: Int32?) -> Int32? {
        #if os(Linux)
            guard let target else { return nil }
            let which = __priority_which_t(PRIO_PROCESS.rawValue)
            errno = 0
            let current = getpriority(which, 0)
            guard errno == 0, current < target, setpriority(which, 0, target) == 0 else { return nil }
            return current
        #else
            return nil
        #endif
    }

    /// Sets the calling thread's nice value back to `value` (from `lower`; nil: nothing to do).
    package static func set(_ value: Int32?) {
        #if os(Linux)
            guard let value else { return }
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, value)
        #endif
    }
}
