import CrashScanModel
import CrashScanRules
import CrashScanSource
import CrashScanStore
import Foundation

/// What `crashscan scan` found: the findings in file order and what was read.
public struct ScanReport: Sendable {
    public var findings: [SourceFinding]
    public var files: Int
    public var bytes: Int
    public var seconds: Double
    public var unreadable: [(path: String, reason: String)]
    /// Per finding (in `findings` order), the crash groups of its class and key in the database
    /// given with `--db`; nil without one.
    public var crashGroups: [[LinkedCrashGroup]]?

    public init(
        findings: [SourceFinding], files: Int, bytes: Int, seconds: Double,
        unreadable: [(path: String, reason: String)] = []
    ) {
        self.findings = findings.sorted {
            ($0.site.path, $0.site.line, $0.site.column) < ($1.site.path, $1.site.line, $1.site.column)
        }
        self.files = files
        self.bytes = bytes
        self.seconds = seconds
        self.unreadable = unreadable
    }

    /// `seen in 37 crash reports, 9 device models, iOS 8.1–8.1.3 (group 8d3f1a2b)` for the crash
    /// groups of one finding; nil when there are none.
    public static func crashSummary(_ groups: [LinkedCrashGroup]) -> String? {
        guard !groups.isEmpty else { return nil }
        let reports = groups.reduce(0) { $0 + $1.reports }
        let devices = groups.map(\.devices).max() ?? 0
        let versions = groups.flatMap(\.osVersions)
        var text = "seen in \(reports) crash \(reports == 1 ? "report" : "reports")"
        text += ", \(devices) device \(devices == 1 ? "model" : "models")"
        if let first = versions.first, let last = versions.last {
            text += first == last ? ", iOS \(first)" : ", iOS \(first)–\(last)"
        }
        let exceptions = Array(Set(groups.compactMap(\.exception))).sorted()
        if !exceptions.isEmpty { text += ", raising " + exceptions.joined(separator: " or ") }
        let ids = groups.prefix(3).map(\.id).joined(separator: ", ")
        return text + " (group\(groups.count == 1 ? "" : "s") \(ids)\(groups.count > 3 ? ", …" : ""))"
    }

    public func count(_ severity: FindingSeverity) -> Int {
        findings.filter { $0.severity == severity }.count
    }

    /// The findings at or above `severity`.
    public func atOrAbove(_ severity: FindingSeverity) -> [SourceFinding] {
        findings.filter { $0.severity >= severity }
    }

    /// A fingerprint of each finding that survives edits elsewhere in the file: the rule, the
    /// file, the line's text without white space, and which occurrence of that line it is; not
    /// the line number.
    public var fingerprints: [String] {
        var seen: [String: Int] = [:]
        return findings.map { finding in
            let line = finding.site.lineText.filter { !$0.isWhitespace }
            let base = "\(finding.rule.id)|\(finding.site.path)|\(finding.site.keyPath)|\(line)"
            let occurrence = seen[base, default: 0]
            seen[base] = occurrence + 1
            return String(SHA256.hex(base + "|\(occurrence)").prefix(32))
        }
    }
}

/// Renders a scan in the compiler's form, as JSON, or as SARIF 2.1.0.
public enum ScanRenderer {
    /// `path:line:column: warning: message [rule-id]` per finding, then a summary line.
    public static func text(_ report: ScanReport) -> String {
        var lines: [String] = []
        for (index, finding) in report.findings.enumerated() {
            let site = finding.site
            let level = finding.severity == .low ? "note" : "warning"
            let place = "\(site.path.terminalSafe):\(site.line):\(site.column)"
            lines.append("\(place): \(level): \(finding.message.terminalSafe) [\(finding.rule.id)]")
            if let groups = report.crashGroups?[index], let seen = ScanReport.crashSummary(groups) {
                lines.append("\(place): note: \(seen)")
            }
        }
        lines.append(summary(report))
        return lines.joined(separator: "\n") + "\n"
    }

    public static func summary(_ report: ScanReport) -> String {
        let megabytes = String(format: "%.2f", Double(report.bytes) / 1_000_000)
        let findings = report.findings.count
        return
            "crashscan scan: \(findings) \(findings == 1 ? "finding" : "findings") (\(report.count(.high)) high, \(report.count(.medium)) medium, \(report.count(.low)) low) in \(report.files) \(report.files == 1 ? "file" : "files") (\(megabytes) MB), \(String(format: "%.2f", report.seconds)) s"
    }

    // MARK: - JSON

    struct JSONFinding: Encodable {
        var path: String
        var line: Int
        var column: Int
        var endLine: Int
        var endColumn: Int
        var language: String
        var severity: String
        var ruleId: String
        var fix: String
        var failsOn: String?
        var exceptions: [String]
        var accessor: String
        var receiver: String
        var receiverClass: String?
        var ruleClass: String?
        var classKnown: Bool
        var classReason: String
        var appClass: String?
        var key: String
        var keyPath: String
        var message: String
        var fingerprint: String
        var crashGroups: [LinkedGroup]?

        struct LinkedGroup: Encodable {
            var id: String
            var reports: Int
            var devices: Int
            var osVersions: [String]
        }

        enum CodingKeys: String, CodingKey {
            case path, line, column, endLine, endColumn, language, severity, ruleId, fix, failsOn, exceptions
            case accessor, receiver, receiverClass, ruleClass, classKnown, classReason, appClass, key, keyPath
            case message, fingerprint, crashGroups
        }

        /// Every key in every finding: an unknown value is `null`, never a missing key.
        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(path, forKey: .path)
            try container.encode(line, forKey: .line)
            try container.encode(column, forKey: .column)
            try container.encode(endLine, forKey: .endLine)
            try container.encode(endColumn, forKey: .endColumn)
            try container.encode(language, forKey: .language)
            try container.encode(severity, forKey: .severity)
            try container.encode(ruleId, forKey: .ruleId)
            try container.encode(fix, forKey: .fix)
            try container.encode(failsOn, forKey: .failsOn)
            try container.encode(exceptions, forKey: .exceptions)
            try container.encode(accessor, forKey: .accessor)
            try container.encode(receiver, forKey: .receiver)
            try container.encode(receiverClass, forKey: .receiverClass)
            try container.encode(ruleClass, forKey: .ruleClass)
            try container.encode(classKnown, forKey: .classKnown)
            try container.encode(classReason, forKey: .classReason)
            try container.encode(appClass, forKey: .appClass)
            try container.encode(key, forKey: .key)
            try container.encode(keyPath, forKey: .keyPath)
            try container.encode(message, forKey: .message)
            try container.encode(fingerprint, forKey: .fingerprint)
            try container.encode(crashGroups, forKey: .crashGroups)
        }
    }

    struct JSONScan: Encodable {
        struct Scanned: Encodable {
            var files: Int
            var bytes: Int
            var seconds: Double
        }
        struct Summary: Encodable {
            var findings: Int
            var high: Int
            var medium: Int
            var low: Int
        }
        var crashscan: String
        var scanned: Scanned
        var summary: Summary
        var findings: [JSONFinding]
    }

    /// The JSON document (docs/scanning.md): stable keys, sorted.
    public static func json(_ report: ScanReport) -> String {
        let fingerprints = report.fingerprints
        let findings = zip(report.findings, fingerprints).enumerated().map { index, pair in
            let (finding, fingerprint) = pair
            return JSONFinding(
                path: finding.site.path, line: finding.site.line, column: finding.site.column,
                endLine: finding.site.endLine, endColumn: finding.site.endColumn,
                language: finding.site.language.rawValue, severity: finding.severity.rawValue,
                ruleId: finding.rule.id, fix: finding.rule.fix, failsOn: finding.rule.failsOn?.description,
                exceptions: finding.rule.exceptions, accessor: finding.site.accessor,
                receiver: finding.site.receiver,
                receiverClass: finding.site.receiverClass, ruleClass: finding.ruleClass,
                classKnown: finding.classKnown, classReason: finding.site.classReason,
                appClass: finding.site.appClass, key: finding.site.key, keyPath: finding.site.keyPath,
                message: finding.message, fingerprint: fingerprint,
                crashGroups: report.crashGroups?[index].map {
                    JSONFinding.LinkedGroup(
                        id: $0.id, reports: $0.reports, devices: $0.devices, osVersions: $0.osVersions)
                })
        }
        let document = JSONScan(
            crashscan: CrashScanVersion.current,
            scanned: .init(
                files: report.files, bytes: report.bytes, seconds: (report.seconds * 1000).rounded() / 1000),
            summary: .init(
                findings: report.findings.count, high: report.count(.high), medium: report.count(.medium),
                low: report.count(.low)),
            findings: findings)
        return encode(document)
    }

    static func encode<Value: Encodable>(_ value: Value) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
