import Foundation
import XCTest

@testable import CrashScanRules
@testable import CrashScanSource

/// Every form of KVC on private UIKit state the fixtures hold is found, to the line and column of
/// its key; nothing in comments, strings, disabled blocks, dictionaries, associated objects or the
/// app's own state is.
final class ScanFindingTests: XCTestCase {
    static let app = TestPaths.fixture("scan/App")

    func findings(_ paths: [String] = [app.path]) throws -> [String] {
        let files = try SourceTree().files(paths)
        let rules = try RuleSet.builtIn()
        let found = SourceScanner.scan(files).sites.compactMap(rules.sourceFinding).sorted {
            ($0.site.path, $0.site.line, $0.site.column) < ($1.site.path, $1.site.line, $1.site.column)
        }
        return found.map { finding in
            let site = finding.site
            let name = (site.path as NSString).lastPathComponent
            return
                "\(name):\(site.line):\(site.column) \(finding.rule.id) \(finding.severity.rawValue) \(finding.ruleClass ?? "?")"
        }
    }

    func testEveryFormIsFoundToTheLineAndColumnAndNothingElse() throws {
        XCTAssertEqual(
            try findings(),
            [
                // A user-defined runtime attribute on a text field (the key path's first character).
                "Main.storyboard:12:88 uitextfield-placeholder-label high UITextField",
                // self in a category of UITextView.
                "Placeholder.m:21:33 uitextview-placeholder-label high UITextView",
                // self in an app subclass declared in the same sources (LFPTextView : UITextView).
                "Placeholder.m:28:41 uitextview-placeholder-label high UITextView",
                // A parameter (UISearchBar *)searchBar and a static NSString * const key.
                "Placeholder.m:41:49 uisearchbar-search-field high UISearchBar",
                // A call split over lines with a comment between the arguments, a key path.
                "Placeholder.m:44:21 uitextfield-placeholder-label high UITextField",
                // self.textView (a property declared UITextView) and a #define key.
                "Placeholder.m:45:50 uitextview-placeholder-label high UITextView",
                // [UIApplication sharedApplication] with a key path of two parts.
                "Placeholder.m:46:71 uiapplication-status-bar high UIApplication",
                // An id: the class is not certain, the key is the catalogue's.
                "Placeholder.m:48:24 uisearchbar-search-field medium UISearchBar",
                // Implicit self in an extension of UITextField, forKeyPath.
                "SearchBar.swift:10:43 uitextfield-placeholder-label high UITextField",
                // Implicit self in a subclass of UISearchBar.
                "SearchBar.swift:16:35 uisearchbar-search-field high UISearchBar",
                // self.value(forKey:) with a static let of another type.
                "SearchBar.swift:17:28 uisearchbar-cancel-button high UISearchBar",
                // A parameter searchBar: UISearchBar.
                "SearchBar.swift:27:45 uisearchbar-search-field high UISearchBar",
                // UIApplication.shared.
                "SearchBar.swift:28:54 uiapplication-status-bar high UIApplication",
                // An @IBOutlet property, the call over several lines.
                "SearchBar.swift:31:21 uitextview-placeholder-label high UITextView",
            ])
    }

    /// The columns point at the key: its literal (`@"_placeholderLabel"`), the constant or macro
    /// that holds it, or in a storyboard the key path itself.
    func testColumnsPointAtTheKey() throws {
        let files = try SourceTree().files([Self.app.path])
        let sites = SourceScanner.scan(files).sites
        XCTAssertGreaterThan(sites.count, 20)
        for site in sites {
            let lines = try String(contentsOfFile: site.path, encoding: .utf8).components(separatedBy: "\n")
            let rest = String(Array(lines[site.line - 1]).dropFirst(site.column - 1))
            let literal = ["@\"", "\"", ""].contains { rest.hasPrefix($0 + site.keyPath) }
            let named = ["kSearchFieldKey", "kPlaceholderKey", "Keys.cancel"].contains { rest.hasPrefix($0) }
            XCTAssertTrue(literal || named, "\(site.path):\(site.line):\(site.column): \(rest)")
        }
    }

    /// One file alone: an app subclass declared elsewhere is unknown, so `self` in its
    /// implementation is the app's class, not UIKit's.
    func testDeclarationsComeFromEveryFileScanned() throws {
        let swift = Self.app.appendingPathComponent("SearchBar.swift").path
        XCTAssertEqual(try findings([swift]).count, 6)
        // The storyboard alone still knows a <textField> is a UITextField, but not what
        // LFPPlaceholderView is: its own _placeholderLabel is then a UIView's private key.
        let storyboard = try findings([Self.app.appendingPathComponent("Main.storyboard").path])
        XCTAssertEqual(
            storyboard.first, "Main.storyboard:12:88 uitextfield-placeholder-label high UITextField")
    }

    func testObjectiveCLexerDropsCommentsDisabledBlocksAndCharacterLiterals() {
        let source = """
            a /* [x setValue:y forKey:@"_k"] */ b // c @"d"
            #if 0
            hidden @"e"
            #if 1
            nested
            #endif
            #else
            shown @"f\\"g"
            #endif
            'x' "h" @selector(i)
            #define kKey @"_placeholderLabel"
            """
        let lexer = ObjCLexer(Array(source.utf8))
        let words = lexer.tokens.map { token -> String in
            if let value = token.stringValue { return "string:\(value)" }
            if case .keyword(let word) = token.kind { return word }
            return String(decoding: Array(source.utf8)[token.start..<token.end], as: UTF8.self)
        }
        XCTAssertEqual(
            words, ["a", "b", "shown", "string:f\"g", "'x'", "string:h", "@selector", "(", "i", ")"])
        XCTAssertEqual(lexer.stringMacros, ["kKey": "_placeholderLabel"])
    }

    func testSwiftLexerReadsEveryStringFormAsOneToken() {
        let source = #"""
            a /* x /* y */ z */ b
            "one \(f("two")) three" "plain\n"
            """
              multi "quoted"
              """
            #"raw "inside" \(not)"# ##"two"##
            #if false
            hidden
            #else
            shown
            #endif
            """#
        let tokens = SwiftLexer(Array(source.utf8)).tokens
        let words = tokens.map { token -> String in
            if case .string(let value) = token.kind { return "string:\(value ?? "<not constant>")" }
            return String(decoding: Array(source.utf8)[token.start..<token.end], as: UTF8.self)
        }
        XCTAssertEqual(
            words,
            [
                "a", "b", "string:<not constant>", "string:plain\n", "string:<not constant>",
                "string:raw \"inside\" \\(not)", "string:two", "shown",
            ])
    }

    /// Pods, Carthage, .build, DerivedData and hidden folders are skipped unless named; --exclude
    /// globs match relative paths and names.
    func testTheWalkerSkipsDependenciesAndExcludedPaths() throws {
        let root = try TestPaths.temporaryFolder(self)
        for path in [
            "App/A.m", "App/B.swift", "App/Generated.generated.swift", "Pods/P/P.m", "Carthage/C.swift",
            ".hidden/H.m", "DerivedData/D.m", "App/View.xib", "App/README.md", "Vendor/V.m",
        ] {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("x".utf8).write(to: url)
        }
        func names(_ tree: SourceTree, _ paths: [String]) throws -> [String] {
            try tree.files(paths).map { String($0.path.dropFirst(root.path.count + 1)) }
        }
        XCTAssertEqual(
            try names(SourceTree(), [root.path]),
            ["App/A.m", "App/B.swift", "App/Generated.generated.swift", "App/View.xib", "Vendor/V.m"])
        XCTAssertEqual(
            try names(SourceTree(excludes: ["Vendor/**", "*.generated.swift"]), [root.path]),
            ["App/A.m", "App/B.swift", "App/View.xib"])
        XCTAssertEqual(try names(SourceTree(), [root.appendingPathComponent("Pods").path]), ["Pods/P/P.m"])
        XCTAssertThrowsError(try SourceTree().files([root.appendingPathComponent("nope").path]))
        // A path as the command line reaches it, or an absolute one, excludes as well.
        let app = root.appendingPathComponent("App").path
        XCTAssertEqual(
            try names(SourceTree(excludes: [app + "/B.swift", root.path + "/App/View.*"]), [app]),
            ["App/A.m", "App/Generated.generated.swift"])
        let previous = FileManager.default.currentDirectoryPath
        _ = FileManager.default.changeCurrentDirectoryPath(root.path)
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        XCTAssertEqual(
            try SourceTree(excludes: ["App/Generated*", "./App/View.xib"]).files(["App"]).map(\.path),
            ["App/A.m", "App/B.swift"], "relative to the working folder, as typed")
        XCTAssertEqual(
            try SourceTree(excludes: ["Vendor/**"]).files(["."]).map(\.path).filter { $0.contains("Vendor") },
            [])
    }
}

/// Keys written without their underscore, and a team's own rules, in source.
final class ScanRuleTests: XCTestCase {
    func findings(_ source: String, path: String = "A.m", rules: RuleSet) throws -> [String] {
        let file = try XCTUnwrap(
            SourceTree.File(path: path, language: try XCTUnwrap(SourceLanguage(path: path))))
        let bytes = Array(source.utf8)
        let declarations = SourceScanner.declarations(file, bytes: bytes)
        return SourceScanner.callSites(file, bytes: bytes, declarations: declarations).compactMap(
            rules.sourceFinding
        )
        .map { "\($0.site.line):\($0.site.column) \($0.rule.id) \($0.site.keyPath)" }
    }

    /// `valueForKey:@"searchField"` reaches `_searchField` (KVC looks for the instance variable
    /// with an underscore when no accessor answers); a public key whose ivar is private (`text`) is
    /// not reported.
    func testAKeyWithoutItsUnderscoreReachesTheSameState() throws {
        let source = """
            @implementation Foo
            - (void)go:(UISearchBar *)searchBar label:(UILabel *)label {
                [searchBar valueForKey:@"searchField"];
                [label valueForKey:@"text"];
                [label setValue:@"x" forKey:@"text"];
            }
            @end
            """
        XCTAssertEqual(
            try findings(source, rules: RuleSet.builtIn()), ["3:28 uisearchbar-search-field searchField"])
    }

    /// A team's rule file names its own class and key: scan reports it like a built-in one.
    func testATeamRuleFindsItsOwnPattern() throws {
        let file = """
            {"rules": [{"id": "team-legacy-badge", "fix": "own-the-state", "title": "Use the badge API",
              "detail": "LegacyBadgeView's _badgeLabel moved in 5.0.", "severity": "crash",
              "match": {"class": "LegacyBadgeView", "key": "_badgeLabel"}}]}
            """
        var rules = try RuleSet.builtIn()
        rules.add(try RuleSet.parse(json: Data(file.utf8), file: "team.json"))
        let source = """
            final class Cell: UITableViewCell {
                let badge: LegacyBadgeView

                func style() {
                    badge.setValue(UIColor.red, forKeyPath: "_badgeLabel.textColor")
                }
            }
            """
        XCTAssertEqual(
            try findings(source, path: "Cell.swift", rules: rules),
            ["5:49 team-legacy-badge _badgeLabel.textColor"])
        XCTAssertEqual(try findings(source, path: "Cell.swift", rules: RuleSet.builtIn()), [])
    }
}

/// The receiver's class from casts, cast variables and `id` declarations, in both languages.
final class ScanReceiverTests: XCTestCase {
    func sites(_ source: String, path: String) throws -> [String] {
        let file = try XCTUnwrap(
            SourceTree.File(path: path, language: try XCTUnwrap(SourceLanguage(path: path))))
        let bytes = Array(source.utf8)
        let declarations = SourceScanner.declarations(file, bytes: bytes)
        return SourceScanner.callSites(file, bytes: bytes, declarations: declarations).map {
            "\($0.line) \($0.receiverClass ?? "?") \($0.keyPath): \($0.classReason)"
        }
    }

    /// The findings the built-in rules make of an Objective-C source.
    func findings(_ source: String, path: String) throws -> [SourceFinding] {
        let file = try XCTUnwrap(SourceTree.File(path: path, language: .objectiveC))
        let bytes = Array(source.utf8)
        return SourceScanner.callSites(
            file, bytes: bytes, declarations: SourceScanner.declarations(file, bytes: bytes)
        ).compactMap(try RuleSet.builtIn().sourceFinding)
    }

    func testSwiftCastsAndCastVariablesNameTheClass() throws {
        let source = """
            final class NoteView: UIView {
                func configure(dict: [String: Any]) {
                    let label = (dict as NSDictionary).value(forKey: "_placeholderLabel")
                }
            }
            final class SearchController: UIViewController {
                let searchBar = UISearchBar()
                func style() {
                    let field = searchBar.value(forKey: "_searchField") as? UITextField
                    field?.setValue(UIColor.red, forKey: "_placeholderLabel.textColor")
                    (searchBar.value(forKey: "_searchField") as? UITextField)?.setValue(UIColor.gray, forKey: "_placeholderLabel.textColor")
                    (cell.contentView.subviews.first)?.setValue(1, forKey: "_tag")
                }
            }
            """
        XCTAssertEqual(
            try sites(source, path: "Views.swift"),
            [
                "3 NSDictionary _placeholderLabel: cast to NSDictionary",
                "9 UISearchBar _searchField: declared searchBar: UISearchBar",
                "10 UITextField _placeholderLabel.textColor: declared field: UITextField",
                "11 UISearchBar _searchField: declared searchBar: UISearchBar",
                "11 UITextField _placeholderLabel.textColor: cast to UITextField",
                "12 ? _tag: the receiver is an expression whose type is not certain from the code",
            ])
    }

    func testObjectiveCCastsAndIdParameters() throws {
        let source = """
            @implementation Helper
            - (void)apply:(id)unknown searchBar:(UISearchBar *)searchBar {
                [unknown setValue:@"x" forKey:@"_placeholderLabel"];
                [(UITextField *)[searchBar valueForKey:@"_searchField"] setValue:UIColor.redColor forKeyPath:@"_placeholderLabel.textColor"];
            }
            @end
            """
        XCTAssertEqual(
            try sites(source, path: "Helper.m"),
            [
                "3 ? _placeholderLabel: unknown is declared id, so its class is not known from the code",
                "4 UISearchBar _searchField: declared UISearchBar *searchBar",
                "4 UITextField _placeholderLabel.textColor: cast to UITextField *",
            ])
        // The text field reached through `_searchField` gets UITextField's rule, not UITextView's.
        let found = try findings(source, path: "Helper.m").map { "\($0.site.line) \($0.rule.id)" }
        XCTAssertTrue(found.contains("4 uitextfield-placeholder-label"), "\(found)")
    }

    /// A receiver that a method returns (its declared return type in the sources, a global
    /// function's too) or that a chain of members reaches (each member's declared type, or a UIKit
    /// member's type from the runtime headers).
    func testSwiftMethodReturnTypesAndChainsNameTheClass() throws {
        let source = """
            final class Header: UIView {
                let titleField: UITextField = UITextField()
            }
            final class SearchStyler: UIViewController {
                let header: Header = Header()
                let cell: UITableViewCell = UITableViewCell()
                func field() -> UITextField? { nil }
                func makeLabel(in view: UIView) throws -> UILabel { UILabel() }
                func style() {
                    field()?.setValue(UIColor.red, forKeyPath: "_placeholderLabel.textColor")
                    self.field()?.setValue(1, forKey: "_clearButtonOffset")
                    self.header.titleField.setValue(UIColor.red, forKeyPath: "_placeholderLabel.textColor")
                    self.cell.contentView.setValue(2, forKey: "_tag")
                    try? makeLabel(in: view).setValue(3, forKey: "_textColor")
                    unknownHelper().setValue(4, forKey: "_x")
                }
            }
            func globalField() -> UITextField { UITextField() }
            final class Other: UIView {
                func apply() { globalField().setValue(5, forKey: "_placeholderLabel") }
            }
            """
        XCTAssertEqual(
            try sites(source, path: "Styler.swift"),
            [
                "10 UITextField _placeholderLabel.textColor: field() is a UITextField (the declared types along it)",
                "11 UITextField _clearButtonOffset: self.field() is a UITextField (the declared types along it)",
                "12 UITextField _placeholderLabel.textColor: self.header.titleField is a UITextField (the declared types along it)",
                "13 UIView _tag: self.cell.contentView is a UIView (the declared types along it)",
                "14 UILabel _textColor: makeLabel() is a UILabel (the declared types along it)",
                "15 ? _x: the type unknownHelper() returns is not declared in the sources",
                "20 UITextField _placeholderLabel: globalField() is a UITextField (the declared types along it)",
            ])
    }

    func testObjectiveCMessagesAndChainsNameTheClass() throws {
        let source = """
            @interface SearchHelper : UIViewController
            @property (nonatomic, strong) UITableViewCell *cell;
            - (UITextField *)searchField;
            - (UILabel *)labelIn:(UIView *)view;
            @end
            @implementation SearchHelper
            - (void)style {
                [[self searchField] setValue:UIColor.redColor forKeyPath:@"_placeholderLabel.textColor"];
                [[self labelIn:self.view] setValue:@1 forKey:@"_textColor"];
                [self.cell.contentView setValue:@2 forKey:@"_tag"];
                [[self unknown] setValue:@3 forKey:@"_x"];
            }
            @end
            """
        XCTAssertEqual(
            try sites(source, path: "SearchHelper.m"),
            [
                "8 UITextField _placeholderLabel.textColor: [self searchField] is a UITextField (the declared types along it)",
                "9 UILabel _textColor: [self labelIn:self.view] is a UILabel (the declared types along it)",
                "10 UIView _tag: self.cell.contentView is a UIView (the declared types along it)",
                "11 ? _x: the receiver's type is not certain from the code",
            ])
        // The message's class makes it a finding of the rule for that class.
        let findings = try findings(source, path: "SearchHelper.m")
        XCTAssertTrue(
            findings.contains { $0.site.line == 8 && $0.ruleClass == "UITextField" },
            "\(findings.map(\.rule.id))")
    }
}

extension ScanReceiverTests {
    /// A key no rule names is a finding when UIKit's runtime headers show it reaching an instance
    /// variable and no property (`clearButtonOffset` finds UITextField's `_clearButtonOffset`),
    /// on a UIKit class or an app's subclass of one; a public property (`text`) is not.
    func testAKeyReachingOnlyAnInstanceVariableIsAFinding() throws {
        let source = """
            @interface MyField : UITextField
            @end
            @implementation MyField
            - (void)go:(UITextField *)field label:(UILabel *)label {
                [field setValue:@1 forKey:@"clearButtonOffset"];
                [label valueForKey:@"text"];
                [self valueForKey:@"clearButtonOffset"];
            }
            @end
            """
        let findings = try findings(source, path: "MyField.m")
        XCTAssertEqual(
            findings.map { "\($0.site.line) \($0.rule.id) \($0.ruleClass ?? "?")" },
            [
                "5 private-key-generic UITextField", "7 private-key-generic UITextField",
            ])
        XCTAssertTrue(
            findings[0].message.contains(
                "UIKit's runtime headers: UITextField has the instance variable _clearButtonOffset in iOS 4.3–18"
            ),
            findings[0].message)
    }
}

extension ScanReceiverTests {
    /// KVC reads a key path's first component, whatever the call; it sets only a plain key.
    func testTheFirstComponentsAccessor() {
        func site(_ accessor: String, _ keyPath: String) -> KVCCallSite {
            KVCCallSite(
                path: "A.m", language: .objectiveC, line: 1, column: 1, endLine: 1, endColumn: 1,
                accessor: accessor,
                receiver: "x", receiverClass: nil, classReason: "", appClass: nil, keyPath: keyPath,
                keyIsAppsOwn: false, lineText: "")
        }
        XCTAssertEqual(site("setValue:forKey:", "_placeholderLabel").firstComponentAccessor, .set)
        XCTAssertEqual(
            site("setValue:forKeyPath:", "_placeholderLabel.textColor").firstComponentAccessor, .get)
        XCTAssertEqual(site("userDefinedRuntimeAttribute", "_pageImage").firstComponentAccessor, .set)
        XCTAssertEqual(site("userDefinedRuntimeAttribute", "layer.cornerRadius").firstComponentAccessor, .get)
        XCTAssertEqual(site("value(forKey:)", "_searchField").firstComponentAccessor, .get)
    }
}

extension ScanReceiverTests {
    /// A key path through a public member to private state of the member's class (its type from
    /// UIKit's runtime headers) is a finding; through to public state it is not.
    func testAKeyPathThroughAMembersTypeReachesItsPrivateState() throws {
        let source = """
            @implementation PathView
            - (void)go:(UISearchBar *)searchBar {
                [searchBar setValue:UIColor.redColor forKeyPath:@"searchTextField._placeholderLabel.textColor"];
                [searchBar valueForKeyPath:@"searchTextField.text"];
            }
            @end
            """
        let findings = try findings(source, path: "Path.m")
        XCTAssertEqual(
            findings.map { "\($0.site.line) \($0.rule.id) \($0.ruleClass ?? "?") \($0.site.keyPath)" },
            ["3 uitextfield-placeholder-label UITextField _placeholderLabel.textColor"])
        XCTAssertTrue(
            findings.first?.site.classReason.hasSuffix(
                "UISearchBar.searchTextField is a UITextField (UIKit's runtime headers)") == true)
    }
}
