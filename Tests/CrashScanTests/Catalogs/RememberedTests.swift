import XCTest

@testable import CrashScanCatalogs
@testable import CrashScanModel

/// The import's remembered parses (`Remembered`): the same answers as the parse, each text
/// parsed once while there is room, and every text still parsed once the room is full.
final class RememberedTests: XCTestCase {
    func testATextIsParsedOnceWhileThereIsRoomAndEveryTimeAfter() {
        let calls = Locked<[String]>([])
        let remembered = Remembered(limit: 2) { (text: String) -> Int in
            calls.withLock { $0.append(text) }
            return text.count
        }
        for text in ["a", "a", "bb", "bb", "ccc", "ccc"] {
            XCTAssertEqual(remembered(text), text.count, text)
        }
        XCTAssertEqual(calls.withLock { $0 }, ["a", "bb", "ccc", "ccc"], "the third text finds no room")
    }

    /// The OS versions' and the devices' remembered parses give what the parses give, the first
    /// time and the next, for texts that hold a value and texts that do not.
    func testTheRememberedParsesAreTheParses() {
        let osTexts = [
            "8.1.3(12B466)", "iPhone OS 11.4.1 (Build 15G77)", "iOS13.5", "tvOS 17.2 (21K365)",
            "Android 8.1.0,level 27", "unknown", "", "  8.4 (12H143) ",
        ]
        let deviceTexts = [
            "iPhone7,1", "iPhone 6 Plus", "iphone 6 plus", "x86_64", "iPhone99,9", "MacBookPro18,3", "-", "",
            "Some Phone",
        ]
        for _ in 0..<2 {
            for text in osTexts {
                XCTAssertEqual(OSVersion.parseRemembered(text), OSVersion.parse(text), text)
            }
            for text in deviceTexts {
                XCTAssertEqual(DeviceCatalog.resolveRemembered(text), DeviceCatalog.resolve(text), text)
            }
        }
    }
}
