import CrashScanReport
import CrashScanRules
import CrashScanStore
import CrashScanSymbolication
import Foundation

/// `crashscan symbolicate GROUP|--all --dsym PATH... [--db FILE] [--rules FILE]...`: resolves the
/// app frames of stored reports with the app's dSYMs, then regroups them on the symbols.
enum SymbolicateCommand {
    static func run(_ arguments: [String], console: Console, environment: [String: String]) throws -> ExitCode
    {
        var cursor = ArgumentCursor(arguments)
        var dbOption: String?
        var ruleFiles: [String] = []
        var dsymPaths: [String] = []
        var all = false
        while let option = cursor.nextOption() {
            switch option {
            case "--db": dbOption = try cursor.value(for: option)
            case "--rules": ruleFiles.append(try cursor.value(for: option))
            case "--dsym": dsymPaths.append(try cursor.value(for: option))
            case "--all":
                try cursor.flag(option)
                all = true
            default: throw UsageError("unknown option '\(option)' for symbolicate")
            }
        }
        guard all != (cursor.positionals.count == 1), cursor.positionals.count <= 1 else {
            throw UsageError(
                "symbolicate needs one GROUP or --all (crashscan symbolicate --all --dsym App.app.dSYM)")
        }
        guard !dsymPaths.isEmpty else {
            throw UsageError("symbolicate needs --dsym PATH (a .dSYM bundle, a folder of them, or a zip)")
        }
        let dbPath = CLI.databasePath(dbOption, environment: environment)
        guard FileManager.default.fileExists(atPath: dbPath) else { throw CLI.MissingDatabase(path: dbPath) }
        let rules = try RuleSet.load(extraFiles: ruleFiles)
        guard let symbolicator = try symbolicator(dsymPaths) else { return .usage }
        let store = try Store(path: dbPath)
        let group = try cursor.positionals.first.map { try GroupLookup.find($0, in: store) }
        let summary = try StoredSymbolication.run(store: store, group: group, symbolicator: symbolicator)
        if summary.symbolicated > 0 {
            try RecommendationUpdater.refresh(store: store, rules: rules, touched: try store.groupIDs())
        }
        console.out(describe(summary, dsyms: symbolicator.index.entries.count) + "\n")
        return .ok
    }

    /// The symbolicator for `--dsym` paths (nil when none were given).
    static func symbolicator(_ paths: [String]) throws -> Symbolicator? {
        guard !paths.isEmpty else { return nil }
        return try Symbolicator(index: DSYMIndex(paths: paths))
    }

    static func describe(_ summary: StoredSymbolication.Summary, dsyms: Int) -> String {
        var text =
            "symbolicated \(summary.symbolicated) of \(summary.candidates) reports with app frames as offsets"
            + " (\(dsyms) dSYM \(dsyms == 1 ? "slice" : "slices") given)"
        if summary.symbolicated > 0 {
            text += "; regrouped: \(RegroupCommand.describe(summary.regrouped))"
        }
        let missing = summary.missingUUIDs.sorted { $0.key < $1.key }
        if !missing.isEmpty {
            text +=
                "\nno dSYM matched these image UUIDs: "
                + missing.map { "\($0.key) (\($0.value) \($0.value == 1 ? "report" : "reports"))" }.joined(
                    separator: ", ")
        }
        return text
    }
}
