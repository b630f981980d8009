import CrashScanModel
import CrashScanStore
import Foundation

/// `crashscan check [--repair] [--db FILE]`: compares every cache of the database (the counts
/// `report` and the evidence read) with what the rows say, and rebuilds them with `--repair`.
enum CheckCommand: CommandDefinition {
    static let synopsis = (
        usage: "check [--repair]",
        summary: "Compare the database's derived counts with its rows (and rebuild them with --repair)."
    )

    static let repair = CommandOption(
        "--repair", help: "Rebuild every derived count from the rows, then check again.")

    static var help: CommandHelp {
        CommandHelp(
            overview: """
                Compare every count crashscan derives from the stored reports (the tables report, explain and
                the recommendations read instead of the reports) with what the reports and failures say, and
                print each difference. A change made outside crashscan (the sqlite3 shell, psql) marks them
                stale: report then reads the reports themselves, and the next command that writes rebuilds
                them. --repair rebuilds them now. Never changes a report.
                """,
            usage: "crashscan check [--repair] [--db FILE]",
            sections: [.init(title: "OPTIONS", options: [repair, .database])],
            footer: """
                EXIT CODES: 0 every count matches the rows (after --repair: was rebuilt and matches), 1 a count
                differs or is stale, 66 no database, 74 not a crashscan database or a database error.
                """)
    }

    static func run(_ arguments: ParsedArguments, console: Console, environment: [String: String]) throws
        -> ExitCode
    {
        guard arguments.positionals.isEmpty else { throw UsageError("check takes no arguments") }
        let dbPath = CLI.databasePath(arguments.value(.database), environment: environment)
        try CLI.requireDatabase(dbPath)
        // Read-only first: opening for writing would rebuild stale caches before they are checked.
        let found = try Store(path: dbPath, access: .readOnly).checkCaches()
        describe(found, console: console)
        guard arguments.isSet(repair) else {
            if found.isClean {
                console.out("checked \(dbPath): \(found.caches.count) derived tables match the rows\n")
                return .ok
            }
            console.out("run 'crashscan check --repair --db \(dbPath)' to rebuild them from the rows\n")
            return .findings
        }
        let store = try Store(path: dbPath)
        // Opening for writing rebuilt caches it found stale (the usual reason to repair): not
        // twice (a rebuild of 100,000 reports' caches takes about 2.2 s).
        if store.cacheOutcome == .current { try store.repairCaches() }
        let after = try store.checkCaches()
        describe(after, console: console)
        guard after.isClean else { return .findings }
        console.out(
            "repaired \(dbPath): \(after.caches.count) derived tables rebuilt from the rows; they match\n")
        return .ok
    }

    /// Prints what differs, each cache with its first differing rows.
    private static func describe(_ check: CacheCheck, console: Console) {
        if check.outdated {
            console.out("the derived tables were made by another crashscan (or never): --repair makes them\n")
        }
        if check.loading {
            console.out(
                "an import into this new database is filling the derived tables (their indexes are made when it "
                    + "ends), or it stopped before it ended: report reads the rows until the next command that "
                    + "writes makes the indexes\n")
        }
        if check.stale {
            console.out(
                "the derived tables are marked stale: the rows were changed outside crashscan since they were "
                    + "built (report reads the rows until they are rebuilt)\n")
        }
        for difference in check.differences {
            console.out(
                "\(difference.cache) differs from the rows: \(difference.onlyKept) kept but not in the rows, "
                    + "\(difference.onlyComputed) in the rows but not kept\n")
            for sample in difference.samples { console.out("    \(sample.terminalSafe)\n") }
        }
    }
}
