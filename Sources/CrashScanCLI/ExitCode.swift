import CrashScanModel

/// Process exit codes (sysexits.h), decided once at the top of `CLI.run`: the statuses an error
/// carries (`ExitStatus`, declared in CrashScanModel so that the layers below can name theirs).
public typealias ExitCode = ExitStatus
