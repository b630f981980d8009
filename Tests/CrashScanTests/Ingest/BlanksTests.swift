import Foundation
import XCTest

@testable import CrashScanModel

/// Spaces and tabs trimmed on bytes, as every parser trims a line: nothing else is taken (no line
/// break, no non-breaking space, no full-width space), and the rest is the same text.
final class BlanksTests: XCTestCase {
    func testSpacesAndTabsAreTrimmedAndNothingElse() {
        let cases: [(String, String)] = [
            ("", ""), (" ", ""), ("\t \t", ""), ("a", "a"), ("  a b  ", "a b"), ("\ta\t", "a"),
            ("设备机型：iPhone ", "设备机型：iPhone"), ("\u{3000}全角\u{3000}", "\u{3000}全角\u{3000}"),
            ("\u{A0}x\u{A0}", "\u{A0}x\u{A0}"), ("\nx\n", "\nx\n"), (" é ", "é"), ("a\u{301} ", "a\u{301}"),
        ]
        for (text, trimmed) in cases {
            // The line as a parser has it: a slice of a larger text.
            let whole = "<" + text + ">"
            let line = whole.dropFirst().dropLast()
            XCTAssertEqual(String(line.trimmingBlanks()), trimmed, text.debugDescription)
            XCTAssertEqual(String(line.trimmingBlanksByIndex()), trimmed, text.debugDescription)
            XCTAssertEqual(text.trimmingBlanksString(), trimmed, text.debugDescription)
        }
        // Through a bridged string, whose bytes may not be contiguous.
        let bridged = String(NSString(string: "  bridged \t"))
        XCTAssertEqual(String(Substring(bridged).trimmingBlanks()), "bridged")
    }
}
