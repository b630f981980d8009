/// Names of the numbers MetricKit and KSCrash give for a Mach exception and a signal.
enum MachNames {
    /// Mach exception numbers of MetricKit and KSCrash (`<mach/exception_types.h>`).
    static func exception(_ number: Int) -> String {
        let names = [
            1: "EXC_BAD_ACCESS", 2: "EXC_BAD_INSTRUCTION", 3: "EXC_ARITHMETIC", 4: "EXC_EMULATION",
            5: "EXC_SOFTWARE",
            6: "EXC_BREAKPOINT", 7: "EXC_SYSCALL", 8: "EXC_MACH_SYSCALL", 9: "EXC_RPC_ALERT", 10: "EXC_CRASH",
            11: "EXC_RESOURCE", 12: "EXC_GUARD", 13: "EXC_CORPSE_NOTIFY",
        ]
        return names[number] ?? "EXC_\(number)"
    }

    /// Signal numbers on Darwin.
    static func signal(_ number: Int) -> String {
        let names = [
            1: "SIGHUP", 2: "SIGINT", 3: "SIGQUIT", 4: "SIGILL", 5: "SIGTRAP", 6: "SIGABRT", 7: "SIGEMT",
            8: "SIGFPE",
            9: "SIGKILL", 10: "SIGBUS", 11: "SIGSEGV", 12: "SIGSYS", 13: "SIGPIPE", 14: "SIGALRM",
            15: "SIGTERM",
        ]
        return names[number] ?? "SIG\(number)"
    }
}
