import CrashScanModel
import CrashScanRules
import Foundation

/// SARIF 2.1.0 for GitHub code scanning and other SARIF viewers: one run, the rules that found
/// something (id, name, descriptions, the fix page as help), results with their region and a
/// partial fingerprint that unrelated edits leave alone. Paths under the working folder are
/// relative to `%SRCROOT%` (the repository root when scan runs there, as CI does).
extension ScanRenderer {
    struct SARIFLog: Encodable {
        var version = "2.1.0"
        var schema = "https://json.schemastore.org/sarif-2.1.0.json"
        var runs: [Run]

        enum CodingKeys: String, CodingKey {
            case version, runs
            case schema = "$schema"
        }
    }

    struct Run: Encodable {
        var tool: Tool
        var originalUriBaseIds: [String: ArtifactLocation]
        var results: [Result]
        var columnKind = "unicodeCodePoints"
    }

    struct Tool: Encodable {
        var driver: Driver
    }

    struct Driver: Encodable {
        var name = "crashscan"
        var version = CrashScanVersion.current
        var semanticVersion = CrashScanVersion.current
        var rules: [ReportingDescriptor]
    }

    struct Message: Encodable {
        var text: String
        var markdown: String?
    }

    struct ReportingDescriptor: Encodable {
        var id: String
        var name: String
        var shortDescription: Message
        var fullDescription: Message
        var help: Message
        var defaultConfiguration: Configuration
        var properties: Properties
    }

    struct Configuration: Encodable {
        var level: String
    }

    struct Properties: Encodable {
        var tags: [String]
        var precision: String
        var problemSeverity: String

        enum CodingKeys: String, CodingKey {
            case tags, precision
            case problemSeverity = "problem.severity"
        }
    }

    struct ArtifactLocation: Encodable {
        var uri: String
        var uriBaseId: String?
    }

    struct Region: Encodable {
        var startLine: Int
        var startColumn: Int
        var endLine: Int
        var endColumn: Int
    }

    struct PhysicalLocation: Encodable {
        var artifactLocation: ArtifactLocation
        var region: Region
    }

    struct Location: Encodable {
        var physicalLocation: PhysicalLocation
    }

    struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int
        var level: String
        var message: Message
        var locations: [Location]
        var partialFingerprints: [String: String]
    }

    static func level(_ severity: FindingSeverity) -> String {
        switch severity {
        case .high: return "error"
        case .medium: return "warning"
        case .low: return "note"
        }
    }

    /// `uitextview-placeholder-label` → `UitextviewPlaceholderLabel`: SARIF's rule names are
    /// identifiers.
    static func ruleName(_ id: String) -> String {
        id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// `helpPage` gives the Markdown help of a fix (the fix page).
    public static func sarif(
        _ report: ScanReport, workingFolder: String, helpPage: (Rule) -> String
    ) -> String {
        var rules: [ReportingDescriptor] = []
        var ruleIndex: [String: Int] = [:]
        for finding in report.findings where ruleIndex[finding.rule.id] == nil {
            let rule = finding.rule
            ruleIndex[rule.id] = rules.count
            let severity = report.findings.filter { $0.rule.id == rule.id }.map(\.severity).max() ?? .medium
            rules.append(
                ReportingDescriptor(
                    id: rule.id, name: ruleName(rule.id), shortDescription: Message(text: rule.title),
                    fullDescription: Message(text: rule.detail.isEmpty ? rule.title : rule.detail),
                    help: Message(text: helpPage(rule), markdown: helpPage(rule)),
                    defaultConfiguration: Configuration(level: level(severity)),
                    properties: Properties(
                        tags: ["crash", "kvc", "private-api", "ios"], precision: "high",
                        problemSeverity: severity == .low ? "recommendation" : level(severity))))
        }
        let root = workingFolder.hasSuffix("/") ? workingFolder : workingFolder + "/"
        let results = zip(report.findings, report.fingerprints).enumerated().map { index, pair in
            let (finding, fingerprint) = pair
            let site = finding.site
            var message = finding.message
            if let groups = report.crashGroups?[index], let seen = ScanReport.crashSummary(groups) {
                message += "; \(seen)"
            }
            return Result(
                ruleId: finding.rule.id, ruleIndex: ruleIndex[finding.rule.id] ?? 0,
                level: level(finding.severity),
                message: Message(text: message),
                locations: [
                    Location(
                        physicalLocation: PhysicalLocation(
                            artifactLocation: artifact(site.path, root: root),
                            region: Region(
                                startLine: site.line, startColumn: site.column, endLine: site.endLine,
                                endColumn: site.endColumn)))
                ],
                partialFingerprints: ["crashscanFinding/v1": fingerprint])
        }
        let log = SARIFLog(runs: [
            Run(
                tool: Tool(driver: Driver(rules: rules)),
                originalUriBaseIds: ["%SRCROOT%": ArtifactLocation(uri: fileURI(root), uriBaseId: nil)],
                results: results)
        ])
        return encode(log)
    }

    /// The path relative to `%SRCROOT%` when it lies under the working folder, else its file URI.
    static func artifact(_ path: String, root: String) -> ArtifactLocation {
        let absolute = path.hasPrefix("/") ? path : root + path
        let normalized = (absolute as NSString).standardizingPath
        if normalized.hasPrefix(root) {
            return ArtifactLocation(
                uri: percentEncoded(String(normalized.dropFirst(root.count))), uriBaseId: "%SRCROOT%")
        }
        return ArtifactLocation(uri: fileURI(normalized), uriBaseId: nil)
    }

    static func fileURI(_ path: String) -> String { "file://" + percentEncoded(path) }

    static func percentEncoded(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#[]@!$&'()*+,;=")
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    }
}
