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

/// Evidence from the user's data on the bundled SampleReports: the seed's group is confined to
/// iOS below 8.3 and gets a high-confidence associated-object recommendation.
final class EvidenceTests: XCTestCase {
    var store: Store!

    override func setUpWithError() throws {
        store = try SampleStore.make(self)
    }

    /// The group of the first KVC failure that `condition` (fixed SQL of the test) selects.
    func group(where condition: String) throws -> Int64 {
        let row = try XCTUnwrap(
            try store.db.query("SELECT group_id FROM kvc_failures WHERE \(condition) LIMIT 1").first)
        return Int64(try XCTUnwrap(try row.int("group_id")))
    }

    func seedGroup() throws -> Int64 {
        let row = try XCTUnwrap(
            try store.db.query(
                "SELECT group_id FROM kvc_failures WHERE receiver_class = 'UITextView' AND key = '_placeholderLabel' LIMIT 1"
            ).first)
        return Int64(try XCTUnwrap(try row.int("group_id")))
    }

    /// Stored evidence reads back as `JSONDecoder` read it: every recommendation of the samples,
    /// one with every field set, and stored text that is not an evidence.
    func testStoredEvidenceReadsBackAsWritten() throws {
        let stored = try store.db.query(
            "SELECT evidence_json FROM recommendation WHERE evidence_json IS NOT NULL")
        XCTAssertFalse(stored.isEmpty)
        var full = try XCTUnwrap(Evidence.decode(try stored[0].string("evidence_json")))
        full.affectedDevices = 3
        full.affectedUsers = 0
        full.app = "Lily \"quoted\" / 中文 \u{1F600}"
        full.condition = "iOS < 8.3"
        full.confinedToFailingOS = false
        full.fixedIn = "2.4"
        full.regressed = true
        full.regressedIn = ["2.5", "2.6"]
        full.cleanAppVersionsOnFailingOS = ["2.0"]
        full.firstCrashingAppVersion = "2.1"
        full.rebuildNote = "line one\nline two\ttab"
        full.inferred = ["failsOn"]
        full.crashOSVersions.append(Evidence.Count(value: "8.1.3", reports: 12))
        full.usageOS = [Evidence.UsageCount(value: "8.4", launches: 30_100, crashes: 0)]
        let texts = try stored.compactMap { try $0.string("evidence_json") } + [try XCTUnwrap(full.json)]
        for text in texts {
            let foundation = try JSONDecoder().decode(Evidence.self, from: Data(text.utf8))
            XCTAssertEqual(try XCTUnwrap(Evidence.decode(text)).json, foundation.json, text)
        }
        XCTAssertEqual(Evidence.decode(try XCTUnwrap(full.json))?.app, full.app)
        for broken in ["", "[]", "{}", #"{"reports": "3"}"#, String(try XCTUnwrap(full.json).dropLast())] {
            XCTAssertNil(Evidence.decode(broken), broken)
        }
        let wrongType = try XCTUnwrap(full.json).replacingOccurrences(
            of: #""regressed":true"#, with: #""regressed":1"#)
        XCTAssertNotEqual(wrongType, full.json)
        XCTAssertNil(Evidence.decode(wrongType), "a member of the wrong type")
    }

    /// Launches per OS version weigh in: versions outside the failing window that ran without
    /// the crash fit the rule; a version inside it that ran as often as a crashing one without the
    /// crash does not (hand-made usage: 12,400 launches of 8.1.3 with 9 crashes).
    func testUsageWeighsTheFailingWindow() throws {
        var evidence = try XCTUnwrap(
            Evidence.decode(
                try store.db.query(
                    "SELECT evidence_json FROM recommendation WHERE evidence_json IS NOT NULL")[0]
                    .string("evidence_json")))
        let window = try OSRange.parse("<8.3")
        evidence.usageOS = [
            Evidence.UsageCount(value: "8.1.3", launches: 12_400, crashes: 9),
            Evidence.UsageCount(value: "8.4", launches: 30_100, crashes: 0),
        ]
        var verdict = Evidence.usageVerdict(evidence, window: window)
        XCTAssertEqual(
            verdict.fits,
            [
                "usage shows iOS 8.1.3: 12,400 launches, 9 crashes; 8.4: 30,100 launches, 0 crashes (outside the failing window without this crash)"
            ])
        XCTAssertEqual(verdict.problems, [])
        evidence.usageOS.append(Evidence.UsageCount(value: "8.2", launches: 20_000, crashes: 0))
        evidence.usageOS.append(Evidence.UsageCount(value: "8.0", launches: 300, crashes: 0))
        verdict = Evidence.usageVerdict(evidence, window: window)
        XCTAssertEqual(
            verdict.problems,
            [
                "usage shows iOS 8.2: 20,000 launches, 0 crashes, inside the failing window <8.3, without this crash"
            ],
            "8.0's 300 launches are too few to expect a crash where 8.1.3 had 12,400")
    }

    /// A team rule for the seed's crash whose key is a pattern the runtime headers cannot settle:
    /// its window and exception stay inferred.
    static let unsettledSeedRule = #"""
        {"rules": [{"id": "uitextview-placeholder-label", "match": {"class": "UITextView", "keyPattern": "^_placeholder[A-Z].*$"},
          "exceptions": ["NSUnknownKeyException"], "failsOn": "<8.3", "worksOn": ">=8.3",
          "inferred": ["failsOn", "worksOn", "exceptions"], "fix": "associated-object-placeholder",
          "title": "A team's rule", "detail": "The team's words."}]}
        """#

    /// Every check fits; LilyForParent also ran iOS 8.2, inside the rule's failing window, without
    /// this crash (it crashed there in UIAlertAction's group), but UIKit's runtime headers show
    /// UITextView without `_placeholderLabel` on 8.2, so that says only that the crashing code did
    /// not run there: high, and it says why.
    func testSeedGroupIsConfinedBelow83WithCounterEvidenceFrom82() throws {
        let explanation = try GroupExplanation.build(
            group: try seedGroup(), store: store, rules: RuleSet.builtIn())
        XCTAssertEqual(explanation.rule?.fix, "associated-object-placeholder")
        let evidence = try XCTUnwrap(explanation.evidence)
        XCTAssertEqual(evidence.confidence, .high)
        XCTAssertEqual(evidence.counterOSVersions.map(\.value), ["8.2"])
        XCTAssertEqual(evidence.measured, ["failsOn", "exceptions", "worksOn"])
        XCTAssertEqual(evidence.inferred, [])
        XCTAssertTrue(
            evidence.confidenceReason.hasSuffix(
                "LilyForParent also ran iOS 8.2 (1), inside the failing window <8.3, without this crash (the runtime headers show the member missing there, so the crashing code did not run); UIKit's runtime headers lack the member on the crashing versions"
            ),
            evidence.confidenceReason)
        XCTAssertEqual(
            evidence.headers,
            "UITextView declares no instance variable or property KVC finds for the key _placeholderLabel in iOS 4.3–8.2; the instance variable _placeholderLabel in iOS 8.3–18; missing on the crashing iOS 8.1 (1), 8.1.2 (4), 8.1.3 (4)"
        )
        XCTAssertEqual(evidence.confinedToFailingOS, true)
        XCTAssertEqual(evidence.failingWindow, "<8.3")
        XCTAssertEqual(evidence.crashOSVersions.map(\.value), ["8.1", "8.1.2", "8.1.3"])
        XCTAssertEqual(
            evidence.cleanOSVersions.map(\.value), ["8.2", "8.4"],
            "LilyForParent ran 8.2 and 8.4 without this crash")
        XCTAssertEqual(evidence.app, "LilyForParent")
        XCTAssertEqual(evidence.affectedOS, "8.1 – 8.1.3")
        XCTAssertFalse(evidence.regressed)
        XCTAssertEqual(
            evidence.cleanAppVersionsOnFailingOS, [],
            "2.2.9's SDK log (no reason, same call site) is this crash, not a version that ran iOS 8.1 without it"
        )
        XCTAssertEqual(evidence.firstCrashingAppVersion, "2.2.9")
        XCTAssertEqual(evidence.reports, 9)
        XCTAssertEqual(
            explanation.matchedRules.map(\.ruleID), ["uitextview-placeholder-label", "private-key-generic"])
        XCTAssertTrue(
            ExplanationRenderer.text(explanation).contains("confined        yes: every crash ran iOS <8.3"))
        let text = ExplanationRenderer.text(explanation)
        XCTAssertTrue(text.contains("fails on        iOS <8.3 (measured)"), text)
        XCTAssertTrue(
            text.contains("headers         missing on the crashing iOS 8.1 (1), 8.1.2 (4), 8.1.3 (4)"), text)
        XCTAssertTrue(text.contains("no crash on     iOS 8.2 (1): inside the failing window"), text)
    }

    /// Under a rule whose failing window and exception are inferred (no crash log states them,
    /// and the runtime headers cannot settle a key pattern), without the 8.2 run every check
    /// fits: at most medium, and it says why.
    func testSeedGroupConfidenceIsCappedByInferredFacts() throws {
        try store.db.run("DELETE FROM report WHERE os_version = '8.2'")
        let file = try TestPaths.temporaryFolder(self).appendingPathComponent("team.json")
        try Data(Self.unsettledSeedRule.utf8).write(to: file)
        let evidence = try XCTUnwrap(
            try GroupExplanation.build(
                group: try seedGroup(), store: store, rules: RuleSet.load(extraFiles: [file.path])
            ).evidence)
        XCTAssertEqual(evidence.counterOSVersions.map(\.value), [])
        XCTAssertEqual(evidence.confidence, .medium)
        XCTAssertTrue(
            evidence.confidenceReason.hasSuffix(
                "at most medium: the rule's failing OS window and exception are inferred, not seen in a crash report"
            ),
            evidence.confidenceReason)
    }

    func testStoredRecommendationCarriesTheEvidence() throws {
        let row = try XCTUnwrap(
            try store.db.query(
                "SELECT * FROM recommendations WHERE group_id = ?", [.integer(try seedGroup())]
            ).first)
        XCTAssertEqual(try row.string("confidence"), "high")
        XCTAssertEqual(try row.string("affected_os"), "8.1 – 8.1.3")
        XCTAssertEqual(
            try row.string("crash_os_versions"), "8.1:1;8.1.2:4;8.1.3:4", "2.2.9's SDK log is the same crash")
        XCTAssertEqual(try row.string("clean_os_versions"), "8.2:1;8.4:1")
        XCTAssertEqual(try row.int("confined_to_failing_os"), 1)
        XCTAssertEqual(try row.int("regressed"), 0)
    }

    func testCrashesOutsideTheWindowLowerTheConfidence() throws {
        // The same crash reported from iOS 9: not what the rule predicts.
        let text =
            "设备机型：iPhone 6s\n系统版本：9.3.5 (13G36)\n进程名：LilyForParent\n异常名称：NSUnknownKeyException\n异常原因：[<UITextView 0x1> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key _placeholderLabel.\n0 LilyForParent    -[UItextView(Extension)was_setPlaceholderWithText:Color:] (UITextView+Extension.m:41)\n"
        let file = try TestPaths.temporaryFolder(self).appendingPathComponent("ios9.txt")
        try Data(text.utf8).write(to: file)
        _ = try Importer(store: store, rules: RuleSet.builtIn()).run(
            [.file(file.path)], arguments: "t", version: "t")
        let evidence = try XCTUnwrap(
            try GroupExplanation.build(group: try seedGroup(), store: store, rules: RuleSet.builtIn())
                .evidence)
        XCTAssertEqual(evidence.confinedToFailingOS, false)
        XCTAssertEqual(evidence.outsideFailingOS, ["9.3.5"])
        XCTAssertEqual(
            evidence.confidence, .medium,
            "outside the window (the 8.2 run is no counter-evidence where the headers lack the member)")
        XCTAssertTrue(
            evidence.confidenceReason.contains("outside the failing window <8.3"), evidence.confidenceReason)
    }

    func testGroupSeenInALaterVersionThanItsFixIsRegressed() throws {
        let group = try seedGroup()
        try store.db.run(
            "INSERT INTO group_fix (group_id, fixed_in, noted_at) VALUES (?, '2.3.0', 'now')",
            [.integer(group)])
        let evidence = try XCTUnwrap(
            try GroupExplanation.build(group: group, store: store, rules: RuleSet.builtIn()).evidence)
        XCTAssertEqual(evidence.fixedIn, "2.3.0")
        XCTAssertTrue(evidence.regressed)
        // Fixed in 2.3.0: 2.3.0 itself must not crash either.
        XCTAssertEqual(evidence.regressedIn, ["2.3.0", "2.3.1"])
        try store.db.run("UPDATE group_fix SET fixed_in = '2.10' WHERE group_id = ?", [.integer(group)])
        XCTAssertFalse(
            try GroupExplanation.build(group: group, store: store, rules: RuleSet.builtIn()).evidence?
                .regressed ?? true)
    }

    func testTeamRuleFixedInFlagsARegression() throws {
        var rules = try RuleSet.builtIn()
        var team = try XCTUnwrap(rules.rules.first { $0.id == "uitextview-placeholder-label" })
        team.fixedIn = "2.3"
        team.source = "team.json"
        rules.add([team])
        let evidence = try XCTUnwrap(
            try GroupExplanation.build(group: try seedGroup(), store: store, rules: rules).evidence)
        XCTAssertTrue(evidence.regressed)
        XCTAssertEqual(evidence.regressedIn, ["2.3.0", "2.3.1"], "2.3 and 2.3.0 are one version")
    }

    func testGenericRuleIsLowConfidence() throws {
        let text =
            "NSUnknownKeyException\n[<UIScrollView 0x1> valueForUndefinedKey:]: this class is not key value coding-compliant for the key _horizontalScrollIndicator.\n"
        let file = try TestPaths.temporaryFolder(self).appendingPathComponent("generic.txt")
        try Data(text.utf8).write(to: file)
        _ = try Importer(store: store, rules: RuleSet.builtIn()).run(
            [.file(file.path)], arguments: "t", version: "t")
        let row = try XCTUnwrap(
            try store.db.query(
                "SELECT r.fix, r.confidence FROM recommendations r JOIN crash_groups g ON g.id = r.group_id WHERE g.key = '_horizontalScrollIndicator'"
            ).first)
        XCTAssertEqual(try row.string("fix"), "own-the-state")
        XCTAssertEqual(try row.string("confidence"), "low")
    }
}

/// iOS 13's blocks fire only for apps built with the iOS 13 SDK: evidence points at the rebuild
/// when older app versions ran iOS 13 without the crash.
final class RebuildEvidenceTests: XCTestCase {
    func testOlderAppVersionsOnIOS13WithoutTheCrashPointAtTheRebuild() throws {
        let folder = try TestPaths.temporaryFolder(self)
        let store = try Store(path: folder.appendingPathComponent("db.sqlite").path)
        func write(_ name: String, _ text: String) throws -> InputSource {
            let url = folder.appendingPathComponent(name)
            try Data(text.utf8).write(to: url)
            return .file(url.path)
        }
        let old = try write(
            "old.txt",
            "Device Model: iPhone 11\nOS Version: 13.1 (17A844)\nApp Version: 3.7.0\nProcess: Tickety\nNSRangeException\n*** -[__NSArrayI objectAtIndex:]: index 3 beyond bounds [0 .. 2]\n"
        )
        let new = try write(
            "new.txt",
            "Device Model: iPhone 11\nOS Version: 13.3 (17C54)\nApp Version: 3.8.0\nProcess: Tickety\nNSGenericException\nAccess to UITextField's _placeholderLabel ivar is prohibited. This is an application bug\n"
        )
        _ = try Importer(store: store, rules: RuleSet.builtIn()).run(
            [old, new], arguments: "t", version: "t")
        let group = try XCTUnwrap(
            try store.db.query("SELECT group_id FROM kvc_failures").first?.int("group_id"))
        let evidence = try XCTUnwrap(
            try GroupExplanation.build(group: Int64(group), store: store, rules: RuleSet.builtIn()).evidence)
        XCTAssertEqual(evidence.cleanAppVersionsOnFailingOS, ["3.7.0"])
        XCTAssertEqual(evidence.firstCrashingAppVersion, "3.8.0")
        XCTAssertTrue(evidence.rebuildNote?.contains("points at the rebuild with the new SDK") ?? false)

        let app = GroupApp(name: "Tickety", bundleID: nil)
        XCTAssertEqual(try store.appVersions(of: app), ["3.7.0", "3.8.0"])

        // With the caches stale (a hand edit), the versions are read from the reports
        // themselves (another query): the same answers.
        try store.db.execute("UPDATE report SET app_version = app_version")
        XCTAssertFalse(try store.cachesReadable())
        let fromRows = try XCTUnwrap(
            try GroupExplanation.build(group: Int64(group), store: store, rules: RuleSet.builtIn()).evidence)
        XCTAssertEqual(fromRows.cleanAppVersionsOnFailingOS, ["3.7.0"])
        XCTAssertEqual(try store.appVersions(of: app), ["3.7.0", "3.8.0"])
    }
}

extension EvidenceTests {
    /// A group whose reports name neither class nor key (the 2019 Bugly SDK log without a reason,
    /// `?.?`, joined to no call site) is never more than low confidence, and its fix's code (the
    /// rule's sample, another app's outlet) is not shown as if it were this app's.
    func testAGroupWithoutClassOrKeyIsLowAndShowsNoOtherAppsCode() throws {
        let group = try group(where: "receiver_class IS NULL AND key IS NULL AND cause = 'outlet_mismatch'")
        let explanation = try GroupExplanation.build(group: group, store: store, rules: RuleSet.builtIn())
        XCTAssertEqual(explanation.rule?.fix, "reconnect-outlet")
        XCTAssertEqual(explanation.evidence?.confidence, .low)
        XCTAssertTrue(
            explanation.evidence?.confidenceReason.hasPrefix("the reports name neither the class nor the key")
                == true)
        XCTAssertNil(explanation.rule?.objc)
        XCTAssertNil(explanation.rule?.swift)
        let text = ExplanationRenderer.text(explanation)
        XCTAssertFalse(text.contains("thumbnailWidthConstraint"), text)
        XCTAssertTrue(
            text.contains("Code not shown: this group's reports name neither the class nor the key"), text)
        let stored = try XCTUnwrap(
            try store.db.query("SELECT confidence FROM recommendations WHERE group_id = ?", [.integer(group)])
                .first)
        XCTAssertEqual(try stored.string("confidence"), "low")
    }
}

extension EvidenceTests {
    /// The status bar read to learn the network type (`+[NPNetworkProbe currentRadioType]`) gets
    /// the network-type fix, with its code, not the status bar's frame; the same key read from
    /// elsewhere keeps the statusBarManager fix.
    func testTheStatusBarReadForTheNetworkTypeGetsTheNetworkFix() throws {
        let group = try group(where: "receiver_class = 'UIApplication' AND key = 'statusBar'")
        let explanation = try GroupExplanation.build(group: group, store: store, rules: RuleSet.builtIn())
        XCTAssertEqual(explanation.rule?.id, "uiapplication-status-bar-network-type")
        XCTAssertEqual(explanation.rule?.fix, "network-status-api")
        XCTAssertTrue(
            explanation.rule?.objc?.contains("CTTelephonyNetworkInfo") == true, "the fix page's code")
        XCTAssertEqual(explanation.matchedRules.dropFirst().first?.ruleID, "uiapplication-status-bar")

        let other = RuleSubject(
            exceptionType: "NSInternalInconsistencyException", kind: .undefinedKey,
            receiverClass: "UIApplication",
            key: "statusBar", keyIsPrivate: true, cause: .privateKey, osKeys: [],
            blameFrame: "-[ThemeController tintStatusBar]")
        XCTAssertEqual(try RuleSet.builtIn().bestMatch(for: other)?.fix, "status-bar-manager")
    }
}
