import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The calling thread's nice value. Linux keeps it per thread: `setpriority` on "this process"
/// (id 0) changes the calling thread alone. Raising it needs no privilege; setting it back down
/// does only when the process may (root, or a `RLIMIT_NICE` that allows it), so without that a
/// pool thread stays lower for the rest of the process (an import is the whole process).
enum ThreadPriority {
    /// Raises the calling thread's nice value by `amount` (0: leaves it); what to restore.
    static func lower(by amount: Int32) -> Int32? {
        guard amount > 0 else { return nil }
        #if os(Linux)
            errno = 0
            let current = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
            guard errno == 0, setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, current + amount) == 0
            else { return nil }
            return current
        #else
            return nil
        #endif
    }

    /// Sets the calling thread's nice value back to `value` (from `lower`; nil: nothing to do).
    static func set(_ value: Int32?) {
        #if os(Linux)
            guard let value else { return }
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, value)
        #endif
    }
}
