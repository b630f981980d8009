import CrashScanClassification
import CrashScanModel
import CrashScanSymbolication

/// What completes a parsed report before it is analysed and stored: the zone assumed for
/// zone-less times, the dSYMs that restore app symbols, and how far archives may expand.
public struct ParseSettings: Sendable {
    public var timeBase: TimeBase
    public var symbolicator: Symbolicator?
    public var archiveLimits: ArchiveLimits

    public init(
        timeBase: TimeBase = TimeBase(), symbolicator: Symbolicator? = nil,
        archiveLimits: ArchiveLimits = ArchiveLimits()
    ) {
        self.timeBase = timeBase
        self.symbolicator = symbolicator
        self.archiveLimits = archiveLimits
    }

    /// Symbolicates (when dSYMs were given) and analyses one parsed report.
    public func analyze(_ report: CrashReport) -> AnalyzedReport {
        var report = report
        if let symbolicator { symbolicator.symbolicate(&report) }
        return AnalyzedReport(report, timeBase: timeBase)
    }
}
