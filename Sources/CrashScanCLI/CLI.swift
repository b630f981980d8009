import CrashScanDatabase
import CrashScanIngest
import CrashScanModel
import CrashScanReport
import CrashScanRules
import CrashScanStore
import CrashScanSymbolication
import Foundation

/// The command line: argv in, exit code out. `main.swift` only calls `run`.
public enum CLI {
    public static func run(
        _ arguments: [String], console: Console, environment: [String: String],
        presentation: Presentation = Presentation()
    ) -> ExitCode {
        Presentation.$current.withValue(presentation) {
            runCommand(arguments, console: console, environment: environment)
        }
    }

    static func runCommand(_ arguments: [String], console: Console, environment: [String: String]) -> ExitCode
    {
        do {
            return try dispatch(arguments, console: console, environment: environment)
        } catch let error as UsageError {
            console.err("crashscan: \(error.message.shown)\ncrashscan: run 'crashscan --help' for usage\n")
            return .usage
        } catch let error as ReportFilter.Invalid {
            console.err(
                "crashscan: --\(error.filter.replacingOccurrences(of: "_", with: "-")): \(error.problem.shown)\n"
            )
            return .usage
        } catch let error as InputWalker.Missing {
            console.err("crashscan: \(error.description.shown)\n")
            return .noInput
        } catch let error as RuleFileError {
            console.err("crashscan: \(error.description.shown)\n")
            return .dataError
        } catch let error as any FailureWithExitStatus {
            // The error knows how the command ends (a database error, a schema refused …).
            console.err("crashscan: \(error.userMessage.shown)\n")
            return error.exitStatus
        } catch let error as GroupLookup.NotFound {
            // Text that is no group id is a usage error, like an ambiguous one; an id that names
            // no group in this database is missing input, as each command's help says.
            console.err("crashscan: \(error.description.shown)\n")
            return error.malformed ? .usage : .noInput
        } catch let error as GroupLookup.Ambiguous {
            console.err(
                "crashscan: \(error.description.shown)\ncrashscan: run 'crashscan --help' for usage\n")
            return .usage
        } catch let error as DSYMIndex.Failure {
            console.err("crashscan: \(error.description.shown)\n")
            return error.missing ? .noInput : .dataError
        } catch let error as Symbolicator.Unavailable {
            console.err("crashscan: \(error.description.shown)\n")
            return .unavailable
        } catch let error as MissingDatabase {
            console.err("crashscan: \(error.description.shown)\n")
            return .noInput
        } catch let error as OutputError {
            console.err("crashscan: \(error.description.shown)\n")
            return .cannotCreate
        } catch {
            console.err("crashscan: \(String(describing: error).shown)\n")
            return .software
        }
    }

    static let commandNames = Command.allCases.map(\.rawValue)
    static let commands = commandNames.joined(separator: ", ")

    static func unknownCommand(_ command: String) -> UsageError {
        UsageError(
            "unknown command '\(command)'\(Suggestions.didYouMean(command, among: commandNames)) (commands: \(commands))"
        )
    }

    /// `--output FILE` could not be written; nothing was left half-written there.
    struct OutputError: Error, CustomStringConvertible {
        let path: String
        let reason: String
        var description: String { "cannot write \(path): \(reason)" }
    }

    struct MissingDatabase: Error, CustomStringConvertible {
        let path: String
        var description: String {
            "no database at \(path): run 'crashscan import PATH...' first, or pass --db FILE"
        }
    }

    /// Commands that read a database refuse a missing file before opening it (SQLite would make
    /// an empty one). A PostgreSQL database is the server's to find.
    static func requireDatabase(_ path: String) throws {
        guard !Store.isPostgreSQLURL(path), !FileManager.default.fileExists(atPath: path) else { return }
        throw MissingDatabase(path: path)
    }

    static func dispatch(_ arguments: [String], console: Console, environment: [String: String]) throws
        -> ExitCode
    {
        guard let first = arguments.first else {
            console.out(Command.help.helpPage + "\n")
            return .ok
        }
        switch first {
        case "-h", "--help":
            console.out(Command.help.helpPage + "\n")
            return .ok
        case "--version", "-V":
            console.out("crashscan \(CrashScanVersion.current)\n")
            return .ok
        case "help":
            guard arguments.count > 1 else {
                console.out(Command.help.helpPage + "\n")
                return .ok
            }
            if ["-h", "--help", "help"].contains(arguments[1]) {
                console.out(Command.help.helpPage + "\n")
                return .ok
            }
            guard let page = Command(rawValue: arguments[1])?.helpPage else {
                throw unknownCommand(arguments[1])
            }
            console.out(page + "\n")
            return .ok
        default:
            break
        }
        // `crashscan --db x.sqlite report …`: options may come before the command.
        var rest = arguments
        var leading: [String] = []
        while let option = rest.first, option.hasPrefix("-"), option != "-" {
            leading.append(option)
            rest.removeFirst()
            if !option.contains("="), !Command.flags.contains(option), let value = rest.first {
                leading.append(value)
                rest.removeFirst()
            }
        }
        guard let command = rest.first else {
            throw UsageError("missing command (commands: \(commands))")
        }
        let options = Array(rest.dropFirst()) + leading
        if options.contains("-h") || options.contains("--help") {
            guard let page = Command(rawValue: command)?.helpPage else { throw unknownCommand(command) }
            console.out(page + "\n")
            return .ok
        }
        guard let known = Command(rawValue: command) else { throw unknownCommand(command) }
        return try known.run(options, console: console, environment: environment)
    }

    /// `--db`, else `$CRASHSCAN_DB`, else `crashscan.sqlite` in the current folder: a file, or a
    /// `postgresql://` URL (the store tells them apart).
    static func databasePath(_ option: String?, environment: [String: String]) -> String {
        let path: String
        if let option {
            path = option
        } else if let fromEnvironment = environment["CRASHSCAN_DB"], !fromEnvironment.isEmpty {
            path = fromEnvironment
        } else {
            path = "crashscan.sqlite"
        }
        return path
    }
}
