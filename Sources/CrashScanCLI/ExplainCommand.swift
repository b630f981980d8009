import CrashScanReport
import CrashScanRules
import CrashScanStore
import Foundation

/// `crashscan explain GROUP [--format text|json] [--db FILE] [--rules FILE]...`
enum ExplainCommand {
    static func run(_ arguments: [String], console: Console, environment: [String: String]) throws -> ExitCode
    {
        var cursor = ArgumentCursor(arguments)
        var dbOption: String?
        var ruleFiles: [String] = []
        var json = false
        while let option = cursor.nextOption() {
            switch option {
            case "--db": dbOption = try cursor.value(for: option)
            case "--rules": ruleFiles.append(try cursor.value(for: option))
            case "--format": json = try FormatOption.textOrJSON(try cursor.value(for: option))
            default: throw UsageError("unknown option '\(option)' for explain")
            }
        }
        guard cursor.positionals.count == 1, let group = cursor.positionals.first else {
            throw UsageError(
                "explain needs one GROUP: a group id or a fingerprint prefix (see 'crashscan report')")
        }
        let dbPath = CLI.databasePath(dbOption, environment: environment)
        guard FileManager.default.fileExists(atPath: dbPath) else { throw CLI.MissingDatabase(path: dbPath) }
        let rules = try RuleSet.load(extraFiles: ruleFiles)
        let store = try Store(path: dbPath)
        let id = try GroupLookup.find(group, in: store)
        let explanation = try GroupExplanation.build(group: id, store: store, rules: rules)
        console.out(json ? ExplanationRenderer.json(explanation) : ExplanationRenderer.text(explanation))
        return .ok
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
