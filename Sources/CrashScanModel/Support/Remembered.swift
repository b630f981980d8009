/// A computation remembered by its key and shared by threads: the short texts an import meets
/// again and again (an OS version, a device model), what a KVC key reaches on a class (a scan asks
/// the same ones of thousands of calls). At most `limit` keys are kept; later ones are computed
/// each time, so memory stays bounded whatever the input.
package final class Remembered<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    @usableFromInline let compute: @Sendable (Key) -> Value
    @usableFromInline let limit: Int
    @usableFromInline let known = Locked<[Key: Value]>([:])

    package init(limit: Int, _ compute: @escaping @Sendable (Key) -> Value) {
        self.compute = compute
        self.limit = limit
    }

    /// `compute(key)`, remembered. Inlinable: called from other modules once a report, it was
    /// unspecialised, each call asking the runtime for its generic types' metadata.
    @inlinable package func callAsFunction(_ key: Key) -> Value {
        if let value = known.withLock({ $0[key] }) { return value }
        let value = compute(key)
        known.withLock { values in
            if values.count < limit { values[key] = value }
        }
        return value
    }
}
