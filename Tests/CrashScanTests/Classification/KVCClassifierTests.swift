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

/// Every row of kvc-catalog.md that quotes a reason text, fed to the classifier as it appears
/// in crash logs, plus the frame fallback and the look-alikes of section 2.3.
final class KVCClassifierTests: XCTestCase {
    struct Expected {
        var row: Int
        var exception: String
        var reason: String
        var kind: KVCKind
        var accessor: KVCAccessor?
        var receiver: String?
        var key: String?
    }

    static let catalogRows: [Expected] = [
        .init(
            row: 1, exception: "NSUnknownKeyException",
            reason:
                "[<UITextView 0x7fb1c2d0> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key _placeholderLabel.",
            kind: .undefinedKey, accessor: .set, receiver: "UITextView", key: "_placeholderLabel"),
        .init(
            row: 2, exception: "NSGenericException",
            reason:
                "Access to UITextField's _placeholderLabel ivar is prohibited. This is an application bug",
            kind: .prohibitedIvar, accessor: nil, receiver: "UITextField", key: "_placeholderLabel"),
        .init(
            row: 3, exception: "NSGenericException",
            reason: "Access to UISearchBar's _searchField ivar is prohibited. This is an application bug",
            kind: .prohibitedIvar, accessor: nil, receiver: "UISearchBar", key: "_searchField"),
        .init(
            row: 4, exception: "NSGenericException",
            reason:
                "Access to UISearchBar's set_cancelButtonText: ivar is prohibited. This is an application bug",
            kind: .prohibitedIvar, accessor: .set, receiver: "UISearchBar", key: "_cancelButtonText"),
        .init(
            row: 5, exception: "NSGenericException",
            reason: "Access to UISearchBar's _cancelButton ivar is prohibited. This is an application bug",
            kind: .prohibitedIvar, accessor: nil, receiver: "UISearchBar", key: "_cancelButton"),
        .init(
            row: 6, exception: "NSInternalInconsistencyException",
            reason:
                "App called -statusBar or -statusBarWindow on UIApplication: this code must be changed as there's no longer a status bar or status bar window. Use the statusBarManager object on the window scene instead.",
            kind: .obsoletePrivateAPI, accessor: .get, receiver: "UIApplication", key: "statusBar"),
        .init(
            row: 7, exception: "NSUnknownKeyException",
            reason:
                "[<UIStatusBar_Modern 0x10b6127a0> valueForUndefinedKey:]: this class is not key value coding-compliant for the key foregroundView.",
            kind: .undefinedKey, accessor: .get, receiver: "UIStatusBar_Modern", key: "foregroundView"),
        .init(
            row: 7, exception: "NSUnknownKeyException",
            reason:
                "[<UIStatusBar_Placeholder 0x10780beb0> valueForUndefinedKey:]: this class is not key value coding-compliant for the key foregroundView.",
            kind: .undefinedKey, accessor: .get, receiver: "UIStatusBar_Placeholder", key: "foregroundView"),
        .init(
            row: 8, exception: "NSInternalInconsistencyException",
            reason: "Call to obsolete private method -[UIPageControl _setPageImage:]",
            kind: .obsoletePrivateAPI, accessor: .set, receiver: "UIPageControl", key: "pageImage"),
        .init(
            row: 9, exception: "NSUnknownKeyException",
            reason:
                "[ setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key _currentPageImage.",
            kind: .undefinedKey, accessor: .set, receiver: nil, key: "_currentPageImage"),
        .init(
            row: 10, exception: "NSInvalidArgumentException",
            reason:
                "-[_UIDatePickerIOSCompactView _setTextColor:]: unrecognized selector sent to instance 0x10a38e6f0",
            kind: .obsoletePrivateAPI, accessor: .set, receiver: "UIDatePicker", key: "textColor"),
        .init(
            row: 10, exception: "NSInvalidArgumentException",
            reason:
                "-[_UIDatePickerMacCompactView _setTextColor:]: unrecognized selector sent to instance 0x7f9e",
            kind: .obsoletePrivateAPI, accessor: .set, receiver: "UIDatePicker", key: "textColor"),
        .init(
            row: 11, exception: "NSInvalidArgumentException",
            reason:
                "-[_UIDatePickerIOSCompactView setHighlightsToday:]: unrecognized selector sent to instance 0x15d1",
            kind: .obsoletePrivateAPI, accessor: .set, receiver: "UIDatePicker", key: "highlightsToday"),
        .init(
            row: 12, exception: "NSUnknownKeyException",
            reason:
                "[<UIAlertAction 0x17027c340> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key titleTextColor.",
            kind: .undefinedKey, accessor: .set, receiver: "UIAlertAction", key: "titleTextColor"),
        .init(
            row: 13, exception: "NSUnknownKeyException",
            reason:
                "[<_UINavigationBarBackground 0x7fe1> valueForUndefinedKey:]: this class is not key value coding-compliant for the key _backgroundEffectView.",
            kind: .undefinedKey, accessor: .get, receiver: "_UINavigationBarBackground",
            key: "_backgroundEffectView"),
        .init(
            row: 13, exception: "NSGenericException",
            reason:
                "Access to _UIBarBackground's _backgroundEffectView ivar is prohibited. This is an application bug",
            kind: .prohibitedIvar, accessor: nil, receiver: "_UIBarBackground", key: "_backgroundEffectView"),
        .init(
            row: 13, exception: "NSGenericException",
            reason: "Access to _UIBarBackground's _shadowView ivar is prohibited. This is an application bug",
            kind: .prohibitedIvar, accessor: nil, receiver: "_UIBarBackground", key: "_shadowView"),
        .init(
            row: 14, exception: "NSUnknownKeyException",
            reason:
                "[<UINavigationBar 0x7f8d> valueForUndefinedKey:]: this class is not key value coding-compliant for the key _titleView.",
            kind: .undefinedKey, accessor: .get, receiver: "UINavigationBar", key: "_titleView"),
        .init(
            row: 15, exception: "NSGenericException",
            reason:
                "Access to UINavigationBar's backdropGroupName ivar is prohibited. This is an application bug",
            kind: .prohibitedIvar, accessor: nil, receiver: "UINavigationBar", key: "backdropGroupName"),
        .init(
            row: 16, exception: "NSGenericException",
            reason: "Access to UITabBarButton's _info ivar is prohibited. This is an application bug",
            kind: .prohibitedIvar, accessor: nil, receiver: "UITabBarButton", key: "_info"),
        .init(
            row: 17, exception: "NSUnknownKeyException",
            reason:
                "[UIColor valueForUndefinedKey:]: this class is not key value coding-compliant for the key _systemChromeShadowColor.",
            kind: .undefinedKey, accessor: .get, receiver: "UIColor", key: "_systemChromeShadowColor"),
        .init(
            row: 18, exception: "NSUnknownKeyException",
            reason:
                "[<UIBarButtonItem 0x1056> valueForUndefinedKey:]: this class is not key value coding-compliant for the key isHidden.",
            kind: .undefinedKey, accessor: .get, receiver: "UIBarButtonItem", key: "isHidden"),
        .init(
            row: 19, exception: "NSUnknownKeyException",
            reason:
                "[<UITabBar 0x1066> valueForUndefinedKey:]: this class is not key value coding-compliant for the key backgroundTransitionProgress.",
            kind: .undefinedKey, accessor: .get, receiver: "UITabBar", key: "backgroundTransitionProgress"),
        .init(
            row: 20, exception: "NSUnknownKeyException",
            reason:
                "[<WKWebViewConfiguration 0x60000> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key _allowUniversalAccessFromFileURLs.",
            kind: .undefinedKey, accessor: .set, receiver: "WKWebViewConfiguration",
            key: "_allowUniversalAccessFromFileURLs"),
    ]

    func report(exception: String?, reason: String?, frames: [String] = []) -> CrashReport {
        var report = CrashReport(format: .buglyConsole, normalizedContent: reason ?? "")
        report.exceptionType = exception
        report.exceptionReason = reason
        report.frames = FrameList(frames.compactMap { FrameParser.parse(Substring($0)) })
        return report
    }

    func testEveryCatalogueRowWithAReasonText() throws {
        for expected in Self.catalogRows {
            let failure = try XCTUnwrap(
                KVCClassifier.classify(report(exception: expected.exception, reason: expected.reason)),
                "row \(expected.row)")
            XCTAssertEqual(failure.kind, expected.kind, "row \(expected.row)")
            XCTAssertEqual(failure.receiverClass, expected.receiver, "row \(expected.row)")
            XCTAssertEqual(failure.key, expected.key, "row \(expected.row)")
            if let accessor = expected.accessor {
                XCTAssertEqual(failure.accessor, accessor, "row \(expected.row)")
            }
            XCTAssertTrue(failure.keyIsPrivate, "row \(expected.row): \(expected.key ?? "") is private")
            XCTAssertEqual(failure.cause, .privateKey, "row \(expected.row)")
        }
    }

    func testReasonWrappersAndDamage() throws {
        let wrapped = [
            "*** Terminating app due to uncaught exception 'NSUnknownKeyException', reason: '[<UITextView 0x1> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key _placeholderLabel.'",
            "[<UITextView 0x1>\n setValue:forUndefinedKey:]: this class is not key value\ncoding-compliant for the key _placeholderLabel.",
            "[<UITextView > setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key _placeholderLabel",
        ]
        for text in wrapped {
            let parsed = ReportReader.read(text: text).reports?.first
            let failure = try XCTUnwrap(parsed.flatMap(KVCClassifier.classify), text)
            XCTAssertEqual(failure.receiverClass, "UITextView", text)
            XCTAssertEqual(failure.key, "_placeholderLabel", text)
        }
        let curly = try XCTUnwrap(
            KVCReasonMatcher.match(
                "Access to UITextField’s _placeholderLabel Ivar is prohibited. This is an application bug."))
        XCTAssertEqual(curly.receiverClass, "UITextField")
        XCTAssertEqual(
            KVCReasonMatcher.match(
                "[<Foo 0x1> valueForUndefinedKey:]: this class is not key value coding-compliant for the key Service Description."
            )?.key, "Service Description")
    }

    func testFrameFallbackWhenTheReasonIsMissing() throws {
        let prohibited = try XCTUnwrap(
            KVCClassifier.classify(
                report(
                    exception: nil, reason: nil,
                    frames: [
                        "2   CoreFoundation                \t0x1809f2054 +[NSException raise:format:] + 108 (NSException.m:155)",
                        "3   UIKitCore                     \t0x184e4efe8 UIKVCAccessProhibited + 284 (UIDebug.m:26)",
                        "4   UIKitCore                     \t0x184dcd6f4 -[UITextField valueForKey:] + 96 (UITextField.m:3523)",
                    ])))
        XCTAssertEqual(prohibited.kind, .prohibitedIvar)
        XCTAssertEqual(prohibited.receiverClass, "UITextField")
        XCTAssertEqual(prohibited.key, "_placeholderLabel")
        XCTAssertEqual(prohibited.evidence, "frames")

        let search = try XCTUnwrap(
            KVCClassifier.classify(
                report(
                    exception: nil, reason: nil,
                    frames: ["3   UIKitCore   0x00007fff46381a3e -[UISearchBar _searchField] + 49"])))
        XCTAssertEqual(search.key, "_searchField")

        let undefined = try XCTUnwrap(
            KVCClassifier.classify(
                report(
                    exception: nil, reason: "abort() called",
                    frames: ["3 Foundation | -[NSObject(NSKeyValueCoding) valueForUndefinedKey:] + 276"])))
        XCTAssertEqual(undefined.kind, .undefinedKey)
        XCTAssertEqual(undefined.accessor, .get)
    }

    func testExcerptsFromRealIssues() throws {
        func classify(_ name: String) throws -> KVCFailure? {
            let data = try TestPaths.read(TestPaths.fixture("excerpt-\(name).txt"))
            return try XCTUnwrap(ReportReader.read(data).reports?.first, name).flatMap(KVCClassifier.classify)
        }
        let devxoul = try XCTUnwrap(try classify("devxoul_UITextView-Placeholder__issue69"))
        XCTAssertEqual([devxoul.receiverClass, devxoul.key], ["UITextField", "_placeholderLabel"])
        let dk = try XCTUnwrap(try classify("draveness_DKNightVersion__pr116"))
        XCTAssertEqual([dk.receiverClass, dk.key], ["UISearchBar", "_searchField"])
        let iq = try XCTUnwrap(try classify("hackiftekhar_IQKeyboardManager__issue1708"))
        XCTAssertEqual(iq.kind, .prohibitedIvar)
        let xamarin = try XCTUnwrap(try classify("UXDivers_Grial-UI-Kit-Support__issue653"))
        XCTAssertEqual(xamarin.receiverClass, "UITextField")
        let statusBar = try XCTUnwrap(try classify("veritrans_Veritrans-ios-sdk__issue482"))
        XCTAssertEqual(
            [statusBar.receiverClass, statusBar.key], ["UIStatusBar_Placeholder", "foregroundView"])
        let color = try XCTUnwrap(try classify("LeoNatan_LNPopupController__issue402"))
        XCTAssertEqual(color.key, "_systemChromeShadowColor")
    }

    func testOutletMismatchIsNotAPrivateKey() throws {
        let data = try TestPaths.read(TestPaths.fixture("excerpt-Alfresco_alfresco-ios-app__issue593.txt"))
        let failure = try XCTUnwrap(ReportReader.read(data).reports?.first.flatMap(KVCClassifier.classify))
        XCTAssertEqual(failure.receiverClass, "FileFolderCollectionViewCell")
        XCTAssertEqual(failure.key, "thumbnailWidthContraint")
        XCTAssertFalse(failure.keyIsPrivate)
        XCTAssertEqual(failure.cause, .outletMismatch)

        // No nib frame on the stack: an app class with an ordinary key, set by KVC.
        let bare = try XCTUnwrap(
            KVCClassifier.classify(
                report(
                    exception: "NSUnknownKeyException",
                    reason:
                        "[<MyApp.MainViewController 0x600000120a00> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key titleLabel."
                )))
        XCTAssertEqual(bare.cause, .outletMismatch)

        // A private key on a UIKit class set from a nib is still an Interface Builder problem.
        let nib = try XCTUnwrap(
            KVCClassifier.classify(
                report(
                    exception: "NSUnknownKeyException",
                    reason:
                        "[<UITextView 0x1> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key _placeholderLabel.",
                    frames: ["5 UIKit | -[UIRuntimeOutletConnection connect] + 109"])))
        XCTAssertEqual(nib.cause, .outletMismatch)
    }

    func testAppKVCOnOwnModelIsUnknownCause() throws {
        let data = try TestPaths.read(TestPaths.fixture("excerpt-huangzhibiao_BGFMDB__issue65.txt"))
        let failure = try XCTUnwrap(ReportReader.read(data).reports?.first.flatMap(KVCClassifier.classify))
        XCTAssertEqual(failure.accessor, .get)
        XCTAssertFalse(failure.keyIsPrivate)
        XCTAssertEqual(failure.cause, .unknown)
    }

    func testNotKVC() {
        XCTAssertNil(
            KVCClassifier.classify(
                report(
                    exception: "NSRangeException",
                    reason: "*** -[__NSArrayI objectAtIndex:]: index 3 beyond bounds [0 .. 2]")))
        XCTAssertNil(
            KVCClassifier.classify(
                report(
                    exception: "NSInvalidArgumentException",
                    reason: "-[__NSCFNumber length]: unrecognized selector sent to instance 0x9c8e")),
            "an ordinary unrecognized selector is not a KVC failure")
    }

    func testFingerprintIgnoresAddressesAndPasteDamage() {
        let a = AnalyzedReport(
            report(
                exception: "NSUnknownKeyException",
                reason:
                    "[<UITextView 0x17e52c00> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key _placeholderLabel.",
                frames: [
                    "7 App    -[UITextView(Extension) was_setPlaceholderWithText:Color:] (UITextView+Extension.m:41)"
                ]))
        let b = AnalyzedReport(
            report(
                exception: "NSUnknownKeyException",
                reason:
                    "[<UITextView 0x1702e1a00> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key _placeholderLabel.",
                frames: [
                    "5 App | -[UItextView(Extension)was_setPlaceholderWithText:Color:] (UITextView+Extension.m:41)"
                ]))
        XCTAssertEqual(a.fingerprint, b.fingerprint)
        XCTAssertEqual(
            CrashGrouping.normalizedReason("index 7 beyond bounds [0 .. 6] at 0x1abc"),
            "index # beyond bounds [# .. #] at 0x?")
    }

    func testFrameGatesFindWhatTheFullSearchesFind() {
        // The one-pass gate must accept every symbol the three searches accepted, wherever the
        // marker sits, and reject ordinary frames.
        for symbol in [
            "UIKVCAccessProhibited", "-[NSObject(NSKeyValueCoding) setValue:forUndefinedKey:]",
            "UndefinedKey:]", "-[UISearchBar _searchField]", "[UISearchBar set_cancelButtonText:]",
            "-[Foo valueForUndefinedKey:]",
        ] {
            var bytes = symbol
            XCTAssertTrue(bytes.withUTF8(KVCClassifier.mayNameKVC), symbol)
        }
        for symbol in [
            "-[UIViewController viewDidLoad]", "UIKit", "ndefinedKey:]", "-[UIKeyboard show]", "[UISearchBar",
            "",
            "KVCAccessProhibite",
        ] {
            var bytes = symbol
            XCTAssertFalse(bytes.withUTF8(KVCClassifier.mayNameKVC), symbol)
        }
        // The nib check looks at frames containing `ib` or `Runtime` only: every marker must.
        for marker in KVCClassifier.nibFrames.map(\.description) {
            XCTAssertTrue(marker.contains("ib") || marker.contains("Runtime"), marker)
        }
    }

    func testByteLevelHelpersAgreeWithTheirCharacterDefinitions() {
        // methodParts cuts as `split(separator: " ", maxSplits: 1)` inside the brackets did.
        for symbol in [
            "-[UITextView setValue:forKey:]", "+[Foo bar]", "-[ Foo  bar baz]", "-[Foo ]", "-[Foo]", "[ ]",
            "no brackets", "-[UITextView(Extension) was_setPlaceholderWithText:Color:]", "-[Café  été:]",
            "]-[A b", "-[A b", "",
        ] {
            var expected: (String, String)?
            if let open = symbol.firstIndex(of: "["), let close = symbol[open...].firstIndex(of: "]") {
                let parts = symbol[symbol.index(after: open)..<close].split(separator: " ", maxSplits: 1)
                if parts.count == 2 { expected = (String(parts[0]), String(parts[1])) }
            }
            let found = KVCReasonMatcher.methodParts(Substring(symbol))
            XCTAssertEqual(found?.0, expected?.0, symbol)
            XCTAssertEqual(found?.1, expected?.1, symbol)
        }
        // The grouping key of a blamed frame: lower case, no white space, ASCII or not.
        for symbol in ["-[UITextView SetValue:ForKey:]", " A\tB\r\nC ", "-[Étoile Ä b]", "", "ABC\u{2003}D"] {
            XCTAssertEqual(
                CrashGrouping.lowercasedWithoutWhitespace(Substring(symbol)),
                String(symbol.lowercased().filter { !$0.isWhitespace }), symbol)
        }
    }
}
