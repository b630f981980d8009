import CrashScanImport
import CrashScanIngest
import CrashScanModel
import CrashScanReport
import CrashScanRules
import CrashScanStore
import Foundation

#if canImport(Glibc)
    import CMalloc
#endif

/// `crashscan import PATH... [--db FILE] [--rules FILE]... [--dsym PATH]... [--assume-timezone ±HH:MM]
/// [--reparse] [--quiet]`
enum ImportCommand {
    static func run(_ arguments: [String], console: Console, environment: [String: String]) throws -> ExitCode
    {
        var cursor = ArgumentCursor(arguments)
        var dbOption: String?
        var ruleFiles: [String] = []
        var quiet = false
        var verbose = false
        var reparse = false
        var dsymPaths: [String] = []
        var timeBase = TimeBase()
        while let option = cursor.nextOption() {
            switch option {
            case "--db": dbOption = try cursor.value(for: option)
            case "--rules": ruleFiles.append(try cursor.value(for: option))
            case "--dsym": dsymPaths.append(try cursor.value(for: option))
            case "--assume-timezone":
                let text = try cursor.value(for: option)
                guard let offset = TimeBase.parseOffset(text) else {
                    throw UsageError(
                        "invalid --assume-timezone '\(text)' (expected an offset from UTC such as +08:00, -05:00 or UTC)"
                    )
                }
                timeBase.assumedOffset = offset
            case "--quiet", "-q":
                try cursor.flag(option)
                quiet = true
            case "--reparse":
                try cursor.flag(option)
                reparse = true
            case "--verbose", "-v":
                try cursor.flag(option)
                verbose = true
            default: throw UsageError("unknown option '\(option)' for import")
            }
        }
        let paths = cursor.positionals
        guard !paths.isEmpty else {
            throw UsageError("import needs at least one PATH (a file, a folder, or '-')")
        }
        let rules = try RuleSet.load(extraFiles: ruleFiles)
        // Check the paths first: a missing one stops the import before anything is written.
        let walker = InputWalker()
        let sources = try walker.files(paths)
        let symbolicator = try SymbolicateCommand.symbolicator(dsymPaths)
        let dbPath = CLI.databasePath(dbOption, environment: environment)
        let store = try Store(path: dbPath)
        keepFreedMemory()
        let importer = Importer(
            store: store, rules: rules, reparse: reparse,
            settings: ParseSettings(timeBase: timeBase, symbolicator: symbolicator))
        let showProgress = console.errIsTerminal && !quiet
        let summary = try importer.run(
            sources, arguments: (["import"] + arguments).joined(separator: " "),
            version: CrashScanVersion.current,
            progress: showProgress
                ? { progress in
                    let rate = progress.elapsed > 0 ? Int(Double(progress.reports) / progress.elapsed) : 0
                    console.err(
                        "\rcrashscan: \(progress.filesDone)/\(progress.filesTotal) files, \(progress.reports) reports, \(rate) reports/s"
                    )
                } : nil)
        if showProgress { console.err("\r\u{1B}[K") }
        if !quiet {
            for (path, reason) in summary.rejections.prefix(20) {
                console.err("crashscan: rejected \(path): \(reason)\n")
            }
            if summary.rejections.count > 20 {
                console.err(
                    "crashscan: … and \(summary.rejections.count - 20) more rejected files (see the import_files view)\n"
                )
            }
        }
        if verbose {
            for (path, reason) in summary.skips { console.err("crashscan: skipped \(path): \(reason)\n") }
        }
        if let regrouped = summary.regrouped, !quiet {
            console.err(
                "crashscan: the database was grouped by an older crashscan: \(RegroupCommand.describe(regrouped))\n"
            )
        }
        console.out(summaryLine(summary, database: dbPath) + "\n")
        // Files without a crash in them are skipped, not an error; unreadable crash reports are.
        return summary.rejected > 0 ? .dataError : .ok
    }

    static func plural(_ count: Int, _ noun: String) -> String { ReportRenderer.plural(count, noun) }

    static func summaryLine(_ summary: ImportSummary, database: String) -> String {
        var rejected = "\(summary.rejected) rejected"
        if !summary.rejections.isEmpty {
            let first = summary.rejections.prefix(3).map {
                "\(($0.path as NSString).lastPathComponent): \($0.reason)"
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
            ? ", \(summary.mergedGroups) incomplete \(summary.mergedGroups == 1 ? "group" : "groups") joined by call site"
            : ""
        return
            "imported into \(database): \(plural(summary.files, "file")), \(plural(summary.imported, "report")) imported, \(plural(summary.duplicates, "duplicate")), \(rejected)\(skipped), \(plural(summary.kvcFailures, "KVC failure"))\(merged), \(seconds)"
    }

    /// glibc hands freed memory at the top of the heap back to the kernel as soon as 128 KB
    /// are free, and the next batch asks for it again: `brk` was 9 % of the writer thread and
    /// sys time 5.6 s of an import of 100,000 logs. Keeping up to 256 MB (64 MB of headroom per
    /// growth) took sys time to ~3.5 s and the import ~2 s faster; resident memory is what is
    /// touched, unchanged (≈84 MB).
    static func keepFreedMemory() {
        #if canImport(Glibc)
            _ = mallopt(M_TRIM_THRESHOLD, 256 << 20)
            _ = mallopt(M_TOP_PAD, 64 << 20)
        #endif
    }
}
