import CrashScanRules
import Foundation

/// The page behind every fix slug: what the rules that recommend it know (where the access
/// fails, the replacement in Objective-C and Swift, the sources), plus a hand-written page from
/// `fixes/SLUG.md` where one exists (the full placeholder implementation and comparison).
public enum FixPages {
    public struct Entry: Sendable {
        public var slug: String
        public var title: String
        public var rules: [Rule]
        public var hasFullPage: Bool
    }

    static func handWritten(_ slug: String) -> String? {
        EmbeddedFixes.files.first { $0.name == slug + ".md" }?.text
    }

    /// Every fix the rules in force recommend, in rule order.
    public static func entries(_ rules: RuleSet) -> [Entry] {
        var entries: [Entry] = []
        for rule in rules.rules {
            if let index = entries.firstIndex(where: { $0.slug == rule.fix }) {
                entries[index].rules.append(rule)
            } else {
                entries.append(
                    Entry(
                        slug: rule.fix, title: rule.title, rules: [rule],
                        hasFullPage: handWritten(rule.fix) != nil))
            }
        }
        return entries
    }

    /// The page of `slug`, or nil when no rule recommends it.
    public static func page(_ slug: String, rules: RuleSet) -> String? {
        guard let entry = entries(rules).first(where: { $0.slug == slug }) else { return nil }
        let width = ReportRenderer.width
        var out = ["FIX \(entry.slug)", ""]
        for rule in entry.rules { out.append(contentsOf: section(rule, width: width)) }
        if let extra = handWritten(slug) {
            out.append(String(repeating: "-", count: width))
            out.append("")
            out.append(extra)
        }
        while out.last == "" { out.removeLast() }
        return out.joined(separator: "\n") + "\n"
    }

    /// What one rule recommending the fix says: title, facts, reason texts, detail, replacement
    /// and sources.
    static func section(_ rule: Rule, width: Int) -> [String] {
        let text = RuleText(rule: GroupExplanation.RuleSummary(rule))
        var out = TextWrap.wrap(rule.title, width: width, indent: "")
        var facts: [String] = ["rule \(rule.id)"]
        if let exceptions = text.exceptions(joinedBy: " or ") { facts.append("raises \(exceptions)") }
        if let fails = text.failsOn { facts.append("fails on \(fails)") }
        if let works = text.worksOn { facts.append("works on \(works)") }
        if text.fixIsInferred {
            facts.append("the fix is inferred from the API's documentation, not from a report of it working")
        }
        out.append(
            contentsOf: TextWrap.wrap("(" + facts.joined(separator: "; ") + ")", width: width, indent: "  "))
        if let condition = rule.condition {
            out.append(contentsOf: TextWrap.wrap("Condition: " + condition, width: width, indent: "  "))
        }
        for reason in rule.reasons {
            out.append(contentsOf: TextWrap.wrap("Seen as: " + reason, width: width, indent: "  "))
        }
        out.append("")
        out.append(contentsOf: TextWrap.wrap(rule.detail, width: width, indent: "  "))
        if let sentence = rule.targetSentence {
            out.append("")
            out.append(contentsOf: TextWrap.wrap(sentence, width: width, indent: "  "))
        }
        out.append(contentsOf: text.replacement)
        if !rule.sources.isEmpty {
            out.append("")
            out.append(contentsOf: text.sources(width: width))
        }
        out.append("")
        return out
    }
}
