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

/// Apple's text report, `.ips`, KSCrash, MetricKit and the other formats of apple-formats.md,
/// read into the one model.
final class AppleFormatsTests: XCTestCase {
    func readOne(_ text: String) throws -> AnalyzedReport {
        let reports = try XCTUnwrap(ReportReader.read(text: text).reports, text.prefix(80).description)
        return AnalyzedReport(try XCTUnwrap(reports.first))
    }

    func testIndentedReportWithLowerCaseKeyAndBuildPrefix() throws {
        let report = try readOne(
            """
            The crash from this morning:

                    Incident Identifier: 6F2B…
                    Hardware model:  iPhone9,3
                    Process:         Runner [311]
                    Version:         12 (1.4.0)
                    OS Version:      iPhone OS 11.4.1 (Build 15G77)
                    Exception Type:  EXC_CRASH (SIGABRT)
                    Triggered by Thread:  0

                    Application Specific Information:
                    *** Terminating app due to uncaught exception 'NSGenericException', reason: 'Access to UITextField's _placeholderLabel ivar is prohibited. This is an application bug'
                    abort() called
            """)
        XCTAssertEqual(report.report.format, .appleCrash)
        XCTAssertEqual(report.device?.identifier, "iPhone9,3")
        XCTAssertEqual(report.os?.text, "11.4.1")
        XCTAssertEqual(report.os?.build, "15G77")
        XCTAssertEqual(report.report.appVersion, "1.4.0")
        XCTAssertEqual(report.exceptionType, "NSGenericException", "the NSException name wins over EXC_CRASH")
        XCTAssertEqual(report.report.signal, "SIGABRT")
        XCTAssertEqual(report.failure?.key, "_placeholderLabel")
    }

    /// Header keys are read in any case, as `lowercased()` reads them: ASCII keys by their bytes,
    /// others (a Kelvin sign `K` lower-cases to `k`) through the String.
    func testHeaderKeysInAnyCase() throws {
        let report = try readOne(
            """
            Incident Identifier: 1A2B3C4D-0000-4000-8000-000000000001
            CRASHREPORTER \u{212A}EY:   0123456789abcdef0123456789abcdef01234567
            HARDWARE MODEL:      iPhone7,2
            process:             Shop [311]
            Os Version:          iPhone OS 8.1.3 (12B466)
            EXCEPTION TYPE:      EXC_CRASH (SIGABRT)
            Exception Reason:    [<UITextView 0x7f> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key _placeholderLabel.

            Thread 0 Crashed:
            0   CoreFoundation                  0x0000000183e2ad8c __exceptionPreprocess + 228
            """)
        XCTAssertEqual(report.report.deviceRaw, "iPhone7,2")
        XCTAssertEqual(report.report.processName, "Shop")
        XCTAssertEqual(report.report.osRaw, "iPhone OS 8.1.3 (12B466)")
        XCTAssertEqual(report.report.exceptionType, "EXC_CRASH")
        XCTAssertEqual(report.report.signal, "SIGABRT")
        XCTAssertEqual(
            report.report.deviceID, ReportIdentity.identifier("0123456789abcdef0123456789abcdef01234567"))
        XCTAssertNotNil(report.report.deviceID)
        XCTAssertEqual(report.failure?.key, "_placeholderLabel")
    }

    func testIOS17ExceptionReasonLineAndAppVariant() throws {
        let report = try readOne(
            """
            Incident Identifier: B67CAE60-DD9E-459D-8EDA-9DFFA8E5B969
            Distributor ID:      com.apple.TestFlight
            Process:             Shop [671]
            AppVariant:          1:iPad7,5:17.4
            OS Version:          iPhone OS 17.5 (21F79)
            Exception Type:  EXC_CRASH (SIGABRT)
            Exception Reason: [<UISearchBar 0x105822dc8> valueForUndefinedKey:]: this class is not key value coding-compliant for the key _cancelButtonTextX.
            Triggered by Thread:  0
            """)
        XCTAssertEqual(report.device?.identifier, "iPad7,5")
        XCTAssertEqual(report.failure?.receiverClass, "UISearchBar")
        XCTAssertEqual(report.failure?.key, "_cancelButtonTextX")
    }

    /// A crashed thread whose block holds no frame line is not a thread with no frames: the
    /// report takes the lowest thread that has frames, as before frames were read in place.
    func testACrashedThreadWithoutFramesFallsBackToTheLowestThreadWithFrames() throws {
        let report = try readOne(
            """
            Incident Identifier: 87609E5F
            Hardware Model: iPhone9,2
            Process: vmd [160]
            OS Version: iPhone OS 11.2.1 (15C153)
            Exception Type: EXC_CRASH (SIGABRT)
            Triggered by Thread: 2

            Thread 2 Crashed:
            (frames not captured)

            Thread 1:
            0   libsystem_kernel.dylib        	0x0000000180f9d348 mach_msg_trap + 8
            1   vmd                           	0x0000000102469048 0x102460000 + 36936
            """)
        XCTAssertEqual(report.report.frames.map(\.symbol).first, "mach_msg_trap")
        XCTAssertEqual(report.report.frames.count, 2)
    }

    func testLastExceptionBacktraceAsAddressListAndCrashedThreadFrames() throws {
        let report = try readOne(
            """
            Incident Identifier: 87609E5F
            Hardware Model: iPhone9,2
            Process: vmd [160]
            OS Version: iPhone OS 11.2.1 (15C153)
            Exception Type: EXC_CRASH (SIGABRT)
            Triggered by Thread: 0

            Last Exception Backtrace:
            (0x181422364 0x180668528 0x1814222ac 0x181d43a18)

            Thread 0 name:  Dispatch queue: com.apple.main-thread
            Thread 0 Crashed:
            0   libsystem_kernel.dylib        	0x0000000180f9d348 __pthread_kill + 8
            1   vmd                           	0x0000000102469048 0x102460000 + 36936
            """)
        XCTAssertEqual(report.report.frames.count, 2, "the crashed thread beats an address-only backtrace")
        XCTAssertEqual(report.report.frames[0].symbol, "__pthread_kill")
        XCTAssertEqual(report.appImage, "vmd")
        var addresses = FrameList()
        XCTAssertTrue(
            AppleTextParser.readFrames(
                "(0x181422364 0x180668528 0x1814222ac)", normalizeSymbols: false, into: &addresses))
        XCTAssertEqual(addresses.map(\.symbol), ["0x181422364", "0x180668528", "0x1814222ac"])
        XCTAssertTrue(addresses.allSatisfy(\.isUnsymbolicated))
    }

    func testSimulatorAndIOSAppOnMac() throws {
        let simulator = try readOne(
            """
            Process:               Demo [7431]
            Path:                  /Users/me/Library/Developer/CoreSimulator/Devices/7F1A/data/Containers/Bundle/Application/1B2C/Demo.app/Demo
            Code Type:             X86-64 (Native)
            Parent Process:        launchd_sim [7423]
            OS Version:            Mac OS X 10.11.3 (15D21)
            Report Version:        11
            Exception Type:        EXC_CRASH (SIGABRT)
            """)
        XCTAssertEqual(simulator.device?.kind, .simulator)
        XCTAssertNil(simulator.os, "the header's OS is the host Mac's")
        let onMac = try readOne(
            """
            Process:               planets [2161]
            Path:                  /private/var/folders/x/Wrapper/planets.app/planets
            Code Type:             ARM-64 (Native)
            Parent Process:        launchd [1]
            OS Version:            Mac OS X 10.16 (20A5343i)
            Report Version:        12
            Exception Type:        EXC_BAD_INSTRUCTION (SIGILL)
            """)
        XCTAssertEqual(onMac.device?.name, "Mac (iOS app)")
        XCTAssertEqual(onMac.os?.platform, "macOS")
    }

    func testBinaryImagesNameTheAppImage() throws {
        let report = try readOne(
            """
            Incident Identifier: X
            Hardware Model:      iPhone3,1
            Process:         Crash-Tester [1055]
            OS Version:      iPhone OS 4.3.3 (8J2)
            Thread 0 Crashed:
            0   CoreFoundation                  0x3157e63d 0x314e0000 + 648765 (__exceptionPreprocess + 97)
            1   Crash-Tester                    0x00008a52 0x1000 + 31314 (-[Crasher throwException] + 18)
            Binary Images:
                0x1000 -     0x4cfff +Crash-Tester armv7  <99e112d2> /var/mobile/Applications/1/Crash-Tester.app/Crash-Tester
            """)
        XCTAssertEqual(report.report.appImageHint, "Crash-Tester")
        XCTAssertEqual(report.blameFrame, "-[Crasher throwException]")
    }

    func testIPS309WithStructuredReasonAndOtherBugTypes() throws {
        let header =
            #"{"app_name":"Shop","app_version":"2.0","bug_type":"309","os_version":"iPhone OS 17.4 (21E219)","platform":2}"#
        let body = #"""
            {"modelCode":"iPhone15,2","osVersion":{"train":"iPhone OS 17.4","build":"21E219"},"procName":"Shop",
             "exception":{"type":"EXC_CRASH","signal":"SIGABRT"},
             "exceptionReason":{"name":"NSUnknownKeyException","composed_message":"[<UITextField 0x1> valueForUndefinedKey:]: this class is not key value coding-compliant for the key _placeholderLabel.","type":"objc-exception"},
             "usedImages":[{"name":"Shop","path":"/x/Shop.app/Shop"},{"name":"Foundation","path":"/f/Foundation"}],
             "procPath":"/x/Shop.app/Shop",
             "lastExceptionBacktrace":[{"imageIndex":1,"imageOffset":10,"symbol":"-[NSObject(NSKeyValueCoding) valueForUndefinedKey:]","symbolLocation":4},{"imageIndex":0,"imageOffset":64}]}
            """#
        let report = try readOne(header + "\n" + body)
        XCTAssertEqual(report.report.format, .appleIPS)
        XCTAssertEqual(report.device?.name, "iPhone 14 Pro")
        XCTAssertEqual(report.os?.build, "21E219")
        XCTAssertEqual(report.exceptionType, "NSUnknownKeyException")
        XCTAssertEqual(report.failure?.receiverClass, "UITextField")
        XCTAssertEqual(report.appImage, "Shop")
        XCTAssertEqual(report.blameFrame, "Shop + 64")

        let jetsam =
            #"{"bug_type":"298","os_version":"iPhone OS 10.1.1 (14B100)"}"# + "\n{\"product\":\"iPhone7,2\"}"
        XCTAssertEqual(
            ReportReader.read(text: jetsam).rejection?.reason,
            "Apple .ips of bug_type 298: a Jetsam memory report, not a crash; skipped")
    }

    func testKSCrashWithTrailingCommaAndMetricKitObjectiveCReason() throws {
        let kscrash = """
            {"report": {"timestamp": "2019-04-17T08:11:42Z"}, "system": {"system_name": "iOS", "system_version": "12.2",
             "os_version": "16E227", "machine": "iPhone11,8", "CFBundleShortVersionString": "3.1",},
             "crash": {"error": {"type": "nsexception", "nsexception": {"name": "NSUnknownKeyException",
             "reason": "[<UIBarButtonItem 0x1> valueForUndefinedKey:]: this class is not key value coding-compliant for the key isHidden."},},
             "threads": [{"crashed": true, "backtrace": {"contents": [{"object_name": "App", "object_addr": 4096, "instruction_addr": 4196},]}}]},}
            """
        let crash = try readOne(kscrash)
        XCTAssertEqual(crash.report.format, .kscrash)
        XCTAssertEqual(crash.os?.build, "16E227")
        XCTAssertEqual(crash.failure?.key, "isHidden")

        let metricKit = """
            {"timeStampBegin": "2024-05-01 00:00:00", "crashDiagnostics": [{"diagnosticMetaData": {
              "osVersion": "iPhone OS 17.4.1 (21E236)", "deviceType": "iPhone16,1", "appVersion": "5.2", "exceptionType": 10,
              "signal": 6, "objectiveCexceptionReason": {"exceptionName": "NSGenericException", "composedMessage": "",
              "formatString": "Access to %@'s %@ ivar is prohibited. This is an application bug", "arguments": ["UISearchBar", "_searchField"]}},
              "callStackTree": {"callStacks": [{"threadAttributed": true, "callStackRootFrames": [
                {"binaryName": "App", "address": 4300000000, "offsetIntoBinaryTextSegment": 123,
                 "subFrames": [{"binaryName": "UIKitCore", "address": 6800000000, "offsetIntoBinaryTextSegment": 456}]}]}]}}]}
            """
        let diagnostic = try readOne(metricKit)
        XCTAssertEqual(diagnostic.report.format, .metricKit)
        XCTAssertEqual(diagnostic.device?.name, "iPhone 15 Pro")
        XCTAssertEqual(diagnostic.exceptionType, "NSGenericException")
        XCTAssertEqual(
            diagnostic.failure?.receiverClass, "UISearchBar",
            "the reason is composed from formatString and arguments")
        XCTAssertEqual(diagnostic.failure?.key, "_searchField")
        XCTAssertEqual(
            diagnostic.report.frames.map(\.image), ["UIKitCore", "App"], "the crashing frame first")
    }
}

/// Console pastes: the address-list form of the first-throw stack and the wrapped
/// `UNCAUGHT EXCEPTION` form.
final class ConsoleTextTests: XCTestCase {
    func testFirstThrowCallStackAsAddressList() throws {
        let data = try TestPaths.read(TestPaths.fixture("excerpt-huangzhibiao_BGFMDB__issue65.txt"))
        let report = try XCTUnwrap(ReportReader.read(data).reports?.first)
        XCTAssertEqual(report.format, .consoleText)
        XCTAssertEqual(report.frames.count, 21)
        XCTAssertTrue(report.frames.allSatisfy(\.isUnsymbolicated))
    }

    func testUncaughtExceptionWrappedOverLines() throws {
        let text = """
            2015-12-15 11:11:03.264 Xcode[68242:1234] UNCAUGHT EXCEPTION (NSUnknownKeyException): [<XBookmarkWindowController
            0x7f9bbee47b00> valueForUndefinedKey:]: this class is not key value
            coding-compliant for the key _workspace.
            UserInfo: {
            """
        let report = try XCTUnwrap(ReportReader.read(text: text).reports?.first)
        XCTAssertEqual(report.exceptionType, "NSUnknownKeyException")
        let failure = try XCTUnwrap(KVCClassifier.classify(report))
        XCTAssertEqual(failure.receiverClass, "XBookmarkWindowController")
        XCTAssertEqual(failure.key, "_workspace")
    }
}
