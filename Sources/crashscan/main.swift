import CrashScanKit
import Foundation

exit(
    CLI.run(
        Array(CommandLine.arguments.dropFirst()), console: StandardConsole(),
        environment: ProcessInfo.processInfo.environment
    ).rawValue)
