import CrashScanAllocator
import CrashScanCLI
import CrashScanReport
import Foundation

Allocator.configure()
let environment = ProcessInfo.processInfo.environment
exit(
    CLI.run(
        Array(CommandLine.arguments.dropFirst()), console: StandardConsole(), environment: environment,
        presentation: Presentation.forStandardOutput(environment: environment)
    ).rawValue)
