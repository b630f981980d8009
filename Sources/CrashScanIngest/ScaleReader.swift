import CrashScanArchive
import CrashScanJSON
import CrashScanModel
import Foundation

/// Files that give scale rather than crashes (`ScaleFile`), recognised by their content as crash
/// logs are: Bugly's issue list and crash trend as JSON, the same as sheets (CSV or `.xlsx`), and
/// the plain usage sheet.
package enum ScaleReader {
    /// A JSON document that is an issue list or a crash trend; nil for any other.
    static func json(_ text: Substring) -> ScaleFile? {
        // Only documents that name the members these readers need are read again as a tree.
        guard
            text.fastContains("\"issueId\"") || text.fastContains("\"accessNum\"")
                || text.fastContains("\"accessnum\"")
        else { return nil }
        guard let value = try? JSONValue.parse(text, .crashReports) else { return nil }
        return BuglyIssueListReader.list(value) ?? UsageReader.trend(value)
    }

    /// Whether the first line of a text is the title row of a sheet these readers take: a cheap
    /// test, before the text is read as records.
    static func mayBeSheet(firstLine: Substring) -> Bool {
        let hasSeparator = firstLine.contains(",") || firstLine.contains(";") || firstLine.contains("\t")
        guard hasSeparator else { return false }
        let lower = firstLine.lowercased()
        return ["issueid", "accessnum", "launches", "active_devices"].contains { lower.contains($0) }
    }

    /// A CSV sheet of issues or usage; nil for any other sheet.
    static func sheet(_ text: String) -> ScaleFile? {
        sheet(records: CSVRecords.parse(text))
    }

    static func sheet(records: [[String]]) -> ScaleFile? {
        BuglyIssueListReader.sheet(records: records) ?? UsageReader.sheet(records: records)
    }

    /// An `.xlsx` workbook's first sheet read as `sheet(records:)`; nil when `data` is no workbook.
    /// A workbook that is neither issues nor usage is refused with its column titles.
    static func workbook(_ data: Data) -> Result<ScaleFile, Rejection>? {
        guard isWorkbook(data), let records = XLSXSheet.records(data) else { return nil }
        if let file = sheet(records: records) { return .success(file) }
        let titles = (records.first ?? []).filter { !$0.isEmpty }.prefix(6).joined(separator: ", ")
        return .failure(
            .skip("spreadsheet that is neither a Bugly issue list nor usage (columns: \(titles))"))
    }

    /// A zip whose central directory (at its end) names `xl/workbook.xml`: an Office Open XML
    /// workbook, told from a zip of crash logs without expanding it.
    static func isWorkbook(_ data: Data) -> Bool {
        guard data.starts(with: [0x50, 0x4B, 0x03, 0x04]) else { return false }
        let tail = data.suffix(65_536)
        return tail.range(of: Data("xl/workbook.xml".utf8)) != nil
    }

    /// The file's result: its entries, or a refusal when it has none that could be read.
    static func result(_ file: ScaleFile) -> Result<ScaleFile, Rejection> {
        if file.entries > 0 { return .success(file) }
        if let first = file.skipped.first {
            return .failure(Rejection("\(file.source.rawValue) without a row that can be read (\(first))"))
        }
        return .failure(.skip("\(file.source.rawValue) without rows"))
    }
}
