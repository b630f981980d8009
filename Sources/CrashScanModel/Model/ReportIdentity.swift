/// The ids a report carries for its device, its user and its place in the crash service.
public enum ReportIdentity {
    /// Values that tools write where they have no id (`CrashReporter Key: TODO` in a public
    /// sample, `(null)` from Objective-C string formatting): an id of none of these is counted.
    private static let placeholders: Set<String> = [
        "", "-", "--", "null", "(null)", "nil", "none", "unknown", "todo", "n/a", "na", "undefined",
        // A JSON boolean read as text.
        "true", "false",
    ]

    /// `raw` as an id, or nil when it is empty, a placeholder (a boolean too), only zeros (an unset UUID) or too
    /// long to be an id (more than 200 characters: a pasted blob, not an identifier).
    public static func identifier(_ raw: String?) -> String? {
        guard let raw else { return nil }
        let value = raw.trimmingWhitespace().string
        guard value.utf8.count <= 200, !placeholders.contains(value.lowercased()) else { return nil }
        guard value.utf8.contains(where: { $0 != 48 && $0 != 45 && $0 != 58 }) else { return nil }
        return value
    }

    /// Bugly's console page of an issue (bugly-format.md: `crash-reporting/crashes/<appId>/<issueId>`,
    /// `pid=2` for iOS), nil unless both ids are known and safe to put in a path.
    public static func buglyIssueURL(appID: String?, issueID: String?) -> String? {
        guard let appID, let issueID, isPathSafe(appID), isPathSafe(issueID) else { return nil }
        return "https://bugly.qq.com/v2/crash-reporting/crashes/\(appID)/\(issueID)?pid=2"
    }

    /// Letters, digits, `-` and `_` only: an id that needs escaping is not one Bugly issues.
    private static func isPathSafe(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 64
            && text.utf8.allSatisfy { byte in
                (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte)
                    || byte == 45
                    || byte == 95
            }
    }
}
