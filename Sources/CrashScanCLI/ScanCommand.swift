import CrashScanModel
import CrashScanReport
import CrashScanRules
import CrashScanSource
import CrashScanStore
import CrashScanWorkflows
import Dispatch
import Foundation

/// `crashscan scan PATH... [--format text|json|sarif] [--rules FILE]... [--fail-on SEVERITY]
/// [--exclude GLOB]...`: the KVC calls on private UIKit state in the app's own source.
enum ScanCommand: CommandDefinition {
    static let synopsis = (
        usage: "scan PATH...",
        summary: "Find KVC on private UIKit state in Objective-C, Swift and Interface Builder source."
    )
    static let format = CommandOption(
        "--format", value: "FORMAT",
        help: """
            text (default: path:line:column: warning: message [rule], as compilers
            print, so Xcode, editors and CI annotate the line), json (stable, see
            docs/scanning.md), sarif (SARIF 2.1.0, for GitHub code scanning)
            """)
    static let failOn = CommandOption(
        "--fail-on", value: "SEVERITY",
        help: "Exit 1 when a finding is at or above SEVERITY: high (default), medium, low; none never does.")
    static let database = CommandOption(
        "--db", value: "FILE",
        help: """
            A crashscan database: each finding says which crash groups of the same class and
            key it holds, and the findings are stored (the source_findings view) so that report
            and explain show where in the code a group's crash comes from.
            """)
    static let exclude = CommandOption(
        "--exclude", value: "GLOB",
        help:
            "Skip paths matching GLOB: relative to the folder named (Vendor/**, *.generated.swift), as the command line reaches them (App/Vendor/**), or absolute; repeatable."
    )

    static var help: CommandHelp {
        CommandHelp(
            overview: """
                Read the app's own source (.m, .mm, .h, .swift, .xib, .storyboard) for Key-Value Coding that
                reaches private UIKit state: setValue:forKey:, valueForKey: and their key-path forms, Swift's
                setValue(_:forKey:) and value(forKey:), and Interface Builder's user-defined runtime
                attributes. Each finding names the rule that knows the key, the iOS versions where it
                crashes and the fix. Folders are walked in name order; Pods, Carthage, .build,
                DerivedData and hidden folders are skipped unless named.
                """,
            usage: """
                crashscan scan PATH... [--format text|json|sarif] [--db FILE] [--rules FILE]...
                                        [--fail-on high|medium|low|none] [--exclude GLOB]...
                """,
            arguments: [("PATH", "A source file or a folder of them.")],
            sections: [.init(title: "OPTIONS", options: [format, database, .rules, failOn, exclude])],
            footer: """
                SEVERITY: high, a rule names the receiver's class and key (it crashes on the versions shown);
                medium, the key is private but the receiver's class is not certain from the code, or no rule
                names the key; low, private state that does not crash.
                EXIT CODES: 0 nothing at or above --fail-on, 1 something is, 64 usage, 65 a file could not be
                read (the rest was scanned), 66 a PATH or the --db database does not exist, 74 database error.
                """)
    }

    static func run(_ arguments: ParsedArguments, console: Console, environment: [String: String]) throws
        -> ExitCode
    {
        let start = DispatchTime.now()
        let formatName = arguments.value(format) ?? "text"
        guard ["text", "json", "sarif"].contains(formatName) else {
            throw UsageError("invalid --format '\(formatName)' (expected one of: text, json, sarif)")
        }
        let threshold = try failThreshold(arguments.value(failOn))
        let paths = arguments.positionals
        guard !paths.isEmpty else { throw UsageError("scan needs a PATH (a source file or a folder)") }
        let rules = try RuleSet.load(extraFiles: arguments.values(.rules))
        let files: [SourceTree.File]
        do {
            files = try SourceTree(excludes: arguments.values(exclude)).files(paths)
        } catch let missing as SourceTree.Missing {
            console.err("crashscan: \(missing.description.shown)\n")
            return .noInput
        }
        let store = try arguments.value(database).map(openDatabase)
        let scanned = SourceScanner.scan(files, keep: { rules.sourceFinding(for: $0) != nil })
        let findings = scanned.sites.compactMap(rules.sourceFinding)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        var report = ScanReport(
            findings: findings, files: scanned.files, bytes: scanned.bytes, seconds: seconds,
            unreadable: scanned.unreadable)
        if let store {
            report.crashGroups = try report.findings.map { finding in
                try finding.ruleClass.map {
                    try FindingLinks.crashGroups(
                        ruleClass: $0, keyPath: finding.site.keyPath,
                        firstAccessor: finding.site.firstComponentAccessor,
                        setsLast: finding.site.accessor.hasPrefix("setValue"), in: store)
                }
                    ?? []
            }
            try store.recordScan(
                roots: paths, files: report.files, bytes: report.bytes, findings: stored(report),
                version: CrashScanVersion.current, at: Timestamp.now())
        }
        for (path, reason) in scanned.unreadable {
            console.err("crashscan: rejected \(path.terminalSafe): \(reason.terminalSafe)\n")
        }
        switch formatName {
        case "json": console.out(ScanRenderer.json(report))
        case "sarif":
            console.out(
                ScanRenderer.sarif(
                    report, workingFolder: FileManager.default.currentDirectoryPath,
                    helpPage: { FixPages.page($0.fix, rules: rules) ?? $0.title }))
            console.err(ScanRenderer.summary(report) + "\n")
        default: console.out(ScanRenderer.text(report))
        }
        if let threshold, !report.atOrAbove(threshold).isEmpty { return .findings }
        return scanned.unreadable.isEmpty ? .ok : .dataError
    }

    /// The database of `--db`: it must exist (scan links findings to the crashes imported there).
    static func openDatabase(_ path: String) throws -> Store {
        try CLI.requireDatabase(path)
        return try Store(path: path)
    }

    /// The findings as the store keeps them.
    static func stored(_ report: ScanReport) -> [StoredSourceFinding] {
        zip(report.findings, report.fingerprints).map { finding, fingerprint in
            let site = finding.site
            return StoredSourceFinding(
                path: site.path, line: site.line, column: site.column, endLine: site.endLine,
                endColumn: site.endColumn, language: site.language.rawValue, ruleID: finding.rule.id,
                severity: finding.severity.rawValue, fix: finding.rule.fix, accessor: site.accessor,
                receiver: site.receiver, receiverClass: site.receiverClass, ruleClass: finding.ruleClass,
                classKnown: finding.classKnown, key: site.key, keyPath: site.keyPath,
                message: finding.message,
                fingerprint: fingerprint)
        }
    }

    /// `--fail-on`: a severity, `none`, or high when not given.
    static func failThreshold(_ value: String?) throws -> FindingSeverity? {
        guard let value else { return .high }
        if value == "none" { return nil }
        guard let severity = FindingSeverity(rawValue: value) else {
            throw UsageError("invalid --fail-on '\(value)' (expected one of: high, medium, low, none)")
        }
        return severity
    }
}
