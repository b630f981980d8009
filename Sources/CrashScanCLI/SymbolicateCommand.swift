import CrashScanModel
import CrashScanReport
import CrashScanRules
import CrashScanStore
import CrashScanSymbolication
import CrashScanWorkflows
import Foundation

/// `crashscan symbolicate GROUP|--all --dsym PATH... [--db FILE] [--rules FILE]...`: resolves the
/// app frames of stored reports with the app's dSYMs, then regroups them on the symbols.
enum SymbolicateCommand: CommandDefinition {
    static let synopsis = (
        usage: "symbolicate",
        summary: "Resolve stored reports' app frames with the app's dSYM, then regroup them."
    )
    static let allOption = CommandOption("--all", help: "Every stored report with app frames as offsets.")

    static var help: CommandHelp {
        CommandHelp(
            overview: """
                Resolve the app frames of stored reports (`App + 203280`, .ips image offsets) with the
                app's dSYMs, then reclassify and regroup those reports on the symbols. Images are matched by
                UUID (Binary Images, .ips usedImages); addresses are resolved by llvm-symbolizer (Debian
                package llvm, or $CRASHSCAN_LLVM_SYMBOLIZER). Reports keep their frames for this only while
                their app frames are offsets.
                """,
            usage: """
                crashscan symbolicate GROUP --dsym PATH... [--db FILE] [--rules FILE]...
                       crashscan symbolicate --all --dsym PATH... [--db FILE] [--rules FILE]...
                """,
            sections: [.init(title: "OPTIONS", options: [.dsym, allOption, .database, .rules])],
            footer: """
                OUTPUT: how many reports were symbolicated, the regrouping, and the image UUIDs no dSYM matched.
                EXIT CODES: 0 ok, 64 usage error, 65 no dSYM with a UUID in PATH, 66 PATH, GROUP or database missing,
                69 llvm-symbolizer missing.
                """)
    }

    static func run(_ arguments: ParsedArguments, console: Console, environment: [String: String]) throws
        -> ExitCode
    {
        let all = arguments.isSet(allOption)
        let ruleFiles = arguments.values(.rules)
        let dsymPaths = arguments.values(.dsym)
        guard all != (arguments.positionals.count == 1), arguments.positionals.count <= 1 else {
            throw UsageError(
                "symbolicate needs one GROUP or --all (crashscan symbolicate --all --dsym App.app.dSYM)")
        }
        guard !dsymPaths.isEmpty else {
            throw UsageError("symbolicate needs --dsym PATH (a .dSYM bundle, a folder of them, or a zip)")
        }
        let dbPath = CLI.databasePath(arguments.value(.database), environment: environment)
        try CLI.requireDatabase(dbPath)
        let rules = try RuleSet.load(extraFiles: ruleFiles)
        guard let symbolicator = try symbolicator(dsymPaths) else { return .usage }
        let store = try Store(path: dbPath)
        let group = try arguments.positionals.first.map { try GroupLookup.find($0, in: store) }
        let summary = try StoredSymbolication.run(store: store, group: group, symbolicator: symbolicator)
        if summary.symbolicated > 0 {
            try RecommendationUpdater.refresh(store: store, rules: rules, touched: try store.groupIDs())
        }
        console.out(describe(summary, dsyms: symbolicator.index.entries.count) + "\n")
        return .ok
    }

    /// The symbolicator for `--dsym` paths (nil when none were given).
    static func symbolicator(_ paths: [String], limits: ArchiveLimits = ArchiveLimits()) throws
        -> Symbolicator?
    {
        guard !paths.isEmpty else { return nil }
        return try Symbolicator(index: DSYMIndex(paths: paths, limits: limits))
    }

    static func describe(_ summary: StoredSymbolication.Summary, dsyms: Int) -> String {
        var text =
            "symbolicated \(summary.symbolicated) of \(summary.candidates) reports with app frames as offsets"
            + " (\(dsyms) dSYM \(dsyms == 1 ? "slice" : "slices") given)"
        if summary.symbolicated > 0 {
            text += "; regrouped: \(RegroupCommand.describe(summary.regrouped))"
        }
        if let missing = uuidList(summary.missingUUIDs) {
            text += "\nno dSYM given matched these image UUIDs: " + missing
        }
        if let held = uuidList(summary.unresolvedUUIDs) {
            text +=
                "\na dSYM given has these image UUIDs but resolved none of their frames (addresses outside its code): "
                + held
        }
        return text
    }

    /// `UUID (2 reports), UUID (1 report)` in UUID order; nil when there is none.
    static func uuidList(_ counts: [String: Int]) -> String? {
        guard !counts.isEmpty else { return nil }
        return counts.sorted { $0.key < $1.key }.map {
            "\(BinaryImage.dashedUUID($0.key)) (\(ReportRenderer.plural($0.value, "report")))"
        }
        .joined(separator: ", ")
    }
}
