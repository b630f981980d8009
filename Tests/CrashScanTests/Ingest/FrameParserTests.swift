import XCTest

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

/// Every frame shape of bugly-format.md section 2.7, with the samples quoted there.
final class FrameParserTests: XCTestCase {
    func parse(_ line: String) -> Frame? { FrameParser.parse(Substring(line)) }

    func testF1MarkdownTableWithOffset() throws {
        let frame = try XCTUnwrap(parse("1 libobjc.A.dylib | objc_exception_throw + 60"))
        XCTAssertEqual(frame.index, 1)
        XCTAssertEqual(frame.image, "libobjc.A.dylib")
        XCTAssertEqual(frame.symbol, "objc_exception_throw")
        XCTAssertEqual(frame.offset, 60)
    }

    func testF1FrameZeroWithoutIndexAndBuglyUnderscore() throws {
        let frame = try XCTUnwrap(parse("CoreFoundation | ___exceptionPreprocess + 132"))
        XCTAssertNil(frame.index)
        XCTAssertEqual(frame.image, "CoreFoundation")
        XCTAssertEqual(frame.symbol, "__exceptionPreprocess", "Bugly's extra underscore is dropped")
        XCTAssertEqual(frame.rawSymbol, "___exceptionPreprocess")
    }

    func testF2Unsymbolicated() throws {
        let frame = try XCTUnwrap(parse("4 QuartzCore | 0x0000000186b70000 + 275440"))
        XCTAssertTrue(frame.isUnsymbolicated)
        XCTAssertEqual(frame.image, "QuartzCore")
        XCTAssertEqual(frame.offset, 275_440)
    }

    func testF2bSymbolWithLocation() throws {
        let frame = try XCTUnwrap(
            parse("9 DingDangDai | __28-[SVProgressHUD showStatus:]_block_invoke (SVProgressHUD.m:880)"))
        XCTAssertEqual(frame.image, "DingDangDai")
        XCTAssertEqual(frame.symbol, "__28-[SVProgressHUD showStatus:]_block_invoke")
        XCTAssertEqual(frame.file, "SVProgressHUD.m")
        XCTAssertEqual(frame.line, 880)
    }

    func testF3NonASCIIImageAndZeroLine() throws {
        let frame = try XCTUnwrap(parse("9 考呀呀    -[FMDatabase executeQuery:] (FMDatabase.m:0)"))
        XCTAssertEqual(frame.index, 9)
        XCTAssertEqual(frame.image, "考呀呀")
        XCTAssertEqual(frame.symbol, "-[FMDatabase executeQuery:]")
        XCTAssertEqual(frame.line, 0)
    }

    func testF3CPlusPlusSymbolMatchedFromTheEnd() throws {
        let line =
            "10 考呀呀    facebook::jsc::JSCRuntime::call(facebook::jsi::Function const&, facebook::jsi::Value const&, facebook::jsi::Value const*, unsigned long) (JSCRuntime.cpp:0)"
        let frame = try XCTUnwrap(parse(line))
        XCTAssertEqual(frame.file, "JSCRuntime.cpp")
        XCTAssertTrue(
            frame.symbol.hasPrefix("facebook::jsc::JSCRuntime::call(facebook::jsi::Function const&"))
        XCTAssertTrue(frame.symbol.hasSuffix("unsigned long)"))
    }

    func testF4BlockWithExtraUnderscore() throws {
        let frame = try XCTUnwrap(
            parse("4 考呀呀    ___48-[UAAPIManager requestWithParameter:completion:]_block_invoke + 296"))
        XCTAssertEqual(frame.symbol, "__48-[UAAPIManager requestWithParameter:completion:]_block_invoke")
        XCTAssertEqual(frame.offset, 296)
    }

    func testF5NoIndexAndSingleSpaceVariant() throws {
        let frame = try XCTUnwrap(
            parse(
                "Foundation    -[NSAssertionHandler handleFailureInMethod:object:file:lineNumber:description:] + 112"
            ))
        XCTAssertEqual(frame.image, "Foundation")
        XCTAssertEqual(frame.offset, 112)
        let single = try XCTUnwrap(parse("CoreFoundation ___exceptionPreprocess + 228"))
        XCTAssertEqual(single.image, "CoreFoundation")
        XCTAssertEqual(single.symbol, "__exceptionPreprocess")
        let bare = try XCTUnwrap(parse("CoreFoundation    +[NSException raise:format:]"))
        XCTAssertEqual(bare.symbol, "+[NSException raise:format:]")
    }

    func testF6AddressColumn() throws {
        let frame = try XCTUnwrap(
            parse("CFNetwork    0x181eab028    -[NSURLSessionTaskMetrics _initWithTask:] + 100"))
        XCTAssertEqual(frame.image, "CFNetwork")
        XCTAssertEqual(frame.address, "0x181eab028")
        XCTAssertEqual(frame.symbol, "-[NSURLSessionTaskMetrics _initWithTask:]")
        let plain = try XCTUnwrap(parse("libobjc.A.dylib    0x1800ac55c    _objc_exception_throw"))
        XCTAssertEqual(plain.symbol, "objc_exception_throw")
    }

    func testF7SDKLog64Bit() throws {
        let frame = try XCTUnwrap(parse("3  MyApp 0x0000000100a1c2f4 0x0000000100a00000 + 115444"))
        XCTAssertEqual(frame.index, 3)
        XCTAssertEqual(frame.image, "MyApp")
        XCTAssertEqual(frame.address, "0x0000000100a1c2f4")
        XCTAssertTrue(frame.isUnsymbolicated)
        XCTAssertEqual(frame.offset, 115_444)
    }

    func testF8SDK140PaddedModule() throws {
        let line = String(
            format: "%-2d %-37@ %@ %@", 3, "Foundation" as NSString, "0x2b1a2a2b",
            "-[NSObject(NSKeyValueCoding) setValue:forUndefinedKey:] + 402")
        let frame = try XCTUnwrap(parse(line))
        XCTAssertEqual(frame.image, "Foundation")
        XCTAssertEqual(frame.symbol, "-[NSObject(NSKeyValueCoding) setValue:forUndefinedKey:]")
        XCTAssertEqual(frame.offset, 402)
    }

    func testF9AppleTabBeforeAddress() throws {
        let frame = try XCTUnwrap(
            parse("4   Crashy                        \t0x100052d10 0x10004c000 + 27920"))
        XCTAssertEqual(frame.image, "Crashy")
        XCTAssertTrue(frame.isUnsymbolicated)
        XCTAssertEqual(frame.offset, 27_920)
        let located = try XCTUnwrap(
            parse(
                "3   UIKitCore                     \t0x184e4efe8 UIKVCAccessProhibited + 284 (UIDebug.m:26)"))
        XCTAssertEqual(located.symbol, "UIKVCAccessProhibited")
        XCTAssertEqual(located.offset, 284)
        XCTAssertEqual(located.file, "UIDebug.m")
    }

    func testF10XcodeConsole() throws {
        let frame = try XCTUnwrap(
            parse(
                "    3   Foundation                          0x0000000109fb503a -[NSObject(NSKeyValueCoding) setValue:forKey:] + 259"
            ))
        XCTAssertEqual(frame.index, 3)
        XCTAssertEqual(frame.symbol, "-[NSObject(NSKeyValueCoding) setValue:forKey:]")
    }

    func testOnDeviceSymbolicatedComment() throws {
        let line =
            "6     + ReProvision (*)               \t0x1025feee4 0x1025f8000 + 0x6ee4\t// -[RPVSplitViewDetailViewController presentSelectedItem:] + 0x160"
        let frame = try XCTUnwrap(parse(line))
        XCTAssertEqual(frame.image, "ReProvision")
        XCTAssertEqual(frame.symbol, "-[RPVSplitViewDetailViewController presentSelectedItem:]")
        XCTAssertEqual(frame.offset, 0x160)
    }

    func testAppleSymbolsKeepTheirUnderscores() {
        XCTAssertEqual(
            parse("19 libdispatch.dylib | _dispatch_main_queue_callback_4CF + 932")?.symbol,
            "_dispatch_main_queue_callback_4CF")
        XCTAssertEqual(
            parse("18 libdispatch.dylib | __dispatch_client_callout + 16")?.symbol, "_dispatch_client_callout"
        )
        XCTAssertEqual(parse("5 libsystem_pthread.dylib    _start_wqthread + 4")?.symbol, "start_wqthread")
        XCTAssertEqual(parse("5 App    -[_Private method] + 4")?.symbol, "-[_Private method]")
    }

    func testProseAndCodeAreNotFrames() {
        for line in [
            "-- | --", "Thank you for your reading !", "[self setValue:label forKey:@\"_placeholderLabel\"];",
            "UILabel *label = [[UILabel alloc] init];", "Hardware Model: iPhone7,1",
            "Exception Type:  EXC_CRASH (SIGABRT)",
            "- (void)was_setFont:(UIFont *)font{", "1. FMResultSet 操作不当引起的 crash。",
            "#import \"UITextView+Extension.h\"",
            "static const char *kPlaceholderKey = \"kPlaceholderKey\";", "", "   ",
        ] {
            XCTAssertNil(parse(line), line)
        }
    }

    func testNumbersReadFromBytesAsUInt64ParsesThem() {
        for text in [
            "0", "7", "007", "18446744073709551615", "18446744073709551616", "ff", "FF", "1a2B", "", "x",
            "12x",
        ] {
            for radix: UInt64 in [10, 16] {
                var copy = text
                let found = copy.withUTF8 { FrameParser.number($0[...], radix: radix) }
                XCTAssertEqual(found, UInt64(text, radix: Int(radix)), "\(text) in base \(radix)")
            }
        }
    }
}
