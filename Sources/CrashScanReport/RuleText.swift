import CrashScanRules

/// What a rule says, as text: one renderer for `explain` (fields under RULE and FIX) and the fix
/// pages (`crashscan fix SLUG`), so the two say the same thing in the same words.
struct RuleText {
    let rule: GroupExplanation.RuleSummary

    /// ` (inferred)` after a fact the rule infers rather than has seen in a crash report,
    /// ` (measured)` after one UIKit's runtime headers settle.
    func inferred(_ fact: String) -> String {
        Rule.factMark(fact, inferred: rule.inferred, measured: rule.measured)
    }

    /// `iOS 8.1 – 8.1.3 (inferred)`, where the access fails.
    var failsOn: String? { rule.failsOn.map { "iOS \($0)\(inferred("failsOn"))" } }
    /// Where the access works.
    var worksOn: String? { rule.worksOn.map { "iOS \($0)\(inferred("worksOn"))" } }
    /// The exceptions joined with `separator`, marked when inferred; nil when the rule names none.
    func exceptions(joinedBy separator: String) -> String? {
        rule.exceptions.isEmpty ? nil : rule.exceptions.joined(separator: separator) + inferred("exceptions")
    }
    /// Whether the fix itself comes from the API's documentation rather than a report of it working.
    var fixIsInferred: Bool { rule.inferred.contains("fix") }

    /// The replacement code, Objective-C then Swift, indented under a heading each.
    var replacement: [String] {
        var out: [String] = []
        if let withheld = rule.codeWithheld {
            out.append("")
            out.append(contentsOf: TextWrap.wrap(withheld, width: ReportRenderer.width, indent: "  "))
        }
        if let objc = rule.objc {
            out.append("")
            out.append("  Objective-C:")
            out.append(contentsOf: Self.indented(objc))
        }
        if let swift = rule.swift {
            out.append("  Swift:")
            out.append(contentsOf: Self.indented(swift))
        }
        return out
    }

    /// `Sources: …`, wrapped to `width`; nothing when the rule cites none.
    func sources(width: Int) -> [String] {
        guard !rule.sources.isEmpty else { return [] }
        return TextWrap.wrap("Sources: " + rule.sources.joined(separator: "; "), width: width, indent: "  ")
    }

    private static func indented(_ code: String) -> [String] {
        code.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }
    }
}

extension GroupExplanation.RuleSummary {
    /// What `explain` and the fix pages show of `rule`.
    init(_ rule: Rule) {
        self.init(
            id: rule.id, source: rule.source, line: rule.line, catalogRow: rule.catalogRow, fix: rule.fix,
            title: rule.title, detail: rule.detail, exceptions: rule.exceptions,
            failsOn: rule.failsOn?.description, worksOn: rule.worksOn?.description, condition: rule.condition,
            objc: rule.replacementObjC, swift: rule.replacementSwift, sources: rule.sources,
            inferred: rule.inferred, measured: rule.measured?.settled ?? [], headers: rule.measured?.summary)
    }
}
