import CrashScanModel
import CrashScanRules
import CrashScanStore
import CrashScanWorkflows
import Foundation

/// `crashscan prune --before DATE [--dry-run] [--db FILE]`: retention. Removes the reports seen
/// before DATE, on either database.
enum PruneCommand: CommandDefinition {
    static let synopsis = (usage: "prune --before DATE", summary: "Remove the reports seen before a date.")
    static let beforeOption = CommandOption(
        "--before", value: "DATE",
        help: "Remove reports seen before this UTC day or time (2015-03-01, 2015-03-01T12:00:00Z).")
    static let dryRunOption = CommandOption("--dry-run", help: "Count what would be removed; change nothing.")

    static var help: CommandHelp {
        CommandHelp(
            overview: """
                Remove the reports seen before a date (their crash time, else their upload time, else
                when they were imported), with their KVC failures, in one transaction. Groups left
                without a report go too, unless a fix version was recorded for them ('crashscan
                fixed'); the others' counts and recommendations are brought up to date. The import
                history (import_runs, import_files) is kept: importing the same files again skips
                them as already imported ('import --reparse' reads them again).
                """,
            usage: "crashscan prune --before DATE [--dry-run] [--db FILE] [--rules FILE]...",
            sections: [.init(title: "OPTIONS", options: [beforeOption, dryRunOption, .database, .rules])])
    }

    static func run(_ arguments: ParsedArguments, console: Console, environment: [String: String]) throws
        -> ExitCode
    {
        if let extra = arguments.positionals.first {
            throw UsageError("prune takes no arguments, got '\(extra.terminalSafe)'")
        }
        guard let before = arguments.value(beforeOption) else {
            throw UsageError("prune needs --before DATE (crashscan prune --before 2015-03-01)")
        }
        guard let parsed = Timestamp.parse(before) else {
            throw UsageError(
                "--before '\(before.terminalSafe)' is not a date (expected 2015-03-01 or 2015-03-01T12:00:00Z)"
            )
        }
        let time = parsed.utc(assumedOffset: 0)
        let dryRun = arguments.isSet(dryRunOption)
        let dbPath = CLI.databasePath(arguments.value(.database), environment: environment)
        try CLI.requireDatabase(dbPath)
        let store = try Store(path: dbPath)
        let result = try store.prune(before: time, dryRun: dryRun)
        if !dryRun, !result.groupsChanged.isEmpty {
            let rules = try RuleSet.load(extraFiles: arguments.values(.rules))
            try RecommendationUpdater.refresh(store: store, rules: rules, touched: result.groupsChanged)
        }
        let verb = dryRun ? "would remove" : "removed"
        let partitions =
            result.partitionsDropped == 0
            ? ""
            : "; \(count(result.partitionsDropped, "monthly partition"))\(dryRun ? " would be" : "") dropped"
        console.out(
            "\(store.path.terminalSafe): \(verb) \(count(result.reports, "report")) seen before \(time) (\(count(result.kvcFailures, "KVC failure"))) and \(count(result.groupsRemoved, "group")) left without reports; \(count(result.reportsLeft, "report")) \(dryRun ? "would remain" : "remain")\(partitions)\n"
        )
        return .ok
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
