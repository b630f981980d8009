import XCTest

@testable import CrashScanStore

/// The byte-keyed numbering of device and user ids gives each id the number a
/// `[String: Int32]` numbering in first-seen order gives it: Swift's String equality decides.
final class IDNumberingTests: XCTestCase {
    func number(_ text: String, in numbering: inout IDNumbering) -> Int32 {
        var text = text
        return text.withUTF8 { numbering.number(UnsafeRawBufferPointer($0)) }
    }

    func testNumbersMatchAStringDictionaryOverManyIDs() {
        var numbering = IDNumbering()
        var reference: [String: Int32] = [:]
        var random = SystemRandomNumberGenerator()
        // Enough ids to grow the table several times; lengths around the 8-byte words.
        for index in 0..<20_000 {
            let length = Int.random(in: 0...40, using: &random)
            let id =
                index % 3 == 0
                ? String(format: "%08X-51C2-4E7A-9B3D-%012X", index % 5_000, index % 5_000)
                : String((0..<length).map { _ in "0123456789abcdef".randomElement(using: &random)! })
            let expected = reference[id] ?? Int32(reference.count)
            reference[id] = expected
            XCTAssertEqual(number(id, in: &numbering), expected, id)
        }
        XCTAssertEqual(numbering.count, reference.count)
    }

    func testCanonicallyEquivalentIDsAreOne() {
        var numbering = IDNumbering()
        let composed = "caf\u{E9}"
        let decomposed = "cafe\u{301}"
        XCTAssertEqual(composed, decomposed)
        XCTAssertEqual(number(composed, in: &numbering), 0)
        XCTAssertEqual(number(decomposed, in: &numbering), 0)
        // The Kelvin sign is canonically an ASCII K.
        XCTAssertEqual(number("K1", in: &numbering), 1)
        XCTAssertEqual(number("\u{212A}1", in: &numbering), 1)
        XCTAssertEqual(number("k1", in: &numbering), 2, "case still counts")
        XCTAssertEqual(number("", in: &numbering), 3)
        // Past the first eight bytes, and in the last of them.
        XCTAssertEqual(number("device-0\u{E9}", in: &numbering), 4)
        XCTAssertEqual(number("device-0e\u{301}", in: &numbering), 4)
        XCTAssertEqual(number("device\u{E9}", in: &numbering), 5)
        XCTAssertEqual(number("devicee\u{301}", in: &numbering), 5)
        XCTAssertEqual(numbering.count, 6)
    }
}
