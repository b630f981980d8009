import CrashScanStore

/// Puts KVC reports whose reason lacked the class or the key (an old SDK log with frames only, a
/// reason cut short) into the group their call site identifies.
///
/// A group is partial when its kind is known but its class or key is not, and its blame frame has
/// a symbol. It joins a complete group (class and key known) with the same exception, kind, blame
/// frame, and the same class and accessor where the partial one knows them, when exactly one such
/// group exists; with several candidates (one method setting two private keys) it stays apart.
/// The result does not depend on which report was imported first.
package enum PartialGroupMerger {
    package struct Merge: Equatable {
        package var partial: Int64
        package var complete: Int64
    }

    /// Merges every partial group that has exactly one complete match; returns the merges made.
    @discardableResult
    package static func run(_ store: Store) throws -> [Merge] {
        let byPartial = Dictionary(grouping: try store.partialGroupCandidates(), by: \.partial)
        let chosen = byPartial.values.compactMap { $0.count == 1 ? $0.first : nil }.sorted {
            $0.partial < $1.partial
        }
        guard !chosen.isEmpty else { return [] }
        try store.merge(chosen)
        return chosen.map { Merge(partial: $0.partial, complete: $0.complete) }
    }
}
