import XCTest

@testable import CrashScanCatalogs
@testable import CrashScanModel

/// The catalogue of UIKit's members per iOS version, built in from `catalogs/uikit-members.tsv`:
/// the facts behind the seed crash and the other keys UIKit broke, read back through KVC's search.
final class UIKitMemberCatalogTests: XCTestCase {
    func os(_ text: String) throws -> OSVersion { try XCTUnwrap(OSVersion.parse("iOS \(text)")) }

    func testTheDumpsReadAreListedInOrder() {
        XCTAssertEqual(UIKitMemberCatalog.versions.first, "4.3")
        XCTAssertEqual(UIKitMemberCatalog.versions.last, "18")
        XCTAssertEqual(UIKitMemberCatalog.versions.count, 28)
        XCTAssertEqual(UIKitMemberCatalog.osVersions.count, 28)
        XCTAssertTrue(UIKitMemberCatalog.holds("UITextView"))
        XCTAssertFalse(UIKitMemberCatalog.holds("UIFloatLabelTextView"), "an app's class")
    }

    /// The seed: UITextView has `_placeholderLabel` from iOS 8.3, not in 8.0, 8.1 or 8.2.
    func testTheSeedKeyIsMissingBeforeIOS83() throws {
        let reach = try XCTUnwrap(
            UIKitMemberCatalog.reach(key: "_placeholderLabel", accessor: .set, on: "UITextView"))
        XCTAssertEqual(reach.state(on: try os("8.1.3")), .none, "the seed's iPhone 6 Plus on 12B466")
        XCTAssertEqual(reach.state(on: try os("8.0")), .none)
        XCTAssertEqual(reach.state(on: try os("8.2")), .none)
        let member = KVCReach.State.member(
            name: "_placeholderLabel", kind: .ivar, declaredBy: "UITextView", type: "UILabel")
        XCTAssertEqual(reach.state(on: try os("8.3")), member)
        XCTAssertEqual(reach.state(on: try os("9.2")), member, "between the 9.0 and 9.3 dumps, which agree")
        XCTAssertEqual(reach.state(on: try os("16.4")), member)
        XCTAssertEqual(reach.state(on: try os("19.0")), .unknown, "after the last dump")
        XCTAssertEqual(KVCReach.ranges(reach.absentVersions), "4.3–8.2")
        XCTAssertEqual(KVCReach.ranges(reach.presentVersions), "8.3–18")
        XCTAssertEqual(
            reach.summary,
            "UITextView declares no instance variable or property KVC finds for the key _placeholderLabel in iOS 4.3–8.2; the instance variable _placeholderLabel in iOS 8.3–18"
        )
        // Without the underscore the search reaches the same instance variable (`_<key>`).
        let plain = try XCTUnwrap(
            UIKitMemberCatalog.reach(key: "placeholderLabel", accessor: .get, on: "UITextView"))
        XCTAssertEqual(plain.state(on: try os("9.0")), member)
        XCTAssertEqual(plain.state(on: try os("8.1")), .none)
    }

    func testOtherKeysUIKitBroke() throws {
        let alert = try XCTUnwrap(
            UIKitMemberCatalog.reach(key: "_titleTextColor", accessor: .set, on: "UIAlertAction"))
        XCTAssertEqual(
            KVCReach.ranges(alert.presentVersions), "8.3–18", "UIAlertAction's _titleTextColor from 8.3")
        // UISearchBar's `_searchField` instance variable is gone from 13.2.2 (a method of that name
        // remains, which the dumps read do not list).
        let search = try XCTUnwrap(
            UIKitMemberCatalog.reach(key: "_searchField", accessor: .get, on: "UISearchBar"))
        XCTAssertEqual(
            search.state(on: try os("12.4")),
            .member(
                name: "_searchField", kind: .ivar, declaredBy: "UISearchBar", type: "UISearchBarTextField"))
        XCTAssertEqual(search.state(on: try os("13.2.2")), .none)
        // A superclass's member: UISearchTextField (iOS 13) inherits UITextField's.
        let field = try XCTUnwrap(
            UIKitMemberCatalog.reach(key: "_placeholderLabel", accessor: .get, on: "UISearchTextField"))
        XCTAssertEqual(
            field.state(on: try os("13.4.1")),
            .member(
                name: "_placeholderLabel", kind: .ivar, declaredBy: "UITextField", type: "UITextFieldLabel"))
        XCTAssertEqual(field.state(on: try os("12.4")), .unknown, "no dump of UISearchTextField before 13")
    }

    /// A version whose dump did not hold the class is unknown, never absent: the 18 dump was read
    /// for 11 classes only, the 11.4 dump lacks 25 classes.
    func testVersionsADumpDidNotHoldAreUnknown() throws {
        let label = try XCTUnwrap(UIKitMemberCatalog.reach(key: "text", accessor: .get, on: "UILabel"))
        let eighteen = try XCTUnwrap(UIKitMemberCatalog.versions.firstIndex(of: "18"))
        XCTAssertEqual(label.states[eighteen], .unknown)
        XCTAssertEqual(
            label.state(on: try os("17.0")),
            .member(name: "text", kind: .property, declaredBy: "UILabel", type: "NSString"))
        let action = try XCTUnwrap(
            UIKitMemberCatalog.reach(key: "title", accessor: .get, on: "UIContextualAction"))
        let elevenFour = try XCTUnwrap(UIKitMemberCatalog.versions.firstIndex(of: "11.4"))
        XCTAssertEqual(action.states[elevenFour], .unknown)
        XCTAssertEqual(action.state(on: try os("11.4")), .unknown)
        XCTAssertFalse(UIKitMemberCatalog.coverage(of: "UIContextualAction").contains(elevenFour))
        XCTAssertTrue(action.summary.contains("not known for"), action.summary)
    }

    /// KVC's search order: a property (its accessor method) before an instance variable, through
    /// the whole class chain; `_is<Key>` and `is<Key>` are searched too.
    func testTheSearchFollowsKVCsOrder() {
        let set = UIKitMemberCatalog.searchedNames(key: "hidden", accessor: .set)
        XCTAssertEqual(set.properties, ["hidden"])
        XCTAssertEqual(set.ivars, ["_hidden", "_isHidden", "hidden", "isHidden"])
        let get = UIKitMemberCatalog.searchedNames(key: "hidden", accessor: .get)
        XCTAssertEqual(get.properties, ["hidden", "isHidden", "_hidden"])
    }

    /// Every class's superclasses and members lie within the versions its dumps cover.
    func testEveryMemberLiesWithinItsClassesDumps() {
        for className in UIKitMemberCatalog.classNames {
            let covered = UIKitMemberCatalog.coverage(of: className)
            XCTAssertFalse(covered.isEmpty, className)
            for member in UIKitMemberCatalog.members(of: className) {
                XCTAssertTrue(member.versions.subtracting(covered).isEmpty, "\(className).\(member.name)")
            }
        }
        XCTAssertEqual(UIKitMemberCatalog.classNames.count, 385, "the public classes the dumps held")
        XCTAssertEqual(
            UIKitMemberCatalog.classNames.filter { !UIKitMemberCatalog.members(of: $0).isEmpty }.count, 372,
            "the classes with an instance variable or a property")
        let members = UIKitMemberCatalog.classNames.reduce(0) {
            $0 + UIKitMemberCatalog.members(of: $1).count
        }
        XCTAssertEqual(members, 14_013, "every row of the transcription")
    }
}
