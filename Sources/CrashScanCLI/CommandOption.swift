import CrashScanModel

/// One option of a command, declared once: the parser, the help page and the list of flags that
/// may come before the command all read it.
struct CommandOption: Equatable, Sendable {
    /// `--verbose`, then its short forms (`-v`).
    let names: [String]
    /// The value's placeholder in help (`FILE`); nil for a flag.
    let valueName: String?
    /// The help text; lines after the first are indented under it.
    let help: String

    init(_ names: String..., value: String? = nil, help: String) {
        self.names = names
        self.valueName = value
        self.help = help
    }

    var name: String { names[0] }
    var takesValue: Bool { valueName != nil }

    static func == (lhs: CommandOption, rhs: CommandOption) -> Bool { lhs.name == rhs.name }

    // Options several commands share.

    static let database = CommandOption(
        "--db", value: "FILE",
        help: "The database: a file, or a postgresql:// URL (default: $CRASHSCAN_DB, else crashscan.sqlite).")
    static let rules = CommandOption(
        "--rules", value: "FILE", help: "A team rule file, added to the built-in rules (repeatable).")
    static let textOrJSON = CommandOption("--format", value: "FORMAT", help: "text (default) or json.")
    static let timeZone = CommandOption(
        "--tz", value: "ZONE",
        help: """
            Show times, and read a date without a time, in ZONE: UTC (default), local, or an
            offset such as +08:00 (default: $CRASHSCAN_TZ, else UTC)
            """)
    static let dsym = CommandOption(
        "--dsym", value: "PATH", help: "A .dSYM bundle, a folder of them, or a zip of them (repeatable).")
}

/// A command's arguments parsed against its declared options: options in the order given, and
/// the positionals.
struct ParsedArguments {
    /// What was typed, for the record an import keeps.
    let raw: [String]
    /// Each option as given, with its value (nil for a flag), in order.
    private(set) var given: [(option: CommandOption, value: String?)] = []
    let positionals: [String]

    init(_ arguments: [String], options: [CommandOption], command: String) throws(UsageError) {
        raw = arguments
        var cursor = ArgumentCursor(arguments)
        while let name = cursor.nextOption() {
            guard let option = options.first(where: { $0.names.contains(name) }) else {
                let known = options.flatMap(\.names)
                throw UsageError(
                    "unknown option '\(name)' for \(command)\(Suggestions.didYouMean(name, among: known))")
            }
            if option.takesValue {
                given.append((option, try cursor.value(for: name)))
            } else {
                try cursor.flag(name)
                given.append((option, nil))
            }
        }
        positionals = cursor.positionals
    }

    /// Every value given for `option`, in order.
    func values(_ option: CommandOption) -> [String] {
        given.compactMap { $0.option == option ? $0.value : nil }
    }

    /// The last value given for `option`.
    func value(_ option: CommandOption) -> String? { values(option).last }

    /// Whether the flag `option` was given.
    func isSet(_ option: CommandOption) -> Bool { given.contains { $0.option == option } }
}

extension CLI {
    /// The zone of `--tz`, else `$CRASHSCAN_TZ`, else UTC; a value that names no zone is refused.
    static func displayZone(_ arguments: ParsedArguments, environment: [String: String]) throws -> DisplayZone
    {
        let given = arguments.value(.timeZone).map { ($0, "--tz") }
        let (text, source) = given ?? (environment["CRASHSCAN_TZ"] ?? "", "CRASHSCAN_TZ")
        guard !text.isEmpty else { return .utc }
        guard let zone = DisplayZone.parse(text) else {
            throw UsageError("invalid \(source) '\(text)' (expected \(DisplayZone.accepted))")
        }
        return zone
    }
}
