import XCTest

@testable import CrashScanClassification
@testable import CrashScanIngest
@testable import CrashScanModel

/// A report's frames kept as spans of one buffer (`FrameList`): what a parser appends reads back
/// as it was written, copies do not see each other's changes, and frames moved between lists keep
/// their texts.
final class FrameListTests: XCTestCase {
    func parsed(_ lines: [String]) -> FrameList {
        var list = FrameList()
        for line in lines { XCTAssertTrue(FrameParser.parse(Substring(line), into: &list), line) }
        return list
    }

    func testFramesReadBackAsParsed() {
        let list = parsed([
            "0 CoreFoundation 0x00000001850ea364 ___exceptionPreprocess + 132",
            "1 LilyForParent 0x0000000100b9a10c -[UItextView(Extension) was_setPlaceholderWithText:Color:] (UItextView+Extension.m:42)",
            "2 LilyForParent 0x0000000100088000 + 203280",
            "3 CoreFoundation 0x0000000185000000 + 12",
        ])
        XCTAssertEqual(list.count, 4)
        XCTAssertEqual(list[0].symbol, "__exceptionPreprocess", "Bugly's extra underscore left out")
        XCTAssertEqual(list[0].rawSymbol, "___exceptionPreprocess")
        XCTAssertEqual(list[0].address, "0x00000001850ea364")
        XCTAssertEqual(list[0].offset, 132)
        XCTAssertEqual(list[1].symbol, "-[UItextView(Extension) was_setPlaceholderWithText:Color:]")
        XCTAssertEqual(list[1].file, "UItextView+Extension.m")
        XCTAssertEqual(list[1].line, 42)
        XCTAssertTrue(list[2].isUnsymbolicated)
        XCTAssertEqual(list[1].rawSymbol, list[1].symbol, "a method is stored as written")
        XCTAssertEqual(
            list.map(\.image), ["CoreFoundation", "LilyForParent", "LilyForParent", "CoreFoundation"])
        XCTAssertEqual(list[0].imageNumber, list[3].imageNumber, "one image, one number")
        XCTAssertNotEqual(list[0].imageNumber, list[1].imageNumber)
        XCTAssertEqual(list.imageNamesInOrder.map(\.name), ["CoreFoundation", "LilyForParent"])
        XCTAssertEqual(list.first(inImage: "LilyForParent")?.index, 1)
        XCTAssertNil(list.first(inImage: "UIKitCore"))
    }

    func testByteQueriesAgreeWithTheSymbolText() {
        let list = parsed([
            "0 Foundation 0x0000000186a2c0e4 -[NSObject(NSKeyValueCoding) setValue:forKey:] + 292",
            "1 Foundation 0x0000000186a2c0e4 _NSSetUsingKeyValueSetter + 120",
            "2 UIKitCore 0x0000000189000000 UIKVCAccessProhibited + 40",
        ])
        for frame in list {
            let needles: [StaticString] = [
                " setValue:forKey", "_NSSetUsingKeyValueSetter", "KVC", "-[", "nothing like it", "",
            ]
            for needle in needles {
                let text = needle.description
                XCTAssertEqual(
                    frame.symbolContains(needle), frame.symbol.contains(text) || text.isEmpty,
                    "\(frame.symbol) contains \(text)")
                XCTAssertEqual(
                    frame.symbolHasPrefix(needle), frame.symbol.hasPrefix(text), "\(frame.symbol) \(text)")
                XCTAssertEqual(
                    frame.symbolHasPrefix(Array(text.utf8)), frame.symbol.hasPrefix(text),
                    "\(frame.symbol) \(text)")
            }
            var symbolText = frame.symbol
            XCTAssertEqual(
                frame.withSymbolBytes(KVCClassifier.mayNameKVC), symbolText.withUTF8(KVCClassifier.mayNameKVC)
            )
        }
        // The positions a gate on the bytes takes are those whose symbol it takes.
        for needle in ["K", "-[", "Setter", "nothing like it"] {
            XCTAssertEqual(
                list.positions { String(decoding: $0, as: UTF8.self).contains(needle) },
                list.indices.filter { list[$0].symbol.contains(needle) }, needle)
        }
        XCTAssertEqual(list.positions(whereSymbol: KVCClassifier.mayNameKVC), [2])
        XCTAssertTrue(list[0].hasSameSymbol(as: Frame(image: "Other", symbol: list[0].symbol)))
        XCTAssertFalse(list[0].hasSameSymbol(as: list[1]))
    }

    func testCopiesAreIndependent() {
        var first = parsed([
            "0 App 0x0000000100b9a10c -[AppDelegate application:didFinishLaunchingWithOptions:] + 10"
        ])
        let kept = first[0]
        var second = first
        XCTAssertTrue(
            FrameParser.parse("1 UIKitCore 0x0000000189000000 UIApplicationMain + 40", into: &first))
        second.append(index: 9, image: "Other", symbol: "other")
        XCTAssertEqual(
            first.map(\.symbol),
            ["-[AppDelegate application:didFinishLaunchingWithOptions:]", "UIApplicationMain"])
        XCTAssertEqual(
            second.map(\.symbol), ["-[AppDelegate application:didFinishLaunchingWithOptions:]", "other"])
        XCTAssertEqual(second[1].image, "Other")
        XCTAssertEqual(kept.symbol, "-[AppDelegate application:didFinishLaunchingWithOptions:]")
        XCTAssertEqual(kept.image, "App")
    }

    /// Copies of one list appended to on two threads at once each keep their own frames: a copy
    /// takes its own buffer at its first change (parsing threads hand reports to the writer).
    func testCopiesChangedOnTwoThreadsKeepTheirOwnFrames() {
        let shared = parsed(["0 App 0x0000000100b9a10c main (main.m:14)"])
        let results = Locked<[Int: FrameList]>([:])
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
            var list = shared
            for index in 1...5_000 {
                list.append(index: index, image: "Image\(worker)", symbol: "symbol \(worker) \(index)")
            }
            results.withLock { $0[worker] = list }
        }
        for worker in 0..<2 {
            let list = results.withLock { $0[worker] } ?? FrameList()
            XCTAssertEqual(list.count, 5_001)
            XCTAssertEqual(list[0].symbol, "main")
            XCTAssertTrue(list.dropFirst().allSatisfy { $0.image == "Image\(worker)" })
            XCTAssertEqual(list[5_000].symbol, "symbol \(worker) 5000")
        }
        XCTAssertEqual(shared.count, 1, "the list copied from is unchanged")
    }

    func testFramesMovedBetweenListsKeepTheirTexts() {
        let source = parsed([
            "0 CoreFoundation 0x00000001850ea364 ___exceptionPreprocess + 132",
            "1 App 0x0000000100b9a10c main (main.m:14)",
        ])
        var target = FrameList([Frame(index: 0, image: "App", address: "0x1", symbol: "start", offset: 4)])
        target.append(contentsOf: source)
        target.insert(source[1], at: 0)
        XCTAssertEqual(target.map(\.symbol), ["main", "start", "__exceptionPreprocess", "main"])
        XCTAssertEqual(target[2].rawSymbol, "___exceptionPreprocess")
        XCTAssertEqual(target[0].file, "main.m")
        XCTAssertEqual(target[0].line, 14)
        XCTAssertEqual(target[1].address, "0x1")
        XCTAssertEqual(target[0].imageNumber, target[1].imageNumber, "App is one image in the target")
        XCTAssertEqual(Array(target[2...]), Array(source))
        target[1] = Frame(index: 1, image: "App", symbol: "-[Resolved method]", file: "R.m", line: 3)
        XCTAssertEqual(target[1].symbol, "-[Resolved method]")
        XCTAssertEqual(target[1].file, "R.m")
        XCTAssertEqual(target[0].symbol, "main", "the other frames are untouched")
        XCTAssertEqual(FrameList(Array(target)), target)
        XCTAssertNotEqual(FrameList(Array(target.dropLast())), target)
    }

    func testAnAppleAddressListIsOneFramePerAddress() {
        var list = FrameList()
        XCTAssertTrue(
            AppleTextParser.readFrames("(0x181422364 0x180668528)", normalizeSymbols: false, into: &list))
        XCTAssertEqual(list.map(\.address), ["0x181422364", "0x180668528"])
        XCTAssertEqual(list.map(\.image), ["?", "?"])
        XCTAssertFalse(AppleTextParser.readFrames("not a frame at all", normalizeSymbols: false, into: &list))
        XCTAssertEqual(list.count, 2)
    }
}
