/// What an import did with one file. The raw value is what `import_files.outcome` stores.
public enum ImportFileOutcome: String, Sendable, CaseIterable {
    /// At least one of its reports was stored.
    case imported
    /// Every report in it was stored before.
    case duplicate
    /// It looks like a crash report but cannot be read.
    case rejected
    /// It holds no crash report.
    case skipped

    public init(_ disposition: Rejection.Disposition) {
        switch disposition {
        case .rejected: self = .rejected
        case .skipped: self = .skipped
        }
    }
}
