/// A command's help page, in the swift-argument-parser layout (OVERVIEW, USAGE, ARGUMENTS,
/// OPTIONS), rendered from the options the command declares.
struct CommandHelp: Sendable {
    /// A titled list of options (`FILTERS`, `OPTIONS`).
    struct Section: Sendable {
        var title: String
        var options: [CommandOption]
    }

    var overview: String
    var usage: String
    /// (name, help) of each positional argument or subcommand, under `argumentsTitle`.
    var arguments: [(name: String, help: String)] = []
    var argumentsTitle = "ARGUMENTS"
    var sections: [Section] = []
    /// Output, exit codes and notes after the options.
    var footer: String? = nil

    /// Every option of the command.
    var options: [CommandOption] { sections.flatMap(\.options) }

    static let helpOption = CommandOption("-h", "--help", help: "Show help.")

    var page: String {
        var parts = ["OVERVIEW: " + overview, "USAGE: " + usage]
        if !arguments.isEmpty {
            parts.append(
                argumentsTitle + ":\n"
                    + arguments.map { Self.entry($0.name, $0.help) }.joined(separator: "\n"))
        }
        for (index, section) in sections.enumerated() {
            // `-h, --help` closes the last list of options.
            let options = section.options + (index == sections.count - 1 ? [Self.helpOption] : [])
            parts.append(
                section.title + ":\n"
                    + options.map { Self.entry(Self.label($0), $0.help) }.joined(separator: "\n"))
        }
        if let footer { parts.append(footer) }
        return parts.joined(separator: "\n\n")
    }

    /// `--db FILE`, `--verbose, -v`.
    static func label(_ option: CommandOption) -> String {
        option.names.joined(separator: ", ") + (option.valueName.map { " " + $0 } ?? "")
    }

    /// `  NAME              text`, the text starting in column 21 (on the next line when the name
    /// is longer than 16 characters), its later lines under its first.
    static func entry(_ name: String, _ text: String) -> String {
        let indent = String(repeating: " ", count: 20)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let first =
            name.count <= 16
            ? "  " + name + String(repeating: " ", count: 18 - name.count) + lines[0]
            : "  " + name + "\n" + indent + lines[0]
        return ([first] + lines.dropFirst().map { indent + $0 }).joined(separator: "\n")
    }
}

/// A command of `crashscan`: its help page declares its options once; `run` gets the arguments
/// parsed against them.
protocol CommandDefinition {
    /// The line of the command in `crashscan --help`: `import PATH...` and what it does.
    static var synopsis: (usage: String, summary: String) { get }
    static var help: CommandHelp { get }
    static func run(_ arguments: ParsedArguments, console: Console, environment: [String: String]) throws
        -> ExitCode
}
