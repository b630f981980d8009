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
        /// A file of usage or issue counts (no reports).
        case scale(AnalyzedScale)
    }

    /// Which reports of its file an input holds: a file of many reports is read and stored a
    /// chunk at a time (`RemainingReports`), in one savepoint from its first part to its last.
    package enum Part: Sendable {
        case whole, first, middle, last

        /// Whether more parts of the file follow this one.
        package var isOpen: Bool { self == .first || self == .middle }
    }

    package var path: String
    package var bytes: Int?
    package var outcome: Outcome
    /// The fingerprint of the bytes (nil for a rejection before reading).
    package var fingerprint: FileFingerprint? = nil
    package var part: Part = .whole
    /// The reports of the file still to read after this, the `first` part (taken off by the
    /// import's pipeline, which reads them into the parts that follow).
    package var rest: RemainingReports? = nil

    package init(
        path: String, bytes: Int?, outcome: Outcome, fingerprint: FileFingerprint? = nil, part: Part = .whole
    ) {
        self.path = path
        self.bytes = bytes
        self.outcome = outcome
        self.fingerprint = fingerprint
        self.part = part
    }
}
