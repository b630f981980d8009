import CrashScanClassification
import CrashScanModel
import CrashScanSymbolication

/// What completes a parsed report before it is analysed and stored: the zone assumed for
/// zone-less times, the dSYMs that restore app symbols, and how far archives may expand.
public struct ParseSettings: Sendable {
    public var timeBase: TimeBase
    public var symbolicator: Symbolicator?
    public var archiveLimits: ArchiveLimits
    /// `import --bugly-app-id`: the Bugly app the reports come from, for the console link of each
    /// report that names its issue but not its app.
    public var buglyAppID: String?
    /// `import --app-version`: the app version of usage rows that name none (a crash trend is
    /// asked for one version at a time).
    public var appVersion: String?

    public init(
        timeBase: TimeBase = TimeBase(), symbolicator: Symbolicator? = nil,
        archiveLimits: ArchiveLimits = ArchiveLimits(), buglyAppID: String? = nil, appVersion: String? = nil
    ) {
        self.timeBase = timeBase
        self.symbolicator = symbolicator
        self.archiveLimits = archiveLimits
        self.buglyAppID = buglyAppID
        self.appVersion = appVersion
    }

    /// A file of usage or issue counts made ready to store.
    public func analyze(_ scale: ScaleFile) -> AnalyzedScale {
        AnalyzedScale(scale, appVersion: appVersion, appID: buglyAppID)
    }

    /// Symbolicates (when dSYMs were given) and analyses one parsed report.
    public func analyze(_ report: consuming CrashReport) -> AnalyzedReport {
        if report.sourceAppID == nil, report.format.isBugly { report.sourceAppID = buglyAppID }
        if let symbolicator { symbolicator.symbolicate(&report) }
        return AnalyzedReport(report, timeBase: timeBase)
    }

    /// A file's reports analysed, in their order (a file of many on all cores).
    public func analyze(all reports: consuming [CrashReport]) -> [AnalyzedReport] {
        // One report (most files): moved into its analysis, not copied.
        if reports.count == 1, let report = reports.popLast() { return [analyze(report)] }
        return ParallelMap.mapInChunks(reports, transform: analyze)
    }
}
