import CrashScanRules
import CrashScanStore
import Foundation

/// `crashscan upgrade [--db FILE] [--rules FILE]...`: brings a database of an older crashscan up to
/// this one's schema (and grouping), the one step `report` and `explain`, which never write, ask for.
enum UpgradeCommand: CommandDefinition {
    static let synopsis = (
        usage: "upgrade",
        summary: "Bring a database of an older crashscan up to this one (report asks for it)."
    )

    static var help: CommandHelp {
        CommandHelp(
            overview: """
                Upgrade a database written by an older crashscan: apply the schema migrations it lacks and,
                when its groups were made by older grouping rules, regroup it and refresh the
                recommendations. import does the same on its own; report and explain never write, so
                they ask for this instead.
                """,
            usage: "crashscan upgrade [--db FILE] [--rules FILE]...",
            sections: [.init(title: "OPTIONS", options: [.database, .rules])],
            footer: "EXIT CODES: 0 ok, 66 no database, 74 not a crashscan database or a database error.")
    }

    static func run(_ arguments: ParsedArguments, console: Console, environment: [String: String]) throws
        -> ExitCode
    {
        guard arguments.positionals.isEmpty else { throw UsageError("upgrade takes no arguments") }
        let dbPath = CLI.databasePath(arguments.value(.database), environment: environment)
        try CLI.requireDatabase(dbPath)
        let rules = try RuleSet.load(extraFiles: arguments.values(.rules))
        let store = try Store(path: dbPath)
        guard try Regrouper.isStale(store) else {
            let schema = try store.schemaVersion()
            let applied = store.appliedMigrations
            console.out(
                applied.isEmpty
                    ? "\(dbPath) is up to date (schema \(schema))\n"
                    : "upgraded \(dbPath) to schema \(schema) (\(applied.count == 1 ? "migration" : "migrations") "
                        + applied.map(String.init).joined(separator: ", ") + ")\n")
            return .ok
        }
        let summary = try Regrouper.run(store)
        try RecommendationUpdater.refresh(store: store, rules: rules, touched: try store.groupIDs())
        console.out("upgraded \(dbPath): regrouped \(RegroupCommand.describe(summary))\n")
        return .ok
    }
}
