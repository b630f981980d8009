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
        var groups = try store.crashGroups(
            receiverClass: ruleClass, key: first.component, accessor: firstAccessor)
        for (position, step) in components.enumerated().dropFirst() {
            let accessor: KVCAccessor = setsLast && position == components.count - 1 ? .set : .get
            for receiver in try store.groupClasses(key: step.component)
            where KnownClasses.isVariant(receiver, of: step.onClass) {
                groups += try store.crashGroups(
                    receiverClass: receiver, key: step.component, accessor: accessor)
            }
        }
        var seen: Set<String> = []
        return groups.filter { seen.insert($0.id).inserted }
    }
}
