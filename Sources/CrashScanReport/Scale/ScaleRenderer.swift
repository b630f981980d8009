import CrashScanWorkflows

/// The text report's lines of scale: Bugly's counts beside a group's logs, Bugly's counts of the
/// report, and the crash rates from usage, each saying what it is computed from.
enum ScaleRenderer {
    /// `763,670 occurrences on 762,282 devices (issue 1183, linked by issue id); 9 logs
    /// imported`: Bugly's counts of a group that has them, beside its logs.
    static func groupCounts(_ group: KVCReport.Group) -> String? {
        guard let bugly = group.bugly else { return nil }
        let issues = bugly.issues.map { issue in
            var text = "\(ScaleText.issueName(issue)), linked by \(issue.linkedBy?.rawValue ?? "nothing")"
            if issue.groups > 1 { text += ", counted for \(issue.groups) groups together" }
            return text
        }
        return
            "\(ScaleText.buglyCounts(occurrences: bugly.occurrences, devices: bugly.affectedDevices)) (\(issues.joined(separator: "; "))); \(ReportRenderer.plural(group.reportCount, "log")) imported"
    }

    /// `issue 1183: 763,670 occurrences on 762,282 devices, 9 logs imported; linked by issue id;
    /// read 2026-12-05 from a Bugly issue list; https://bugly.qq.com/…` (`explain`).
    static func issueLine(_ issue: BuglyCounts.Issue, logs: Int) -> String {
        var parts = [
            "\(ScaleText.issueName(issue)): \(ScaleText.buglyCounts(occurrences: issue.occurrences, devices: issue.affectedDevices))",
            issue.linkedBy == .issueID
                ? "\(issue.logs) of the group's \(ReportRenderer.plural(logs, "log")) imported \(issue.logs == 1 ? "names" : "name") it"
                : "\(ReportRenderer.plural(logs, "log")) imported in the group",
            "linked by \(issue.linkedBy?.rawValue ?? "nothing")"
                + (issue.groups > 1 ? " (its counts are for \(issue.groups) groups together)" : ""),
            "read \(issue.readAt.prefix(10)) from a \(issue.source)",
        ]
        if let url = issue.buglyURL { parts.append(url) }
        return parts.joined(separator: "; ")
    }

    /// The sections after the groups: Bugly's counts, then the rates.
    static func sections(_ scale: KVCReport.Scale) -> [String] {
        var out: [String] = []
        if let bugly = scale.bugly, !bugly.linked.issues.isEmpty || !bugly.withoutLogs.isEmpty {
            out.append("BUGLY'S COUNTS")
            out.append(contentsOf: wrap(bugly.note))
            if !bugly.linked.issues.isEmpty {
                out.append(
                    contentsOf: wrap(
                        "issues of the groups shown: \(ReportRenderer.plural(bugly.linked.issues.count, "issue")), \(ScaleText.buglyCounts(occurrences: bugly.linked.occurrences, devices: bugly.linked.affectedDevices))"
                    ))
            }
            for issue in bugly.withoutLogs {
                let what = [issue.receiverClass, issue.key].compactMap { $0 }.joined(separator: ".")
                out.append(
                    contentsOf: wrap(
                        "counted by Bugly, no log imported: \(ScaleText.issueName(issue))\(what.isEmpty ? "" : " (\(what))"), \(ScaleText.buglyCounts(occurrences: issue.occurrences, devices: issue.affectedDevices))\(issue.buglyURL.map { " — \($0)" } ?? "")"
                    ))
            }
            out.append("")
        }
        if let rates = scale.rates {
            out.append("CRASH RATES (from usage: \(rates.sources.joined(separator: ", ")))")
            out.append(contentsOf: ratesText(rates))
            out.append("")
        }
        return out
    }

    private static func ratesText(_ rates: UsageRates) -> [String] {
        var out: [String] = []
        if let total = rates.total {
            out.append(contentsOf: wrap("all of the filter: \(describe(total))"))
        }
        for (title, lines) in [("APP VERSION", rates.byAppVersion), ("OS VERSION", rates.byOSVersion)]
        where !lines.isEmpty {
            out.append(contentsOf: table(title, lines))
        }
        if !rates.byAppVersion.isEmpty || !rates.byOSVersion.isEmpty {
            out.append(
                contentsOf: wrap(
                    "KVC LOGS are those of the days the usage covers; a value without usage has an unknown rate, not 0"
                ))
        }
        for note in rates.notes { out.append(contentsOf: wrap("note: \(note)")) }
        return out
    }

    /// `42,500 launches on 2 days, 9 crashes (0.0212% per launch, per the source), …`.
    static func describe(_ figures: UsageFigures) -> String {
        var parts = ["\(ScaleText.count(figures.launches)) launches" + days(figures)]
        if let crashes = figures.crashes {
            parts.append(
                "\(ScaleText.count(crashes)) crashes counted by the source (\(ScaleText.rate(figures.crashRate)) per launch)"
            )
        }
        if let rate = figures.deviceCrashRate {
            parts.append(
                "\(ScaleText.count(figures.crashDevices)) of \(ScaleText.count(figures.activeDevices)) devices crashed (\(ScaleText.rate(rate)); crash-free \(ScaleText.rate(figures.crashFreeDevices)))"
            )
        }
        parts.append(
            "\(ReportRenderer.plural(figures.kvcFailures, "KVC log")) imported (\(ScaleText.rate(figures.kvcRate)) per launch)"
        )
        return parts.joined(separator: "; ")
    }

    private static func days(_ figures: UsageFigures) -> String {
        let undated = figures.includesUndated ? "usage of no given day" : nil
        let dated = figures.days > 0 ? ReportRenderer.plural(figures.days, "day") : nil
        return " (" + [dated, undated].compactMap { $0 }.joined(separator: " and ") + ")"
    }

    /// Lines without usage shown in the text at most (the JSON has them all).
    static let unknownLinesShown = 5

    private static func table(_ title: String, _ lines: [UsageRates.Line]) -> [String] {
        var table = TextTable(
            headers: [title, "LAUNCHES", "CRASHES", "CRASH RATE", "DEVICE RATE", "KVC LOGS", "KVC RATE"],
            alignments: [.left, .right, .right, .right, .right, .right, .right])
        let withoutUsage = lines.filter { $0.usage == nil }.sorted { $0.kvcFailures > $1.kvcFailures }
        let unknownShown = Set(withoutUsage.prefix(unknownLinesShown).map(\.value))
        for line in lines {
            guard let usage = line.usage else {
                guard unknownShown.contains(line.value) else { continue }
                table.add([line.value, "no usage", "-", "-", "-", String(line.kvcFailures), "unknown"])
                continue
            }
            table.add([
                line.value, ScaleText.count(usage.launches), ScaleText.count(usage.crashes),
                ScaleText.rate(usage.crashRate), ScaleText.rate(usage.deviceCrashRate),
                String(usage.kvcFailures),
                ScaleText.rate(usage.kvcRate),
            ])
        }
        var out = table.render()
        let hidden = withoutUsage.dropFirst(unknownLinesShown)
        if !hidden.isEmpty {
            out.append(
                "… and \(hidden.count) more without usage (\(ReportRenderer.plural(hidden.reduce(0) { $0 + $1.kvcFailures }, "KVC log")); rate unknown)"
            )
        }
        return out
    }

    private static func wrap(_ text: String) -> [String] {
        TextWrap.wrap(text, width: ReportRenderer.width, indent: "  ")
    }
}
