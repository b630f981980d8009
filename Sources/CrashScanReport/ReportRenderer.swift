import CrashScanCatalogs
import CrashScanModel
import CrashScanRules
import CrashScanStore
import Foundation

/// Output formats of `crashscan report`.
public enum ReportFormat: String, Sendable, CaseIterable {
    case text, json, csv, markdown, html
}

/// Turns a `KVCReport` into text for people (text, markdown) or scripts (json, csv).
public enum ReportRenderer {
    /// The text report fits this many columns: the terminal's (`Presentation`).
    public static var width: Int { Presentation.current.width }

    public static func render(_ report: KVCReport, as format: ReportFormat) -> String {
        switch format {
        case .text: return text(report)
        case .json: return json(report)
        case .csv: return csv(report)
        case .markdown: return markdown(report)
        // The page of the report alone; `report --format html` builds it with trends and
        // sections through `ReportPageBuilder`.
        case .html: return HTMLReportRenderer.render(ReportPage(report: report))
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
        out.append(TextTable.safe("crashscan report: \(report.database), filters: \(filters)"))
        guard !report.groups.isEmpty else {
            out.append(emptyMessage(report))
            return out.map(\.terminalSafe).joined(separator: "\n") + "\n"
        }
        out.append(contentsOf: hanging(headline(report) + "; times in \(report.zone)"))
        out.append(contentsOf: hanging(affectedLine(report.summary)))
        if let other = otherCrashesLine(report) { out.append(contentsOf: hanging(other)) }
        if let note = report.sortNote { out.append(contentsOf: hanging("Order: \(note)")) }
        out.append("")
        out.append("KVC FAILURE GROUPS")
        out.append(contentsOf: groupsText(report.groups, zone: report.zone))
        if let others = report.otherGroups {
            out.append("")
            out.append(contentsOf: otherGroupsText(others))
        }
        if let comparison = report.comparison {
            out.append("")
            out.append(contentsOf: comparisonText(comparison))
        }
        out.append("")
        out.append(contentsOf: ScaleRenderer.sections(report.scale))
        out.append(contentsOf: matrixText(report))
        out.append("")
        out.append("RECOMMENDATIONS")
        out.append(contentsOf: recommendationsText(report.groups))
        while out.last == "" { out.removeLast() }
        return out.map { colour(TextTable.safe($0)) }.joined(separator: "\n") + "\n"
    }

    /// `; 1 device id seen on several hardware models (…)` (`explain`), or nothing.
    static func severalModels(_ ids: Int) -> String {
        ids == 0
            ? ""
            : "; \(plural(ids, "device id")) seen on several hardware models (counted as one device per model)"
    }

    /// A paragraph wrapped to the width, its lines after the first indented by two.
    static func hanging(_ text: String) -> [String] {
        TextWrap.wrap(text, width: width - 2, indent: "").enumerated().map {
            $0.offset == 0 ? $0.element : "  " + $0.element
        }
    }

    /// The groups' table, each row followed by the group's detail lines.
    static func groupsText(_ groups: [KVCReport.Group], zone: DisplayZone) -> [String] {
        // Below 100 columns the cause moves from the table to each group's detail line, so that
        // CLASS.KEY keeps room to be read.
        let wide = width >= 100
        var table = TextTable(
            headers: ["GROUP", "KIND", "CLASS.KEY"] + (wide ? ["CAUSE"] : []) + ["REPORTS", "MODELS"],
            alignments: [.left, .left, .left] + (wide ? [.left] : []) + [.right, .right])
        for group in groups {
            table.add(
                [group.id, group.kind?.rawValue ?? "-", classKey(group)]
                    + (wide ? [group.cause?.rawValue ?? "-"] : [])
                    + [String(group.reportCount), String(group.deviceCount)])
        }
        let rendered = table.render()
        var out = [rendered[0]]
        for (index, group) in groups.enumerated() {
            out.append(rendered[index + 1])
            out.append(contentsOf: groupDetail(group, showsCause: !wide, zone: zone))
        }
        return out
    }

    /// The lines under a group's row: accessor, exception and when seen; blame frame; OS and app
    /// versions; the fix; regression; and with `--explain` the matching rules.
    static func groupDetail(_ group: KVCReport.Group, showsCause: Bool, zone: DisplayZone) -> [String] {
        var out: [String] = []
        let seen =
            "first \(group.firstSeen.map(zone.day) ?? "?"), last \(group.lastSeen.map(zone.day) ?? "?")"
        out.append(
            contentsOf: TextWrap.wrap(
                "\(group.accessor?.rawValue ?? "?") · \(group.exceptionType ?? "?")\(showsCause ? " · \(group.cause?.rawValue ?? "?")" : "") · \(seen)",
                width: width, indent: "     "))
        out.append(
            contentsOf: TextWrap.wrap(
                "affected: \(group.affected.text)",
                width: width,
                indent: "     "))
        if let bugly = ScaleRenderer.groupCounts(group) {
            out.append(contentsOf: TextWrap.wrap("Bugly: " + bugly, width: width, indent: "     "))
        }
        if let blame = group.blameFrame {
            // The frame whole on its line; its file:line after it when it fits, else below it.
            let line = "     blame: \(BlameLocation.text(blame, location: group.blameLocation))"
            if line.count <= width || group.blameLocation == nil {
                out.append(TextTable.safe(line))
            } else {
                out.append(TextTable.safe("     blame: \(blame)"))
                out.append(TextTable.safe("            (\(group.blameLocation ?? ""))"))
            }
        }
        let osList = shortList(group.osVersions, keepOrder: true)
        out.append(contentsOf: TextWrap.wrap("OS: \(osList)", width: width, indent: "     "))
        let appList = shortList(group.appVersions, keepOrder: false)
        out.append(
            contentsOf: TextWrap.wrap(
                "app: \(appList)\(appSpan(group).map { "; " + $0 } ?? "")", width: width, indent: "     "))
        var fix = group.recommendation.map { "fix: \($0.fix)" } ?? "fix: none (no rule matches)"
        if let evidence = group.evidence { fix += " (confidence \(evidence.confidence))" }
        out.append("     \(fix)")
        if let regression = group.regression {
            out.append(contentsOf: TextWrap.wrap(regression.summary, width: width, indent: "     "))
        }
        if !group.sourceLocations.isEmpty {
            let shown = group.sourceLocations.prefix(5).map(\.described).joined(separator: ", ")
            let more = group.sourceLocations.count > 5 ? " and \(group.sourceLocations.count - 5) more" : ""
            out.append(contentsOf: TextWrap.wrap("in code at \(shown)\(more)", width: width, indent: "     "))
        }
        for matched in group.matchedRules ?? [] {
            let line =
                "rule \(matched.ruleID) (specificity \(matched.specificity)): \(matched.reasons.joined(separator: "; "))"
            out.append(contentsOf: TextWrap.wrap(line, width: width, indent: "       "))
        }
        return out
    }

    /// Each recommended fix once, with its title, evidence and detail; later groups with the same
    /// rule point at the first.
    static func recommendationsText(_ groups: [KVCReport.Group]) -> [String] {
        var out: [String] = []
        var shown: [String: String] = [:]
        for group in groups {
            guard let recommendation = group.recommendation else { continue }
            let heading = "[\(group.id)] \(classKey(group)) → \(recommendation.fix)"
            if let first = shown[recommendation.ruleID] {
                out.append(TextTable.safe("\(heading) (same as [\(first)])"))
                continue
            }
            shown[recommendation.ruleID] = group.id
            out.append(TextTable.safe(heading))
            out.append(contentsOf: TextWrap.wrap(recommendation.title, width: width, indent: "    "))
            if let evidence = group.evidence {
                out.append(
                    contentsOf: TextWrap.wrap(
                        evidenceSummary(evidence, shown: group.reportCount), width: width, indent: "    "))
            }
            out.append(contentsOf: TextWrap.wrap(recommendation.detail, width: width, indent: "    "))
            out.append("")
        }
        return out
    }

    /// `21 crash reports, 18 KVC failures in 9 groups on 11 device models`, singulars right. A
    /// kind or key filter keeps failures, not reports: the headline then says which failures it
    /// counted and how many crash reports the other filters keep, so that the two numbers are not
    /// read as one selection.
    static func headline(_ report: KVCReport) -> String {
        let s = report.summary
        let failures =
            "\(plural(s.kvcFailures, "KVC failure")) in \(plural(s.groups, "group")) on \(plural(s.devices, "device model"))"
        let onFailures = ["kind", "key"].compactMap { name in report.filters[name].map { "\(name) \($0)" } }
        guard !onFailures.isEmpty else { return "\(plural(s.reports, "crash report")), \(failures)" }
        let others = report.filters.keys.contains { $0 != "kind" && $0 != "key" }
        let reports =
            others
            ? "\(plural(s.reports, "crash report")) match the other filters"
            : "\(plural(s.reports, "crash report")) in all"
        return "\(failures) (\(onFailures.joined(separator: ", "))); \(reports)"
    }

    /// `3 crash reports are no KVC failure …`: the reports the filters keep that no KVC group
    /// shows (each report has at most one failure); nil when there are none, or when a kind or
    /// key filter makes the difference other KVC failures.
    static func otherCrashesLine(_ report: KVCReport) -> String? {
        let s = report.summary
        guard report.filters["kind"] == nil, report.filters["key"] == nil, s.reports > s.kvcFailures else {
            return nil
        }
        let others = s.reports - s.kvcFailures
        let listed = report.otherGroups == nil ? " (--all-crashes lists their groups)" : " (listed below)"
        return
            "Also \(plural(others, "crash report")) that \(others == 1 ? "is" : "are") no KVC failure\(listed)"
    }

    /// `first 2.2.9, last 2.3.1` or `NEW in 2.3.1, …` (first seen in the app's newest version);
    /// nil for a group of one version.
    static func appSpan(_ group: KVCReport.Group) -> String? {
        if let new = group.newInVersion { return "NEW in \(new), the newest version" }
        guard let first = group.firstAppVersion, let last = group.lastAppVersion, first != last else {
            return nil
        }
        return "first \(first), last \(last)"
    }

    /// `--compare A..B`: each group's failures in the two versions and the change.
    static func comparisonText(_ comparison: ReleaseComparison) -> [String] {
        var out = ["RELEASES \(comparison.from) → \(comparison.to) (KVC failures under the filters)"]
        out += TextWrap.wrap(
            "Counts of failures, not rates: a release with more users crashes more often at the same rate.",
            width: width, indent: "")
        guard !comparison.groups.isEmpty else {
            return out + ["no KVC failure in \(comparison.from) or \(comparison.to) under the filters"]
        }
        var table = TextTable(
            headers: ["GROUP", "CLASS.KEY", comparison.from, comparison.to, "CHANGE"],
            alignments: [.left, .left, .right, .right, .left])
        for row in comparison.groups {
            table.add([row.id, row.classKey, String(row.from), String(row.to), row.change.rawValue])
        }
        return out + table.render()
    }

    /// The crash groups that are no KVC failure, as `--all-crashes` lists them.
    static func otherGroupsText(_ groups: [OtherCrashGroup]) -> [String] {
        var out = ["OTHER CRASH GROUPS (no KVC failure; explain GROUP shows one)"]
        guard !groups.isEmpty else { return out + ["none under the filters"] }
        var table = TextTable(
            headers: ["GROUP", "EXCEPTION", "REPORTS", "BLAME FRAME OR REASON"],
            alignments: [.left, .left, .right, .left])
        for group in groups {
            table.add(
                [
                    group.id, group.exceptionType ?? "?", String(group.reports),
                    group.blameFrame ?? group.reason ?? "?",
                ])
        }
        out += table.render()
        if groups.count == ReportBuilder.otherGroupsShown {
            out.append("(the \(groups.count) with the most reports; the crash_groups view has every one)")
        }
        return out
    }

    /// `Affected: ≥ 6 devices (7 of 18 failures carry a device id), ≥ 4 users (…)`: distinct ids
    /// in the failures, said as lower bounds where not every failure carries one.
    static func affectedLine(_ s: KVCReport.Summary) -> String {
        "Affected: \(s.affected.text)"
    }

    /// `312 devices, 298 users`; a count the reports do not carry is said so, never shown as 0;
    /// nil when neither is known.
    package static func affectedText(devices: Int?, users: Int?) -> String? {
        guard devices != nil || users != nil else { return nil }
        return [
            devices.map { plural($0, "device") } ?? "devices unknown",
            users.map { plural($0, "user") } ?? "users unknown",
        ].joined(separator: ", ")
    }

    /// The affected devices and users of the evidence's reports, with their coverage; nil in
    /// evidence stored before crashscan counted the coverage, when neither count is known.
    static func evidenceAffected(_ evidence: Evidence) -> String? {
        guard let withDevice = evidence.reportsWithDeviceID, let withUser = evidence.reportsWithUserID else {
            return affectedText(devices: evidence.affectedDevices, users: evidence.affectedUsers)
        }
        return AffectedCoverage(
            AffectedCounts(
                devices: evidence.affectedDevices, users: evidence.affectedUsers, withDeviceID: withDevice,
                withUserID: withUser), of: evidence.reports, noun: "report"
        ).text
    }

    /// `1 group`, `2 groups`.
    package static func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// At most `limit` values with their counts: the most frequent, kept in the list's own order
    /// (OS versions) or by count (app versions), then `and N more`.
    static func shortList(_ counts: [KVCReport.Count], keepOrder: Bool, limit: Int = 8) -> String {
        guard counts.count > limit else {
            return counts.map { "\($0.value) (\($0.reports))" }.joined(separator: ", ")
        }
        let top = Set(counts.sorted { $0.reports > $1.reports }.prefix(limit).map(\.value))
        let shown = keepOrder ? counts.filter { top.contains($0.value) } : Array(counts.prefix(limit))
        let hidden = counts.count - shown.count
        let rest = counts.filter { !top.contains($0.value) }.reduce(0) { $0 + $1.reports }
        return shown.map { "\($0.value) (\($0.reports))" }.joined(separator: ", ")
            + ", and \(hidden) more (\(plural(rest, "report")))"
    }

    /// Confidence and regressions stand out on a terminal (`Presentation.colour`), after layout
    /// so that the escape codes take no columns.
    static func colour(_ line: String) -> String {
        let presentation = Presentation.current
        guard presentation.colour else { return line }
        var painted = line
        for (word, colour) in [
            ("confidence high", Presentation.Colour.green), ("confidence medium", .yellow),
            ("confidence low", .red), ("REGRESSED", .red),
        ] where painted.contains(word) {
            painted = painted.replacingOccurrences(of: word, with: presentation.paint(word, colour))
        }
        return painted
    }

    /// One paragraph: where it crashes, where it does not, and how sure the fix is. `shown`: the
    /// group's failures the report counted under its filters; the evidence is over every report
    /// of the group, and says so when the two differ.
    static func evidenceSummary(_ evidence: Evidence, shown: Int? = nil) -> String {
        var parts: [String] = []
        let crash = evidence.crashOSVersions.map { "\($0.value) (\($0.reports))" }.joined(separator: ", ")
        let affected = evidenceAffected(evidence).map { "; affected: \($0);" } ?? ","
        let scope =
            shown.map {
                $0 == evidence.reports ? "" : " (every report of the group; \($0) under the filters)"
            } ?? ""
        parts.append(
            "Evidence\(scope): \(evidence.reports) report\(evidence.reports == 1 ? "" : "s") on \(evidence.devices) device model\(evidence.devices == 1 ? "" : "s")\(affected) crashing on \(crash.isEmpty ? "iOS unknown" : Evidence.osNamed(crash))"
        )
        if let window = evidence.failingWindow {
            func mark(_ fact: String) -> String {
                Rule.factMark(fact, inferred: evidence.inferred, measured: evidence.measured)
            }
            let fails = mark("failsOn")
            let works = mark("worksOn")
            parts.append(
                "the rule says the access fails on iOS \(window)\(fails)\(evidence.workingWindow.map { " and works on \($0)\(works)" } ?? "")"
            )
        }
        if !evidence.cleanOSVersions.isEmpty {
            let clean = evidence.cleanOSVersions.map { "\($0.value) (\($0.reports))" }.joined(separator: ", ")
            parts.append(
                "\(evidence.app ?? "the app") also ran \(Evidence.osNamed(clean)) without this crash")
        }
        if !evidence.counterOSVersions.isEmpty, let window = evidence.failingWindow {
            let counter = evidence.counterOSVersions.map(\.value).joined(separator: ", ")
            let verb = evidence.counterOSVersions.count == 1 ? "is" : "are"
            // Where the headers show the member missing, the confidence's reason says why that run
            // is no counter-evidence.
            if !evidence.measured.contains("failsOn") {
                parts.append(
                    "COUNTER-EVIDENCE: \(Evidence.osNamed(counter)) \(verb) inside the failing window \(window) and ran without this crash"
                )
            }
        }
        if evidence.regressed, let fixedIn = evidence.fixedIn {
            parts.append(
                "REGRESSED: marked fixed in \(fixedIn) but seen again in \(evidence.regressedIn.joined(separator: ", "))"
            )
        }
        parts.append("confidence \(evidence.confidence): \(evidence.confidenceReason)")
        return parts.joined(separator: "; ") + "."
    }

    /// Device × OS version counts. When the versions do not fit the width, patch versions are
    /// summed into their minor version (`8.1.x`); columns that still do not fit, the smallest
    /// first, are summed into `other`.
    static func matrixText(_ report: KVCReport) -> [String] {
        var (devices, versions, counts) = matrixAxes(report.matrix)
        let deviceColumn = max(devices.map(\.count).max() ?? 6, 6)
        let needed = versions.reduce(deviceColumn + 9) { $0 + max($1.count, 3) + 2 }
        if needed > width { (versions, counts) = byMinorVersion(versions, counts) }
        let deviceWidth = deviceColumn
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
            headers: headers, alignments: [.left] + Array(repeating: .right, count: headers.count - 1))
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

    /// The counts with `8.1`, `8.1.2`, `8.1.3` summed into one column `8.1.x` (a minor version
    /// with one report version keeps its own name).
    static func byMinorVersion(_ versions: [String], _ counts: [String: [String: Int]]) -> (
        [String], [String: [String: Int]]
    ) {
        func minor(_ version: String) -> String {
            let parts = version.split(separator: ".")
            return version == "unknown" || parts.count < 2 ? version : parts.prefix(2).joined(separator: ".")
        }
        var members: [String: Set<String>] = [:]
        for version in versions { members[minor(version), default: []].insert(version) }
        func label(_ version: String) -> String {
            let key = minor(version)
            return (members[key]?.count ?? 0) > 1 ? key + ".x" : version
        }
        var merged: [String: [String: Int]] = [:]
        for (device, row) in counts {
            for (version, count) in row { merged[device, default: [:]][label(version), default: 0] += count }
        }
        var labels: [String] = []
        for version in versions where !labels.contains(label(version)) { labels.append(label(version)) }
        return (labels, merged)
    }

    static func matrixAxes(_ matrix: [KVCReport.Cell]) -> ([String], [String], [String: [String: Int]]) {
        var devices: [String] = []
        var versions: [String] = []
        var counts: [String: [String: Int]] = [:]
        for cell in matrix {
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
            text == "unknown" ? [Int.max] : text.split(separator: ".").map { Int($0) ?? -1 }
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
        "app_versions", "blame_frame", "rule_id", "fix", "affected_devices", "affected_users",
        "failures_with_device_id", "failures_with_user_id", "confidence", "fixed_in", "regressed",
        "bugly_occurrences", "bugly_affected_devices", "bugly_issues",
    ]

    static func csv(_ report: KVCReport) -> String {
        var lines = [csvHeader.joined(separator: ",")]
        func list(_ counts: [KVCReport.Count]) -> String {
            counts.map { "\($0.value):\($0.reports)" }.joined(separator: ";")
        }
        for group in report.groups {
            let fields: [String] = [
                group.id, group.fingerprint, group.kind?.rawValue ?? "", group.accessor?.rawValue ?? "",
                group.receiverClass ?? "",
                group.key ?? "", group.keyIsPrivate ? "1" : "0", group.cause?.rawValue ?? "",
                group.exceptionType ?? "",
                String(group.reportCount), String(group.deviceCount), group.firstSeen ?? "",
                group.lastSeen ?? "",
                list(group.devices), list(group.osVersions), list(group.appVersions), group.blameFrame ?? "",
                group.recommendation?.ruleID ?? "", group.recommendation?.fix ?? "",
                group.affectedDevices.map(String.init) ?? "", group.affectedUsers.map(String.init) ?? "",
                String(group.failuresWithDeviceID), String(group.failuresWithUserID),
                group.evidence?.confidence.rawValue ?? "", group.regression?.fixedIn ?? "",
                group.regression.map { $0.regressed ? "1" : "0" } ?? "",
                group.bugly?.occurrences.map(String.init) ?? "",
                group.bugly?.affectedDevices.map(String.init) ?? "",
                group.bugly?.issues.map { $0.issueID ?? "page" }.joined(separator: ";") ?? "",
            ]
            lines.append(fields.map(csvField).joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// RFC 4180 quoting, of the value with its control characters escaped. A cell a spreadsheet
    /// would run as a formula is prefixed with `'`: one that begins with `=`, `+` or `@`, or with
    /// `-` followed by a digit or `(` (OWASP's list; a tab, also on it, is escaped first;
    /// `-[UITextView …]`, how blame frames begin, is left as it is, since no spreadsheet reads it
    /// as a formula).
    static func csvField(_ value: String) -> String {
        // Control characters escaped (`\x1B`, `\n`), as in every text format: a file that is
        // printed to a terminal cannot move its cursor or add a line of its own.
        var text = value.terminalSafe
        if isFormula(text) { text = "'" + text }
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else {
            return text
        }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    static func isFormula(_ text: String) -> Bool {
        guard let first = text.first else { return false }
        if "=+@\t".contains(first) { return true }
        guard first == "-", let second = text.dropFirst().first else { return false }
        return second.isNumber || second == "("
    }

    // MARK: - Markdown

    static func markdown(_ report: KVCReport) -> String {
        var out = ["# crashscan report", ""]
        let filters =
            report.filters.isEmpty
            ? "none"
            : report.filters.sorted { $0.key < $1.key }.map { "\($0.key) `\($0.value)`" }
                .joined(separator: ", ")
        out.append("Database `\(report.database)`, filters: \(filters); times in \(report.zone).")
        out.append("")
        guard !report.groups.isEmpty else {
            out.append(emptyMessage(report))
            return out.map(\.terminalSafe).joined(separator: "\n") + "\n"
        }
        out.append(headline(report) + ".")
        out.append(affectedLine(report.summary) + ".")
        if let other = otherCrashesLine(report) { out.append(other + ".") }
        out.append("")
        out.append("## KVC failure groups")
        out.append("")
        out.append(
            "| Group | Kind | Class.key | Cause | Reports | Device models | Affected devices | Affected users | OS versions | Fix | Confidence | Fixed in | Regressed |"
        )
        out.append("|---|---|---|---|---:|---:|---:|---:|---|---|---|---|---|")
        for group in report.groups {
            let os = group.osVersions.map { "\($0.value) (\($0.reports))" }.joined(separator: ", ")
            let affectedDevices = group.affected.devicesCell
            let affectedUsers = group.affected.usersCell
            let fix: String = group.recommendation.map { "`\($0.fix)`" } ?? ""
            let cells: [String] = [
                "`\(group.id)`", group.kind?.rawValue ?? "", "`\(classKey(group))`",
                group.cause?.rawValue ?? "", String(group.reportCount), String(group.deviceCount),
                affectedDevices, affectedUsers, os, fix, group.evidence?.confidence.rawValue ?? "–",
                group.regression?.fixedIn ?? "–",
                group.regression.map { $0.regressed ? "**yes**" : "no" } ?? "–",
            ]
            out.append(
                "| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ")
                    + " |")
        }
        out.append("")
        let bugly = report.groups.compactMap { group in
            ScaleRenderer.groupCounts(group).map { "- `\(group.id)`: \($0)" }
        }
        if !bugly.isEmpty {
            out.append(
                "Per Bugly (each issue's totals over every OS, device and version; the filters do not apply):"
            )
            out.append("")
            out.append(contentsOf: bugly)
            out.append("")
        }
        let scale = ScaleRenderer.sections(report.scale)
        if !scale.isEmpty {
            out.append("## Scale and rates")
            out.append("")
            out.append("```")
            out.append(contentsOf: scale.filter { !$0.isEmpty })
            out.append("```")
            out.append("")
        }
        out.append("## Devices × OS versions")
        out.append("")
        let (devices, versions, counts) = matrixAxes(report.matrix)
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
            // Prose, paragraph by paragraph (its `code` spans render as code); no code fence.
            out += recommendation.detail.split(separator: "\n", omittingEmptySubsequences: false).map(
                String.init)
        }
        // Each element one line: a control character in a value (a device name, a key, a path)
        // is shown escaped, as in the text output, so that the page cannot move a terminal's
        // cursor or add a line of its own.
        return out.map(\.terminalSafe).joined(separator: "\n") + "\n"
    }
}
