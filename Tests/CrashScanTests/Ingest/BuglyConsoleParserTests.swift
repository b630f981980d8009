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

/// Console copies: label blocks in three languages and four separators, name and reason lines,
/// markdown tables, and the seed's own paste.
final class BuglyConsoleParserTests: XCTestCase {
    func readOne(_ text: String) throws -> CrashReport {
        let reports = try XCTUnwrap(ReportReader.read(text: text).reports, "text should parse")
        XCTAssertEqual(reports.count, 1)
        return try XCTUnwrap(reports.first)
    }

    func testCrashTitlesAreShortLinesThatOnlySayACrashFollows() {
        let titles = [
            "crash log:", "Crash Report", "CRASHLOG", "Crash", "# Crash log", "**崩溃信息**", "崩溃日志：",
            "崩溃详情：", "崩溃详情 ：", "崩溃日志 ： ", "クラッシュログ", "* crash report *:",
        ]
        let others = [
            "crash log: the app crashed", "crash logs", "Cras", " crash log",
            "crash log and more words here!",
            "Crashed Thread: 0", "崩溃日志是什么", "崩溃日志 ：是什么", "", "crash\u{301}", "#####",
            "Crash:" + String(repeating: " ", count: 30),
        ]
        for line in titles { XCTAssertTrue(BuglyConsoleParser.isCrashTitle(Substring(line)), line) }
        for line in others { XCTAssertFalse(BuglyConsoleParser.isCrashTitle(Substring(line)), line) }
    }

    func testSeedPasteImportsAsIPhone6PlusOn813() throws {
        let text = """
            デバイス機種iPhone 6 Plus
            システムバージョン8.1.3(12 B 466)
            クラッシュ内容:[setValue:forUndefinedKey:]:this class is not key value coding-compliant for the key_placeholderLabel.LilyForParent-[UItextView(Extension)was_setPlaceholderWithText:Color:](UItextView+Extension.m:)buglyにエラーログが表示され、iOS 8.0以上のシステムで
            """
        let report = try readOne(text)
        let analyzed = AnalyzedReport(report)
        XCTAssertEqual(analyzed.device?.identifier, "iPhone7,1")
        XCTAssertEqual(analyzed.device?.name, "iPhone 6 Plus")
        XCTAssertEqual(analyzed.os?.text, "8.1.3")
        XCTAssertEqual(analyzed.os?.build, "12B466")
        XCTAssertEqual(analyzed.failure?.key, "_placeholderLabel")
        XCTAssertEqual(analyzed.failure?.accessor, .set)
        XCTAssertEqual(
            analyzed.failure?.receiverClass, "UITextView", "inferred from the app's category on UITextView")
        XCTAssertEqual(analyzed.exceptionType, "NSUnknownKeyException")
        XCTAssertEqual(analyzed.appImage, "LilyForParent")
        XCTAssertEqual(report.frames.first?.file, "UItextView+Extension.m")
    }

    func testWholeSeedBlogPostYieldsTheSameCrash() throws {
        let data = try TestPaths.read(TestPaths.fixture("seed-000-blog-post.txt"))
        let report = try XCTUnwrap(ReportReader.read(data).reports?.first)
        let analyzed = AnalyzedReport(report)
        XCTAssertEqual(analyzed.device?.identifier, "iPhone7,1")
        XCTAssertEqual(analyzed.os?.build, "12B466")
        XCTAssertEqual(analyzed.failure?.key, "_placeholderLabel")
        XCTAssertEqual(report.frames.count, 1, "the blog's Objective-C code is not taken for frames")
    }

    func testChineseLabelsWithFullWidthColon() throws {
        let report = try readOne(
            """
            设备机型：iPhone 6 Plus
            系统版本：8.1.3(12B466)
            应用版本：2.3.1(231)
            发生时间：2015-03-01 08:18:47
            CPU架构：arm64
            越狱：否
            进程名：LilyForParent
            异常名称：NSUnknownKeyException
            异常原因：[<UITextView 0x17e52c00> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key _placeholderLabel.
            出错堆栈：
            0 CoreFoundation    ___exceptionPreprocess + 132
            7 LilyForParent    -[UITextView(Extension) was_setPlaceholderWithText:Color:] (UITextView+Extension.m:41)
            """)
        XCTAssertEqual(report.deviceRaw, "iPhone 6 Plus")
        XCTAssertEqual(report.osRaw, "8.1.3(12B466)")
        XCTAssertEqual(report.appVersion, "2.3.1")
        XCTAssertEqual(report.occurredAtRaw, "2015-03-01 08:18:47")
        XCTAssertEqual(report.cpuArch, "arm64")
        XCTAssertEqual(report.jailbroken, false)
        XCTAssertEqual(report.processName, "LilyForParent")
        XCTAssertEqual(report.exceptionType, "NSUnknownKeyException")
        XCTAssertEqual(report.frames.count, 2)
        XCTAssertEqual(
            AnalyzedReport(report).blameFrame, "-[UITextView(Extension) was_setPlaceholderWithText:Color:]")
    }

    func testEnglishLabelsAndNameThenReasonLines() throws {
        let report = try readOne(
            """
            Device Model: iPhone11,2
            OS Version: iOS 13.2.3 (17B111)
            App Version: 4.1.0
            Crash Time: 2019-11-25 08:12:55
            NSGenericException
            Access to UISearchBar's _searchField ivar is prohibited. This is an application bug
            CoreFoundation    ___exceptionPreprocess + 228
            libobjc.A.dylib    objc_exception_throw + 56
            """)
        XCTAssertEqual(report.exceptionType, "NSGenericException")
        XCTAssertEqual(
            report.exceptionReason,
            "Access to UISearchBar's _searchField ivar is prohibited. This is an application bug")
        XCTAssertEqual(AnalyzedReport(report).device?.name, "iPhone XS")
        XCTAssertEqual(report.frames.count, 2)
    }

    func testMarkdownTableLabelsAndFrames() throws {
        let report = try readOne(
            """
            | Field | Value |
            |---|---|
            | Device Model | iPhone 11 |
            | OS Version | iOS 13.3 (17C54) |
            | Exception Name | NSGenericException |
            | Exception Reason | Access to UITextField's _placeholderLabel ivar is prohibited. This is an application bug |

            CoreFoundation | ___exceptionPreprocess + 220
            -- | --
            1 libobjc.A.dylib | objc_exception_throw + 56
            4 UIKitCore | -[UITextField valueForKey:] + 96
            7 Tickety | -[TKSearchHeaderView setupSearchField] (TKSearchHeaderView.m:57)
            """)
        XCTAssertEqual(report.deviceRaw, "iPhone 11")
        XCTAssertEqual(report.osRaw, "iOS 13.3 (17C54)")
        XCTAssertEqual(report.exceptionType, "NSGenericException")
        XCTAssertEqual(report.frames.count, 4)
        XCTAssertEqual(AnalyzedReport(report).failure?.kind, .prohibitedIvar)
    }

    func testTableWhoseHeaderRowIsLabels() throws {
        let report = try readOne(
            """
            | 设备机型 | 系统版本 | 应用版本 |
            |---|---|---|
            | iPhone XS Max | iOS 13.1.2 (17A860) | 6.2.0 |
            NSGenericException
            Access to UISearchBar's _searchField ivar is prohibited. This is an application bug
            """)
        XCTAssertEqual(report.deviceRaw, "iPhone XS Max")
        XCTAssertEqual(report.appVersion, "6.2.0")
        let device = try XCTUnwrap(AnalyzedReport(report).device)
        XCTAssertEqual(device.name, "iPhone XS Max")
        XCTAssertNil(device.identifier, "iPhone11,4 and iPhone11,6 share the name: no guess")
    }

    func testLabelsWithoutSeparatorAndWithTableCell() throws {
        let report = try readOne(
            """
            设备机型 | iPad mini 2
            系统版本 | 8.1 (12B410)
            异常名称 | NSUnknownKeyException
            异常原因 | [<UITextView 0x15e4a8e00> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key _placeholderLabel.
            """)
        XCTAssertEqual(report.deviceRaw, "iPad mini 2")
        XCTAssertEqual(AnalyzedReport(report).os?.build, "12B410")
        XCTAssertEqual(AnalyzedReport(report).failure?.receiverClass, "UITextView")
    }

    func testIssueTitleLineJoinsNameAndReason() throws {
        let data = try TestPaths.read(TestPaths.fixture("bugly-console-table-svprogresshud-799.txt"))
        let report = try XCTUnwrap(ReportReader.read(data).reports?.first)
        XCTAssertEqual(report.exceptionType, "NSUnknownKeyException")
        XCTAssertEqual(report.frames.count, 23)
        XCTAssertEqual(report.frames[0].symbol, "__exceptionPreprocess")
        let analyzed = AnalyzedReport(report)
        XCTAssertEqual(analyzed.failure?.receiverClass, "__NSArrayI")
        XCTAssertEqual(analyzed.failure?.key, "gaussianBlu", "the key as cut short by GitHub")
        XCTAssertEqual(
            analyzed.failure?.cause, .unknown, "KVC on a collection is an app bug, not a private key")
        XCTAssertEqual(analyzed.appImage, "DingDangDai")
        XCTAssertEqual(analyzed.blameFrame, "__28-[SVProgressHUD showStatus:]_block_invoke")
    }

    func testFramesOnlyPasteIsAReport() throws {
        let data = try TestPaths.read(TestPaths.fixture("nsurlsessiontaskmetrics-stack-ios10.txt"))
        let report = try XCTUnwrap(ReportReader.read(data).reports?.first)
        XCTAssertEqual(report.frames.count, 14)
        XCTAssertEqual(report.frames[1].symbol, "objc_exception_throw")
        XCTAssertNil(AnalyzedReport(report).failure)
    }

    func testXcodeConsolePasteIsConsoleText() throws {
        let data = try TestPaths.read(TestPaths.fixture("nsunknownkey-xcode-console-nslayoutconstraint.txt"))
        let report = try XCTUnwrap(ReportReader.read(data).reports?.first)
        XCTAssertEqual(report.format, .consoleText)
        XCTAssertEqual(report.exceptionType, "NSUnknownKeyException")
        XCTAssertEqual(report.frames.count, 12)
        XCTAssertEqual(AnalyzedReport(report).failure?.cause, .outletMismatch, "UINib on the stack")
    }

    func testProseIsRejectedWithAReason() throws {
        let result = ReportReader.read(text: "Release notes\n\n- Faster start-up.\n- New timeline.\n")
        XCTAssertEqual(
            result.rejection?.reason,
            "no crash report found (no stack frames, no exception name with its reason, no crash header)")
    }
}

/// Variations that other teams' pastes show: label case, spacing, hash-numbered frames, a Mach
/// exception type next to the NSException wrapper.
final class BuglyConsoleVariationTests: XCTestCase {
    func testLabelsInAnyCaseAndSpacing() throws {
        let report = try XCTUnwrap(
            ReportReader.read(
                text: """
                    DEVICE MODEL : iPhone7,1
                    os version:8.1.3 (12B466)
                    exception name: NSUnknownKeyException
                    Exception reason:   [<UITextView 0x1> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key _placeholderLabel.
                    #0 CoreFoundation 0x1816721d8 ___exceptionPreprocess + 148
                    #5 LilyForParent 0x100a1c2f4 -[UITextView(Extension) was_setPlaceholderWithText:Color:] + 96
                    """
            ).reports?.first)
        XCTAssertEqual(report.deviceRaw, "iPhone7,1")
        XCTAssertEqual(report.osRaw, "8.1.3 (12B466)")
        XCTAssertEqual(report.exceptionType, "NSUnknownKeyException")
        XCTAssertEqual(report.frames.map(\.index), [0, 5])
        XCTAssertEqual(
            AnalyzedReport(report).blameFrame, "-[UITextView(Extension) was_setPlaceholderWithText:Color:]")
    }

    func testNSExceptionNameBeatsTheMachType() throws {
        let report = try XCTUnwrap(
            ReportReader.read(
                text: """
                    Exception Type:  EXC_CRASH (SIGABRT)
                    *** Terminating app due to uncaught exception 'NSGenericException', reason: 'Access to UITextField's _placeholderLabel ivar is prohibited. This is an application bug'
                    """
            ).reports?.first)
        XCTAssertEqual(report.exceptionType, "NSGenericException")
    }

    func testJSONStackAsAnArrayOfLines() throws {
        let text = """
            {"expName": "NSGenericException", "expMessage": "Access to UISearchBar's _searchField ivar is prohibited. This is an application bug", "model": "iPhone 11", "osVer": "iOS 13.1", "retraceCrashDetail": ["0 CoreFoundation    ___exceptionPreprocess + 220", "5 App    -[SearchVC viewDidLoad] + 40"]}
            """
        let report = try XCTUnwrap(ReportReader.read(text: text).reports?.first)
        XCTAssertEqual(report.frames.count, 2)
        XCTAssertEqual(AnalyzedReport(report).device?.identifier, "iPhone12,1")
    }
}
