/// The version `crashscan --version` prints and import runs record.
public enum CrashScanVersion {
    public static let current = "0.1.0"
}
