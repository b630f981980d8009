import CrashScanReport
import CrashScanRules
import CrashScanStore
import Foundation

/// `crashscan regroup [--db FILE] [--rules FILE]...`: recomputes every report's group with this
/// crashscan's grouping rules (after an upgrade; `import` does it on its own when needed).
enum RegroupCommand {
    static func run(_ arguments: [String], console: Console, environment: [String: String]) throws -> ExitCode
    {
        var cursor = ArgumentCursor(arguments)
        var dbOption: String?
        var ruleFiles: [String] = []
        while let option = cursor.nextOption() {
            switch option {
            case "--db": dbOption = try cursor.value(for: option)
            case "--rules": ruleFiles.append(try cursor.value(for: option))
            default: throw UsageError("unknown option '\(option)' for regroup")
            }
        }
        guard cursor.positionals.isEmpty else {
            throw UsageError("regroup takes no arguments (it regroups the whole database)")
        }
        let dbPath = CLI.databasePath(dbOption, environment: environment)
        guard FileManager.default.fileExists(atPath: dbPath) else { throw CLI.MissingDatabase(path: dbPath) }
        let rules = try RuleSet.load(extraFiles: ruleFiles)
        let store = try Store(path: dbPath)
        let summary = try Regrouper.run(store)
        let all = try store.groupIDs()
        try RecommendationUpdater.refresh(store: store, rules: rules, touched: all)
        console.out("regrouped \(dbPath): \(describe(summary))\n")
        return .ok
    }

    static func describe(_ summary: Regrouper.Summary) -> String {
        let plural = ReportRenderer.plural
        return
            "\(plural(summary.reports, "report")), \(plural(summary.groupsBefore, "group")) before, \(summary.groupsAfter) after"
            + " (\(plural(summary.moved, "report")) moved, \(plural(summary.merged, "incomplete group")) joined by call site)"
    }
}
