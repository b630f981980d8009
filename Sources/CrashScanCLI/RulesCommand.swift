import CrashScanClassification
import CrashScanImport
import CrashScanIngest
import CrashScanModel
import CrashScanReport
import CrashScanRules
import Foundation

/// `crashscan rules [list]`, `crashscan rules check FILE...`, `crashscan rules test FILE FIXTURE...`.
enum RulesCommand: CommandDefinition {
    static let synopsis = (
        usage: "rules", summary: "List, check and test the rules of the recommendation engine."
    )
    static let explainOption = CommandOption("--explain", help: "With test: every matching rule and why.")
    static let expectOption = CommandOption(
        "--expect", value: "RULE_OR_FIX",
        help: "With test: exit 1 unless every report is matched by this rule id or fix slug.")

    static var help: CommandHelp {
        CommandHelp(
            overview: """
                List, check and test the rules of the recommendation engine: the built-in ones and a
                team's own (docs/rule-files.md in crashscan's source).
                """,
            usage: """
                crashscan rules [list] [--rules FILE]... [--format text|json]
                       crashscan rules check [FILE...]
                       crashscan rules test FILE CRASH... [--explain] [--expect RULE_OR_FIX]
                """,
            arguments: [
                ("list", "The rules in force with what they match (default)."),
                (
                    "check [FILE...]",
                    """
                    Validate rule files (the built-in rules without one); an error names the file,
                    line, rule and field. A rule that names a UIKit class and key is compared with
                    UIKit's runtime headers: what they settle is said, a contradiction exits 1.
                    """
                ),
                (
                    "test FILE CRASH...",
                    """
                    Run the built-in rules plus FILE on crash files or folders and print which
                    rule each report matches. With --expect, exit 1 unless every report is
                    matched by that rule id or fix slug (for a team's CI).
                    """
                ),
            ],
            argumentsTitle: "SUBCOMMANDS",
            sections: [
                .init(
                    title: "OPTIONS",
                    options: [
                        CommandOption(
                            "--rules", value: "FILE",
                            help:
                                "A team rule file to add (repeatable); a rule with a built-in id replaces it."
                        ),
                        CommandOption("--format", value: "FORMAT", help: "text (default) or json, for list."),
                        explainOption, expectOption,
                    ])
            ],
            footer: "A malformed rule file exits 65.")
    }

    static func run(_ arguments: ParsedArguments, console: Console, environment: [String: String]) throws
        -> ExitCode
    {
        let ruleFiles = arguments.values(.rules)
        let json = try FormatOption.textOrJSON(arguments.value(.textOrJSON) ?? "text")
        let explain = arguments.isSet(explainOption)
        let expect = arguments.value(expectOption)
        var positionals = arguments.positionals
        let subcommand = positionals.isEmpty ? "list" : positionals.removeFirst()
        switch subcommand {
        case "list":
            guard positionals.isEmpty else { throw UsageError("rules list takes no arguments") }
            return try list(RuleSet.load(extraFiles: ruleFiles), json: json, console: console)
        case "check":
            return try check(files: positionals, console: console)
        case "test":
            guard positionals.count >= 2 else {
                throw UsageError("rules test needs a rule FILE and at least one crash file or folder")
            }
            let rules = try RuleSet.load(extraFiles: [positionals[0]] + ruleFiles)
            if let expect {
                // A typo here would make every report "not matched": refuse it instead.
                let known = Array(Set(rules.rules.map(\.id) + rules.rules.map(\.fix))).sorted()
                guard known.contains(expect) else {
                    throw UsageError(
                        "--expect '\(expect)' is no rule id or fix slug in force\(Suggestions.didYouMean(expect, among: known)); 'crashscan rules' lists them"
                    )
                }
            }
            let results = try test(rules: rules, fixtures: Array(positionals.dropFirst()), expect: expect)
            if json {
                console.out(RuleTestOutput.json(results, expect: expect))
            } else {
                console.out(RuleTestOutput.text(results, expect: expect, explain: explain))
            }
            guard let expect else { return .ok }
            return results.allSatisfy { $0.matches(expect) } ? .ok : .findings
        default:
            throw UsageError(
                "unknown rules subcommand '\(subcommand)' (expected: list, check, test)\(Suggestions.didYouMean(subcommand, among: ["list", "check", "test"]))"
            )
        }
    }

    /// Validates each rule FILE (the built-in rules without one) and compares every rule that
    /// names a UIKit class and key with UIKit's runtime headers: a contradiction is said and
    /// exits 1.
    static func check(files: [String], console: Console) throws -> ExitCode {
        var contradicted = 0
        let sets: [(name: String, rules: [Rule])] =
            files.isEmpty
            ? [("built-in rules", try RuleSet.load(extraFiles: []).rules)]
            : try files.map { file in
                (file, try RuleSet.load(extraFiles: [file]).rules.filter { $0.source == file })
            }
        for (name, rules) in sets {
            console.out("\(name): \(rules.count) rule\(rules.count == 1 ? "" : "s"), valid\n")
            for rule in rules {
                guard let measured = rule.measured else { continue }
                for contradiction in measured.contradictions {
                    contradicted += 1
                    console.out(
                        "\((rule.source as NSString).lastPathComponent):\(rule.line): \(rule.id): UIKit's runtime headers contradict the rule: it \(contradiction)\n"
                    )
                }
                if !measured.settled.isEmpty {
                    console.out(
                        "  \(rule.id): measured (\(measured.settled.joined(separator: ", "))): \(measured.summary)\n"
                    )
                }
            }
        }
        return contradicted > 0 ? .findings : .ok
    }

    /// ` (inferred)` or ` (measured)` after one of a rule's facts.
    static func mark(_ fact: String, of rule: Rule) -> String {
        Rule.factMark(fact, inferred: rule.inferred, measured: rule.measured?.settled ?? [])
    }

    static func list(_ set: RuleSet, json: Bool, console: Console) throws -> ExitCode {
        if json {
            let items: [[String: Any]] = set.rules.map { rule in
                var item: [String: Any] = [
                    "id": rule.id, "fix": rule.fix, "title": rule.title, "source": rule.source,
                    "line": rule.line,
                    "match": rule.match.summary, "specificity": rule.specificity,
                ]
                if let row = rule.catalogRow { item["catalog_row"] = row }
                if let fails = rule.failsOn { item["fails_on"] = fails.description }
                if let works = rule.worksOn { item["works_on"] = works.description }
                item["inferred"] = rule.inferred
                if let measured = rule.measured {
                    item["measured"] = measured.settled
                    item["headers"] = measured.summary
                }
                return item
            }
            let data = try JSONSerialization.data(
                withJSONObject: items, options: [.prettyPrinted, .sortedKeys])
            console.out(String(decoding: data, as: UTF8.self) + "\n")
            return .ok
        }
        var table = TextTable(
            headers: ["ID", "FIX", "SOURCE"], alignments: [.left, .left, .left])
        for rule in set.rules {
            table.add([rule.id, rule.fix, "\((rule.source as NSString).lastPathComponent):\(rule.line)"])
        }
        let rows = table.render()
        var lines = [rows[0]]
        for (rule, row) in zip(set.rules, rows.dropFirst()) {
            lines.append(row)
            var match = "match: " + rule.match.summary
            if let fails = rule.failsOn { match += "; fails on iOS \(fails)\(mark("failsOn", of: rule))" }
            lines.append(contentsOf: TextWrap.wrap(match, width: ReportRenderer.width, indent: "    "))
            if let measured = rule.measured, !measured.settled.isEmpty {
                lines.append(
                    contentsOf: TextWrap.wrap(
                        "measured in UIKit's runtime headers: " + measured.summary,
                        width: ReportRenderer.width,
                        indent: "    "))
            }
        }
        console.out(lines.joined(separator: "\n") + "\n")
        console.out(
            "\(set.rules.count) rules. The most specific matching rule wins; see docs/rule-files.md in crashscan's source.\n"
        )
        return .ok
    }

    /// Why the rule (or a rule of the fix) `expected` did not win for `subject`: the first of its
    /// conditions that failed, or the rule that won over it and why.
    static func whyNot(_ expected: String, rules: RuleSet, subject: RuleSubject, winner: Rule?) -> String {
        let candidates = rules.rules.filter { $0.id == expected || $0.fix == expected }
        var reasons: [String] = []
        for rule in candidates {
            if let failure = rule.match.evaluate(subject).failure {
                reasons.append("\(rule.id) does not match: \(failure) does not hold")
            } else if let winner {
                let why =
                    !winner.isBuiltIn && rule.isBuiltIn
                    ? "a team rule wins over a built-in one"
                    : winner.specificity > rule.specificity
                        ? "it is more specific (\(winner.specificity) against \(rule.specificity))"
                        : "it comes later with the same specificity (\(winner.specificity))"
                reasons.append("\(rule.id) matches, but \(winner.id) wins: \(why)")
            }
        }
        return reasons.joined(separator: "; ")
    }

    /// Runs the rules against crash files: one result per report, or per file that yielded none.
    static func test(rules: RuleSet, fixtures: [String], expect: String? = nil) throws -> [RuleTestResult] {
        let sources = try InputWalker().expand(fixtures)
        var results: [RuleTestResult] = []
        for parsed in sources.flatMap({ SourceReader.read($0) }) {
            let analyzed: [AnalyzedReport]
            switch parsed.outcome {
            case .parsed(let reports): analyzed = reports
            case .storedBefore: continue  // parsed without a database: nothing is known before
            case .scale(let scale):
                results.append(
                    RuleTestResult(
                        path: parsed.path, position: Int?.none,
                        rejected: "\(scale.source.rawValue), not a crash report: rules are tested on crashes")
                )
                continue
            case .rejected(let rejection):
                results.append(
                    RuleTestResult(path: parsed.path, position: Int?.none, rejected: rejection.reason))
                continue
            }
            for (index, report) in analyzed.enumerated() {
                let failure = report.failure
                let subject = RuleSubject(
                    exceptionType: report.exceptionType, kind: failure?.kind,
                    receiverClass: failure?.receiverClass,
                    key: failure?.key, keyIsPrivate: failure?.keyIsPrivate, cause: failure?.cause,
                    osKeys: report.os.map { [$0.sortKey] } ?? [], blameFrame: report.blameFrame)
                var result = RuleTestResult(
                    path: parsed.path, position: analyzed.count > 1 ? index + 1 : nil, rejected: String?.none)
                result.exceptionType = report.exceptionType
                result.failure = failure
                result.evaluations = rules.evaluations(for: subject)
                if let expect, !result.matches(expect) {
                    result.whyNot = whyNot(
                        expect, rules: rules, subject: subject, winner: result.evaluations.first?.rule)
                }
                results.append(result)
            }
        }
        return results
    }

}
