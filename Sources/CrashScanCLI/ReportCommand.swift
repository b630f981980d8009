import CrashScanModel
import CrashScanReport
import CrashScanRules
import CrashScanStore
import CrashScanWorkflows
import Foundation

/// `crashscan report [filters] [--format …] [--db FILE] [--rules FILE]...`
enum ReportCommand: CommandDefinition {
    static let synopsis = (
        usage: "report", summary: "Show KVC failure groups, a device × OS matrix and the recommended fixes."
    )
    static let os = CommandOption(
        "--os", value: "SPEC",
        help: """
            8.1 (every 8.1.x), 8.1.3, 8, 8.0..8.2, >=13, >13, <8.3, <=8.1; iOS versions
            unless --platform or the value names another ('macOS 10.15')
            """)
    static let platform = CommandOption(
        "--platform", value: "NAME",
        help: """
            ios, macos, tvos, watchos or visionos: only reports from it (--os then reads its
            versions)
            """)
    static let device = CommandOption(
        "--device", value: "NAME",
        help: """
            Model identifier (iPhone7,1), marketing name (iPhone 6 Plus, 6+) or family
            (iPhone, iPad, iPad mini, iPod touch, Mac), any case; 'unknown' for reports
            without a device
            """)
    static let appVersion = CommandOption(
        "--app-version", value: "V",
        help: """
            App version as reported (2.3.1, 2.3.1(231)), 'unknown', or a range: >=2.3, <2.4,
            2.3.0..2.3.1
            """)
    static let since = CommandOption(
        "--since", value: "DATE",
        help: """
            Crashes on or after DATE: YYYY-MM-DD (a day in the --tz zone), YYYY-MM-DD
            HH:MM[:SS] (in that zone, or with its own: 2015-03-01 08:00+08:00), or a
            time back from now: 12h, 7d, 2w
            """)
    static let until = CommandOption(
        "--until", value: "DATE", help: "Crashes on or before DATE (the same forms)")
    static let kind = CommandOption(
        "--kind", value: "KIND", help: "undefined_key, prohibited_ivar or obsolete_private_api")
    static let key = CommandOption(
        "--key", value: "KEY", help: "The KVC key; '*' is a wildcard (_placeholder*); '?' the unknown key")
    static let regressed = CommandOption(
        "--regressed", help: "Only the groups seen again after their fix version (crashscan fixed)")
    static let format = CommandOption(
        "--format", value: "FORMAT",
        help: """
            text (default: fits the terminal, else $COLUMNS, else 80 columns; coloured
            on a terminal unless NO_COLOR is set), json (stable, see docs/report-json.md), csv,
            markdown, html (one self-contained page with charts)
            """)
    static let sort = CommandOption(
        "--sort", value: "ORDER",
        help: """
            Order of the groups: reports (most KVC failures first; the default, html
            excepted), affected (most devices, then users; html's default), recent
            """)
    static let output = CommandOption(
        "--output", "-o", value: "FILE", help: "Write the report to FILE instead of standard output.")
    static let explain = CommandOption(
        "--explain", help: "Show every rule that matches each group and why (the most specific wins).")
    static let allCrashes = CommandOption(
        "--all-crashes",
        help: "Also list the crash groups that are no KVC failure (NSRangeException, signals).")
    static let compare = CommandOption(
        "--compare", value: "A..B",
        help: """
            Compare each group's failures in app versions A and B (2.3.0..2.3.1): new, up,
            down, gone
            """)
    static let failOn = CommandOption(
        "--fail-on", value: "regressed", help: "Exit 1 when a group shown came back after its fix (for CI).")

    static var help: CommandHelp {
        CommandHelp(
            overview: """
                Report KVC failure groups with counts, a device × OS-version matrix and each group's
                recommended fix.
                """,
            usage: """
                crashscan report [filters] [--format text|json|csv|markdown|html] [--sort ORDER]
                                        [--output FILE] [--explain] [--all-crashes] [--compare A..B]
                                        [--tz ZONE] [--db FILE] [--rules FILE]... [--fail-on regressed]
                """,
            sections: [
                .init(
                    title:
                        "FILTERS (a filter given twice matches either value; different filters must all match)",
                    options: [os, platform, device, appVersion, since, until, kind, key, regressed]),
                .init(
                    title: "OPTIONS",
                    options: [
                        format, sort, output, explain, allCrashes, compare, .timeZone, .database,
                        CommandOption(
                            "--rules", value: "FILE",
                            help: "Evaluate recommendations with these team rules added (repeatable)."),
                        failOn,
                    ]),
            ],
            footer: """
                EXIT CODES: 0 ok (also when nothing matches), 1 --fail-on regressed found one, 64 bad filter,
                66 no database, 74 database error.
                """)
    }

    static func run(_ arguments: ParsedArguments, console: Console, environment: [String: String]) throws
        -> ExitCode
    {
        let filter = try self.filter(
            arguments, zone: try CLI.displayZone(arguments, environment: environment))
        let format = try self.format(arguments)
        let order = try self.sort(arguments) ?? (format == .html ? .affected : .reports)
        let outputPath = arguments.value(output)
        for value in arguments.values(failOn) where value != "regressed" {
            throw UsageError("invalid --fail-on '\(value)' (expected: regressed)")
        }
        let failOnRegressed = arguments.isSet(failOn)
        let explain = arguments.isSet(explain)
        if explain, format == .html {
            throw UsageError(
                "--explain is not drawn in --format html (use it with text, json, csv or markdown, or 'crashscan explain GROUP')"
            )
        }
        let ruleFiles = arguments.values(.rules)
        if let extra = arguments.positionals.first {
            throw UsageError("report takes no arguments, got '\(extra)'")
        }
        let dbPath = CLI.databasePath(arguments.value(.database), environment: environment)
        try CLI.requireDatabase(dbPath)
        let rules = try RuleSet.load(extraFiles: ruleFiles)
        // Read only: a database of an older crashscan is refused with the upgrade command to run.
        // Read with read(), not through a memory map: on a million reports the map's page faults
        // made `--os 8.1` 256 ms against 197 ms and the unfiltered report 1.50 s against 1.44 s
        // (medians of 4, alternately), and its pages counted as resident memory.
        let store = try Store(path: dbPath, access: .readOnly)
        if try Regrouper.isStale(store) {
            console.err(
                "crashscan: warning: the groups were made by an older crashscan and may split one crash; run 'crashscan regroup --db \(dbPath)'\n"
            )
        }
        try CLI.noteUnreadDerivedTables(store, dbPath: dbPath, console: console)
        let report: KVCReport
        let text: String
        if format == .html {
            let page = try ReportPageBuilder.build(store: store, filter: filter, rules: rules, sort: order)
            report = page.report
            text = HTMLReportRenderer.render(page)
        } else {
            report = try ReportBuilder.build(
                store: store, filter: filter, rules: rules, explain: explain, sort: order)
            text = ReportRenderer.render(report, as: format)
        }
        for note in try ReportBuilder.unmatchedFilterNotes(store: store, filter: filter) {
            console.err("crashscan: note: \(note.shown)\n")
        }
        if let outputPath {
            try write(text, to: outputPath)
            console.err("crashscan: wrote \(outputPath.shown) (\(text.utf8.count) bytes)\n")
        } else {
            console.out(text)
        }
        let regressed = report.groups.filter { $0.regression?.regressed == true }
        if failOnRegressed, !regressed.isEmpty {
            console.err(
                "crashscan: \(regressed.count) regressed \(regressed.count == 1 ? "group" : "groups") (\(regressed.map(\.id).joined(separator: ", "))): --fail-on regressed\n"
            )
            return .findings
        }
        return .ok
    }

    /// The filters in the order given (a bad value is refused where it stands).
    static func filter(_ arguments: ParsedArguments, zone: DisplayZone = .utc) throws -> ReportFilter {
        var filter = ReportFilter()
        // Before the dates, which a day without a time is read in.
        filter.zone = zone
        for (option, value) in arguments.given {
            guard let value else {
                if option == regressed { filter.regressedOnly = true }
                if option == allCrashes { filter.listsOtherCrashes = true }
                continue
            }
            switch option {
            case os: try filter.addOS(value)
            case platform: try filter.addPlatform(value)
            case compare:
                guard let versions = ReleaseComparison.parse(value) else {
                    throw UsageError("invalid --compare '\(value)' (expected two app versions: 2.3.0..2.3.1)")
                }
                filter.comparedVersions = versions
            case device: try filter.addDevice(value)
            case appVersion: try filter.addAppVersion(value)
            case since: try filter.setDate(value, bound: .since)
            case until: try filter.setDate(value, bound: .until)
            case kind: try filter.addKind(value)
            case key: try filter.addKey(value)
            default: break
            }
        }
        _ = try filter.osRanges()
        return filter
    }

    static func sort(_ arguments: ParsedArguments) throws -> ReportSort? {
        var order: ReportSort?
        for value in arguments.values(sort) {
            guard let parsed = ReportSort(rawValue: value) else {
                throw UsageError(
                    "invalid --sort '\(value)' (expected one of: \(ReportSort.allCases.map(\.rawValue).joined(separator: ", ")))"
                )
            }
            order = parsed
        }
        return order
    }

    /// Writes the report whole or not at all: a temporary file beside `path`, then renamed.
    static func write(_ text: String, to path: String) throws {
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw CLI.OutputError(path: path, reason: (error as NSError).localizedDescription)
        }
    }

    static func format(_ arguments: ParsedArguments) throws -> ReportFormat {
        var format = ReportFormat.text
        for value in arguments.values(self.format) {
            guard let parsed = ReportFormat(rawValue: value) else {
                throw UsageError(
                    "invalid --format '\(value)' (expected one of: \(ReportFormat.allCases.map(\.rawValue).joined(separator: ", ")))"
                )
            }
            format = parsed
        }
        return format
    }
}
