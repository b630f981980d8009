import Foundation

/// A value behind a lock: the one type that vouches for thread safety by hand (`@unchecked`), so
/// that everything threads share goes through it and every other type's `Sendable` is checked by
/// the compiler. A value put in is reached only through `withLock`.
///
/// Not the standard library's `Mutex`: on Linux it waits on futexes that ThreadSanitizer does not
/// see, so every access under it is reported as a race (a 4-thread append loop: reports in 3 of 6
/// runs, none with this lock), and it needs macOS 15.
package final class Locked<Value>: @unchecked Sendable {
    @usableFromInline let lock = NSLock()
    @usableFromInline var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value while holding the lock. Inlinable, so that a caller in another
    /// module calls it specialised for its value, not through generic metadata (the parsers'
    /// remembered device and OS texts, once a report each).
    @inlinable package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
