import CrashScanWorkflows

/// The page's section of scale: the KVC share of the crashes imported, Bugly's counts of the
/// groups' issues and of KVC issues without logs, and the crash rates from usage (a trend of each
/// app version's daily rate, and the rates per app version and OS version as tables).
enum HTMLScaleSection {
    static func render(_ report: KVCReport) -> String {
        var html = "<section id=\"scale\"><h2>Scale and rates</h2>"
        let share = UsageFigures.ratio(report.summary.kvcFailures, report.summary.reports)
        var facts: [(label: String, value: String)] = [
            (
                "KVC share of the crashes imported",
                "\(ScaleText.rate(share)) (\(ScaleText.count(report.summary.kvcFailures)) of \(ScaleText.count(report.summary.reports)) reports)"
            )
        ]
        if let bugly = report.scale.bugly {
            facts.append(
                (
                    "Per Bugly, the groups’ issues",
                    "\(ReportRenderer.plural(bugly.linked.issues.count, "issue")): \(ScaleText.buglyCounts(occurrences: bugly.linked.occurrences, devices: bugly.linked.affectedDevices))"
                ))
        }
        if let total = report.scale.rates?.total {
            facts.append(("Usage of the filter", ScaleRenderer.describe(total)))
        }
        html += HTMLText.facts(facts)
        if let bugly = report.scale.bugly {
            html += "<p class=\"muted\">\(HTMLText.escape(bugly.note)).</p>"
            if !bugly.withoutLogs.isEmpty { html += withoutLogs(bugly.withoutLogs) }
        }
        if let rates = report.scale.rates {
            html +=
                "<h3>Crash rate per launch, by app version and day</h3><p class=\"muted\">From usage: \(HTMLText.escape(rates.sources.joined(separator: ", "))). A version’s line is the rate of all crashes the source counted (a day it did not count is a gap); where it counted none, the imported KVC logs per launch (a floor when the logs are a sample).</p>"
            html += HTMLCharts.rateTrend(rates.byAppVersionAndDay, id: "rate-trend")
            html += table("App version", rates.byAppVersion)
            if !rates.byOSVersion.isEmpty { html += table("OS version", rates.byOSVersion) }
            html += "<ul class=\"muted\">"
            for note in rates.notes { html += "<li>\(HTMLText.escape(note))</li>" }
            html += "</ul>"
        }
        return html + "</section>"
    }

    private static func withoutLogs(_ issues: [BuglyCounts.Issue]) -> String {
        var html = "<h3>Counted by Bugly, no log imported</h3><ul>"
        for issue in issues {
            let what = [issue.receiverClass, issue.key].compactMap { $0 }.joined(separator: ".")
            let name = HTMLText.escape(ScaleText.issueName(issue))
            let link = issue.buglyURL.map { HTMLText.link($0, text: ScaleText.issueName(issue)) } ?? name
            html +=
                "<li>\(link)\(what.isEmpty ? "" : " (<code>\(HTMLText.escape(what))</code>)"): \(HTMLText.escape(ScaleText.buglyCounts(occurrences: issue.occurrences, devices: issue.affectedDevices)))</li>"
        }
        return html + "</ul>"
    }

    private static func table(_ title: String, _ lines: [UsageRates.Line]) -> String {
        var html =
            "<div class=\"scroll\"><table><thead><tr><th scope=\"col\">\(title)</th><th scope=\"col\" class=\"n\">Launches</th><th scope=\"col\" class=\"n\">Crashes (source)</th><th scope=\"col\" class=\"n\">Crash rate</th><th scope=\"col\" class=\"n\">Device crash rate</th><th scope=\"col\" class=\"n\">KVC logs</th><th scope=\"col\" class=\"n\">KVC rate</th></tr></thead><tbody>"
        for line in lines {
            let cells: [String]
            if let usage = line.usage {
                cells = [
                    ScaleText.count(usage.launches), ScaleText.count(usage.crashes),
                    ScaleText.rate(usage.crashRate),
                    ScaleText.rate(usage.deviceCrashRate), String(usage.kvcFailures),
                    ScaleText.rate(usage.kvcRate),
                ]
            } else {
                cells = ["no usage", "–", "–", "–", String(line.kvcFailures), "unknown"]
            }
            html +=
                "<tr><td>\(HTMLText.escape(line.value))</td>"
                + cells.map { "<td class=\"n\">\(HTMLText.escape($0))</td>" }.joined() + "</tr>"
        }
        return html + "</tbody></table></div>"
    }
}
