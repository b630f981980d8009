/// How a command ends (sysexits.h), for an error that knows it: the command line prints the
/// error's `userMessage` and exits with its status, without knowing where it came from.
public enum ExitStatus: Int32, Sendable {
    case ok = 0
    /// A check found something.
    case findings = 1
    /// EX_USAGE: bad command line, bad filter.
    case usage = 64
    /// EX_DATAERR: some input was rejected.
    case dataError = 65
    /// EX_NOINPUT: an input, or the database, does not exist.
    case noInput = 66
    /// EX_UNAVAILABLE: a tool or a server crashscan needs is missing.
    case unavailable = 69
    /// EX_SOFTWARE: a bug.
    case software = 70
    /// EX_CANTCREAT: an output file cannot be written.
    case cannotCreate = 73
    /// EX_IOERR: the database or a file could not be read or written.
    case ioError = 74
}

/// An error that says how the command ends and what the user is told.
public protocol FailureWithExitStatus: Error {
    var exitStatus: ExitStatus { get }
    /// One line for standard error, after `crashscan: `.
    var userMessage: String { get }
}
