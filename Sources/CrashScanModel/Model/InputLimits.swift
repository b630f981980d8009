/// Bounds on what crashscan reads, whatever the input.
public enum InputLimits {
    /// Larger files (and archive members) are refused before reading: no crash export is this big
    /// per file, and a runaway file must not take the machine's memory.
    public static let maximumFileSize = 64 * 1024 * 1024
}

/// How far one input may expand through its archives (a zip bomb stops here, with a reason).
public struct ArchiveLimits: Sendable, Equatable {
    /// Bytes all members of one input may expand to together, nested archives included.
    public var expandedBytes: Int
    /// How many times its own size an input may expand to (checked past the first 64 MiB, so that
    /// ordinary, well-compressed exports are never stopped by it).
    public var ratio: Int

    public init(expandedBytes: Int = 1 << 30, ratio: Int = 200) {
        self.expandedBytes = expandedBytes
        self.ratio = ratio
    }

    /// The limit `expanded` bytes from an input of `inputBytes` pass, said of the archive
    /// ("expands past …"), or nil: the one rule for an input's archives and a zip of dSYMs.
    package func exceeded(expanded: Int, inputBytes: Int) -> String? {
        if expanded > expandedBytes {
            return "expands past \(expandedBytes) bytes, the limit for one input (--archive-limit)"
        }
        if expanded > 64 << 20, expanded / max(inputBytes, 1) > ratio {
            return
                "expands more than \(ratio) times its size (\(inputBytes) bytes to over \(expanded)): a zip bomb? (--archive-ratio)"
        }
        return nil
    }
}
