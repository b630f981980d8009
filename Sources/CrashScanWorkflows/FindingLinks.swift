import CrashScanCatalogs
import CrashScanModel
import CrashScanStore

/// The crash groups a scan finding's call site can raise: those of its class and key (read or
/// set as the code does), and for a key path, those of each later component on the class the
/// path reaches there (`valueForKeyPath:@"statusBar.foregroundView"` on UIApplication raises
/// UIStatusBar_Modern's `foregroundView` crash on iOS 11–12).
public enum FindingLinks {
    public static func crashGroups(
        ruleClass: String, keyPath: String, firstAccessor: KVCAccessor, setsLast: Bool, in store: Store
    ) throws -> [LinkedCrashGroup] {
        let components = UIKitMemberCatalog.lookupClasses(keyPath: keyPath, from: ruleClass)
        guard let first = components.first else { return [] }
        // The key path's own last component, not the last one whose class is known.
        let last = keyPath.split(separator: ".", omittingEmptySubsequences: false).count - 1
        var groups = try store.crashGroups(
            receiverClass: ruleClass, key: first.component, accessor: firstAccessor)
        for (position, step) in components.enumerated().dropFirst() {
            let accessor: KVCAccessor = setsLast && position == last ? .set : .get
            for receiver in try store.groupClasses(key: step.component)
            where KnownClasses.isVariant(receiver, of: step.onClass) {
                groups += try store.crashGroups(
                    receiverClass: receiver, key: step.component, accessor: accessor)
            }
        }
        var seen: Set<String> = []
        return groups.filter { seen.insert($0.id).inserted }
    }

    /// Where in the code a crash group's class and key come from, among the latest scan's
    /// findings: a call on that class with that key, or a key path that reaches the key on that
    /// class further along (`statusBar.foregroundView` on UIApplication for UIStatusBar_Modern's
    /// `foregroundView`).
    public static func sourceLocations(
        receiverClass: String?, key: String?, among findings: [SourceFindingTarget]
    ) -> [SourceLocation] {
        guard let receiverClass, let key else { return [] }
        let spellings = Store.keySpellings(String(key.prefix { $0 != "." }))
        return findings.filter { finding in
            if finding.ruleClass == receiverClass, spellings.contains(finding.key) { return true }
            guard finding.keyPath != finding.key else { return false }
            return UIKitMemberCatalog.lookupClasses(keyPath: finding.keyPath, from: finding.ruleClass)
                .dropFirst()
                .contains {
                    spellings.contains($0.component) && KnownClasses.isVariant(receiverClass, of: $0.onClass)
                }
        }.map(\.location)
    }
}
