import Foundation

/// `crashscan rules [--rules FILE]... [--format text|json]`
enum RulesCommand {
    static func run(_ arguments: [String], console: Console) throws -> ExitCode {
        var cursor = ArgumentCursor(arguments)
        var ruleFiles: [String] = []
        var json = false
        while let option = cursor.nextOption() {
            switch option {
            case "--rules": ruleFiles.append(try cursor.value(for: option))
            case "--format":
                let value = try cursor.value(for: option)
                guard value == "text" || value == "json" else {
                    throw UsageError("invalid --format '\(value)' (expected one of: text, json)")
                }
                json = value == "json"
            default: throw UsageError("unknown option '\(option)' for rules")
            }
        }
        if let first = cursor.positionals.first, first != "list" {
            throw UsageError("unknown rules subcommand '\(first)' (expected: list)")
        }
        let set = try RuleSet.load(extraFiles: ruleFiles)
        if json {
            let items: [[String: Any]] = set.rules.map { rule in
                [
                    "id": rule.id, "fix": rule.fix, "title": rule.title, "source": rule.source,
                    "match": describe(rule.match),
                ]
            }
            let data = try JSONSerialization.data(
                withJSONObject: items, options: [.prettyPrinted, .sortedKeys])
            console.out(String(decoding: data, as: UTF8.self) + "\n")
            return .ok
        }
        var table = TextTable(
            headers: ["ID", "FIX", "SOURCE"], alignments: [.left, .left, .left], maxWidths: [36, 36, 24])
        for rule in set.rules {
            table.add([rule.id, rule.fix, (rule.source as NSString).lastPathComponent])
        }
        let rows = table.render()
        var lines = [rows[0]]
        for (rule, row) in zip(set.rules, rows.dropFirst()) {
            lines.append(row)
            lines.append(
                contentsOf: TextWrap.wrap(
                    "match: " + describe(rule.match), width: ReportRenderer.width, indent: "    "))
        }
        console.out(lines.joined(separator: "\n") + "\n")
        console.out(
            "\(set.rules.count) rules. The most specific matching rule wins; see README, 'Rule files'.\n")
        return .ok
    }

    static func describe(_ match: RuleMatch) -> String {
        var parts: [String] = []
        if let exceptions = match.exceptions {
            parts.append("exception=\(exceptions.joined(separator: "|"))")
        }
        if let kinds = match.kinds { parts.append("kind=\(kinds.map(\.rawValue).joined(separator: "|"))") }
        if let classes = match.classes { parts.append("class=\(classes.joined(separator: "|"))") }
        if let pattern = match.classPattern { parts.append("class~/\(pattern.pattern)/") }
        if let keys = match.keys { parts.append("key=\(keys.joined(separator: "|"))") }
        if let pattern = match.keyPattern { parts.append("key~/\(pattern.pattern)/") }
        if let causes = match.causes {
            parts.append("cause=\(causes.map(\.rawValue).joined(separator: "|"))")
        }
        if let flag = match.keyIsPrivate { parts.append("private=\(flag)") }
        if let os = match.os { parts.append("os \(os.description)") }
        return parts.joined(separator: " ")
    }
}
