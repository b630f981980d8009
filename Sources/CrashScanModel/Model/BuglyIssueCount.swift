/// What Bugly counted for one issue (its crash group) over everything it received, beside the
/// few crash logs one downloads: read from an issue page's header, Bugly's issue list (JSON), or
/// an issue-list sheet. Counts Bugly does not give are nil (unknown, not zero).
public struct BuglyIssueCount: Equatable, Sendable {
    /// Bugly's issue id (`issueId`): what links the counts to the reports that name it.
    public var issueID: String
    public var exceptionName: String?
    public var exceptionMessage: String?
    /// Bugly's key frames (`keyStack`, 堆栈特征).
    public var keyStack: String?
    /// The app versions the issue was seen in, as Bugly lists them.
    public var appVersions: [String] = []
    /// Crashes (`count`, 发生次数, 异常次数).
    public var occurrences: Int?
    /// Devices that crashed (`imeiCount`, 影响设备数).
    public var affectedDevices: Int?
    /// The last crash Bugly received, as it wrote it.
    public var lastCrashAt: String?

    public init(issueID: String) {
        self.issueID = issueID
    }
}
