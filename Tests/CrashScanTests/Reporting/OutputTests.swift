import XCTest

@testable import CrashScanArchive
@testable import CrashScanCLI
@testable import CrashScanCatalogs
@testable import CrashScanClassification
@testable import CrashScanImport
@testable import CrashScanIngest
@testable import CrashScanModel
@testable import CrashScanReport
@testable import CrashScanRules
@testable import CrashScanStore
@testable import CrashScanSymbolication

/// Output for people: the terminal's width, short lists, singulars, colour only where it helps,
/// Markdown that is prose and tables, a matrix that shows the versions that matter.
final class OutputTests: XCTestCase {
    var store: Store!

    override func setUpWithError() throws {
        store = try SampleStore.make(self)
    }

    func report(_ configure: (inout ReportFilter) throws -> Void = { _ in }) throws -> KVCReport {
        var filter = ReportFilter()
        try configure(&filter)
        return try ReportBuilder.build(store: store, filter: filter, rules: RuleSet.builtIn())
    }

    func render(_ report: KVCReport, width: Int, colour: Bool = false, as format: ReportFormat = .text)
        -> String
    {
        Presentation.$current.withValue(Presentation(width: width, colour: colour)) {
            ReportRenderer.render(report, as: format)
        }
    }

    /// Prose wraps to the width; only the groups' table, whose CLASS.KEY column is as wide as its
    /// longest identifier, and the line naming the database (a path) may run past it: neither is
    /// ever shortened.
    func testTextFitsTheWidthItIsGiven() throws {
        let full = try report()
        func isTableRow(_ line: Substring) -> Bool {
            line.hasPrefix("GROUP ") || line.hasPrefix("crashscan report: ")
                || (line.prefix(8).allSatisfy(\.isHexDigit) && line.dropFirst(8).hasPrefix("  "))
        }
        for width in [80, 120] {
            let lines = render(full, width: width).split(separator: "\n")
            XCTAssertEqual(
                lines.filter { $0.count > width && !isTableRow($0) }, [], "prose past \(width) columns")
            XCTAssertFalse(lines.contains { $0.contains("…") }, "nothing is cut at \(width)")
            if width == 120 { XCTAssertTrue(lines.contains { $0.count > 80 }, "wider when there is room") }
        }
    }

    func testStandardOutputPresentationFollowsTheEnvironment() {
        // Tests do not run on a terminal: 80 columns and no colour unless asked for.
        XCTAssertEqual(
            Presentation.forStandardOutput(environment: [:]), Presentation(width: 80, colour: false))
        XCTAssertEqual(Presentation.forStandardOutput(environment: ["COLUMNS": "132"]).width, 132)
        XCTAssertTrue(Presentation.forStandardOutput(environment: ["CLICOLOR_FORCE": "1"]).colour)
        XCTAssertFalse(
            Presentation.forStandardOutput(environment: ["CLICOLOR_FORCE": "1", "NO_COLOR": "1"]).colour,
            "NO_COLOR wins")
    }

    func testSingularsAndShortLists() throws {
        let one = try report { try $0.addOS("8.2") }
        XCTAssertTrue(
            render(one, width: 80).contains("1 crash report, 1 KVC failure in 1 group on 1 device model"),
            render(one, width: 80))
        let many = (1...40).map { KVCReport.Count(value: "2.\($0)", reports: 41 - $0) }
        let list = ReportRenderer.shortList(many, keepOrder: false)
        XCTAssertTrue(list.hasPrefix("2.1 (40), 2.2 (39)"), list)
        XCTAssertTrue(list.hasSuffix(", and 32 more (528 reports)"), list)
        let ordered = ReportRenderer.shortList(many.reversed(), keepOrder: true)
        XCTAssertTrue(
            ordered.hasPrefix("2.8 (33), 2.7 (34)"), "the eight largest, in the list's order: \(ordered)")
    }

    func testColourMarksConfidenceAndRegressionsOnlyWhenOn() throws {
        let full = try report()
        let plain = render(full, width: 100)
        XCTAssertFalse(plain.contains("\u{1B}["))
        let coloured = render(full, width: 100, colour: true)
        XCTAssertTrue(coloured.contains("\u{1B}[32mconfidence high\u{1B}[0m"), coloured)
        XCTAssertTrue(coloured.contains("\u{1B}[33mconfidence medium\u{1B}[0m"))
        XCTAssertEqual(
            coloured.replacingOccurrences(of: "\u{1B}[32m", with: "").replacingOccurrences(
                of: "\u{1B}[33m", with: ""
            )
            .replacingOccurrences(of: "\u{1B}[31m", with: "").replacingOccurrences(of: "\u{1B}[0m", with: ""),
            plain, "colour changes no text")
        XCTAssertFalse(
            render(full, width: 100, colour: true, as: .json).contains("\u{1B}["), "JSON is never coloured")
    }

    func testMarkdownIsProseAndTables() throws {
        let markdown = render(try report(), width: 80, as: .markdown)
        XCTAssertFalse(markdown.contains("```"), "no prose inside code fences")
        XCTAssertTrue(markdown.contains("| Group | Kind |"))
        XCTAssertTrue(markdown.contains("Why it crashes:"))
    }

    func testTheMatrixSumsPatchVersionsBeforeFoldingIntoOther() throws {
        var full = try report()
        full.matrix =
            (0..<14).map { patch in
                KVCReport.Cell(
                    device: "iPhone 6", deviceModel: "iPhone7,2", osVersion: "8.1.\(patch)", reports: 1)
            }
            + (0..<6).map { patch in
                KVCReport.Cell(
                    device: "iPhone 8", deviceModel: "iPhone10,1", osVersion: "12.4.\(patch)", reports: 2)
            }
        let matrix = Presentation.$current.withValue(Presentation(width: 80)) {
            ReportRenderer.matrixText(full)
        }
        XCTAssertEqual(
            matrix[1].split(separator: " ").map(String.init), ["DEVICE", "8.1.x", "12.4.x", "TOTAL"])
        XCTAssertEqual(matrix[2].split(separator: " ").map(String.init), ["iPhone", "6", "14", ".", "14"])
        XCTAssertEqual(matrix[3].split(separator: " ").map(String.init), ["iPhone", "8", ".", "12", "12"])
    }
}
