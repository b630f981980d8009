/// The commands of `crashscan`, named once: dispatch, help pages and suggestions all read them
/// from here.
enum Command: String, CaseIterable {
    case `import`, report, explain, symbolicate, regroup, rules, fix, fixed, help

    /// The help page `crashscan help COMMAND` and `crashscan COMMAND --help` print.
    var helpPage: String {
        switch self {
        case .import: return HelpText.import
        case .report: return HelpText.report
        case .explain: return HelpText.explain
        case .symbolicate: return HelpText.symbolicate
        case .regroup: return HelpText.regroup
        case .rules: return HelpText.rules
        case .fix: return HelpText.fix
        case .fixed: return HelpText.fixed
        case .help: return HelpText.main
        }
    }

    /// Runs the command with its options (`help` is answered before dispatch).
    func run(_ options: [String], console: Console, environment: [String: String]) throws -> ExitCode {
        switch self {
        case .import: return try ImportCommand.run(options, console: console, environment: environment)
        case .report: return try ReportCommand.run(options, console: console, environment: environment)
        case .explain: return try ExplainCommand.run(options, console: console, environment: environment)
        case .symbolicate:
            return try SymbolicateCommand.run(options, console: console, environment: environment)
        case .regroup: return try RegroupCommand.run(options, console: console, environment: environment)
        case .rules: return try RulesCommand.run(options, console: console)
        case .fix: return try FixCommand.run(options, console: console)
        case .fixed: return try FixedCommand.run(options, console: console, environment: environment)
        case .help:
            console.out(HelpText.main + "\n")
            return .ok
        }
    }
}
