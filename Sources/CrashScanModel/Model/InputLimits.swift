/// Bounds on what crashscan reads, whatever the input.
public enum InputLimits {
    /// Larger files (and archive members) are refused before reading: no crash export is this big
    /// per file, and a runaway file must not take the machine's memory.
    public static let maximumFileSize = 64 * 1024 * 1024
}
