import CrashScanReport
import CrashScanRules
import CrashScanStore
import Foundation

/// `crashscan explain GROUP [--format text|json] [--db FILE] [--rules FILE]...`
enum ExplainCommand: CommandDefinition {
    static let synopsis = (
        usage: "explain GROUP",
        summary: "Show one group: frames, the matched rule and why, the evidence, the fix."
    )

    static let reportsOption = CommandOption(
        "--reports", value: "N|all",
        help:
            "How many of the group's reports to list, the latest first (default \(GroupExplanation.reportsShown); all: every one)."
    )

    static var help: CommandHelp {
        CommandHelp(
            overview: """
                Explain one crash group: its classification, the frames of a representative report,
                the rule that matched and why (and the less specific ones), the evidence from the database
                (which OS versions crash, which of the app's OS versions do not, whether that fits the rule's
                failing window, app versions, regression), the confidence, and the fix.
                """,
            usage:
                "crashscan explain GROUP [--reports N|all] [--format text|json] [--tz ZONE] [--db FILE] [--rules FILE]...",
            arguments: [
                (
                    "GROUP",
                    """
                    The group's id as 'crashscan report' shows it (1b4b4cd6), or at least 4 of its
                    first hex digits.
                    """
                )
            ],
            sections: [
                .init(title: "OPTIONS", options: [reportsOption, .textOrJSON, .timeZone, .database, .rules])
            ],
            footer: "EXIT CODES: 0 ok, 64 GROUP malformed or ambiguous, 66 no such group or no database.")
    }

    static func run(_ arguments: ParsedArguments, console: Console, environment: [String: String]) throws
        -> ExitCode
    {
        let json = try FormatOption.textOrJSON(arguments.value(.textOrJSON) ?? "text")
        let zone = try CLI.displayZone(arguments, environment: environment)
        guard arguments.positionals.count == 1, let group = arguments.positionals.first else {
            throw UsageError(
                "explain needs one GROUP: a group id or a fingerprint prefix (see 'crashscan report')")
        }
        let dbPath = CLI.databasePath(arguments.value(.database), environment: environment)
        try CLI.requireDatabase(dbPath)
        let rules = try RuleSet.load(extraFiles: arguments.values(.rules))
        let store = try Store(path: dbPath, access: .readOnly)
        try CLI.noteUnreadDerivedTables(store, dbPath: dbPath, console: console)
        let id = try GroupLookup.find(group, in: store)
        let explanation = try GroupExplanation.build(
            group: id, store: store, rules: rules,
            reportsShown: try reportsShown(arguments.value(reportsOption)))
        console.out(
            json ? ExplanationRenderer.json(explanation) : ExplanationRenderer.text(explanation, zone: zone))
        return .ok
    }
}

extension ExplainCommand {
    /// `--reports N|all`: a positive number, or every report.
    static func reportsShown(_ value: String?) throws(UsageError) -> Int {
        guard let value else { return GroupExplanation.reportsShown }
        if value == "all" { return Int(Int32.max) }
        guard let count = Int(value), count > 0 else {
            throw UsageError("invalid --reports '\(value)' (expected a positive number or all)")
        }
        return count
    }
}

/// `--format text|json` for the commands that offer only those two.
enum FormatOption {
    static func textOrJSON(_ value: String) throws(UsageError) -> Bool {
        guard value == "text" || value == "json" else {
            throw UsageError("invalid --format '\(value)' (expected one of: text, json)")
        }
        return value == "json"
    }
}
