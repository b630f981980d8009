import CrashScanModel

/// One input (a file or an archive member) after reading and analysing, off the writer: what
/// the store writes for it.
package struct AnalyzedInput: Sendable {
    /// What reading the input came to.
    package enum Outcome: Sendable {
        case parsed([AnalyzedReport])
        case rejected(Rejection)
        /// These exact bytes were stored before by this parser revision and held this many
        /// reports: the file was not parsed again.
        case storedBefore(reports: Int, fingerprint: FileFingerprint)

        package init(_ result: Result<[AnalyzedReport], Rejection>) {
            switch result {
            case .success(let reports): self = .parsed(reports)
            case .failure(let rejection): self = .rejected(rejection)
            }
        }
    }

    package var path: String
    package var bytes: Int?
    package var outcome: Outcome
    /// The fingerprint of the bytes (nil for a rejection before reading).
    package var fingerprint: FileFingerprint? = nil

    package init(path: String, bytes: Int?, outcome: Outcome, fingerprint: FileFingerprint? = nil) {
        self.path = path
        self.bytes = bytes
        self.outcome = outcome
        self.fingerprint = fingerprint
    }
}
