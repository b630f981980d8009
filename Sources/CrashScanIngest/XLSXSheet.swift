import CrashScanArchive
import CrashScanModel
import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The first worksheet of an `.xlsx` workbook as records of text, as `CSVRecords` gives a sheet:
/// a workbook is a zip of XML (Office Open XML), read with libarchive (`ArchiveReader`) and
/// Foundation's XML parser. Cells are text, numbers as written, shared strings and inline
/// strings; a row's missing cells are empty. Nil for anything that is not such a workbook.
enum XLSXSheet {
    static func records(_ data: Data) -> [[String]]? {
        var budget = SourceReader.ExpansionBudget(limits: ArchiveLimits(), inputBytes: data.count)
        return try? records(data, budget: &budget).get()
    }

    /// The first sheet's records, its members' bytes counted against `budget` (a workbook is an
    /// archive: it may not expand further than any other); the reason when it does.
    static func records(_ data: Data, budget: inout SourceReader.ExpansionBudget) -> Result<
        [[String]]?, Rejection
    > {
        guard ArchiveReader.looksLikeArchive(data) else { return .success(nil) }
        var sharedStrings: Data?
        // Only the first sheet is kept (`sheet1.xml` before `sheet2.xml`, and before `sheet10.xml`).
        var firstSheet: (path: String, data: Data)?
        var exceeded: String?
        ArchiveReader.forEachMember(of: data) { member in
            if let reason = budget.spend(member.data?.count ?? 0) {
                exceeded = reason
                return false
            }
            if member.path == "xl/sharedStrings.xml" {
                sharedStrings = member.data
            } else if member.path.hasPrefix("xl/worksheets/sheet"), member.path.hasSuffix(".xml"),
                let content = member.data,
                firstSheet.map({ (member.path.count, member.path) < ($0.path.count, $0.path) }) ?? true
            {
                firstSheet = (member.path, content)
            }
            return true
        }
        if let exceeded { return .failure(Rejection("workbook: \(exceeded)")) }
        guard let sheet = firstSheet?.data else { return .success(nil) }
        let strings = sharedStrings.map(SharedStrings.read) ?? []
        return .success(Cells.read(sheet, strings: strings))
    }

    /// `xl/sharedStrings.xml`: each `<si>`'s text, its runs (`<r><t>…</t></r>`) joined.
    private final class SharedStrings: NSObject, XMLParserDelegate {
        private var strings: [String] = []
        private var current: String?
        private var inText = false

        static func read(_ data: Data) -> [String] {
            let reader = SharedStrings()
            let parser = XMLParser(data: data)
            parser.delegate = reader
            _ = parser.parse()
            return reader.strings
        }

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            if name == "si" { current = "" }
            if name == "t" { inText = true }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if inText { current?.append(string) }
        }

        func parser(
            _ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?
        ) {
            if name == "t" { inText = false }
            if name == "si" {
                strings.append(current ?? "")
                current = nil
            }
        }
    }

    /// A worksheet's `<row>`s of `<c r="B2" t="s"><v>3</v></c>` cells.
    private final class Cells: NSObject, XMLParserDelegate {
        private let strings: [String]
        private var rows: [[String]] = []
        private var row: [String]?
        private var cell: (column: Int, type: String, text: String)?
        private var inValue = false

        private init(strings: [String]) {
            self.strings = strings
        }

        static func read(_ data: Data, strings: [String]) -> [[String]]? {
            let reader = Cells(strings: strings)
            let parser = XMLParser(data: data)
            parser.delegate = reader
            guard parser.parse() else { return nil }
            return reader.rows
        }

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            switch name {
            case "row": row = []
            case "c":
                let column = attributes["r"].flatMap(Self.column) ?? (row?.count ?? 0)
                cell = (column, attributes["t"] ?? "n", "")
            case "v", "t": inValue = cell != nil
            default: break
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if inValue { cell?.text.append(string) }
        }

        func parser(
            _ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?
        ) {
            switch name {
            case "v", "t": inValue = false
            case "c":
                guard let cell, var cells = row else { break }
                var text = cell.text
                if cell.type == "s" {
                    text = Int(text).flatMap { strings.indices.contains($0) ? strings[$0] : nil } ?? ""
                }
                if cell.type == "b" { text = text == "1" ? "TRUE" : "FALSE" }
                // A cell left of one read already (a damaged sheet) is dropped.
                if cells.count <= cell.column {
                    cells += Array(repeating: "", count: cell.column - cells.count)
                    cells.append(text)
                }
                row = cells
                self.cell = nil
            case "row":
                if let row, row.contains(where: { !$0.isEmpty }) { rows.append(row) }
                row = nil
            default: break
            }
        }

        /// `B2` → 1: the cell's column from its letters, from 0.
        private static func column(_ reference: String) -> Int? {
            var column = 0
            var letters = 0
            for byte in reference.utf8 {
                let upper = byte & 0xDF
                guard upper &- 65 < 26 else { break }
                column = column * 26 + Int(upper - 64)
                letters += 1
            }
            return letters > 0 && letters <= 3 ? column - 1 : nil
        }
    }
}
