import CrashScanReport
import CrashScanRules
import Foundation

/// `crashscan fix SLUG` and `crashscan fix --list` (with `--rules FILE`... for a team's fixes).
enum FixCommand {
    static func run(_ arguments: [String], console: Console) throws -> ExitCode {
        var cursor = ArgumentCursor(arguments)
        var ruleFiles: [String] = []
        var list = false
        while let option = cursor.nextOption() {
            switch option {
            case "--list":
                try cursor.flag(option)
                list = true
            case "--rules": ruleFiles.append(try cursor.value(for: option))
            default: throw UsageError("unknown option '\(option)' for fix")
            }
        }
        let rules = try RuleSet.load(extraFiles: ruleFiles)
        let entries = FixPages.entries(rules)
        if list || cursor.positionals.isEmpty {
            var table = TextTable(
                headers: ["FIX", "RULES", "TITLE"], alignments: [.left, .right, .left],
                maxWidths: [31, 5, 60])
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
        guard cursor.positionals.count == 1, let slug = cursor.positionals.first else {
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
