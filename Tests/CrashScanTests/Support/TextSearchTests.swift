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

/// The byte-level search helpers the parsers share: bounds that leave nothing to search, a
/// candidate byte that fails the check before one that passes, and prefixes compared on bytes.
final class TextSearchTests: XCTestCase {
    func offsets(
        _ text: String, _ byte: UInt8, from: Int, to: Int, where accept: (Int) -> Bool = { _ in true }
    )
        -> Int?
    {
        var text = text
        return text.withUTF8 { $0.firstOffset(of: byte, from: from, to: to, where: accept) }
    }

    func testFirstOffsetSkipsRejectedCandidatesAndStaysInBounds() {
        let x = UInt8(ascii: "x")
        XCTAssertEqual(offsets("a x b x", x, from: 0, to: 7), 2)
        XCTAssertEqual(offsets("a x b x", x, from: 0, to: 7) { $0 > 2 }, 6, "the first x is refused")
        XCTAssertNil(offsets("a x b x", x, from: 0, to: 6) { $0 > 2 }, "the end is exclusive")
        XCTAssertNil(offsets("a x", x, from: 5, to: 2), "start after end")
        XCTAssertEqual(offsets("a x", x, from: -4, to: 99), 2, "bounds are clamped to the buffer")
        XCTAssertNil(offsets("", x, from: 0, to: 1))
    }

    /// A search in a long text (where it looks for the needle's rarest byte, not its first)
    /// finds the needle where it first stands, as a search byte by byte does: at the text's
    /// start and end, after partial matches, with the rare byte anywhere in the needle.
    func testNeedlesInLongTextsAreFoundWhereTheyFirstStand() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        let alphabet = Array("ab \"_Fx:[KQ".utf8)
        for _ in 0..<400 {
            let text = (0..<(256 + next(700))).map { _ in alphabet[next(alphabet.count)] }
            let needle = (0..<(1 + next(6))).map { _ in alphabet[next(alphabet.count)] }
            let expected = (0...(text.count - needle.count)).first { start in
                text[start..<(start + needle.count)].elementsEqual(needle)
            }
            let found = text.withUnsafeBufferPointer { haystack in
                needle.withUnsafeBufferPointer { haystack.firstOffset(ofBytes: $0) }
            }
            XCTAssertEqual(found, expected, "\(String(decoding: needle, as: UTF8.self))")
        }
        let long = String(repeating: "Foundation ", count: 40)
        XCTAssertEqual(
            TextSearch.offset(of: "Fatal Exception:", in: long + "Fatal Exception: x"), long.utf8.count)
        XCTAssertEqual(TextSearch.offset(of: "Foundation", in: long), 0)
        XCTAssertNil(TextSearch.offset(of: "\"bug_type\"", in: long + "\"bug_typ\""))
    }

    /// Consecutive lines of a text span what they read joined: all of them (blank lines, a
    /// trailing line feed), a run in the middle, one line, none.
    func testConsecutiveLinesSpanTheirJoin() {
        for text in ["a\n\nb c\n", "one", "\n\n", "first\r\nsecond\nthird", ""] {
            let lines = Lines.split(text, keepEmpty: true)
            XCTAssertEqual(Lines.span(of: lines), Lines.join(lines), text)
            XCTAssertEqual(Lines.span(of: lines), text)
            for start in lines.indices {
                for end in start..<lines.count {
                    let run = lines[start...end]
                    XCTAssertEqual(Lines.span(of: run), Lines.join(run), "\(text) \(start)...\(end)")
                }
            }
        }
        XCTAssertEqual(Lines.span(of: [Substring]()), "")
    }

    func testHasComparesAtAnOffsetWithoutRunningOff() {
        var text = "-[UISearchBar _searchField]"
        text.withUTF8 { bytes in
            XCTAssertTrue(bytes.has(Array("[UISearchBar ".utf8), at: 1))
            XCTAssertFalse(bytes.has(Array("[UISearchBar ".utf8), at: 0))
            XCTAssertFalse(bytes.has(Array("Field]!".utf8), at: bytes.count - 6), "would run past the end")
            XCTAssertFalse(bytes.has(Array("-".utf8), at: -1))
            // The same answers for a StaticString needle.
            XCTAssertTrue(bytes.has("[UISearchBar ", at: 1))
            XCTAssertFalse(bytes.has("[UISearchBar ", at: 0))
            XCTAssertFalse(bytes.has("Field]!", at: bytes.count - 6), "would run past the end")
            XCTAssertTrue(bytes.has("Field]", at: bytes.count - 6))
            XCTAssertFalse(bytes.has("-", at: -1))
        }
    }

    func testSubstringPrefixAndSuffixOnBytes() {
        let line = Substring("  Exception type: NSGenericException  ").dropFirst(2)
        XCTAssertTrue(line.hasPrefix("Exception type:"))
        XCTAssertFalse(line.hasPrefix("exception type:"))
        XCTAssertTrue(line.hasSuffix("Exception  "))
        XCTAssertTrue(line.hasPrefix(""))
        XCTAssertFalse(Substring("ab").hasPrefix("abc"))
        XCTAssertTrue(Substring("设备机型：iPhone").hasPrefix("设备机型"))
    }
}
