import CrashScanModel
import CrashScanRules
import Foundation

/// Text (≤ 100 columns) and JSON for `crashscan explain`.
package enum ExplanationRenderer {
    static var width: Int { ReportRenderer.width }

    package static func json(_ explanation: GroupExplanation) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(explanation) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// The lines, whole and safe for a terminal.
    static func fit(_ lines: [String]) -> String {
        lines.map(TextTable.safe).joined(separator: "\n") + "\n"
    }

    package static func text(_ explanation: GroupExplanation, zone: DisplayZone = .utc) -> String {
        var text = ExplanationText(zone: zone)
        text.classification(explanation)
        text.reports(explanation)
        text.frames(explanation)
        text.sourceLocations(explanation)
        text.out.append("")
        guard let rule = explanation.rule, let evidence = explanation.evidence else {
            text.out.append("RULE")
            text.out.append(
                "  No rule matches this group. Add one with --rules FILE (docs/rule-files.md in crashscan's source)."
            )
            return fit(text.out)
        }
        text.rule(rule, matched: explanation.matchedRules)
        text.evidence(evidence)
        text.fix(rule)
        return fit(text.out)
    }
}

/// The sections of the text `explain` prints, each appended to `out` in order.
private struct ExplanationText {
    var out: [String] = []
    /// The zone times are shown in (`--tz`).
    var zone: DisplayZone
    /// What the RULE section said of the runtime headers (not repeated under EVIDENCE).
    var ruleHeaders: String?
    var width: Int { ExplanationRenderer.width }

    /// A labelled value, wrapped under its label; nothing when the value is missing.
    mutating func field(_ name: String, _ value: String?) {
        guard let value, !value.isEmpty else { return }
        let label = name.padding(toLength: 16, withPad: " ", startingAt: 0)
        let wrapped = TextWrap.wrap(value, width: width - 18, indent: "")
        for (index, line) in wrapped.enumerated() {
            out.append("  " + (index == 0 ? label : String(repeating: " ", count: 16)) + line)
        }
    }

    func counts(_ list: [Evidence.Count]) -> String {
        list.map { "\($0.value) (\($0.reports))" }.joined(separator: ", ")
    }

    mutating func classification(_ e: GroupExplanation) {
        out.append("GROUP \(e.fingerprint.prefix(8)) (fingerprint \(e.fingerprint))")
        field("exception", e.exceptionType)
        field("reason", e.reason)
        if let kind = e.kind { field("kind", kind + (e.accessor.map { " (\($0))" } ?? "")) }
        if e.kind != nil {
            field("class.key", "\(e.receiverClass ?? "?").\(e.key ?? "?")")
            if let origin = e.classOrigin {
                field("class origin", origin + (e.classOriginReason.map { ": \($0)" } ?? ""))
            }
            field("private key", e.keyIsPrivate ? "yes" + (e.privacyReason.map { ": \($0)" } ?? "") : "no")
            field("cause", e.cause)
            // Under EVIDENCE when a rule matched; here otherwise.
            if e.evidence == nil { field("headers", e.headers) }
        }
        field("blame frame", e.blameFrame.map { BlameLocation.text($0, location: e.blameLocation) })
        if !e.symbolication.isEmpty {
            field(
                "symbols",
                e.symbolication.map { count in
                    let state = SymbolicationState(rawValue: count.value)
                    return "\(count.reports) \(count.reports == 1 ? "report" : "reports"): "
                        + (state?.explanation ?? "stored before crashscan recorded symbolication")
                }.joined(separator: "; "))
        }
        if !e.missingDSYMs.isEmpty {
            field(
                "dSYMs needed",
                e.missingDSYMs.map {
                    "\($0.image) \(BinaryImage.dashedUUID($0.uuid)) (\(ReportRenderer.plural($0.reports, "report")))"
                }
                .joined(separator: "; "))
        }
        if let evidence = e.evidence {
            field(
                "reports",
                "\(evidence.reports) on \(evidence.devices) device model\(evidence.devices == 1 ? "" : "s")")
        }
        field(
            "affected",
            AffectedCoverage(e.affected, of: e.reportCount, noun: "report").text
                + ReportRenderer.severalModels(e.deviceIDsOnSeveralModels))
        for issue in e.bugly?.issues ?? [] {
            field("per Bugly", ScaleRenderer.issueLine(issue, logs: e.reportCount))
        }
    }

    mutating func reports(_ e: GroupExplanation) {
        guard !e.reports.isEmpty else { return }
        out.append("")
        let shown = e.reports.count < e.reportCount ? ", the latest \(e.reports.count) shown" : ""
        out.append("REPORTS (\(e.reportCount)\(shown); times in \(zone))")
        for report in e.reports {
            let facts = [
                report.seen.map(zone.time) ?? "no date", report.device ?? "no device",
                report.osVersion.map(Evidence.osNamed) ?? "no OS",
                report.appVersion.map { "app \($0)" } ?? "no app version",
            ].joined(separator: "  ")
            let position = report.position > 1 ? " (report \(report.position) in the file)" : ""
            // The path whole, on a line of its own: it is what a user opens or copies.
            out.append("  \(report.path)\(position)")
            out.append(TextTable.safe("      \(facts)"))
            if let url = report.sourceURL { out.append("      \(url)") }
        }
        if e.reports.count < e.reportCount {
            out.append(
                "  … and \(e.reportCount - e.reports.count) more (explain --reports all lists every one)")
        }
    }

    mutating func frames(_ e: GroupExplanation) {
        out.append("")
        out.append("FRAMES" + (e.sampleReport.map { " of \($0)" } ?? ""))
        if e.frames.isEmpty { out.append("  (the reports of this group carry no frames)") }
        for (index, frame) in e.frames.prefix(40).enumerated() {
            let name = TextTable.safe(frame.image)
            let image = name + String(repeating: " ", count: max(0, 24 - name.count))
            let line =
                String(format: "  %2d  ", index) + image + "  " + frame.symbol
                + (frame.location.map { " (\($0))" } ?? "") + (frame.inlined == true ? " [inlined]" : "")
            out.append(TextTable.safe(line))
        }
        if e.frames.count > 40 { out.append("  … \(e.frames.count - 40) more") }
    }

    /// The latest scan's findings of this class and key, when `scan --db` stored one.
    mutating func sourceLocations(_ e: GroupExplanation) {
        guard !e.sourceLocations.isEmpty else { return }
        out.append("")
        out.append("IN CODE (the latest crashscan scan --db)")
        for location in e.sourceLocations.prefix(20) {
            out.append("  \(location.described)  [\(location.ruleID)]")
        }
        if e.sourceLocations.count > 20 { out.append("  … \(e.sourceLocations.count - 20) more") }
    }

    mutating func rule(_ rule: GroupExplanation.RuleSummary, matched: [KVCReport.MatchedRule]) {
        let origin = "\((rule.source as NSString).lastPathComponent), line \(rule.line)"
        out.append("RULE \(rule.id) (\(origin))")
        if let best = matched.first {
            field("matched", best.reasons.joined(separator: "; ") + " (specificity \(best.specificity))")
        }
        for other in matched.dropFirst() {
            field(
                "also matched",
                "\(other.ruleID) (specificity \(other.specificity), less specific): \(other.reasons.joined(separator: "; "))"
            )
        }
        let text = RuleText(rule: rule)
        field("exceptions", text.exceptions(joinedBy: ", ") ?? "")
        field("fails on", text.failsOn)
        field("works on", text.worksOn)
        if !rule.measured.isEmpty {
            field("measured", "UIKit's runtime headers: " + (rule.headers ?? ""))
            ruleHeaders = rule.headers
        }
        if text.fixIsInferred { field("fix source", "inferred from the API's documentation") }
        field("condition", rule.condition)
    }

    mutating func evidence(_ evidence: Evidence) {
        out.append("")
        out.append("EVIDENCE")
        field(
            "crashes on",
            evidence.crashOSVersions.isEmpty
                ? "no OS version in the reports" : Evidence.osNamed(counts(evidence.crashOSVersions)))
        if evidence.reportsWithoutOS > 0 {
            field("", "\(evidence.reportsWithoutOS) report(s) without an OS version")
        }
        field(
            "runs without it",
            evidence.app == nil
                ? "unknown: the reports do not name their app, so no other app's reports are compared"
                : evidence.cleanOSVersions.isEmpty
                    ? "no other OS version of \(evidence.app ?? "the app") on the same platform in the database"
                    : Evidence.osNamed(counts(evidence.cleanOSVersions)) + " (\(evidence.app ?? "the app"))")
        if !evidence.counterOSVersions.isEmpty {
            if evidence.measured.contains("failsOn") {
                field(
                    "no crash on",
                    Evidence.osNamed(counts(evidence.counterOSVersions))
                        + ": inside the failing window, where the runtime headers show the member missing, so the crashing code did not run there"
                )
            } else {
                field(
                    "contradicted by",
                    Evidence.osNamed(counts(evidence.counterOSVersions))
                        + ": inside the failing window, ran without this crash")
            }
        }
        if !evidence.usageOS.isEmpty {
            field(
                "usage",
                Evidence.osNamed(
                    evidence.usageOS.map {
                        "\($0.value): \(NumberText.grouped($0.launches)) launches, \($0.crashes) \($0.crashes == 1 ? "crash" : "crashes")"
                    }.joined(separator: "; "))
                    + " (launches of \(evidence.app ?? "the app")'s versions per the stored usage; crashes of this group)"
            )
        }
        if let window = evidence.failingWindow {
            let verdict: String
            switch evidence.confinedToFailingOS {
            case true?: verdict = "yes: every crash ran iOS \(window)"
            case false?: verdict = "no: also on iOS \(evidence.outsideFailingOS.joined(separator: ", "))"
            case nil: verdict = "unknown: no report gave its OS version"
            }
            field("confined", verdict)
        }
        field("headers", headersVerdict(evidence))
        field("app versions", counts(evidence.appVersions))
        if !evidence.cleanAppVersionsOnFailingOS.isEmpty, let window = evidence.failingWindow {
            field(
                "clean versions",
                "\(evidence.cleanAppVersionsOnFailingOS.joined(separator: ", ")) ran iOS \(window) without this crash"
            )
        }
        field("rebuild", evidence.rebuildNote)
        if let fixedIn = evidence.fixedIn {
            field(
                "fixed in",
                fixedIn
                    + (evidence.regressed
                        ? ": REGRESSED, seen again in \(evidence.regressedIn.joined(separator: ", "))"
                        : ": not seen since"))
        }
        field("confidence", "\(evidence.confidence): \(evidence.confidenceReason)")

    }

    /// The runtime headers' verdict on the crashing versions; the summary of the class and key too
    /// unless the RULE section already gave it.
    func headersVerdict(_ evidence: Evidence) -> String? {
        guard let headers = evidence.headers else { return nil }
        if let summary = ruleHeaders, headers.hasPrefix(summary + "; ") {
            return String(headers.dropFirst(summary.count + 2))
        }
        return headers
    }

    mutating func fix(_ rule: GroupExplanation.RuleSummary) {
        out.append("")
        out.append("FIX \(rule.fix)")
        out.append(contentsOf: TextWrap.wrap(rule.title, width: width, indent: "  "))
        out.append("")
        out.append(contentsOf: TextWrap.wrap(rule.detail, width: width, indent: "  "))
        let text = RuleText(rule: rule)
        out.append(contentsOf: text.replacement)
        out.append("")
        out.append("  The whole page: crashscan fix \(rule.fix)")
        out.append(contentsOf: text.sources(width: width))
    }
}
