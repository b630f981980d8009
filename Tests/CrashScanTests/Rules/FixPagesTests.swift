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

/// Every fix slug has a page; the associated-object page is the complete implementation and the
/// comparison of the three published ones.
final class FixPagesTests: XCTestCase {
    func testEveryBuiltInFixHasAPageWithObjectiveCAndSwift() throws {
        let rules = try RuleSet.builtIn()
        let entries = FixPages.entries(rules)
        XCTAssertGreaterThanOrEqual(entries.count, 15)
        for entry in entries {
            let page = try XCTUnwrap(FixPages.page(entry.slug, rules: rules), entry.slug)
            XCTAssertTrue(page.hasPrefix("FIX \(entry.slug)"), entry.slug)
            XCTAssertTrue(page.contains("Objective-C:"), entry.slug)
            XCTAssertTrue(page.contains("Swift:"), entry.slug)
        }
        XCTAssertNil(FixPages.page("no-such-fix", rules: rules))
    }

    func testAssociatedObjectPlaceholderPage() throws {
        let page = try XCTUnwrap(FixPages.page("associated-object-placeholder", rules: RuleSet.builtIn()))
        // The code: from the first source file to the comparison that follows it.
        let code = try XCTUnwrap(page.components(separatedBy: "OBJECTIVE-C: UITextView+CSPlaceholder.h").last)
        let implementation = try XCTUnwrap(code.components(separatedBy: "THE THREE IMPLEMENTATIONS").first)
        for required in [
            "objc_setAssociatedObject", "UITextViewTextDidChangeNotification", "@selector(setText:)",
            "@selector(setAttributedText:)", "@selector(setFont:)", "@selector(setTextAlignment:)",
            "textContainerInset", "lineFragmentPadding", "removeObserver", "extension UITextView",
            "textDidChangeNotification", "#selector(setter: UITextView.attributedText)",
        ] {
            XCTAssertTrue(implementation.contains(required), required)
        }
        for forbidden in [
            "setValue:", "valueForKey:", ".delegate =", "- (void)layoutSubviews",
            "override func layoutSubviews",
        ] {
            XCTAssertFalse(
                implementation.contains(forbidden), "the recommended code must not use \(forbidden)")
        }
        for point in [
            "Private API", "iOS versions it works on", "Delegate hijacking", "layoutSubviews from a category",
            "Font updates", "Text set in code", "Memory management", "Interface Builder",
        ] {
            XCTAssertTrue(page.contains("\n\(point)\n"), point)
        }
        XCTAssertTrue(page.contains("UIPlaceHolderTextView"))
    }
}
