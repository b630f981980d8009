import CrashScanImport
import CrashScanIngest
import CrashScanModel
import CrashScanReport
import CrashScanRules
import CrashScanStore
import Foundation

/// `crashscan import PATH...`: reads crash logs into the database.
enum ImportCommand: CommandDefinition {
    static let synopsis = (
        usage: "import PATH...",
        summary: "Import crash logs (files, folders, '-' for standard input) into the database."
    )
    static let assumeTimezone = CommandOption(
        "--assume-timezone", value: "±HH:MM",
        help: "The zone of times written without one (default: +08:00 for Bugly, UTC else).")
    static let archiveLimit = CommandOption(
        "--archive-limit", value: "SIZE",
        help: """
            Bytes one input may expand to through its archives (default 1G; K, M, G
            suffixes); the rest of an archive past it is refused as a zip bomb.
            """)
    static let archiveRatio = CommandOption(
        "--archive-ratio", value: "N",
        help: "How many times its size an archive may expand to, past 64M (default 200).")
    static let buglyAppID = CommandOption(
        "--bugly-app-id", value: "ID",
        help: """
            The Bugly app id of these reports: each Bugly report with an issue id gets its console link, and
            Bugly's issue counts are kept under it.
            """)
    static let appVersion = CommandOption(
        "--app-version", value: "VERSION",
        help: """
            The app version of usage rows that name none (Bugly's crash trend is fetched one version at a
            time); without it such rows count all versions.
            """)
    static let reparse = CommandOption(
        "--reparse", help: "Parse every file, also those whose bytes were imported before.")
    static let quiet = CommandOption(
        "--quiet", "-q", help: "No per-file messages for rejected input; the summary line still prints.")
    static let verbose = CommandOption(
        "--verbose", "-v", help: "Also name every skipped file (no crash report in it) with the reason.")

    static var help: CommandHelp {
        CommandHelp(
            overview: """
                Import crash logs into the database.

                Reads files and folders (recursively; hidden files are skipped) and '-' for standard input. The
                format is detected from the content: Bugly console copies (Chinese, English or Japanese labels,
                markdown tables), Bugly web-API JSON and SDK crash.log, Apple .crash and .ips, KSCrash,
                MetricKit, Xcode console pastes, and archives of them; UTF-8, UTF-16 with BOM and GB18030/GBK.
                A report already in the database (same normalised content) is counted as a duplicate and not
                stored again; a file whose exact bytes were imported before by this version is not even
                parsed again. The rest of the import goes on past any file it cannot use.

                Times are stored in UTC. A time written without a zone is read as UTC+8 for Bugly's formats
                (Bugly's console shows China time) and as UTC otherwise, unless --assume-timezone says.

                A file with no crash report in it (a README, a .DS_Store, an .ips hang report) is skipped:
                counted, named with --verbose, no error. A file that looks like a crash report but cannot be
                read (malformed, damaged, unsupported) is rejected: named, and the import exits 65.
                """,
            usage: """
                crashscan import PATH... [--db FILE] [--rules FILE]... [--dsym PATH]...
                                        [--assume-timezone ±HH:MM] [--bugly-app-id ID]
                                        [--app-version VERSION] [--reparse]
                                        [--quiet] [--verbose]
                """,
            arguments: [("PATH", "A file, a folder, or '-' for standard input.")],
            sections: [
                .init(
                    title: "OPTIONS",
                    options: [
                        .database, .rules,
                        CommandOption(
                            "--dsym", value: "PATH",
                            help: """
                                The app's dSYM: a .dSYM bundle, a folder or a zip of them (repeatable);
                                app frames that are offsets are symbolicated by image UUID with
                                llvm-symbolizer (Debian package llvm).
                                """),
                        assumeTimezone, buglyAppID, appVersion, archiveLimit, archiveRatio, reparse, quiet,
                        verbose,
                    ])
            ],
            footer: """
                OUTPUT: progress on standard error when it is a terminal; always a summary line on standard
                output: files, reports imported, duplicates, rejected (first reasons), skipped, KVC failures,
                time.
                EXIT CODES: 0 ok (also with skipped files), 65 some files rejected, 66 a path does not exist,
                69 llvm-symbolizer missing, 74 database error.
                """)
    }

    static func run(_ arguments: ParsedArguments, console: Console, environment: [String: String]) throws
        -> ExitCode
    {
        var timeBase = TimeBase()
        if let text = arguments.value(assumeTimezone) {
            guard let offset = TimeBase.parseOffset(text) else {
                throw UsageError(
                    "invalid --assume-timezone '\(text)' (expected an offset from UTC such as +08:00, -05:00 or UTC)"
                )
            }
            timeBase.assumedOffset = offset
        }
        let archiveLimits = try self.archiveLimits(arguments)
        let appID = arguments.value(buglyAppID)
        if let appID, ReportIdentity.buglyIssueURL(appID: appID, issueID: "1") == nil {
            throw UsageError(
                "invalid --bugly-app-id '\(appID)' (expected the id in the console's address: letters, digits, - and _)"
            )
        }
        let quiet = arguments.isSet(quiet)
        let paths = arguments.positionals
        guard !paths.isEmpty else {
            throw UsageError("import needs at least one PATH (a file, a folder, or '-')")
        }
        let rules = try RuleSet.load(extraFiles: arguments.values(.rules))
        // Check the paths first: a missing one stops the import before anything is written.
        let walker = InputWalker()
        let sources = try walker.files(paths)
        let symbolicator = try SymbolicateCommand.symbolicator(arguments.values(.dsym), limits: archiveLimits)
        let dbPath = CLI.databasePath(arguments.value(.database), environment: environment)
        let store = try Store(path: dbPath)
        // An existing database brought up to this crashscan's schema (a new one is made from
        // the baseline): said, since a migration may take a while on a large one.
        let applied = store.appliedMigrations
        if !quiet, !store.madeSchema, let last = applied.last {
            console.err(
                "crashscan: upgraded the database to schema \(last) (\(UpgradeCommand.describe(applied))) "
                    + "before importing\n")
        }
        if !quiet, !store.madeSchema, let note = UpgradeCommand.describe(store.cacheOutcome) {
            console.err("crashscan: \(note) before importing\n")
        }
        let importer = Importer(
            store: store, rules: rules, batchSize: Importer.batchSize(for: store.dialect),
            reparse: arguments.isSet(reparse),
            settings: ParseSettings(
                timeBase: timeBase, symbolicator: symbolicator, archiveLimits: archiveLimits,
                buglyAppID: appID, appVersion: try appVersionValue(arguments)))
        let showProgress = console.errIsTerminal && !quiet
        let summary = try importer.run(
            sources, arguments: (["import"] + arguments.raw).joined(separator: " "),
            version: CrashScanVersion.current,
            progress: showProgress ? { showProgressLine($0, on: console) } : nil)
        if showProgress { console.err("\r\u{1B}[K") }
        report(summary, quiet: quiet, verbose: arguments.isSet(verbose), on: console)
        console.out(summaryLine(summary, database: dbPath) + "\n")
        // Files without a crash in them are skipped, not an error; unreadable crash reports are.
        return summary.rejected > 0 ? .dataError : .ok
    }

    /// `--archive-limit` and `--archive-ratio`, over the defaults.
    static func archiveLimits(_ arguments: ParsedArguments) throws -> ArchiveLimits {
        var limits = ArchiveLimits()
        if let text = arguments.value(archiveLimit) {
            guard let bytes = byteCount(text), bytes > 0 else {
                throw UsageError("invalid --archive-limit '\(text)' (expected a size such as 500M or 2G)")
            }
            limits.expandedBytes = bytes
        }
        if let text = arguments.value(archiveRatio) {
            guard let ratio = Int(text), ratio > 0 else {
                throw UsageError("invalid --archive-ratio '\(text)' (expected a whole number such as 200)")
            }
            limits.ratio = ratio
        }
        return limits
    }

    /// `500M`, `2G`, `64K` or a number of bytes.
    static func byteCount(_ text: String) -> Int? {
        let units: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
        if let last = text.uppercased().last, let unit = units[last] {
            return Int(text.dropLast()).flatMap {
                $0.multipliedReportingOverflow(by: unit).overflow ? nil : $0 * unit
            }
        }
        return Int(text)
    }

    /// `crashscan: 120/4000 files, 130 reports, 25000 reports/s`, over itself on a terminal.
    static func showProgressLine(_ progress: ImportProgress, on console: Console) {
        let rate = progress.elapsed > 0 ? Int(Double(progress.reports) / progress.elapsed) : 0
        console.err(
            "\rcrashscan: \(progress.filesDone)/\(progress.filesTotal) files, \(progress.reports) reports, \(rate) reports/s"
        )
    }

    /// The files rejected (the first 20, unless `quiet`) and skipped (with `verbose`), and a
    /// regrouping the import did, on standard error.
    static func report(_ summary: ImportSummary, quiet: Bool, verbose: Bool, on console: Console) {
        if !quiet {
            for (path, reason) in summary.rejections.prefix(20) {
                console.err("crashscan: rejected \(path.terminalSafe): \(reason.terminalSafe)\n")
            }
            if summary.rejections.count > 20 {
                console.err(
                    "crashscan: … and \(summary.rejections.count - 20) more rejected files (see the import_files view)\n"
                )
            }
            for (kept, dropped) in summary.sameIncident.prefix(20) {
                console.err(
                    "crashscan: \(dropped.terminalSafe): same incident as \(kept.terminalSafe) (same device, crash time, exception and reason); kept \(kept.terminalSafe), the richer copy\n"
                )
            }
            if summary.sameIncident.count > 20 {
                console.err(
                    "crashscan: … and \(summary.sameIncident.count - 20) more copies of stored incidents\n")
            }
            for (path, note) in summary.repairs.prefix(20) {
                console.err("crashscan: imported \(path.terminalSafe) with its \(note)\n")
            }
            for (path, note) in summary.leftOut.prefix(20) {
                console.err("crashscan: \(path.terminalSafe): \(note.terminalSafe)\n")
            }
            if summary.repaired > 20 {
                console.err(
                    "crashscan: … and \(summary.repaired - 20) more files with repaired text (see the import_files view)\n"
                )
            }
        }
        if !quiet, let missing = SymbolicateCommand.uuidList(summary.missingUUIDs) {
            console.err(
                "crashscan: app frames stay offsets: no dSYM given matched these image UUIDs: \(missing)\n")
        }
        if verbose {
            for (path, reason) in summary.skips {
                console.err("crashscan: skipped \(path.terminalSafe): \(reason.terminalSafe)\n")
            }
        }
        if let rehashed = summary.rehashed, !quiet {
            console.err(
                "crashscan: the stored JSON reports were hashed by an older crashscan: \(rehashed.description)\n"
            )
        }
        if let regrouped = summary.regrouped, !quiet {
            console.err(
                "crashscan: the database was grouped by an older crashscan: \(RegroupCommand.describe(regrouped))\n"
            )
        }
    }

    static func plural(_ count: Int, _ noun: String) -> String { ReportRenderer.plural(count, noun) }

    /// `--app-version`, as reports write theirs: a version with nothing but blanks is no version.
    static func appVersionValue(_ arguments: ParsedArguments) throws -> String? {
        guard let text = arguments.value(appVersion) else { return nil }
        let version = text.trimmingBlanksString()
        guard !version.isEmpty, !version.contains(where: \.isNewline) else {
            throw UsageError("invalid --app-version '\(text)' (expected a version such as 2.3.1)")
        }
        return version
    }

    static func summaryLine(_ summary: ImportSummary, database: String) -> String {
        var rejected = "\(summary.rejected) rejected"
        if !summary.rejections.isEmpty {
            let first = summary.rejections.prefix(3).map {
                "\(($0.path as NSString).lastPathComponent.terminalSafe): \($0.reason.terminalSafe)"
            }
            rejected +=
                " (" + first.joined(separator: "; ") + (summary.rejections.count > 3 ? "; …" : "") + ")"
        }
        let seconds = String(format: "%.2f s", summary.elapsed)
        let skipped =
            summary.skipped > 0
            ? ", \(summary.skipped) skipped (no crash report in \(summary.skipped == 1 ? "it" : "them"); --verbose names them)"
            : ""
        let merged =
            summary.mergedGroups > 0
            ? ", \(summary.mergedGroups) incomplete \(summary.mergedGroups == 1 ? "group joined to its crash" : "groups joined to their crashes")"
            : ""
        let repaired = summary.repaired > 0 ? ", \(plural(summary.repaired, "file")) with repaired text" : ""
        // Scale is said only when some was read: most imports are crash logs alone.
        let scale = [
            summary.usageRows > 0 ? plural(summary.usageRows, "usage row") : nil,
            summary.issueCounts > 0 ? plural(summary.issueCounts, "issue count") : nil,
        ].compactMap { $0 }.map { ", " + $0 }.joined()
        return
            "imported into \(database.terminalSafe): \(plural(summary.files, "file")), \(plural(summary.imported, "report")) imported, \(plural(summary.duplicates, "duplicate")), \(rejected)\(skipped)\(repaired), \(plural(summary.kvcFailures, "KVC failure"))\(scale)\(merged), \(seconds)"
    }
}
