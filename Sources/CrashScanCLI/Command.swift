/// The commands of `crashscan`, named once: dispatch, help pages, suggestions and the flags that
/// may come before a command all read them from here.
enum Command: String, CaseIterable {
    case `import`, report, explain, scan, fix, fixed, symbolicate, regroup, prune, upgrade, check, rules, help

    /// The type that declares the command's options and runs it.
    var definition: any CommandDefinition.Type {
        switch self {
        case .import: return ImportCommand.self
        case .report: return ReportCommand.self
        case .explain: return ExplainCommand.self
        case .scan: return ScanCommand.self
        case .symbolicate: return SymbolicateCommand.self
        case .regroup: return RegroupCommand.self
        case .prune: return PruneCommand.self
        case .upgrade: return UpgradeCommand.self
        case .check: return CheckCommand.self
        case .rules: return RulesCommand.self
        case .fix: return FixCommand.self
        case .fixed: return FixedCommand.self
        case .help: return HelpCommand.self
        }
    }

    /// The help page `crashscan help COMMAND` and `crashscan COMMAND --help` print.
    var helpPage: String { definition.help.page }

    /// Parses `arguments` against the command's options and runs it.
    func run(_ arguments: [String], console: Console, environment: [String: String]) throws -> ExitCode {
        let parsed = try ParsedArguments(arguments, options: definition.help.options, command: rawValue)
        return try definition.run(parsed, console: console, environment: environment)
    }

    /// Options that take no value, of every command: before the command they must not swallow
    /// the next word (`crashscan --quiet import DIR`).
    static let flags: Set<String> = Set(
        allCases.flatMap { $0.definition.help.options.filter { !$0.takesValue }.flatMap(\.names) })
}

/// `crashscan help [COMMAND]`; its page is the overview of every command.
enum HelpCommand: CommandDefinition {
    static let synopsis = (usage: "help [COMMAND]", summary: "Show help for a command.")

    static var help: CommandHelp {
        CommandHelp(
            overview: """
                Turn piles of iOS crash logs into answers: find Key-Value Coding failures on private
                keys, count them by device and OS version, and recommend the fix.
                """,
            usage: "crashscan <command> [options]",
            arguments: Command.allCases.map { $0.definition.synopsis }.map { ($0.usage, $0.summary) },
            argumentsTitle: "COMMANDS",
            sections: [
                .init(
                    title: "OPTIONS",
                    options: [
                        CommandOption(
                            "--db", value: "FILE",
                            help:
                                "The database: a file, or a postgresql:// URL (default: $CRASHSCAN_DB, else crashscan.sqlite in this folder)."
                        ),
                        CommandOption("--version", help: "Print the version."),
                    ])
            ],
            footer: """
                EXAMPLES:
                  crashscan import SampleReports
                  crashscan report --os 8.1
                  crashscan report --device "iPhone 6 Plus" --format json
                  crashscan explain 1b4b4cd6
                  crashscan fix associated-object-placeholder

                EXIT CODES: 0 ok, 64 usage error, 65 some input rejected (the rest imported), 66 input missing,
                69 llvm-symbolizer missing (--dsym), 74 I/O or database error.
                """)
    }

    static func run(_ arguments: ParsedArguments, console: Console, environment: [String: String]) throws
        -> ExitCode
    {
        console.out(help.page + "\n")
        return .ok
    }
}
