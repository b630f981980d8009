import CrashScanModel
import CrashScanReport
import CrashScanRules
import Foundation

/// What `rules test` found for one report (or one file that held none).
struct RuleTestResult {
    var path: String
    /// 1-based position in a file of several reports.
    var position: Int?
    var rejected: String?
    var exceptionType: String?
    var failure: KVCFailure?
    var evaluations: [(rule: Rule, reasons: [String])] = []
    /// With `--expect`, when another rule won: why the expected one did not.
    var whyNot: String?

    var label: String { position.map { "\(path) #\($0)" } ?? path }

    /// True when the winning rule is `expected` (a rule id or a fix slug).
    func matches(_ expected: String) -> Bool {
        evaluations.first.map { $0.rule.id == expected || $0.rule.fix == expected } ?? false
    }
}

/// `rules test` in text (a line per report) and JSON.
enum RuleTestOutput {
    static func text(_ results: [RuleTestResult], expect: String?, explain: Bool) -> String {
        var out = ""
        for result in results {
            if let rejected = result.rejected {
                out += "\(result.path): rejected: \(rejected)\n"
                continue
            }
            let what =
                result.failure.map {
                    "\($0.kind.rawValue) \($0.receiverClass ?? "?").\($0.key ?? "?") (\($0.cause.rawValue))"
                } ?? "not a KVC failure (\(result.exceptionType ?? "no exception"))"
            if let best = result.evaluations.first?.rule {
                out +=
                    "\(result.label): \(what) -> \(best.id) -> \(best.fix) [\((best.source as NSString).lastPathComponent):\(best.line)]\n"
            } else {
                out += "\(result.label): \(what) -> no rule\n"
            }
            if let whyNot = result.whyNot {
                out +=
                    TextWrap.wrap("why: " + whyNot, width: ReportRenderer.width, indent: "    ").joined(
                        separator: "\n") + "\n"
            }
            guard explain else { continue }
            for evaluation in result.evaluations {
                let line =
                    "\(evaluation.rule.id) (specificity \(evaluation.rule.specificity)): \(evaluation.reasons.joined(separator: "; "))"
                out +=
                    TextWrap.wrap(line, width: ReportRenderer.width, indent: "    ").joined(separator: "\n")
                    + "\n"
            }
        }
        if let expect {
            let misses = results.filter { !$0.matches(expect) }.count
            out += "\(ReportRenderer.plural(results.count, "report")), \(misses) not matched by \(expect)\n"
        }
        return out
    }

    /// `{"schema": "crashscan.rules-test/1", "expect": …, "reports": [...], "summary": {...}}`.
    static func json(_ results: [RuleTestResult], expect: String?) -> String {
        let reports: [[String: Any]] = results.map { result in
            var item: [String: Any] = ["path": result.path, "position": result.position ?? 1]
            if let rejected = result.rejected {
                item["rejected"] = rejected
                return item
            }
            item["exception_type"] = result.exceptionType.map { $0 as Any } ?? NSNull()
            if let failure = result.failure {
                item["kvc"] = [
                    "kind": failure.kind.rawValue,
                    "class": failure.receiverClass.map { $0 as Any } ?? NSNull(),
                    "key": failure.key.map { $0 as Any } ?? NSNull(), "cause": failure.cause.rawValue,
                ]
            } else {
                item["kvc"] = NSNull()
            }
            item["rule_id"] = result.evaluations.first.map { $0.rule.id as Any } ?? NSNull()
            item["fix"] = result.evaluations.first.map { $0.rule.fix as Any } ?? NSNull()
            item["matched_rules"] = result.evaluations.map { evaluation -> [String: Any] in
                [
                    "rule_id": evaluation.rule.id, "fix": evaluation.rule.fix,
                    "specificity": evaluation.rule.specificity, "reasons": evaluation.reasons,
                ]
            }
            if let expect { item["matches_expected"] = result.matches(expect) }
            if let whyNot = result.whyNot { item["why_not_expected"] = whyNot }
            return item
        }
        var document: [String: Any] = [
            "schema": "crashscan.rules-test/1", "reports": reports,
            "summary": [
                "reports": results.count,
                "not_matched": expect.map { expected in results.filter { !$0.matches(expected) }.count as Any
                }
                    ?? NSNull(),
            ] as [String: Any],
        ]
        document["expect"] = expect.map { $0 as Any } ?? NSNull()
        guard
            let data = try? JSONSerialization.data(
                withJSONObject: document, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
