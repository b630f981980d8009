import XCTest

@testable import CrashScanCatalogs
@testable import CrashScanImport
@testable import CrashScanIngest
@testable import CrashScanReport
@testable import CrashScanRules
@testable import CrashScanStore

/// "Ran without this crash" compares a group with reports of the same app on the same platform
/// only (issue 36, point 2), and a clean version inside the rule's failing window counts against
/// the recommendation.
final class EvidenceScopeTests: XCTestCase {
    var folder: URL!
    var store: Store!

    /// One console report: the app (process, bundle id), its OS, and a crash.
    static func report(
        process: String?, bundle: String? = "com.example.noteworthy", os: String, reason: String,
        exception: String = "NSUnknownKeyException", frame: String? = "-[NoteView setup] (NoteView.m:12)"
    ) -> String {
        var lines = ["Device Model: iPhone 6", "OS Version: \(os)", "App Version: 1.0"]
        if let process { lines.append("Process: \(process)") }
        if let bundle { lines.append("Bundle ID: \(bundle)") }
        lines += [exception, reason]
        if let process, let frame { lines.append("0 \(process)    \(frame)") }
        return lines.joined(separator: "\n") + "\n"
    }

    static let seedReason =
        "[<UITextView 0x1> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key _placeholderLabel."
    static let rangeReason = "*** -[__NSArrayI objectAtIndex:]: index 3 beyond bounds [0 .. 2]"

    override func setUpWithError() throws {
        folder = try TestPaths.temporaryFolder(self)
        store = try Store(path: folder.appendingPathComponent("db.sqlite").path)
        let files: [(String, String)] = [
            // The seed crash in Noteworthy on iOS 8.1.3.
            ("seed.txt", Self.report(process: "Noteworthy", os: "8.1.3 (12B466)", reason: Self.seedReason)),
            // Another crash elsewhere on 8.2: inside the failing window (<8.3), without the seed crash.
            (
                "inside.txt",
                Self.report(
                    process: "Noteworthy", os: "8.2 (12D508)", reason: Self.rangeReason,
                    exception: "NSRangeException",
                    frame: "-[ListView reload] (ListView.m:40)")
            ),
            // Another crash on 8.4 on the seed's own line: no sign 8.4 runs without it.
            (
                "same-line.txt",
                Self.report(
                    process: "Noteworthy", os: "8.4 (12H143)", reason: Self.rangeReason,
                    exception: "NSRangeException")
            ),
            // A clean run on 9.0, elsewhere.
            (
                "clean.txt",
                Self.report(
                    process: "Noteworthy", os: "9.0 (13A344)", reason: Self.rangeReason,
                    exception: "NSRangeException",
                    frame: "-[ListView reload] (ListView.m:40)")
            ),
            // Another app of the same name (another bundle id) on 9.1.
            (
                "other-bundle.txt",
                Self.report(
                    process: "Noteworthy", bundle: "com.other.noteworthy", os: "9.1 (13B143)",
                    reason: Self.rangeReason, exception: "NSRangeException", frame: "-[Other run] (Other.m:1)"
                )
            ),
            // The same app on macOS 10.15 (Mac Catalyst builds report so).
            (
                "mac.txt",
                Self.report(
                    process: "Noteworthy", os: "macOS 10.15.7 (19H2)", reason: Self.rangeReason,
                    exception: "NSRangeException", frame: "-[ListView reload] (ListView.m:40)")
            ),
            // A crash whose report names no app: UISearchBar's _searchField on iOS 13.
            (
                "no-app.txt",
                Self.report(
                    process: nil, bundle: nil, os: "13.2 (17B84)",
                    reason:
                        "Access to UISearchBar's _searchField ivar is prohibited. This is an application bug",
                    exception: "NSGenericException", frame: nil)
            ),
        ]
        var sources: [InputSource] = []
        for (name, text) in files {
            let url = folder.appendingPathComponent(name)
            try Data(text.utf8).write(to: url)
            sources.append(.file(url.path))
        }
        _ = try Importer(store: store, rules: RuleSet.builtIn()).run(sources, arguments: "t", version: "t")
    }

    func evidence(key: String) throws -> Evidence {
        let group = try XCTUnwrap(
            try store.db.query("SELECT group_id FROM kvc_failures WHERE key = ?", [.text(key)]).first?.int(
                "group_id"))
        return try XCTUnwrap(
            try GroupExplanation.build(group: Int64(group), store: store, rules: RuleSet.builtIn()).evidence)
    }

    func testCleanVersionsAreTheSameAppsOnTheSamePlatformAndNotOnTheSameLine() throws {
        let evidence = try evidence(key: "_placeholderLabel")
        XCTAssertEqual(evidence.app, "Noteworthy")
        XCTAssertEqual(evidence.crashOSVersions.map(\.value), ["8.1.3"])
        // 8.4 crashed on the seed's own line; 9.1 is another app; macOS is another platform.
        XCTAssertEqual(evidence.cleanOSVersions.map(\.value), ["8.2", "9.0"])
    }

    /// A clean run inside the failing window is counter-evidence, unless UIKit's runtime headers
    /// show the member missing there (the seed's: UITextView has no `_placeholderLabel` before
    /// 8.3), where it only says the crashing code did not run.
    func testACleanVersionInsideTheFailingWindowIsCounterEvidence() throws {
        let evidence = try evidence(key: "_placeholderLabel")
        XCTAssertEqual(evidence.counterOSVersions.map(\.value), ["8.2"])
        XCTAssertEqual(evidence.confidence, .high)
        XCTAssertTrue(
            evidence.confidenceReason.contains(
                "Noteworthy also ran iOS 8.2 (1), inside the failing window <8.3, without this crash (the runtime headers show the member missing there"
            ),
            evidence.confidenceReason)
        let summary = ReportRenderer.evidenceSummary(evidence)
        XCTAssertTrue(summary.contains("(the runtime headers show the member missing there"), summary)
        XCTAssertFalse(summary.contains("COUNTER-EVIDENCE"), summary)

        // The same group under a team rule whose key the headers cannot settle (a pattern): the
        // clean 8.2 run is counter-evidence and keeps the confidence at medium.
        let file = try TestPaths.temporaryFolder(self).appendingPathComponent("team.json")
        try Data(EvidenceTests.unsettledSeedRule.utf8).write(to: file)
        let team = try RuleSet.load(extraFiles: [file.path])
        let group = try XCTUnwrap(
            try store.db.query("SELECT group_id FROM kvc_failures WHERE key = '_placeholderLabel'").first?
                .int(
                    "group_id"))
        let unsettled = try XCTUnwrap(
            try GroupExplanation.build(group: Int64(group), store: store, rules: team).evidence)
        XCTAssertEqual(unsettled.confidence, .medium)
        XCTAssertTrue(
            ReportRenderer.evidenceSummary(unsettled).contains(
                "COUNTER-EVIDENCE: iOS 8.2 is inside the failing window <8.3"))

        // Without the clean 8.2 run the same group is not contradicted.
        try store.db.run("DELETE FROM report WHERE source_path LIKE '%inside.txt'")
        let without = try self.evidence(key: "_placeholderLabel")
        XCTAssertEqual(without.counterOSVersions.map(\.value), [])
        XCTAssertFalse(
            without.confidenceReason.contains("inside the failing window"), without.confidenceReason)
    }

    func testAGroupWhoseReportsNameNoAppMakesNoRanWithoutClaim() throws {
        let evidence = try evidence(key: "_searchField")
        XCTAssertNil(evidence.app)
        XCTAssertEqual(evidence.cleanOSVersions.map(\.value), [], "other apps' runs say nothing of this one")
        XCTAssertEqual(evidence.counterOSVersions.map(\.value), [])
        XCTAssertEqual(evidence.confidence, .high)
    }

    func testOSFiltersReadIOSVersionsUnlessAPlatformIsGiven() throws {
        let runner = CommandRunner(folder: folder)
        let db = folder.appendingPathComponent("db.sqlite").path
        let ios10 = try runner.run(["report", "--db", db, "--os", "10", "--format", "json"])
        XCTAssertEqual(ios10.status, 0, ios10.err)
        let json = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(ios10.out.utf8)) as? [String: Any])
        XCTAssertEqual((json["filters"] as? [String: String])?["os"], "iOS 10", "the header says iOS")
        XCTAssertEqual(
            (json["summary"] as? [String: Any])?["reports"] as? Int, 0, "macOS 10.15.7 is no iOS 10")

        let mac = try runner.run(["report", "--db", db, "--platform", "macos", "--os", "10.15"])
        XCTAssertEqual(mac.status, 0, mac.err)
        XCTAssertTrue(mac.out.contains("filters: os macOS 10.15, platform macOS"), mac.out)
        XCTAssertTrue(mac.out.contains("1 crash report"), mac.out)
        let named = try runner.run(["report", "--db", db, "--os", "macOS 10.15", "--format", "json"])
        XCTAssertEqual(named.status, 0, named.err)
        XCTAssertTrue(named.out.contains(#""reports" : 1"#), named.out)

        let platformOnly = try runner.run(["report", "--db", db, "--platform", "ios", "--format", "json"])
        XCTAssertTrue(platformOnly.out.contains(#""reports" : 6"#), platformOnly.out)

        let conflict = try runner.run(["report", "--db", db, "--platform", "ios", "--os", "macOS 10.15"])
        XCTAssertEqual(conflict.status, 64)
        XCTAssertTrue(
            conflict.err.contains("'macOS 10.15' names macOS, which --platform iOS leaves out"), conflict.err)
        let unknown = try runner.run(["report", "--db", db, "--platform", "android"])
        XCTAssertEqual(unknown.status, 64)
        XCTAssertTrue(unknown.err.contains("unknown platform 'android'"), unknown.err)

        // The version a macOS report ran names its platform wherever it is listed.
        let stored = try store.db.query("SELECT os_version FROM reports WHERE source_path LIKE '%mac.txt'")
        XCTAssertEqual(try stored.first?.string("os_version"), "macOS 10.15.7")
    }
}
