/// Why a file yielded no report. The message names the reason; the importer adds the file.
public struct Rejection: Error, Equatable, CustomStringConvertible, Sendable {
    /// What the import does with such a file.
    public enum Disposition: String, Sendable {
        /// It holds no crash (a README, a `.DS_Store`, an `.ips` hang report): counted as
        /// skipped, named with `--verbose`; the import still exits 0.
        case skipped
        /// It looks like a crash report but cannot be read (damaged, malformed, unsupported, too
        /// large): named, and the import exits 65.
        case rejected
    }

    public let reason: String
    public let disposition: Disposition

    public init(_ reason: String, _ disposition: Disposition = .rejected) {
        self.reason = reason
        self.disposition = disposition
    }

    /// A file that holds no crash report.
    public static func skip(_ reason: String) -> Rejection { Rejection(reason, .skipped) }

    public var description: String { reason }
}
