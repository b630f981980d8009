import XCTest

@testable import CrashScanCatalogs
@testable import CrashScanClassification
@testable import CrashScanIngest

/// The label lines of Bugly console copies as `FieldLabels` reads them on bytes: separators,
/// decorations, and the lines that only look like labels.
final class FieldLabelsTests: XCTestCase {
    func read(_ line: String) -> (LabeledField, String)? {
        FieldLabels.match(Substring(line)).map { ($0.field, String($0.value)) }
    }

    func testAFieldSetHoldsWhatASetOfTheFieldsHolds() {
        let all = (0..<32).compactMap(LabeledField.init(rawValue:))
        XCTAssertEqual(all.count, 19, "every field fits a bit of the set")
        var random = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            var bits = LabeledFieldSet()
            var set = Set<LabeledField>()
            for field in (0..<Int.random(in: 0...8, using: &random)).map({ _ in all.randomElement()! }) {
                bits.insert(field)
                set.insert(field)
            }
            XCTAssertEqual(bits.count, set.count)
            XCTAssertEqual(bits.isEmpty, set.isEmpty)
            for field in all { XCTAssertEqual(bits.contains(field), set.contains(field), "\(field)") }
            var union = bits
            union.formUnion([.device, .stack])
            XCTAssertEqual(union.count, set.union([.device, .stack]).count)
        }
        let repeated: LabeledFieldSet = [.os, .os, .device]
        XCTAssertEqual(repeated.count, 2)
    }

    func testSeparatorsAndDecorations() {
        let cases: [(String, LabeledField, String)] = [
            ("设备机型：iPhone 6 Plus", .device, "iPhone 6 Plus"),
            ("设备机型: iPhone 6 Plus", .device, "iPhone 6 Plus"),
            ("| 系统版本 | 8.1.3(12B466) |", .os, "8.1.3(12B466)"),
            ("**Exception Name**: NSUnknownKeyException", .exceptionName, "NSUnknownKeyException"),
            ("- OS VERSION:\t iOS 13.3 **", .os, "iOS 13.3"),
            ("Device Model  iPhone7,2", .device, "iPhone7,2"),
            ("Device Model\tiPhone7,2", .device, "iPhone7,2"),
            ("系统 8.1.3", .os, "8.1.3"),
            ("クラッシュ内容：-[UITextView setValue:forKey:]", .crashContent, "-[UITextView setValue:forKey:]"),
            ("崩溃内容", .crashContent, ""),
            ("# App Version: 2.3.1 | ", .appVersion, "2.3.1"),
        ]
        for (line, field, value) in cases {
            let read = read(line)
            XCTAssertEqual(read?.0, field, line)
            XCTAssertEqual(read?.1, value, line)
        }
    }

    func testLinesThatOnlyLookLikeLabels() {
        for line in [
            "Model iPhone7,1",  // one space: too weak for an English label
            "Models: 3",  // not at a word boundary
            "系统崩溃了",  // a short CJK label starting a sentence
            "Reasonable defaults",
            "",
            "   |  ",
        ] {
            XCTAssertNil(read(line), line)
        }
    }

    func testExceptionNameLines() throws {
        let plain = try XCTUnwrap(
            ExceptionText.nameLine("NSUnknownKeyException: [<UITextView 0x1> setValue:]`"))
        XCTAssertEqual(plain.name, "NSUnknownKeyException")
        XCTAssertEqual(String(plain.rest), "[<UITextView 0x1> setValue:]")
        let fatal = try XCTUnwrap(ExceptionText.nameLine("  `Fatal Exception: NSGenericException *"))
        XCTAssertEqual(fatal.name, "NSGenericException")
        XCTAssertEqual(String(fatal.rest), "")
        let signal = try XCTUnwrap(ExceptionText.nameLine("EXC_CRASH (SIGABRT)"))
        XCTAssertEqual(String(signal.rest), "", "a signal is not a reason")
        XCTAssertNil(ExceptionText.nameLine("just some words"))
    }

    func testUndefinedKeyReasonsOnBytes() throws {
        let reason =
            "[<UITextView 0x7f9c> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key _placeholderLabel."
        let match = try XCTUnwrap(KVCReasonMatcher.undefinedKey(reason))
        XCTAssertEqual(match.receiverClass, "UITextView")
        XCTAssertEqual(match.key, "_placeholderLabel")
        XCTAssertEqual(match.accessor, .set)
        let quoted = try XCTUnwrap(
            KVCReasonMatcher.undefinedKey(
                "[UIView valueForUndefinedKey:]: this class is not key value coding compliant for the key frame2' (quoted)"
            ))
        XCTAssertEqual(quoted.receiverClass, "UIView")
        XCTAssertEqual(quoted.key, "frame2")
        XCTAssertEqual(quoted.accessor, .get)
        let null = try XCTUnwrap(
            KVCReasonMatcher.undefinedKey("this class is not key value coding-compliant for the key (null)."))
        XCTAssertNil(null.key)
        XCTAssertNil(null.receiverClass)
    }

    func testOSVersionNumbersOnBytes() throws {
        let full = try XCTUnwrap(OSVersion.parse("iOS 8.1.3.4 (12B466)"))
        XCTAssertEqual([full.major, full.minor, full.patch], [8, 1, 3], "three numbers at most")
        let short = try XCTUnwrap(OSVersion.parse("14..2"))
        XCTAssertEqual(short.major, 14)
        XCTAssertNil(short.minor)
        let huge = try XCTUnwrap(OSVersion.parse("99999999999999999999.1"))
        XCTAssertEqual([huge.major, huge.minor], [0, 1], "a number past Int reads as 0")
        XCTAssertNil(OSVersion.parse("iOS"))
    }
}
