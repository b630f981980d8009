import CrashScanModel
import CrashScanReport
import CrashScanRules
import CrashScanStore
import Foundation

/// `crashscan fixed GROUP VERSION [--db FILE]`: records the app version that fixed a group, so
/// that a crash of the group in a later version is flagged as a regression.
enum FixedCommand {
    static func run(_ arguments: [String], console: Console, environment: [String: String]) throws -> ExitCode
    {
        var cursor = ArgumentCursor(arguments)
        var dbOption: String?
        var ruleFiles: [String] = []
        var clear = false
        while let option = cursor.nextOption() {
            switch option {
            case "--db": dbOption = try cursor.value(for: option)
            case "--rules": ruleFiles.append(try cursor.value(for: option))
            case "--clear":
                try cursor.flag(option)
                clear = true
            default: throw UsageError("unknown option '\(option)' for fixed")
            }
        }
        let expected = clear ? 1 : 2
        guard cursor.positionals.count == expected else {
            throw UsageError(
                clear
                    ? "fixed --clear needs one GROUP"
                    : "fixed needs a GROUP and the app VERSION that fixed it (crashscan fixed 0f28422c 2.4.0)"
            )
        }
        let dbPath = CLI.databasePath(dbOption, environment: environment)
        guard FileManager.default.fileExists(atPath: dbPath) else { throw CLI.MissingDatabase(path: dbPath) }
        let store = try Store(path: dbPath)
        let id = try GroupLookup.find(cursor.positionals[0], in: store)
        if clear {
            try store.clearFix(group: id)
        } else {
            let version = cursor.positionals[1]
            guard version.contains(where: \.isNumber) else {
                throw UsageError("'\(version)' is not an app version (expected something like 2.4.0)")
            }
            try store.recordFix(group: id, version: version, notedAt: Timestamp.now())
        }
        // The stored recommendations carry the regression flag: bring them up to date now.
        let rules = try RuleSet.load(extraFiles: ruleFiles)
        try RecommendationUpdater.refresh(store: store, rules: rules, touched: [id])
        let explanation = try GroupExplanation.build(group: id, store: store, rules: rules)
        let ruleFixedIn = explanation.rule.flatMap { rule in rules.rules.first { $0.id == rule.id }?.fixedIn }
        let state =
            try GroupRegression.load(group: id, ruleFixedIn: ruleFixedIn, store: store)?.summary
            ?? "no fix version recorded"
        let action = clear ? "cleared the fix version" : "recorded: fixed in \(cursor.positionals[1])"
        console.out(
            "group \(explanation.id) (\(explanation.receiverClass.map { "\($0).\(explanation.key ?? "?")" } ?? explanation.exceptionType ?? "?")): \(action); now \(state)\n"
        )
        return .ok
    }
}
