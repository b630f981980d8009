import CrashScanModel
import CrashScanReport
import CrashScanRules
import CrashScanStore
import CrashScanWorkflows
import Foundation

/// `crashscan fixed GROUP VERSION [--db FILE]`: records the app version that fixed a group, so
/// that a crash of the group in a later version is flagged as a regression.
enum FixedCommand: CommandDefinition {
    static let synopsis = (
        usage: "fixed GROUP VER",
        summary: "Record the app version that fixed a group (later crashes: regression)."
    )
    static let clearOption = CommandOption("--clear", help: "Forget the group's fix version.")

    static var help: CommandHelp {
        CommandHelp(
            overview: """
                Record the app version that fixed a crash group. A crash of the group in a later app
                version is then flagged as a regression (report, explain, the recommendations view).
                """,
            usage: """
                crashscan fixed GROUP VERSION [--db FILE] [--rules FILE]...
                       crashscan fixed GROUP --clear
                """,
            arguments: [
                (
                    "GROUP",
                    """
                    The group's id as 'crashscan report' shows it (1b4b4cd6), or at least 4 of its
                    first hex digits.
                    """
                ),
                ("VERSION", "The first app version without the crash (2.4.0)."),
            ],
            sections: [.init(title: "OPTIONS", options: [clearOption, .database, .rules])])
    }

    static func run(_ arguments: ParsedArguments, console: Console, environment: [String: String]) throws
        -> ExitCode
    {
        let clear = arguments.isSet(clearOption)
        let ruleFiles = arguments.values(.rules)
        let expected = clear ? 1 : 2
        guard arguments.positionals.count == expected else {
            throw UsageError(
                clear
                    ? "fixed --clear needs one GROUP"
                    : "fixed needs a GROUP and the app VERSION that fixed it (crashscan fixed 1b4b4cd6 2.4.0)"
            )
        }
        let dbPath = CLI.databasePath(arguments.value(.database), environment: environment)
        try CLI.requireDatabase(dbPath)
        let store = try Store(path: dbPath)
        let id = try GroupLookup.find(arguments.positionals[0], in: store)
        if clear {
            try store.clearFix(group: id)
        } else {
            let version = arguments.positionals[1]
            // An app version is printable text on one line: `2.4.0`, `2.4.0 (123)`, `5.0-beta2`.
            guard version.contains(where: \.isNumber), version == version.terminalSafe, version.count <= 64
            else {
                throw UsageError(
                    "'\(version.terminalSafe.prefix(64))' is not an app version (expected something like 2.4.0)"
                )
            }
            try store.recordFix(group: id, version: version, notedAt: Timestamp.now())
            // A fix version is the first release without the crash: one that itself crashed, or
            // that is older than a version that crashed, is probably not it.
            let contradicting = try GroupRegression.crashingNotOlder(than: version, group: id, store: store)
            if !contradicting.isEmpty {
                console.err(
                    "crashscan: warning: \(version) is not newer than every version that crashed (\(contradicting.joined(separator: ", ")) crashed too): fixed in \(version) means \(version) and later must not crash\n"
                )
            }
        }
        // The stored recommendations carry the regression flag: bring them up to date now.
        let rules = try RuleSet.load(extraFiles: ruleFiles)
        try RecommendationUpdater.refresh(store: store, rules: rules, touched: [id])
        let explanation = try GroupExplanation.build(group: id, store: store, rules: rules)
        let ruleFixedIn = explanation.rule.flatMap { rule in rules.rules.first { $0.id == rule.id }?.fixedIn }
        let state =
            try GroupRegression.load(group: id, ruleFixedIn: ruleFixedIn, store: store)?.summary
            ?? "no fix version recorded"
        let action = clear ? "cleared the fix version" : "recorded: fixed in \(arguments.positionals[1])"
        console.out(
            "group \(explanation.id) (\(explanation.receiverClass.map { "\($0).\(explanation.key ?? "?")" } ?? explanation.exceptionType ?? "?")): \(action); now \(state)\n"
        )
        return .ok
    }
}
