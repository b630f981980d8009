import CrashScanClassification
import CrashScanStore
import CrashScanSymbolication

/// `crashscan symbolicate`: resolves the app frames of reports already stored (kept in
/// `report.frames` with their images while they are offsets), reclassifies them with the symbols,
/// and regroups. The caller refreshes the recommendations.
public enum StoredSymbolication {
    public struct Summary: Equatable, Sendable {
        /// Reports that had app frames as offsets.
        public var candidates = 0
        /// Reports whose frames a dSYM resolved.
        public var symbolicated = 0
        /// Candidates whose image UUID no dSYM given matched, by UUID.
        public var missingUUIDs: [String: Int] = [:]
        /// Candidates whose image a dSYM given holds but none of whose frames it resolved, by UUID.
        public var unresolvedUUIDs: [String: Int] = [:]
        public var regrouped = Regrouper.Summary()
    }

    /// Symbolicates the stored reports of `group` (nil: every report) with `symbolicator`.
    public static func run(store: Store, group: Int64?, symbolicator: Symbolicator) throws -> Summary {
        var summary = Summary()
        let stored = try store.reportsWithStoredFrames(group: group)
        summary.candidates = stored.count
        var resolved: [(id: Int64, analyzed: AnalyzedReport, path: String)] = []
        for var item in stored {
            symbolicator.symbolicate(&item.report)
            if item.report.symbolicatedFrames == 0 {
                let unresolved = symbolicator.unresolvedUUIDs(item.report)
                for uuid in unresolved.missing { summary.missingUUIDs[uuid, default: 0] += 1 }
                for uuid in unresolved.held { summary.unresolvedUUIDs[uuid, default: 0] += 1 }
                continue
            }
            resolved.append((item.id, AnalyzedReport(item.report), item.sourcePath))
        }
        summary.symbolicated = resolved.count
        guard !resolved.isEmpty else { return summary }
        try store.saveSymbolicated(resolved.map { ($0.id, $0.analyzed) })
        summary.regrouped = try Regrouper.run(store)
        try store.refreshSamples(symbolicated: resolved)
        return summary
    }
}
