import XCTest

@testable import CrashScanCatalogs
@testable import CrashScanClassification
@testable import CrashScanImport
@testable import CrashScanIngest
@testable import CrashScanModel
@testable import CrashScanRules
@testable import CrashScanStore
@testable import CrashScanWorkflows

/// A key is private because UIKit's runtime headers show it reaching private state, not only
/// because of an underscore: the classifier, `explain`'s reason, and databases classified before.
final class KeyPrivacyTests: XCTestCase {
    func failure(_ reason: String, exception: String = "NSUnknownKeyException") throws -> KVCFailure {
        var report = CrashReport(format: .buglyConsole, normalizedContent: reason)
        report.exceptionType = exception
        report.exceptionReason = reason
        return try XCTUnwrap(KVCClassifier.classify(report))
    }

    func undefinedKey(_ receiver: String, _ key: String, get: Bool = true) -> String {
        "[<\(receiver) 0x10b6127a0> \(get ? "valueForUndefinedKey:" : "setValue:forUndefinedKey:")]: this class is not key value coding-compliant for the key \(key)."
    }

    /// `searchField` has no underscore, but KVC's search finds UISearchBar's `_searchField`.
    func testAKeyReachingAnInstanceVariableIsPrivateWithoutAnUnderscore() throws {
        let found = try failure(undefinedKey("UISearchBar", "searchField"))
        XCTAssertEqual(found.key, "searchField")
        XCTAssertTrue(found.keyIsPrivate)
        XCTAssertEqual(found.cause, .privateKey)
        let reason = try XCTUnwrap(
            KnownClasses.privacyReason(key: "searchField", receiver: "UISearchBar", accessor: .get))
        XCTAssertTrue(
            reason.hasPrefix("UISearchBar.searchField reaches the instance variable _searchField"), reason)
        XCTAssertTrue(reason.contains("in the runtime headers of iOS 4.3–"), reason)
    }

    /// UIActivityIndicatorView's `messageLabel` is a property, but of a private class; UIApplication's
    /// `statusBar` (a method, which the headers do not list) reaches its `_statusBar`.
    func testAPropertyOfAPrivateClassIsPrivate() throws {
        let reason = try XCTUnwrap(
            KnownClasses.privacyReason(
                key: "messageLabel", receiver: "UIActivityIndicatorView", accessor: .get))
        XCTAssertEqual(
            reason,
            "UIActivityIndicatorView.messageLabel reaches the property messageLabel of the private class _UIActivityIndicatorMessageLabel in the runtime headers of iOS 13.2.2–17.0.3"
        )
        XCTAssertTrue(try failure(undefinedKey("UIActivityIndicatorView", "messageLabel")).keyIsPrivate)
        let statusBar = try XCTUnwrap(
            KnownClasses.privacyReason(key: "statusBar", receiver: "UIApplication", accessor: .get))
        XCTAssertTrue(
            statusBar.hasSuffix(
                "reaches the instance variable _statusBar in the runtime headers of iOS 4.3–18"), statusBar)
    }

    /// A public property, a key no dump declares, an app's class: not private by the headers.
    func testPublicAndUnknownKeysStayPublic() throws {
        for (receiver, key) in [
            ("UITextField", "textColour"), ("UILabel", "text"), ("FeedCell", "titleLabel"),
        ] {
            let found = try failure(undefinedKey(receiver, key, get: false))
            XCTAssertFalse(found.keyIsPrivate, "\(receiver).\(key)")
            XCTAssertNotEqual(found.cause, .privateKey, "\(receiver).\(key)")
            XCTAssertNil(KnownClasses.privacyReason(key: key, receiver: receiver, accessor: .set))
        }
    }

    /// An underscore key's reason also says what the headers show (the seed's key).
    func testTheSeedKeysReasonCitesTheHeaders() throws {
        let reason = try XCTUnwrap(
            KnownClasses.privacyReason(key: "_placeholderLabel", receiver: "UITextView", accessor: .set))
        XCTAssertEqual(
            reason,
            "leading underscore; UITextView._placeholderLabel reaches the instance variable _placeholderLabel in the runtime headers of iOS 8.3–18"
        )
    }

    /// A database classified before (the key stored as public) is classified again by the
    /// regroup that the next import, `upgrade` or `regroup` runs; its caches stay in step.
    func testStoredFailuresAreClassifiedAgainByTheRegroup() throws {
        try classifyAgain { folder in try Store(path: folder.appendingPathComponent("db.sqlite").path) }
    }

    /// The same on a team's PostgreSQL database (`key_is_private` is a boolean there).
    func testStoredFailuresAreClassifiedAgainOnPostgreSQL() throws {
        try classifyAgain { _ in try Store(path: try TestPostgres.freshDatabase(self)) }
    }

    func classifyAgain(_ makeStore: (URL) throws -> Store) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "key-privacy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("search.txt")
        try """
        NSUnknownKeyException
        \(undefinedKey("UISearchBar", "searchField"))
        0 CoreFoundation 0x000000018a0b9d78 __exceptionPreprocess + 228
        1 Foundation 0x000000018aad4d14 -[NSObject(NSKeyValueCoding) valueForKey:] + 260
        2 Shopster 0x0000000100d9c1a8 -[SearchController styleBar] + 120
        """.write(to: log, atomically: true, encoding: .utf8)
        let store = try makeStore(folder)
        _ = try Importer(store: store, rules: RuleSet.builtIn()).run(
            try InputWalker().expand([log.path]), arguments: "test", version: "test")
        let db = store.db
        func privacy() throws -> [String] {
            try db.query(
                "SELECT key_is_private, cause FROM kvc_failures UNION ALL SELECT key_is_private, cause FROM crash_group"
            ).map {
                "\(try $0.bool("key_is_private").map { $0 ? 1 : 0 } ?? -1) \(try $0.string("cause") ?? "-")"
            }
        }
        XCTAssertEqual(try privacy(), ["1 private_key", "1 private_key"])
        // As the previous crashscan stored it.
        for table in ["kvc_failure", "crash_group"] {
            try db.run("UPDATE \(table) SET key_is_private = ?, cause = 'unknown'", [.bool(false)])
        }
        try store.setGroupingVersion(3)
        XCTAssertTrue(try Regrouper.isStale(store))
        let summary = try Regrouper.run(store)
        XCTAssertEqual(summary.madePrivate, 1)
        XCTAssertEqual(try privacy(), ["1 private_key", "1 private_key"])
        XCTAssertFalse(try Regrouper.isStale(store))
        XCTAssertEqual(try Regrouper.run(store).madePrivate, 0, "nothing left to classify again")
        XCTAssertTrue(try store.checkCaches().isClean, "the caches match the rows")
    }
}
