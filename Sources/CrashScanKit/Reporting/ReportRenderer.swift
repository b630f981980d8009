import Foundation

/// Output formats of `crashscan report`.
public enum ReportFormat: String, Sendable, CaseIterable {
    case text, json, csv, markdown
}

/// Turns a `KVCReport` into text for people (text, markdown) or scripts (json, csv).
public enum ReportRenderer {
    /// The text report fits this many columns.
    public static let width = 100

    public static func render(_ report: KVCReport, as format: ReportFormat) -> String {
        switch format {
        case .text: return text(report)
        case .json: return json(report)
        case .csv: return csv(report)
        case .markdown: return markdown(report)
        }
    }

    static func classKey(_ group: KVCReport.Group) -> String {
        "\(group.receiverClass ?? "?").\(group.key ?? "?")"
    }

    static func emptyMessage(_ report: KVCReport) -> String {
        let scope = report.filters.isEmpty ? "" : " matching the filters"
        return
            "No KVC failures\(scope) (\(report.summary.reports) crash report\(report.summary.reports == 1 ? "" : "s")\(scope) in \(report.database))."
    }

    // MARK: - Text

    static func text(_ report: KVCReport) -> String {
        var out: [String] = []
        let filters =
            report.filters.isEmpty
            ? "none"
            : report.filters.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
                .joined(separator: ", ")
        out.append(TextTable.cut("crashscan report: \(report.database), filters: \(filters)", to: width))
        guard !report.groups.isEmpty else {
            out.append(emptyMessage(report))
            return out.joined(separator: "\n") + "\n"
        }
        let s = report.summary
        out.append(
            "\(s.reports) crash reports, \(s.kvcFailures) KVC failures in \(s.groups) group\(s.groups == 1 ? "" : "s") on \(s.devices) device model\(s.devices == 1 ? "" : "s")"
        )
        out.append("")
        out.append("KVC FAILURE GROUPS")
        var table = TextTable(
            headers: ["GROUP", "KIND", "CLASS.KEY", "CAUSE", "REPORTS", "DEVICES"],
            alignments: [.left, .left, .left, .left, .right, .right],
            maxWidths: [8, 20, 29, 15, 7, 7])
        for group in report.groups {
            table.add([
                group.id, group.kind ?? "-", classKey(group),
                group.cause ?? "-",
                String(group.reportCount), String(group.deviceCount),
            ])
        }
        let rendered = table.render()
        out.append(rendered[0])
        for (index, group) in report.groups.enumerated() {
            out.append(rendered[index + 1])
            let seen =
                "first \(group.firstSeen.map { String($0.prefix(10)) } ?? "?"), last \(group.lastSeen.map { String($0.prefix(10)) } ?? "?")"
            out.append(
                TextTable.cut(
                    "     \(group.accessor ?? "?") · \(group.exceptionType ?? "?") · \(seen)", to: width))
            if let blame = group.blameFrame { out.append(TextTable.cut("     blame: \(blame)", to: width)) }
            let osList = group.osVersions.map { "\($0.value) (\($0.reports))" }.joined(separator: ", ")
            out.append(contentsOf: TextWrap.wrap("OS: \(osList)", width: width, indent: "     "))
            let appList = group.appVersions.map { "\($0.value) (\($0.reports))" }.joined(separator: ", ")
            out.append(contentsOf: TextWrap.wrap("app: \(appList)", width: width, indent: "     "))
            var fix = group.recommendation.map { "fix: \($0.fix)" } ?? "fix: none (no rule matches)"
            if let evidence = group.evidence { fix += " (confidence \(evidence.confidence))" }
            out.append("     \(fix)")
            if let regression = group.regression {
                out.append(contentsOf: TextWrap.wrap(regression.summary, width: width, indent: "     "))
            }
            for matched in group.matchedRules ?? [] {
                let line =
                    "rule \(matched.ruleID) (specificity \(matched.specificity)): \(matched.reasons.joined(separator: "; "))"
                out.append(contentsOf: TextWrap.wrap(line, width: width, indent: "       "))
            }
        }
        out.append("")
        out.append(contentsOf: matrixText(report))
        out.append("")
        out.append("RECOMMENDATIONS")
        var shown: [String: String] = [:]
        for group in report.groups {
            guard let recommendation = group.recommendation else { continue }
            let heading = "[\(group.id)] \(classKey(group)) → \(recommendation.fix)"
            if let first = shown[recommendation.ruleID] {
                out.append(TextTable.cut("\(heading) (same as [\(first)])", to: width))
                continue
            }
            shown[recommendation.ruleID] = group.id
            out.append(TextTable.cut(heading, to: width))
            out.append(contentsOf: TextWrap.wrap(recommendation.title, width: width, indent: "    "))
            if let evidence = group.evidence {
                out.append(contentsOf: TextWrap.wrap(evidenceSummary(evidence), width: width, indent: "    "))
            }
            out.append(contentsOf: TextWrap.wrap(recommendation.detail, width: width, indent: "    "))
            out.append("")
        }
        while out.last == "" { out.removeLast() }
        return out.map { TextTable.cut($0, to: width) }.joined(separator: "\n") + "\n"
    }

    /// One paragraph: where it crashes, where it does not, and how sure the fix is.
    static func evidenceSummary(_ evidence: Evidence) -> String {
        var parts: [String] = []
        let crash = evidence.crashOSVersions.map { "\($0.value) (\($0.reports))" }.joined(separator: ", ")
        parts.append(
            "Evidence: \(evidence.reports) report\(evidence.reports == 1 ? "" : "s") on \(evidence.devices) device model\(evidence.devices == 1 ? "" : "s"), crashing on iOS \(crash.isEmpty ? "unknown" : crash)"
        )
        if let window = evidence.failingWindow {
            let fails = evidence.inferred.contains("failsOn") ? " (inferred)" : ""
            let works = evidence.inferred.contains("worksOn") ? " (inferred)" : ""
            parts.append(
                "the rule says the access fails on iOS \(window)\(fails)\(evidence.workingWindow.map { " and works on \($0)\(works)" } ?? "")"
            )
        }
        if !evidence.cleanOSVersions.isEmpty {
            let clean = evidence.cleanOSVersions.map { "\($0.value) (\($0.reports))" }.joined(separator: ", ")
            parts.append("\(evidence.app ?? "the app") also ran iOS \(clean) without this crash")
        }
        if evidence.regressed, let fixedIn = evidence.fixedIn {
            parts.append(
                "REGRESSED: marked fixed in \(fixedIn) but seen again in \(evidence.regressedIn.joined(separator: ", "))"
            )
        }
        parts.append("confidence \(evidence.confidence): \(evidence.confidenceReason)")
        return parts.joined(separator: "; ") + "."
    }

    /// Device × OS version counts. Columns that do not fit in the width are summed into `other`.
    static func matrixText(_ report: KVCReport) -> [String] {
        let (devices, versions, counts) = matrixAxes(report)
        let deviceWidth = min(max(devices.map(\.count).max() ?? 6, 6), 24)
        let totalWidth = 7
        var columns: [String] = []
        var used = deviceWidth + totalWidth + 2
        let byVolume = versions.sorted { total(counts, os: $0) > total(counts, os: $1) }
        var keep: Set<String> = []
        for version in byVolume {
            let columnWidth = max(version.count, 3) + 2
            if used + columnWidth + 7 > width && keep.count < versions.count - 1 { break }
            keep.insert(version)
            used += columnWidth
        }
        columns = versions.filter { keep.contains($0) }
        let hasOther = columns.count < versions.count
        var headers = ["DEVICE"] + columns
        if hasOther { headers.append("other") }
        headers.append("TOTAL")
        var table = TextTable(
            headers: headers, alignments: [.left] + Array(repeating: .right, count: headers.count - 1),
            maxWidths: [deviceWidth] + Array(repeating: 12, count: headers.count - 1))
        for device in devices {
            var row = [device]
            var sum = 0
            for version in columns {
                let value = counts[device]?[version] ?? 0
                sum += value
                row.append(value == 0 ? "." : String(value))
            }
            let deviceTotal = counts[device]?.values.reduce(0, +) ?? 0
            if hasOther {
                let other = deviceTotal - sum
                row.append(other == 0 ? "." : String(other))
            }
            row.append(String(deviceTotal))
            table.add(row)
        }
        return ["DEVICES × OS VERSIONS (KVC failures)"] + table.render()
    }

    static func matrixAxes(_ report: KVCReport) -> ([String], [String], [String: [String: Int]]) {
        var devices: [String] = []
        var versions: [String] = []
        var counts: [String: [String: Int]] = [:]
        for cell in report.matrix {
            if counts[cell.device] == nil { devices.append(cell.device) }
            if !versions.contains(cell.osVersion) { versions.append(cell.osVersion) }
            counts[cell.device, default: [:]][cell.osVersion, default: 0] += cell.reports
        }
        versions.sort { compareVersions($0, $1) }
        devices.sort {
            (counts[$0]?.values.reduce(0, +) ?? 0, $1) > (counts[$1]?.values.reduce(0, +) ?? 0, $0)
        }
        return (devices, versions, counts)
    }

    static func total(_ counts: [String: [String: Int]], os: String) -> Int {
        counts.values.reduce(0) { $0 + ($1[os] ?? 0) }
    }

    /// Numeric order of dotted versions; `unknown` last.
    static func compareVersions(_ a: String, _ b: String) -> Bool {
        func key(_ text: String) -> [Int] {
            text == "unknown" ? [Int.max] : text.split(separator: ".").map { Int($0) ?? 0 }
        }
        return key(a).lexicographicallyPrecedes(key(b))
    }

    // MARK: - JSON

    static func json(_ report: KVCReport) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(report) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    // MARK: - CSV

    static let csvHeader = [
        "group_id", "fingerprint", "kind", "accessor", "receiver_class", "key", "key_is_private", "cause",
        "exception_type", "report_count", "device_count", "first_seen", "last_seen", "devices", "os_versions",
        "app_versions", "blame_frame", "rule_id", "fix",
    ]

    static func csv(_ report: KVCReport) -> String {
        var lines = [csvHeader.joined(separator: ",")]
        func list(_ counts: [KVCReport.Count]) -> String {
            counts.map { "\($0.value):\($0.reports)" }.joined(separator: ";")
        }
        for group in report.groups {
            let fields: [String] = [
                group.id, group.fingerprint, group.kind ?? "", group.accessor ?? "",
                group.receiverClass ?? "",
                group.key ?? "", group.keyIsPrivate ? "1" : "0", group.cause ?? "", group.exceptionType ?? "",
                String(group.reportCount), String(group.deviceCount), group.firstSeen ?? "",
                group.lastSeen ?? "",
                list(group.devices), list(group.osVersions), list(group.appVersions), group.blameFrame ?? "",
                group.recommendation?.ruleID ?? "", group.recommendation?.fix ?? "",
            ]
            lines.append(fields.map(csvField).joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// RFC 4180 quoting; a leading `=`, `+`, `-` or `@` is prefixed with `'` so a spreadsheet
    /// does not run it as a formula (blame frames start with `-[`).
    static func csvField(_ value: String) -> String {
        var text = value
        if let first = text.first, "=+-@".contains(first) { text = "'" + text }
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else {
            return text
        }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    // MARK: - Markdown

    static func markdown(_ report: KVCReport) -> String {
        var out = ["# crashscan report", ""]
        let filters =
            report.filters.isEmpty
            ? "none"
            : report.filters.sorted { $0.key < $1.key }.map { "\($0.key) `\($0.value)`" }
                .joined(separator: ", ")
        out.append("Database `\(report.database)`, filters: \(filters).")
        out.append("")
        guard !report.groups.isEmpty else {
            out.append(emptyMessage(report))
            return out.joined(separator: "\n") + "\n"
        }
        let s = report.summary
        out.append(
            "\(s.reports) crash reports, \(s.kvcFailures) KVC failures in \(s.groups) groups on \(s.devices) device models."
        )
        out.append("")
        out.append("## KVC failure groups")
        out.append("")
        out.append("| Group | Kind | Class.key | Cause | Reports | Devices | OS versions | Fix |")
        out.append("|---|---|---|---|---:|---:|---|---|")
        for group in report.groups {
            let os = group.osVersions.map { "\($0.value) (\($0.reports))" }.joined(separator: ", ")
            let cells = [
                "`\(group.id)`", group.kind ?? "", "`\(classKey(group))`",
                group.cause ?? "",
                String(group.reportCount), String(group.deviceCount), os,
                group.recommendation.map { "`\($0.fix)`" } ?? "",
            ]
            out.append(
                "| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ")
                    + " |")
        }
        out.append("")
        out.append("## Devices × OS versions")
        out.append("")
        let (devices, versions, counts) = matrixAxes(report)
        out.append("| Device | " + versions.joined(separator: " | ") + " | Total |")
        out.append("|---|" + versions.map { _ in "---:" }.joined(separator: "|") + "|---:|")
        for device in devices {
            let values = versions.map { counts[device]?[$0].map(String.init) ?? "" }
            out.append(
                "| \(device) | " + values.joined(separator: " | ")
                    + " | \(counts[device]?.values.reduce(0, +) ?? 0) |")
        }
        out.append("")
        out.append("## Recommendations")
        var shown: Set<String> = []
        for group in report.groups {
            guard let recommendation = group.recommendation, shown.insert(recommendation.ruleID).inserted
            else { continue }
            out.append("")
            out.append("### [\(group.id)] `\(classKey(group))`: `\(recommendation.fix)`")
            out.append("")
            out.append("**\(recommendation.title)**")
            out.append("")
            out.append("```")
            out.append(recommendation.detail)
            out.append("```")
        }
        return out.joined(separator: "\n") + "\n"
    }
}
