import CrashScanImport
import CrashScanRules
import CrashScanStore
import CrashScanWorkflows
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
                Upgrade a database written by an older crashscan: apply the schema migrations it lacks,
                hash its JSON reports again in crashscan's own canonical form (reading each report's file
                again where it still is), and, when its groups were made by older grouping rules, regroup
                it and refresh the recommendations. import does the same on its own; report and explain never write, so
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
        let applied = store.appliedMigrations
        if let note = describe(store.cacheOutcome) { console.out("upgraded \(dbPath): \(note)\n") }
        if try ContentRehash.isNeeded(store) {
            console.out("upgraded \(dbPath): \(try ContentRehash.run(store).description)\n")
        }
        if try Regrouper.isStale(store) {
            let summary = try Regrouper.run(store)
            try RecommendationUpdater.refresh(store: store, rules: rules, touched: try store.groupIDs())
            console.out("upgraded \(dbPath): regrouped \(RegroupCommand.describe(summary))\n")
        } else {
            let schema = try store.schemaVersion()
            if !applied.isEmpty {
                console.out("upgraded \(dbPath) to schema \(schema) (\(describe(applied)))\n")
            } else if store.cacheOutcome == .current {
                console.out("\(dbPath) is up to date (schema \(schema))\n")
            }
        }
        if !applied.isEmpty { try sayFreeSpace(of: store, path: dbPath, console: console) }
        return .ok
    }

    /// What opening the database did to its derived tables, when it did anything: the tables of
    /// a million reports take about 40 s to fill, which the user should not see as silence.
    static func describe(_ outcome: CacheOutcome) -> String? {
        switch outcome {
        case .current: return nil
        case .made: return "made its derived tables from the rows"
        case .rebuilt:
            return "filled its derived tables again from the rows (a hand edit had made them stale)"
        }
    }

    /// "migration 23", "migrations 22, 23".
    static func describe(_ applied: [Int]) -> String {
        (applied.count == 1 ? "migration " : "migrations ") + applied.map(String.init).joined(separator: ", ")
    }

    /// A migration that rebuilds a table (schema 23 rebuilds `report`) leaves the old table's
    /// pages free in the file: a million reports' database grew from 1.1 GB to 1.7 GB. Later
    /// imports reuse them; a user short of disk can give them back now.
    static func sayFreeSpace(of store: Store, path: String, console: Console) throws {
        guard let free = try store.freeBytes(), free >= 64 << 20 else { return }
        console.out(
            "  \(free >> 20) MB of the file are free pages left by the upgrade: later imports reuse them, "
                + "and 'sqlite3 \(path) VACUUM' gives them back to the disk now (it needs as much free disk as "
                + "the database takes)\n")
    }
}
