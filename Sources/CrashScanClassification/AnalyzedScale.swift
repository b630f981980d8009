import CrashScanCatalogs
import CrashScanModel

/// Bugly's counts of one issue as the store keeps them: under the identity a later export
/// replaces them by, with the issue's exception as crash groups hold theirs (what links the issue
/// to groups when no imported report names it).
public struct AnalyzedIssue: Sendable, Equatable {
    public var issue: BuglyIssueCount
    public var appID: String?
    /// `APP/ISSUE` (APP empty when unknown), or `group:FINGERPRINT` for counts that came with a
    /// crash log naming no issue.
    public var identity: String
    public var source: ScaleFile.Source
    public var exceptionType: String?
    /// The exception message normalised as a group's reason.
    public var reason: String
    public var failure: KVCFailure?

    /// The identity of an issue id of an app (`APP/ISSUE`; APP empty when unknown).
    public static func identity(appID: String?, issueID: String) -> String {
        "\(appID ?? "")/\(issueID)"
    }

    /// An issue of an issue list or sheet: its exception message classified as a report's would be.
    public init(_ issue: BuglyIssueCount, appID: String?, source: ScaleFile.Source) {
        var report = CrashReport(format: .buglyJSON, normalizedContent: "")
        report.exceptionType = issue.exceptionName
        report.exceptionReason = issue.exceptionMessage
        let analyzed = AnalyzedReport(report)
        self.issue = issue
        self.appID = appID
        identity = Self.identity(appID: appID, issueID: issue.issueID)
        self.source = source
        exceptionType = analyzed.exceptionType
        reason = analyzed.normalizedReason
        failure = analyzed.failure
    }

    /// The counts an issue page's header gave above a copied crash log (`发生次数：763670`), nil
    /// when it gave none. A log that names no issue keeps them under its group's fingerprint.
    public init?(headerOf analyzed: borrowing AnalyzedReport) {
        guard analyzed.report.carriesIssueCounts else { return nil }
        let report = analyzed.report
        var issue = BuglyIssueCount(issueID: report.sourceIssueID ?? "")
        issue.exceptionName = analyzed.exceptionType
        issue.exceptionMessage = report.exceptionReason
        issue.keyStack = analyzed.blameFrame
        issue.appVersions = report.appVersion.map { [$0] } ?? []
        issue.occurrences = report.issueOccurrences
        issue.affectedDevices = report.issueAffectedDevices
        self.issue = issue
        appID = report.sourceIssueID == nil ? nil : report.sourceAppID
        identity =
            report.sourceIssueID.map { Self.identity(appID: report.sourceAppID, issueID: $0) }
            ?? "group:\(analyzed.fingerprint)"
        source = .issuePageHeader
        exceptionType = analyzed.exceptionType
        reason = analyzed.normalizedReason
        failure = analyzed.failure
    }
}

/// A file of usage or issue counts, ready to store: usage rows with their OS versions written as
/// reports' are (`iOS 8.1.3 (12B466)` as `8.1.3`, the
/// `os_version` of reports), and issues classified.
public struct AnalyzedScale: Sendable, Equatable {
    public var source: ScaleFile.Source
    public var usage: [UsageRow]
    public var issues: [AnalyzedIssue]
    public var skipped: [String]

    /// `appVersion` (`import --app-version`) is the version of rows that name none; `appID`
    /// (`import --bugly-app-id`) the app of the issues.
    public init(_ file: ScaleFile, appVersion: String?, appID: String?) {
        source = file.source
        usage = file.rows.map { row in
            var row = row
            if row.appVersion == nil { row.appVersion = appVersion }
            if let text = row.osVersion, let os = OSVersion.parse(text) { row.osVersion = os.label }
            return row
        }
        issues = file.issues.map { AnalyzedIssue($0, appID: appID, source: file.source) }
        skipped = file.skipped
    }
}
