/// A file that gives scale, not crashes: usage (the denominator of crash rates) or Bugly's own
/// counts of its issues. What `import` keeps of it, and the entries it could not read with why.
public struct ScaleFile: Equatable, Sendable {
    /// What kind of file it is; the raw value is what `import_files.source_format`,
    /// `usage_rates.source` and `bugly_issues.source` store.
    public enum Source: String, Sendable, CaseIterable {
        case buglyTrend = "Bugly crash trend"
        case usageSheet = "usage sheet"
        case buglyIssueList = "Bugly issue list"
        case buglyIssueSheet = "Bugly issue sheet"
        /// The counts above a crash log copied from a Bugly issue page (`发生次数：763670`).
        case issuePageHeader = "Bugly issue page"
    }

    public var source: Source
    public var rows: [UsageRow] = []
    public var issues: [BuglyIssueCount] = []
    /// The entries left out, each by its place and why (`row 5: launches is not a count`).
    public var skipped: [String] = []

    public init(source: Source, rows: [UsageRow] = [], issues: [BuglyIssueCount] = [], skipped: [String] = [])
    {
        self.source = source
        self.rows = rows
        self.issues = issues
        self.skipped = skipped
    }

    /// Rows of usage and issues read.
    public var entries: Int { rows.count + issues.count }
}
