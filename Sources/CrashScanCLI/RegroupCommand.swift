import CrashScanReport
import CrashScanRules
import CrashScanStore
import CrashScanWorkflows
import Foundation

/// `crashscan regroup [--db FILE] [--rules FILE]...`: recomputes every report's group with this
/// crashscan's grouping rules (after an upgrade; `import` does it on its own when needed).
enum RegroupCommand: CommandDefinition {
    static let synopsis = (
        usage: "regroup", summary: "Regroup every stored report with this crashscan's grouping rules."
    )

    static var help: CommandHelp {
        CommandHelp(
            overview: """
                Regroup every stored report with this crashscan's grouping rules, classify the stored KVC
                failures again where its rules for a private key changed (it says how many became private),
                and refresh the recommendations. Needed after upgrading crashscan when the grouping rules
                changed; import does it on its own the first time it writes to such a database, and report
                warns until then.
                """,
            usage: "crashscan regroup [--db FILE] [--rules FILE]...",
            sections: [.init(title: "OPTIONS", options: [.database, .rules])])
    }

    static func run(_ arguments: ParsedArguments, console: Console, environment: [String: String]) throws
        -> ExitCode
    {
        let ruleFiles = arguments.values(.rules)
        guard arguments.positionals.isEmpty else {
            throw UsageError("regroup takes no arguments (it regroups the whole database)")
        }
        let dbPath = CLI.databasePath(arguments.value(.database), environment: environment)
        try CLI.requireDatabase(dbPath)
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
            + " (\(plural(summary.moved, "report")) moved, \(plural(summary.merged, "incomplete group")) joined to \(summary.merged == 1 ? "its crash" : "their crashes"))"
            + (summary.madePrivate == 0
                ? ""
                : "; \(plural(summary.madePrivate, "failure")) now on a private key (UIKit's runtime headers)")
    }
}
