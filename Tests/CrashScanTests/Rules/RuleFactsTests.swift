import Foundation
import XCTest

@testable import CrashScanCLI
@testable import CrashScanCatalogs
@testable import CrashScanRules

/// Rules compared with UIKit's runtime headers: what they settle, where they contradict a rule.
final class RuleFactsTests: XCTestCase {
    func rule(_ id: String) throws -> Rule {
        try XCTUnwrap(try RuleSet.builtIn().rules.first { $0.id == id })
    }

    func testTheBuiltInRulesAgreeWithTheHeaders() throws {
        for rule in try RuleSet.builtIn().rules {
            XCTAssertEqual(rule.measured?.contradictions ?? [], [], rule.id)
        }
        let seed = try rule("uitextview-placeholder-label")
        XCTAssertEqual(seed.measured?.settled, ["failsOn", "exceptions", "worksOn"])
        XCTAssertEqual(seed.inferred, [], "the headers settle every fact the rule file marks inferred")
        let alert = try rule("uialertaction-title-text-color")
        XCTAssertEqual(alert.measured?.settled, ["failsOn", "exceptions", "worksOn"])
        XCTAssertEqual(alert.inferred, ["fix"], "the fix is still the API documentation's word")
        // iOS 13's blocks: the member exists where the access throws, a fact of the rule.
        let field = try rule("uitextfield-placeholder-label")
        XCTAssertEqual(field.measured?.settled, ["worksOn"])
        // A key only a method answers: the headers neither settle nor contradict it.
        let today = try rule("uidatepicker-highlights-today")
        XCTAssertEqual(today.measured?.settled, [])
        XCTAssertEqual(today.measured?.contradictions, [])
        // Corrected from the headers: UIPageControl had no page images before iOS 6.0.
        XCTAssertEqual(try rule("uipagecontrol-page-image").worksOn?.description, "6.0..13")
        XCTAssertEqual(try rule("uidatepicker-text-color").worksOn?.description, "7.0..13")
    }

    static let contradicting = #"""
        {"rules": [{"id": "team-placeholder", "match": {"class": "UITextView", "key": "_placeholderLabel"},
          "exceptions": ["NSUnknownKeyException"], "failsOn": "<8.0", "worksOn": ">=8.0",
          "fix": "associated-object-placeholder", "title": "A team's rule", "detail": "The team's words."}]}
        """#

    func testAContradictingRuleIsSaidAndRulesCheckExits1() throws {
        let file = try TestPaths.temporaryFolder(self).appendingPathComponent("team.json")
        try Data(Self.contradicting.utf8).write(to: file)
        let team = try XCTUnwrap(
            try RuleSet.load(extraFiles: [file.path]).rules.first { $0.id == "team-placeholder" })
        XCTAssertEqual(
            team.measured?.contradictions,
            [
                "works on iOS >=8.0, but the runtime headers of iOS 8.0–8.2 declare no instance variable or property of UITextView for the key _placeholderLabel"
            ])
        XCTAssertEqual(team.measured?.settled, [], "a contradicted rule settles nothing")

        guard CommandRunner.isBuilt else { throw XCTSkip("crashscan is not built") }
        let runner = CommandRunner(folder: file.deletingLastPathComponent())
        let builtIn = try runner.run(["rules", "check"])
        XCTAssertEqual(builtIn.status, 0, builtIn.out)
        XCTAssertTrue(
            builtIn.out.contains(
                "uitextview-placeholder-label: measured (failsOn, exceptions, worksOn): UITextView declares no instance variable or property KVC finds for the key _placeholderLabel in iOS 4.3–8.2"
            ), builtIn.out)
        let list = try runner.run(["rules"], environment: ["COLUMNS": "200"])
        XCTAssertTrue(
            list.out.contains("key~/^_placeholderLabel(\\..*)?$/; fails on iOS <8.3 (measured)"), list.out)
        let checked = try runner.run(["rules", "check", file.path])
        XCTAssertEqual(checked.status, 1, checked.out)
        XCTAssertTrue(
            checked.out.contains(
                "team.json:1: team-placeholder: UIKit's runtime headers contradict the rule: it works on iOS >=8.0, but the runtime headers of iOS 8.0–8.2"
            ), checked.out)
    }

    /// A key pattern of one key with a key-path tail names that key; anything else names none.
    func testLiteralKeysOfAPattern() throws {
        func keys(_ pattern: String) throws -> [String]? {
            RuleFacts.literalKeys(RuleMatch([.keyPattern(try NSRegularExpressionBox(pattern))]))
        }
        XCTAssertEqual(try keys(#"^_placeholderLabel(\..*)?$"#), ["_placeholderLabel"])
        XCTAssertEqual(try keys("^_searchField$"), ["_searchField"])
        XCTAssertNil(try keys("^_placeholder[A-Z].*$"))
        XCTAssertNil(try keys("^_?allowUniversalAccessFromFileURLs$"))
    }
}

extension RuleFactsTests {
    /// Windows that overlap say nothing about the versions in both: refused, with what to do.
    func testOverlappingWindowsAreRefused() throws {
        let file = try TestPaths.temporaryFolder(self).appendingPathComponent("overlap.json")
        try Data(
            #"""
            {"rules": [{"id": "team-status-bar", "match": {"classPattern": "^UIStatusBar.*$", "key": "foregroundView"},
              "failsOn": ">=11", "worksOn": "<=12", "fix": "network-status-api", "title": "T", "detail": "D"}]}
            """#.utf8
        ).write(to: file)
        XCTAssertThrowsError(try RuleSet.load(extraFiles: [file.path])) { error in
            XCTAssertTrue(
                "\(error)".contains("works on iOS <=12 and fails on iOS >=11 overlap"), "\(error)")
        }
        let statusBar = try rule("uistatusbar-foreground-view")
        XCTAssertEqual(statusBar.worksOn?.description, "<=10", "the built-in rule, corrected")
        XCTAssertEqual(statusBar.failsOn?.description, ">=11")
    }
}
