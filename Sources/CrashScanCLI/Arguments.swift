/// A usage error: the message says what was wrong and what is accepted.
public struct UsageError: Error, Equatable, CustomStringConvertible, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// A cursor over the arguments: `--name value`, `--name=value`, `--` ends options, a lone `-`
/// is a positional (standard input).
struct ArgumentCursor {
    private var remaining: ArraySlice<String>
    private(set) var positionals: [String] = []
    private var optionsEnded = false

    init(_ arguments: [String]) { remaining = arguments[...] }

    /// The next option name (`--db`), or nil at the end; positionals are collected on the way.
    mutating func nextOption() -> String? {
        while let argument = remaining.first {
            remaining = remaining.dropFirst()
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                // `--name=value`: push the value back for `value(for:)`.
                remaining = [String(argument[argument.index(after: equals)...])] + remaining
                pendingInlineValue = true
                return String(argument[..<equals])
            }
            pendingInlineValue = false
            return argument
        }
        return nil
    }

    private var pendingInlineValue = false

    /// The value of the option just read.
    mutating func value(for option: String) throws(UsageError) -> String {
        guard let value = remaining.first, pendingInlineValue || !value.hasPrefix("--") else {
            throw UsageError("missing value for \(option)")
        }
        remaining = remaining.dropFirst()
        pendingInlineValue = false
        return value
    }

    /// A flag must not carry `=value`.
    mutating func flag(_ option: String) throws(UsageError) {
        if pendingInlineValue { throw UsageError("\(option) takes no value") }
    }
}
