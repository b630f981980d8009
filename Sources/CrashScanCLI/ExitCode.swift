/// Process exit codes (sysexits.h), decided once at the top of `CLI.run`.
public enum ExitCode: Int32, Sendable {
    case ok = 0
    /// A check found something (`rules test --expect` with a report the rule does not match).
    case findings = 1
    /// EX_USAGE: bad command line, bad filter.
    case usage = 64
    /// EX_DATAERR: some input was rejected (the rest was imported).
    case dataError = 65
    /// EX_NOINPUT: an input file or folder, or the database, does not exist.
    case noInput = 66
    /// EX_UNAVAILABLE: a tool crashscan needs is missing (llvm-symbolizer for `--dsym`).
    case unavailable = 69
    /// EX_SOFTWARE: a bug.
    case software = 70
    /// EX_CANTCREAT: an output file (`report --output`) cannot be written.
    case cannotCreate = 73
    /// EX_IOERR: the database or a file could not be read or written.
    case ioError = 74
}
