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

    /// Whether the first line of a text is the title row of a sheet these readers take (by the
    /// readers' own tests of its columns), before the whole text is read as records.
    static func mayBeSheet(firstLine: Substring) -> Bool {
        // On bytes first, as every crash log passes here (`contains(",")` on a Substring is
        // Foundation's string search: it made the import of 100,000 logs 4 % slower). A title
        // row starts with a title (a letter, or a quoted title) and has no colon: a console line
        // starts with its time, a Bugly copy with a Chinese label, an Apple report with
        // `Key: value` (`Hardware Model: iPhone12,1`).
        let bytes = firstLine.utf8
        guard let first = bytes.first, CharacterSetASCII.isLetter(first) || first == 34,
            bytes.contains(where: { $0 == 44 || $0 == 59 || $0 == 9 }), !bytes.contains(58),
            let titles = CSVRecords.parse(String(firstLine)).first
        else { return false }
        let columns = SheetColumns(titles: titles)
        return BuglyIssueListReader.takes(columns) || UsageReader.takes(columns)
    }

    /// A CSV sheet of issues or usage; nil for any other sheet.
    static func sheet(_ text: String) -> ScaleFile? {
        sheet(records: CSVRecords.parse(text))
    }

    static func sheet(records: [[String]]) -> ScaleFile? {
        BuglyIssueListReader.sheet(records: records) ?? UsageReader.sheet(records: records)
    }

    /// A workbook's (`isWorkbook`) first sheet read as `sheet(records:)`. A workbook without a
    /// sheet, or whose sheet is neither issues nor usage (named by its column titles), is skipped.
    static func workbook(_ data: Data, budget: inout SourceReader.ExpansionBudget) -> Result<
        ScaleFile, Rejection
    > {
        let records: [[String]]
        switch XLSXSheet.records(data, budget: &budget) {
        case .failure(let rejection): return .failure(rejection)
        case .success(nil): return .failure(.skip("workbook without a sheet"))
        case .success(let sheet?): records = sheet
        }
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
