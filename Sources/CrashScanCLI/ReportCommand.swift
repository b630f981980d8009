import CrashScanReport
import CrashScanRules
import CrashScanStore
import Foundation

/// `crashscan report [filters] [--format …] [--db FILE] [--rules FILE]...`
enum ReportCommand {
    static func run(_ arguments: [String], console: Console, environment: [String: String]) throws -> ExitCode
    {
        var cursor = ArgumentCursor(arguments)
        var filter = ReportFilter()
        var format = ReportFormat.text
        var dbOption: String?
        var ruleFiles: [String] = []
        var explain = false
        var failOnRegressed = false
        while let option = cursor.nextOption() {
            switch option {
            case "--os": try filter.addOS(try cursor.value(for: option))
            case "--device": filter.addDevice(try cursor.value(for: option))
            case "--app-version": filter.addAppVersion(try cursor.value(for: option))
            case "--since", "--until": try filter.setDate(try cursor.value(for: option), option: option)
            case "--kind": try filter.addKind(try cursor.value(for: option))
            case "--key": filter.addKey(try cursor.value(for: option))
            case "--format":
                let value = try cursor.value(for: option)
                guard let parsed = ReportFormat(rawValue: value) else {
                    throw UsageError(
                        "invalid --format '\(value)' (expected one of: \(ReportFormat.allCases.map(\.rawValue).joined(separator: ", ")))"
                    )
                }
                format = parsed
            case "--db": dbOption = try cursor.value(for: option)
            case "--rules": ruleFiles.append(try cursor.value(for: option))
            case "--explain":
                try cursor.flag(option)
                explain = true
            case "--regressed":
                try cursor.flag(option)
                filter.regressedOnly = true
            case "--fail-on":
                let value = try cursor.value(for: option)
                guard value == "regressed" else {
                    throw UsageError("invalid --fail-on '\(value)' (expected: regressed)")
                }
                failOnRegressed = true
            default: throw UsageError("unknown option '\(option)' for report")
            }
        }
        if let extra = cursor.positionals.first {
            throw UsageError("report takes no arguments, got '\(extra)'")
        }
        let dbPath = CLI.databasePath(dbOption, environment: environment)
        guard FileManager.default.fileExists(atPath: dbPath) else { throw CLI.MissingDatabase(path: dbPath) }
        let rules = try RuleSet.load(extraFiles: ruleFiles)
        // Opening migrates: a report on a database of an older crashscan upgrades it first.
        let store = try Store(path: dbPath)
        try store.mapForReading()
        if try Regrouper.isStale(store) {
            console.err(
                "crashscan: warning: the groups were made by an older crashscan and may split one crash; run 'crashscan regroup --db \(dbPath)'\n"
            )
        }
        let report = try ReportBuilder.build(store: store, filter: filter, rules: rules, explain: explain)
        for note in try ReportBuilder.unmatchedFilterNotes(store: store, filter: filter) {
            console.err("crashscan: note: \(note)\n")
        }
        console.out(ReportRenderer.render(report, as: format))
        let regressed = report.groups.filter { $0.regression?.regressed == true }
        if failOnRegressed, !regressed.isEmpty {
            console.err(
                "crashscan: \(regressed.count) regressed \(regressed.count == 1 ? "group" : "groups") (\(regressed.map(\.id).joined(separator: ", "))): --fail-on regressed\n"
            )
            return .findings
        }
        return .ok
    }
}
