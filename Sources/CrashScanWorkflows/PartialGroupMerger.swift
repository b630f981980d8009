import CrashScanStore

/// Puts KVC reports whose reason lacked the class or the key (an old SDK log with frames only, a
/// reason cut short) into the group their call site identifies, and unsymbolicated copies of a
/// crash into its symbolicated group.
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

    /// Merges every partial group that has exactly one complete match, then every group of
    /// unsymbolicated reports that has exactly one symbolicated match; returns the merges made.
    @discardableResult
    package static func run(_ store: Store) throws -> [Merge] {
        let byPartial = Dictionary(grouping: try store.partialGroupCandidates(), by: \.partial)
        let chosen = byPartial.values.compactMap { $0.count == 1 ? $0.first : nil }.sorted {
            $0.partial < $1.partial
        }
        if !chosen.isEmpty { try store.merge(chosen) }
        let merges = chosen.map { Merge(partial: $0.partial, complete: $0.complete) }
        return merges + (try mergeUnsymbolicated(store))
    }

    /// A group whose reports all blame an unsymbolicated frame of the app (`LilyForParent +
    /// 936749`) joins the one symbolicated group of the same app with its class, key, accessor,
    /// exception and kind: the same crash, exported once without symbols. With several
    /// candidates (two call sites set the same key) it stays apart.
    static func mergeUnsymbolicated(_ store: Store) throws -> [Merge] {
        let byGroup = Dictionary(grouping: try store.unsymbolicatedGroupCandidates(), by: \.unsymbolicated)
        let chosen = byGroup.values.compactMap { $0.count == 1 ? $0.first : nil }.sorted {
            $0.unsymbolicated < $1.unsymbolicated
        }
        guard !chosen.isEmpty else { return [] }
        try store.mergeUnsymbolicated(chosen)
        return chosen.map { Merge(partial: $0.unsymbolicated, complete: $0.symbolicated) }
    }
}
