import CrashScanReport
import CrashScanRules
import Foundation

/// `crashscan fix SLUG` and `crashscan fix --list` (with `--rules FILE`... for a team's fixes).
enum FixCommand: CommandDefinition {
    static let synopsis = (
        usage: "fix SLUG",
        summary: "Show the page of a fix (the code to write instead); fix --list lists them."
    )
    static let list = CommandOption(
        "--list", help: "List every fix with the number of rules that recommend it.")

    static var help: CommandHelp {
        CommandHelp(
            overview: """
                Print the page of a fix: what the rules that recommend it know (where the access fails,
                the reason texts, the replacement in Objective-C and Swift, the sources) and, for
                associated-object-placeholder, the complete implementation and a point-by-point comparison
                with the published ones.
                """,
            usage: """
                crashscan fix SLUG [--rules FILE]...
                       crashscan fix --list
                """,
            arguments: [("SLUG", "The fix, as a recommendation names it (associated-object-placeholder).")],
            sections: [.init(title: "OPTIONS", options: [list, .rules])])
    }

    static func run(_ arguments: ParsedArguments, console: Console, environment: [String: String]) throws
        -> ExitCode
    {
        let positionals = arguments.positionals
        let rules = try RuleSet.load(extraFiles: arguments.values(.rules))
        let entries = FixPages.entries(rules)
        if arguments.isSet(list) || positionals.isEmpty {
            var table = TextTable(
                headers: ["FIX", "RULES", "TITLE"], alignments: [.left, .right, .left])
            for entry in entries {
                table.add([
                    entry.slug + (entry.hasFullPage ? " *" : ""), String(entry.rules.count), entry.title,
                ])
            }
            console.out(table.render().joined(separator: "\n") + "\n")
            console.out(
                "\(entries.count) fixes; * has a full hand-written page. Show one: crashscan fix SLUG\n")
            return .ok
        }
        guard positionals.count == 1, let slug = positionals.first else {
            throw UsageError("fix takes one SLUG (see 'crashscan fix --list')")
        }
        guard let page = FixPages.page(slug, rules: rules) else {
            throw UsageError(
                "no fix '\(slug)' (known: \(entries.map(\.slug).joined(separator: ", ")))")
        }
        console.out(page)
        return .ok
    }
}
