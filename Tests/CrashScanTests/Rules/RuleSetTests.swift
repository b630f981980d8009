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

/// The rules engine: the built-in rules, team rule files, errors that name file, rule and field.
final class RuleSetTests: XCTestCase {
    func subject(
        exception: String? = nil, kind: KVCKind? = .undefinedKey, receiver: String?, key: String?,
        cause: KVCCause? = .privateKey, os: [String] = []
    ) -> RuleSubject {
        RuleSubject(
            exceptionType: exception, kind: kind, receiverClass: receiver, key: key,
            keyIsPrivate: cause == .privateKey,
            cause: cause, osKeys: os.compactMap { OSVersion.parse($0)?.sortKey })
    }

    func testBuiltInRulesCoverTheRequiredFixes() throws {
        let rules = try RuleSet.builtIn()
        XCTAssertEqual(
            rules.bestMatch(for: subject(receiver: "UITextView", key: "_placeholderLabel", os: ["8.1.3"]))?
                .fix,
            "associated-object-placeholder")
        XCTAssertEqual(
            rules.bestMatch(
                for: subject(
                    kind: .prohibitedIvar, receiver: "UITextField", key: "_placeholderLabel.textColor"))?.fix,
            "attributed-placeholder")
        XCTAssertEqual(
            rules.bestMatch(
                for: subject(kind: .prohibitedIvar, receiver: "UISearchBar", key: "_searchField"))?.fix,
            "search-text-field")
        XCTAssertEqual(
            rules.bestMatch(for: subject(receiver: "MyCell", key: "titleLabel", cause: .outletMismatch))?.fix,
            "reconnect-outlet")
        XCTAssertEqual(
            rules.bestMatch(for: subject(receiver: "UIScrollView", key: "_horizontalScrollIndicator"))?.fix,
            "own-the-state",
            "the generic rule covers any other private key")
        XCTAssertNil(
            rules.bestMatch(for: subject(receiver: "__NSArrayI", key: "gaussianBlu", cause: .unknown)))
    }

    func testAssociatedObjectRecommendationExplainsAndNamesTheSeedDefects() throws {
        let rule = try XCTUnwrap(
            try RuleSet.builtIn().rules.first { $0.fix == "associated-object-placeholder" })
        for phrase in [
            "8.3", "objc_setAssociatedObject", "UITextViewTextDidChangeNotification", "self.delegate = self",
            "-layoutSubviews", "textContainerInset", "lineFragmentPadding", "set in code",
        ] {
            XCTAssertTrue(rule.detail.contains(phrase), phrase)
        }
    }

    /// Reports reuse the stored evidence only while the digest of the rules is unchanged, so the
    /// same rules must give the same digest in every load (and every process).
    /// Every condition a rule file can state reads back, describes itself in the rules list and
    /// in `explain`, and the first one that fails is the one named.
    func testEveryMatchConditionParsesEvaluatesAndDescribesItself() throws {
        let file = #"""
            {"rules": [{"id": "all", "fix": "f", "title": "t", "detail": "d", "match": {
                "os": "<8.3", "keyIsPrivate": true, "cause": "private_key", "keyPattern": "^_place",
                "key": "_placeholderLabel", "classPattern": "^UIText", "class": ["UITextView", "UITextField"],
                "kind": "undefined_key", "exception": "NSUnknownKeyException", "framePattern": "Placeholder"}}]}
            """#
        let rule = try XCTUnwrap(RuleSet.parse(json: Data(file.utf8), file: "all.json").first)
        XCTAssertEqual(rule.match.conditions.map(\.field), RuleCondition.fields, "file order does not matter")
        XCTAssertEqual(
            rule.match.summary,
            "exception=NSUnknownKeyException kind=undefined_key class=UITextView|UITextField class~/^UIText/ key=_placeholderLabel key~/^_place/ cause=private_key private=true os <8.3 frame~/Placeholder/"
        )
        XCTAssertEqual(rule.specificity, 80, "a list and a pattern of the class (or key) are one aspect")
        var seed = subject(
            exception: "NSUnknownKeyException", receiver: "UITextView", key: "_placeholderLabel",
            os: ["8.1.3"])
        seed.blameFrame = "-[UITextView(Placeholder) setPlaceholder:]"
        let matched = rule.match.evaluate(seed)
        XCTAssertNil(matched.failure)
        XCTAssertEqual(matched.reasons.count, 10)
        XCTAssertEqual(matched.reasons[2], "class UITextView in [UITextView, UITextField]")
        XCTAssertEqual(matched.reasons[8], "a report ran iOS <8.3")
        XCTAssertEqual(
            matched.reasons.last,
            "blame frame -[UITextView(Placeholder) setPlaceholder:] matches /Placeholder/")
        var elsewhere = seed
        elsewhere.blameFrame = "-[Notes viewDidLoad]"
        XCTAssertEqual(
            rule.match.evaluate(elsewhere).failure, "blame frame -[Notes viewDidLoad] matches /Placeholder/")
        var later = seed
        later.osKeys = [OSVersion.parse("13.0")?.sortKey ?? 0]
        XCTAssertEqual(rule.match.evaluate(later).failure, "a report ran iOS <8.3")
        later.receiverClass = "UILabel"
        XCTAssertEqual(rule.match.evaluate(later).failure, "class UILabel in [UITextView, UITextField]")
        XCTAssertEqual(rule.match.evaluate(later).reasons.count, 2, "the conditions before it held")
    }

    func testDigestIsStableAcrossLoadsAndFollowsPatterns() throws {
        let first = try RuleSet.builtIn()
        XCTAssertTrue(
            first.rules.contains {
                $0.match.condition("classPattern") != nil || $0.match.condition("keyPattern") != nil
            })
        XCTAssertEqual(first.digest, try RuleSet.builtIn().digest)
        var rules = first.rules
        let index = try XCTUnwrap(rules.firstIndex { $0.match.condition("keyPattern") != nil })
        rules[index].match.set(.keyPattern(try NSRegularExpressionBox("^_other$")))
        XCTAssertNotEqual(first.digest, RuleSet(rules: rules).digest)
    }

    func testTeamRulesExtendAndOverrideByID() throws {
        let folder = try TestPaths.temporaryFolder(self)
        let file = folder.appendingPathComponent("team.json")
        try Data(
            """
            {"rules": [
              {"id": "uisearchbar-search-field", "match": {"class": "UISearchBar", "key": "_searchField"},
               "fix": "team-search-helper", "title": "Use TeamSearchHelper", "detail": "See wiki page 12."},
              {"id": "old-textview-only", "match": {"class": "UITextView", "keyPattern": "^_placeholderLabel$", "os": "<8.3", "kind": "undefined_key"},
               "fix": "team-placeholder", "title": "Use TeamTextView", "detail": ["Line one.", "Line two."]}
            ]}
            """.utf8
        ).write(to: file)
        let rules = try RuleSet.load(extraFiles: [file.path])
        XCTAssertEqual(rules.rules.filter { $0.id == "uisearchbar-search-field" }.count, 1)
        XCTAssertEqual(
            rules.bestMatch(
                for: subject(kind: .prohibitedIvar, receiver: "UISearchBar", key: "_searchField"))?.fix,
            "team-search-helper")
        let old = rules.bestMatch(
            for: subject(receiver: "UITextView", key: "_placeholderLabel", os: ["8.1.3"]))
        XCTAssertEqual(old?.fix, "team-placeholder", "more conditions: more specific")
        XCTAssertEqual(old?.detail, "Line one.\nLine two.")
        let newer = rules.bestMatch(
            for: subject(receiver: "UITextView", key: "_placeholderLabel", os: ["9.0"]))
        XCTAssertEqual(newer?.fix, "associated-object-placeholder", "the OS range does not match 9.0")
    }

    func testMalformedRuleFilesNameTheFileTheRuleAndTheField() throws {
        let cases: [(String, String)] = [
            (
                "{\"rules\": [{\"id\": \"a\", \"match\": {\"os\": \"8.x\"}, \"fix\": \"f\", \"title\": \"t\", \"detail\": \"d\"}]}",
                "rule 'a' (#1), field 'match.os'"
            ),
            (
                "{\"rules\": [{\"id\": \"b\", \"match\": {\"kind\": \"missing_key\"}, \"fix\": \"f\", \"title\": \"t\", \"detail\": \"d\"}]}",
                "rule 'b' (#1), field 'match.kind'"
            ),
            (
                "{\"rules\": [{\"id\": \"c\", \"match\": {\"clas\": \"UITextView\"}, \"fix\": \"f\", \"title\": \"t\", \"detail\": \"d\"}]}",
                "rule 'c' (#1), field 'match.clas'"
            ),
            (
                "{\"rules\": [{\"id\": \"d\", \"match\": {\"class\": \"X\"}, \"title\": \"t\", \"detail\": \"d\"}]}",
                "rule 'd' (#1), field 'fix'"
            ),
            (
                "{\"rules\": [{\"id\": \"e\", \"match\": {\"keyPattern\": \"([\"}, \"fix\": \"f\", \"title\": \"t\", \"detail\": \"d\"}]}",
                "rule 'e' (#1), field 'match.keyPattern'"
            ),
            ("{\"rules\": [{\"match\": {}}]}", "rule #1, field 'id'"),
            (
                "{\"rules\": [{\"id\": \"g\", \"match\": {}, \"fix\": \"f\", \"title\": \"t\", \"detail\": \"d\"}]}",
                "rule 'g' (#1), field 'match'"
            ),
            (
                "{\"rules\": [{\"id\": \"h\", \"match\": {\"class\": \"X\"}, \"fix\": \"Bad Slug\", \"title\": \"t\", \"detail\": \"d\"}]}",
                "rule 'h' (#1), field 'fix'"
            ),
            (
                "{\"rules\": [{\"id\": \"i\", \"match\": {\"class\": \"X\"}, \"fix\": \"f\", \"title\": \"t\", \"detail\": \"d\", \"inferred\": [\"failson\"]}]}",
                "rule 'i' (#1), field 'inferred': unknown fact 'failson'"
            ),
            (
                "{\"rules\": [{\"id\": \"j\", \"match\": {\"class\": \"X\"}, \"fix\": \"f\", \"title\": \"t\", \"detail\": \"d\", \"replacement\": {\"objc\": \"x\", \"target\": \"nine\"}}]}",
                "rule 'j' (#1), field 'replacement.target'"
            ),
            (
                "{\"rules\": [{\"id\": \"k\", \"match\": {\"class\": \"X\"}, \"fix\": \"f\", \"title\": \"t\", \"detail\": \"d\", \"gatedBySDK\": \"yes\"}]}",
                "rule 'k' (#1), field 'gatedBySDK'"
            ),
            ("{\"rule\": []}", "field 'rules'"),
            ("{\"rules\": [", "not valid JSON"),
        ]
        for (json, expected) in cases {
            XCTAssertThrowsError(try RuleSet.parse(json: Data(json.utf8), file: "team.json"), json) { error in
                let text = "\(error)"
                XCTAssertTrue(text.hasPrefix("rules file team.json"), text)
                XCTAssertTrue(text.contains(expected), "\(text) should contain \(expected)")
            }
        }
    }

    func testErrorsNameTheLineOfTheField() throws {
        let json = """
            {
              "rules": [
                {
                  "id": "team-one",
                  "match": {"class": "UITextView", "key": "_placeholderLabel"},
                  "fix": "team-fix",
                  "title": "t",
                  "detail": "d"
                },
                {
                  "id": "team-two",
                  "match": {
                    "class": "UISearchBar",
                    "os": ">= thirteen"
                  },
                  "fix": "team-fix",
                  "title": "t",
                  "detail": "d"
                }
              ]
            }
            """
        XCTAssertThrowsError(try RuleSet.parse(json: Data(json.utf8), file: "team.json")) { error in
            XCTAssertEqual(
                "\(error)",
                "rules file team.json, line 14, rule 'team-two' (#2), field 'match.os': invalid OS version '>= thirteen': expected a version (8.1 means every 8.1.x; also 8.1.3 or 8), a range 8.0..8.2, or a comparison >=13, >13, <8.3, <=8.1"
            )
        }
        let typo = json.replacingOccurrences(
            of: "\"title\": \"t\",\n      \"detail\": \"d\"\n    },\n    {",
            with: "\"titel\": \"t\",\n      \"detail\": \"d\"\n    },\n    {")
        XCTAssertThrowsError(try RuleSet.parse(json: Data(typo.utf8), file: "team.json")) { error in
            XCTAssertTrue(
                "\(error)".hasPrefix(
                    "rules file team.json, line 7, rule 'team-one' (#1), field 'titel': unknown field"),
                "\(error)")
        }
        XCTAssertThrowsError(
            try RuleSet.parse(
                json: Data("{\n  \"rules\": [\n    {\"id\": \"a\",}\n  ]\n}".utf8), file: "t.json")
        ) {
            error in
            XCTAssertEqual(
                "\(error)", "rules file t.json, line 3: not valid JSON: trailing comma in an object")
        }
    }

    func testTheDocumentedRuleExampleIsValid() throws {
        let section = try String(
            contentsOf: TestPaths.packageRoot.appendingPathComponent("docs/rule-files.md"), encoding: .utf8)
        let block = try XCTUnwrap(section.components(separatedBy: "```json\n").dropFirst().first)
        let json = try XCTUnwrap(block.components(separatedBy: "```").first)
        let rules = try RuleSet.parse(json: Data(json.utf8), file: "rule-files.md")
        XCTAssertEqual(rules.first?.failsOn?.description, "<8.3")
        XCTAssertEqual(rules.first?.fixedIn, "2.4.0")
    }

    func testBuiltInRulesAreValidAndUnique() throws {
        let rules = try RuleSet.builtIn().rules
        XCTAssertGreaterThanOrEqual(rules.count, 4)
        XCTAssertEqual(Set(rules.map(\.id)).count, rules.count)
    }
}
