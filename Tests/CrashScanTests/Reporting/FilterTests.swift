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

/// Filters that never mis-match: devices resolve to known models or are refused with the closest
/// matches, repeated filters are OR-ed, values that match nothing are said.
final class FilterTests: XCTestCase {
    var store: Store!

    override func setUpWithError() throws {
        store = try SampleStore.make(self)
    }

    func build(_ configure: (inout ReportFilter) throws -> Void) throws -> KVCReport {
        var filter = ReportFilter()
        try configure(&filter)
        return try ReportBuilder.build(store: store, filter: filter, rules: RuleSet.builtIn())
    }

    func devices(_ text: String) throws -> Set<String> {
        Set(try build { try $0.addDevice(text) }.matrix.map(\.device))
    }

    func testDeviceSpellingsResolveToTheModelAndNothingElse() throws {
        for spelling in [
            "iPhone 6+", "6+", "6 Plus", "iphone6plus", "IPHONE 6 PLUS", "iPhone7,1", "iphone7,1",
        ] {
            XCTAssertEqual(try devices(spelling), ["iPhone 6 Plus"], spelling)
            XCTAssertEqual(try build { try $0.addDevice(spelling) }.summary.kvcFailures, 5, spelling)
        }
        XCTAssertEqual(try devices("iPhone 6"), ["iPhone 6"], "iPhone 6 is not iPhone 6 Plus")
        XCTAssertEqual(try devices("XS Max"), ["iPhone XS Max"])
        XCTAssertEqual(
            try build { try $0.addDevice("unknown") }.summary.kvcFailures, 0,
            "'unknown' is the reports without a device, not every report")
    }

    func testADeviceThatIsNoModelIsRefusedWithTheClosestMatches() throws {
        for (text, expected) in [
            ("iphone6plu", "iPhone 6 Plus"), ("iPhone 6 Pluss", "iPhone 6 Plus"), ("ipone 11", "iPhone 11"),
        ] {
            XCTAssertThrowsError(try build { try $0.addDevice(text) }, text) { error in
                let message = "\(error)"
                XCTAssertTrue(message.hasPrefix("device: '\(text)' is no device model"), message)
                XCTAssertTrue(message.contains("Did you mean '\(expected)'"), message)
            }
        }
        XCTAssertThrowsError(try build { try $0.addDevice("toaster") }) { error in
            XCTAssertFalse("\(error)".contains("Did you mean"), "nothing is close: \(error)")
        }
    }

    func testRepeatingAFilterMeansAnyOfItsValues() throws {
        let one = try build { try $0.addOS("8.1") }.summary.kvcFailures
        let other = try build { try $0.addOS("8.2") }.summary.kvcFailures
        XCTAssertEqual(
            try build {
                try $0.addOS("8.1")
                try $0.addOS("8.2")
            }.summary.kvcFailures, one + other)
        XCTAssertEqual(
            try build {
                try $0.addDevice("iPhone 6")
                try $0.addDevice("iPhone 6 Plus")
            }.summary.kvcFailures, 9)
        let both = try build {
            try $0.addDevice("iPhone 6")
            try $0.addDevice("iPhone 6 Plus")
            try $0.addOS("8.1.3")
        }
        XCTAssertEqual(both.summary.kvcFailures, 4, "OR within --device, AND with --os")
        XCTAssertEqual(both.filters["device"], "iPhone 6 or iPhone 6 Plus")
        XCTAssertEqual(
            try build {
                try $0.addKey("_searchField")
                try $0.addKey("statusBar")
            }.groups.compactMap(\.key).sorted(), ["_searchField", "statusBar"])
    }

    func testValuesThatMatchNothingAreSaid() throws {
        var filter = ReportFilter()
        try filter.addAppVersion("9.9.9")
        try filter.addAppVersion("2.3.1")
        try filter.addKey("_placeholderlabel")
        try filter.addKey("_searchField")
        let notes = try ReportBuilder.unmatchedFilterNotes(store: store, filter: filter)
        XCTAssertEqual(notes.count, 2, "\(notes)")
        XCTAssertTrue(
            notes[0].hasPrefix("no report has app version '9.9.9' (the most frequent: 2.3.1"), notes[0])
        XCTAssertTrue(
            notes[1].hasPrefix(
                "no KVC failure has the key '_placeholderlabel' (keys like it: _placeholderLabel"),
            notes[1])
    }
}
