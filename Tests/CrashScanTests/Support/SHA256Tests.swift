import XCTest

@testable import CrashScanArchive
@testable import CrashScanCatalogs
@testable import CrashScanClassification
@testable import CrashScanImport
@testable import CrashScanIngest
@testable import CrashScanModel
@testable import CrashScanStore
@testable import CrashScanSymbolication

/// The digest behind duplicate detection and fingerprints, against FIPS 180-4 vectors.
final class SHA256Tests: XCTestCase {
    func testKnownDigests() {
        XCTAssertEqual(SHA256.hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(SHA256.hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(
            SHA256.hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        XCTAssertEqual(
            SHA256.hex(String(repeating: "a", count: 1000)),
            "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
        XCTAssertEqual(
            SHA256.hex(String(repeating: "设备机型：iPhone 6 Plus\n", count: 7)),
            "431403c634f9aaf12ee4f40d4bd8b4d6039795fa29c16b362b402ee084cf2063")
    }

    /// The digest of parts is the digest of the parts joined, whatever their number and content
    /// (the group fingerprints and incident keys of stored reports depend on it).
    func testDigestOfPartsIsDigestOfJoinedText() {
        let cases: [[String]] = [
            [], [""], ["", ""], ["abc"], ["a", "bc"],
            ["v3", "NSUnknownKeyException", "kvc:undefined_key:set", "", ""],
            ["设备", "机型", "iPhone 6 Plus"],
            [String(repeating: "x", count: 200), "y", String(repeating: "z", count: 70)],
        ]
        for parts in cases {
            XCTAssertEqual(
                SHA256.hex(joining: parts, separator: "\u{1F}"),
                SHA256.hex(parts.joined(separator: "\u{1F}")),
                "\(parts)")
        }
        XCTAssertEqual(SHA256.hex(joining: ["a", "b", "c"], separator: ""), SHA256.hex("abc"))
        XCTAssertEqual(
            SHA256.hex(joining: ["ab", "c"], separator: ""),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }
}
