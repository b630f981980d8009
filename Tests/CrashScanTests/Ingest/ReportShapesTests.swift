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

/// Shapes that were read wrong: several console reports in one paste, `Version: A (B)`, Xcode
/// console prefixes, `UI`-prefixed classes that are not UIKit's, Apple reports without an
/// exception, `.ips` bug types, and text that is about crashes without being one.
final class ReportShapesTests: XCTestCase {
    func reports(_ text: String) throws -> [CrashReport] {
        try XCTUnwrap(ReportReader.read(text: text).reports, String(text.prefix(120)))
    }

    func rejection(_ text: String) -> String? { ReportReader.read(text: text).rejection?.reason }

    static func console(device: String, time: String, key: String) -> String {
        """
        设备机型：\(device)
        系统版本：8.1.3(12B466)
        应用版本：2.3.1(231)
        发生时间：\(time)
        异常名称：NSUnknownKeyException
        异常原因：[<UITextView 0x17e52c00> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key \(key).
        出错堆栈：
        0 CoreFoundation    ___exceptionPreprocess + 132
        1 libobjc.A.dylib    _objc_exception_throw + 44
        2 Foundation    -[NSObject(NSKeyValueCoding) setValue:forUndefinedKey:] + 288
        3 LilyForParent    -[UITextView(Extension) was_setPlaceholderWithText:Color:] (UITextView+Extension.m:41)
        """
    }

    func testAHeadLineIsFoundAtTheStartOfALineOnly() {
        let text = "intro: see Fatal Exception: below\n`Fatal Exception: NSRangeException\nFatal"
        let head = Lines.split(text).map { $0.trimmingBlanks() }
        XCTAssertTrue(
            ReportReader.headHasLine(head, startingWith: "Fatal Exception:", orQuoted: true, in: text))
        XCTAssertFalse(
            ReportReader.headHasLine(head, startingWith: "Fatal Exception:", in: text), "quoted only")
        XCTAssertFalse(ReportReader.headHasLine(head, startingWith: "see Fatal", in: text), "mid-line")
        XCTAssertFalse(ReportReader.headHasLine(head, startingWith: "Exception type:", in: text))
    }

    func testSeveralConsoleReportsInOnePasteAreSeveralReports() throws {
        let first = Self.console(
            device: "iPhone 6 Plus", time: "2015-03-01 08:18:47", key: "_placeholderLabel")
        let second = Self.console(device: "iPhone 6", time: "2015-03-02 09:00:00", key: "_placeholderLabel")
        for (name, text) in [
            ("end line", first + "\n----------end----------\n" + second),
            ("rule", first + "\n\n=====================\n\n" + second),
            ("repeated label block", first + "\n\n" + second),
        ] {
            let parsed = try reports(text)
            XCTAssertEqual(parsed.map(\.deviceRaw), ["iPhone 6 Plus", "iPhone 6"], name)
            XCTAssertEqual(parsed.map(\.positionInFile), [0, 1], name)
            XCTAssertEqual(parsed.map(\.occurredAtRaw), ["2015-03-01 08:18:47", "2015-03-02 09:00:00"], name)
            XCTAssertEqual(parsed.map { $0.frames.count }, [4, 4], name)
            let hashes = Set(parsed.map { AnalyzedReport($0).contentHash })
            XCTAssertEqual(hashes.count, 2, "\(name): each report is its own content")
        }
        XCTAssertEqual(try reports(first).count, 1, "one report stays one report")
    }

    func testVersionAndBuildAreSplitWhateverTheOrder() throws {
        /// An iOS report whose `Version:` line is `version`.
        func iOSReport(version: String) throws -> CrashReport {
            try reports(
                """
                Incident Identifier: \(version)
                Hardware Model:      iPhone7,1
                Version:             \(version)
                OS Version:          iOS 8.1.2 (12B440)
                Exception Type:  EXC_CRASH (SIGABRT)
                Triggered by Thread:  0
                """)[0]
        }
        let iOS = try iOSReport(version: "229 (2.2.9)")
        XCTAssertEqual([iOS.appVersion, iOS.appBuild], ["2.2.9", "229"])
        let shortFirst = try iOSReport(version: "2.3.0 (230)")
        XCTAssertEqual(
            [shortFirst.appVersion, shortFirst.appBuild], ["2.3.0", "230"], "the dotted part is the version")
        let macOS = try reports(
            """
            Process:               Shop [4411]
            Version:               5.1 (51)
            Code Type:             ARM-64 (Native)
            OS Version:            macOS 14.4 (23E214)
            Exception Type:        EXC_CRASH (SIGABRT)
            Triggered by Thread:   0
            """)[0]
        XCTAssertEqual([macOS.appVersion, macOS.appBuild], ["5.1", "51"])
        let bothDotted = AppVersion.split("1.2.3.45 (1.2.3)", shortFirst: false)
        XCTAssertEqual(
            [bothDotted.version, bothDotted.build], ["1.2.3", "1.2.3.45"], "iOS layout: build first")
        let console = try reports(Self.console(device: "iPhone 6", time: "2015-03-02 09:00:00", key: "_x"))[0]
        XCTAssertEqual([console.appVersion, console.appBuild], ["2.3.1", "231"])
    }

    func testXcodeConsoleReasonIsTheExceptionsAndPrefixesAreStripped() throws {
        let report = try reports(
            """
            2024-05-14 10:21:33.412871+0800 Shopster[2231:8812345] -[UIFloatLabelTextField setPlaceholderColor:]: unrecognized selector sent to instance 0x7fd1c8d0a200
            2024-05-14 10:21:33.418220+0800 Shopster[2231:8812345] *** Terminating app due to uncaught exception 'NSUnknownKeyException', reason: '[<UIFloatLabelTextField 0x7fd1c8d0a200> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key placeholderColor.'
            *** First throw call stack:
            (
            	0   CoreFoundation                      0x00000001804928a8 __exceptionPreprocess + 172
            	1   libobjc.A.dylib                     0x000000018008c09c objc_exception_throw + 56
            	2   Foundation                          0x0000000180c8f0e0 -[NSObject(NSKeyValueCoding) setValue:forUndefinedKey:] + 272
            	3   Foundation                          0x0000000180c8bd1c -[NSObject(NSKeyValueCoding) setValue:forKey:] + 300
            	4   Shopster                            0x0000000102c1a2b4 -[UIFloatLabelTextField applyTheme] + 96
            	5   Shopster                            0x0000000102c19f10 -[SHLoginViewController viewDidLoad] + 412
            )
            libc++abi: terminating due to uncaught exception of type NSException
            """)[0]
        XCTAssertEqual(report.format, .consoleText)
        XCTAssertEqual(
            report.exceptionReason,
            "[<UIFloatLabelTextField 0x7fd1c8d0a200> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key placeholderColor."
        )
        XCTAssertEqual(report.processName, "Shopster")
        let analyzed = AnalyzedReport(report)
        XCTAssertEqual(
            analyzed.occurredAt, "2024-05-14T02:21:33.418Z", "the time of the exception's line, in UTC")
        let failure = try XCTUnwrap(analyzed.failure)
        XCTAssertEqual(failure.receiverClass, "UIFloatLabelTextField")
        XCTAssertEqual(failure.classOrigin, .app, "a UI prefix, but the class's own methods run in Shopster")
        XCTAssertEqual(failure.classOriginReason, "its methods run in the app's image Shopster")
        XCTAssertFalse(failure.keyIsPrivate)
        XCTAssertEqual(failure.cause, .unknown, "the app's own code made the KVC call; no nib on the stack")
        XCTAssertNil(ConsoleLinePrefix.strip("-[UIView layoutSubviews] + 12"))
        XCTAssertEqual(
            ConsoleLinePrefix.strip("May 14 10:21:33 iPhone Shopster[2231] <Error>: hello")?.rest, "hello")
    }

    func testClassOriginComesFromUIKitsClassListsAndTheFrames() {
        XCTAssertEqual(KnownClasses.origin(of: "UITextField", frames: []).origin, .uikit)
        XCTAssertEqual(KnownClasses.origin(of: "UIStatusBar_Modern", frames: []).origin, .uikitPrivate)
        XCTAssertEqual(KnownClasses.origin(of: "UITextFieldLabel", frames: []).origin, .uikitPrivate)
        XCTAssertEqual(KnownClasses.origin(of: "UIFloatLabelTextField", frames: []).origin, .unknown)
        XCTAssertEqual(KnownClasses.origin(of: "MyApp.FeedCell", frames: []).origin, .app)
        XCTAssertEqual(KnownClasses.origin(of: "LFPFeedCell", frames: []).origin, .app)
        XCTAssertEqual(KnownClasses.origin(of: "__NSArrayI", frames: []).origin, .system)
        XCTAssertEqual(KnownClasses.origin(of: "WKWebViewConfiguration", frames: []).origin, .system)
        XCTAssertGreaterThan(UIKitClassCatalog.count, 6_000)
        XCTAssertEqual(UIKitClassCatalog.superclass(of: "UISearchTextField"), "UITextField")
        XCTAssertEqual(
            KnownClasses.canonicalPublicClass("uitableviewheaderfooterview"), "UITableViewHeaderFooterView")
    }

    static func appleWithoutException(_ message: String, address: String) -> String {
        """
        Incident Identifier: \(address)
        Hardware Model:      iPhone12,1
        Process:             Shop [311]
        Version:             40 (4.0)
        OS Version:          iPhone OS 15.2 (19C57)
        Exception Type:  EXC_CRASH (SIGABRT)
        Triggered by Thread:  0

        Application Specific Information:
        \(message)

        Thread 0 Crashed:
        0   libsystem_kernel.dylib        	0x00000001b8d1e9e8 __pthread_kill + 8
        1   libsystem_c.dylib             	0x0000000193ccd8c8 abort + 164
        2   Shop                          	0x0000000102c1a2b4 -[SHCartStore save:] + 96
        """
    }

    func testApplicationSpecificInformationIsTheReasonWithoutAnException() throws {
        let one = AnalyzedReport(
            try reports(Self.appleWithoutException("abort() called", address: "0x1"))[0])
        XCTAssertEqual(one.report.exceptionReason, "abort() called")
        XCTAssertEqual(one.exceptionType, "EXC_CRASH")
        let assertion = AnalyzedReport(
            try reports(
                Self.appleWithoutException(
                    "*** Assertion failure in -[SHCartStore save:], SHCartStore.m:88\nBUG IN CLIENT: cart 0x1c0 is locked",
                    address: "0x2"))[0])
        XCTAssertEqual(
            assertion.report.exceptionReason,
            "*** Assertion failure in -[SHCartStore save:], SHCartStore.m:88 BUG IN CLIENT: cart 0x1c0 is locked"
        )
        let other = AnalyzedReport(
            try reports(
                Self.appleWithoutException(
                    "*** Assertion failure in -[SHCartStore save:], SHCartStore.m:88\nBUG IN CLIENT: cart 0x7ff is locked",
                    address: "0x3"))[0])
        XCTAssertEqual(
            assertion.fingerprint, other.fingerprint, "addresses in the message do not split the group")
        XCTAssertNotEqual(one.fingerprint, assertion.fingerprint, "another message, another crash")
    }

    func testEveryNonCrashBugTypeIsNamedForWhatItIs() {
        func bugType(_ number: String) -> String? {
            rejection(#"{"bug_type":"\#(number)","os_version":"iPhone OS 16.0 (20A362)"}"# + "\n{\"x\":1}")
        }
        XCTAssertEqual(
            bugType("151"),
            "Apple .ips of bug_type 151: a forced reset report (the device was restarted by holding its buttons), not a crash; skipped"
        )
        XCTAssertTrue(bugType("298")?.contains("Jetsam memory report") == true)
        XCTAssertTrue(bugType("409")?.contains("system watchdog report") == true)
        XCTAssertTrue(bugType("284")?.contains("GPU event report") == true)
        XCTAssertTrue(bugType("145")?.contains("disk I/O report") == true)
        XCTAssertTrue(bugType("222")?.contains("hang report") == true)
        XCTAssertEqual(bugType("999"), "Apple .ips of bug_type 999: not a crash report; skipped")
    }

    func testTextAboutCrashesIsNeverAReport() {
        let script = """
            #!/bin/bash
            # Fails with NSInternalInconsistencyException when the plist is missing
            xcodebuild -scheme App archive || exit 1
            """
        let spreadsheet = """
            date,device,os,exception,count
            2015-03-01,iPhone 6 Plus,8.1.3,NSUnknownKeyException,12
            2015-03-02,iPhone 6,8.1.2,NSRangeException,3
            """
        let notes = """
            # Release 2.4.0
            - Fixed: crash NSUnknownKeyException when opening the feedback page on iOS 8.1
            - Reason: this class is not key value coding-compliant for the key _placeholderLabel.
            - Faster start-up
            """
        for (name, text) in [("script", script), ("spreadsheet", spreadsheet), ("release notes", notes)] {
            XCTAssertEqual(
                rejection(text),
                "no crash report found (no stack frames, no exception name with its reason, no crash header)",
                name)
        }
        // The same reason under a `crash log:` title, or with its exception name, is a crash.
        XCTAssertEqual(
            try reports(
                "crash log:\ncontext=Access to UITextField's _placeholderLabel ivar is prohibited. This is an application bug."
            ).count, 1)
        XCTAssertEqual(
            try reports(
                "NSUnknownKeyException: [<UITextView 0x1> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key _placeholderLabel."
            ).count, 1)
    }

    func testBinaryImageLinesInEveryLayout() throws {
        let iOS = try XCTUnwrap(
            BinaryImageLine.parse(
                "0x100088000 - 0x1002fffff +App arm64  <9d0c1b2a3f4e5d6c7b8a9f0e1d2c3b4a> /var/containers/App.app/App"
            ))
        XCTAssertEqual(iOS.name, "App")
        XCTAssertEqual(iOS.uuid, "9D0C1B2A3F4E5D6C7B8A9F0E1D2C3B4A")
        XCTAssertEqual(iOS.loadAddress, 0x1_0008_8000)
        XCTAssertEqual(iOS.arch, "arm64")
        let macOS = try XCTUnwrap(
            BinaryImageLine.parse(
                "       0x106644000 -        0x10664c000 +dev.mobile.MemoryLeakingApp (1.0 - 1) <938A8C4A-3BE6-3A6B-865D-1E39ADBFA134> /Users/USER/MemoryLeakingApp.app/MemoryLeakingApp"
            ))
        XCTAssertEqual(
            macOS.name, "dev.mobile.MemoryLeakingApp", "the version in parentheses is not the name")
        XCTAssertEqual(macOS.uuid, "938A8C4A3BE63A6B865D1E39ADBFA134")
        let spaced = try XCTUnwrap(
            BinaryImageLine.parse("0x1000 - 0x2fff My App arm64 <00112233445566778899aabbccddeeff> /x/My App")
        )
        XCTAssertEqual(spaced.name, "My App")
        XCTAssertNil(BinaryImageLine.parse("Binary Images:"))
    }
}
