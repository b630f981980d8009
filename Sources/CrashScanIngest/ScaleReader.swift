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
    /// (On bytes, without a lowered copy: `contains(",")` on a Substring is Foundation's string
    /// search, which made the import of 100,000 crash logs 4 % slower.)
    static func mayBeSheet(firstLine: Substring) -> Bool {
        let bytes = firstLine.utf8
        // A title row starts with a title (a letter, or a quoted title) and has no colon: a
        // console line starts with its time, a Bugly copy with a Chinese label, an Apple report
        // with `Key: value` (`Hardware Model: iPhone12,1`).
        guard let first = bytes.first, CharacterSetASCII.isLetter(first) || first == 34,
            bytes.contains(where: { $0 == 44 || $0 == 59 || $0 == 9 }), !bytes.contains(58)
        else { return false }
        return sheetTitles.contains { title in containsIgnoringCase(bytes, title) }
    }

    /// Title words of the sheets, lower-case ASCII.
    private static let sheetTitles = ["issueid", "accessnum", "launches", "active_devices"].map {
        Array($0.utf8)
    }

    /// Whether `bytes` hold `word` (lower-case ASCII) in any case.
    private static func containsIgnoringCase(_ bytes: Substring.UTF8View, _ word: [UInt8]) -> Bool {
        let lowered = { (byte: UInt8) in byte >= 65 && byte <= 90 ? byte + 32 : byte }
        var start = bytes.startIndex
        while let first = bytes[start...].firstIndex(where: { lowered($0) == word[0] }) {
            if bytes[first...].lazy.map(lowered).starts(with: word) { return true }
            start = bytes.index(after: first)
        }
        return false
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
    static func workbook(_ data: Data, budget: inout SourceReader.ExpansionBudget) -> Result<
        ScaleFile, Rejection
    >? {
        guard isWorkbook(data) else { return nil }
        let records: [[String]]
        switch XLSXSheet.records(data, budget: &budget) {
        case .failure(let rejection): return .failure(rejection)
        case .success(nil): return nil
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
