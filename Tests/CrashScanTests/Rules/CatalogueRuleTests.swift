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

/// Every confirmed row of kvc-catalog.md has a built-in rule, and each rule's own reason texts
/// (copied from the catalogue) classify into a group that the rule wins.
final class CatalogueRuleTests: XCTestCase {
    func subject(for reason: String, exception: String, os: String?) throws -> RuleSubject {
        var report = CrashReport(format: .buglyConsole, normalizedContent: reason)
        report.exceptionType = exception
        report.exceptionReason = reason
        report.osRaw = os
        let analyzed = AnalyzedReport(report)
        let failure = try XCTUnwrap(analyzed.failure, reason)
        return RuleSubject(
            exceptionType: analyzed.exceptionType, kind: failure.kind, receiverClass: failure.receiverClass,
            key: failure.key, keyIsPrivate: failure.keyIsPrivate, cause: failure.cause,
            osKeys: analyzed.os.map { [$0.sortKey] } ?? [])
    }

    func testEveryCatalogueRowHasARule() throws {
        let rows = Set(try RuleSet.builtIn().rules.compactMap(\.catalogRow))
        XCTAssertEqual(rows, Set(1...21), "rows 1-20 are confirmed breakages, 21 is the info row")
    }

    func testEachRuleWinsForItsOwnReasonTexts() throws {
        let rules = try RuleSet.builtIn()
        var checked = 0
        for rule in rules.rules where !rule.reasons.isEmpty {
            let exception = try XCTUnwrap(rule.exceptions.first, rule.id)
            for reason in rule.reasons {
                let subject = try subject(for: reason, exception: exception, os: nil)
                XCTAssertEqual(rules.bestMatch(for: subject)?.id, rule.id, "\(rule.id): \(reason)")
                checked += 1
            }
        }
        XCTAssertGreaterThanOrEqual(checked, 25)
    }

    func testClassifierCatalogueRowsReachTheirRule() throws {
        let rules = try RuleSet.builtIn()
        for expected in KVCClassifierTests.catalogRows {
            let subject = try subject(for: expected.reason, exception: expected.exception, os: nil)
            let rule = try XCTUnwrap(rules.bestMatch(for: subject), "row \(expected.row)")
            XCTAssertEqual(
                rule.catalogRow, expected.row, "row \(expected.row): \(expected.reason) went to \(rule.id)")
        }
    }

    func testEveryRuleCarriesTheCatalogueFacts() throws {
        for rule in try RuleSet.builtIn().rules where rule.catalogRow != nil {
            XCTAssertNotNil(rule.replacementObjC, rule.id)
            XCTAssertNotNil(rule.replacementSwift, rule.id)
            XCTAssertFalse(rule.sources.isEmpty, rule.id)
            XCTAssertFalse(rule.exceptions.isEmpty, rule.id)
            if rule.severity != .info {
                XCTAssertTrue(rule.failsOn != nil || rule.condition != nil, "\(rule.id) says where it fails")
            }
        }
        let textField = try XCTUnwrap(
            try RuleSet.builtIn().rules.first { $0.id == "uitextfield-placeholder-label" })
        XCTAssertTrue(
            textField.condition?.contains("iOS 13 SDK (Xcode 11") ?? false, "the SDK condition of iOS 13")
        XCTAssertTrue(textField.gatedBySDK, "evidence looks for the rebuild with the iOS 13 SDK")
        let textView = try XCTUnwrap(
            try RuleSet.builtIn().rules.first { $0.id == "uitextview-placeholder-label" })
        XCTAssertFalse(textView.gatedBySDK, "iOS 8.1.3 broke _placeholderLabel for every build")
    }

    func testKeyPathsAndClassPatterns() throws {
        let rules = try RuleSet.builtIn()
        let keyPath = RuleSubject(
            exceptionType: "NSGenericException", kind: .prohibitedIvar, receiverClass: "UITextField",
            key: "_placeholderLabel.textColor", keyIsPrivate: true, cause: .privateKey, osKeys: [])
        XCTAssertEqual(rules.bestMatch(for: keyPath)?.fix, "attributed-placeholder")
        let placeholder = RuleSubject(
            exceptionType: "NSUnknownKeyException", kind: .undefinedKey,
            receiverClass: "UIStatusBar_Placeholder",
            key: "foregroundView", keyIsPrivate: true, cause: .privateKey, osKeys: [])
        XCTAssertEqual(rules.bestMatch(for: placeholder)?.id, "uistatusbar-foreground-view")
    }
}
