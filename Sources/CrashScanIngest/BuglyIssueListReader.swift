import CrashScanJSON
import CrashScanModel

/// Bugly's issue-level counts: its issue list as the web API returns it (objects with `issueId,
/// count, crashNum, imeiCount, exceptionName, exceptionMessage, keyStack, version, issueVersions,
/// lastestUploadTime`, under `ret.issueList`, `data.issueList`, `issueList` or alone in an
/// array), and issue-list sheets with the column titles Bugly export helpers write (`issueId,
/// 错误类型, 软件版本, 异常版本, 产品名称, 异常次数, 影响设备数, 堆栈特征, 最后一次Crash时间, …`).
package enum BuglyIssueListReader {
    /// The issue list in `value`; nil when it holds none.
    package static func list(_ value: JSONValue) -> ScaleFile? {
        let candidates = [
            value["ret"]?["issueList"], value["data"]?["issueList"], value["issueList"], value,
        ]
        for case let candidate? in candidates {
            guard case .array(let elements) = candidate.kind, let first = elements.first,
                first["issueId"] != nil
            else { continue }
            var list = ScaleFile(source: .buglyIssueList)
            for (index, element) in elements.enumerated() {
                switch issue(element) {
                case .success(let issue): list.issues.append(issue)
                case .failure(let reason): list.skipped.append("issue \(index + 1): \(reason.reason)")
                }
            }
            return list
        }
        return nil
    }

    private static func issue(_ element: JSONValue) -> Result<BuglyIssueCount, UnreadRow> {
        let field = { (name: String) in element[name]?.fieldText }
        guard let id = field("issueId") else { return .failure(UnreadRow(reason: "no issueId")) }
        var issue = BuglyIssueCount(issueID: id)
        issue.exceptionName = field("exceptionName")
        issue.exceptionMessage = field("exceptionMessage")
        issue.keyStack = field("keyStack")
        issue.lastCrashAt = field("lastestUploadTime") ?? field("latestUploadTime")
        issue.appVersions = versions(element)
        // `count` is the issue's crashes; `crashNum` where a list gives no `count`.
        switch (CountText.read(field("count")), CountText.read(field("crashNum"))) {
        case (.invalid, _), (.unknown, .invalid): return .failure(UnreadRow(reason: "count is not a count"))
        case (.count(let count), _), (.unknown, .count(let count)): issue.occurrences = count
        case (.unknown, .unknown): break
        }
        switch CountText.read(field("imeiCount")) {
        case .count(let devices): issue.affectedDevices = devices
        case .unknown: break
        case .invalid: return .failure(UnreadRow(reason: "imeiCount is not a count"))
        }
        return .success(issue)
    }

    /// `issueVersions` (strings, or objects with a `version`), else `version`; in their order,
    /// each once.
    private static func versions(_ element: JSONValue) -> [String] {
        var versions: [String] = []
        if case .array(let entries)? = element["issueVersions"]?.kind {
            versions = entries.compactMap { $0.fieldText ?? $0["version"]?.fieldText }
        }
        if versions.isEmpty, let version = element["version"]?.fieldText { versions = [version] }
        var seen = Set<String>()
        return versions.filter { seen.insert($0).inserted }
    }

    /// Whether a sheet of these columns is an issue list: `issueId` and a count.
    static func takes(_ columns: SheetColumns) -> Bool {
        columns.has("issueId") && (columns.has("异常次数") || columns.has("影响设备数"))
    }

    /// An issue-list sheet; nil for a sheet without `issueId` and a count column.
    package static func sheet(_ text: String) -> ScaleFile? {
        sheet(records: CSVRecords.parse(text))
    }

    /// `sheet(_:)` of a sheet's records (a CSV file's, or an `.xlsx` workbook's).
    package static func sheet(records: [[String]]) -> ScaleFile? {
        guard let titles = records.first else { return nil }
        let columns = SheetColumns(titles: titles)
        guard takes(columns) else { return nil }
        var list = ScaleFile(source: .buglyIssueSheet)
        for (offset, record) in records.dropFirst().enumerated() {
            guard let id = columns.text(record, "issueId") else {
                list.skipped.append("row \(offset + 2): no issueId")
                continue
            }
            var issue = BuglyIssueCount(issueID: id)
            issue.exceptionName = columns.text(record, "错误类型")
            issue.keyStack = columns.text(record, "堆栈特征")
            issue.lastCrashAt = columns.text(record, "最后一次Crash时间")
            if let versions = columns.text(record, "异常版本", "软件版本") {
                issue.appVersions = versions.split(separator: ",").map { String($0.trimmingBlanks()) }
                    .filter { !$0.isEmpty }
            }
            let occurrences = CountText.read(columns.text(record, "异常次数"))
            let devices = CountText.read(columns.text(record, "影响设备数"))
            guard occurrences != .invalid, devices != .invalid else {
                list.skipped.append("row \(offset + 2): 异常次数 or 影响设备数 is not a count")
                continue
            }
            (issue.occurrences, issue.affectedDevices) = (occurrences.count, devices.count)
            list.issues.append(issue)
        }
        return list
    }
}
