/// Hexadecimal digits and the bytes they write: the store keeps a digest (a content hash, an
/// incident key, a file's fingerprint) as its bytes in SQLite and shows it as lower-case digits.
package enum Hex {
    private static let digits = Array("0123456789abcdef".utf8)

    /// Lower-case digits, two a byte.
    package static func string(_ bytes: some Collection<UInt8>) -> String {
        String(unsafeUninitializedCapacity: bytes.count * 2) { out in
            var index = 0
            for byte in bytes {
                out[index] = digits[Int(byte >> 4)]
                out[index + 1] = digits[Int(byte & 15)]
                index += 2
            }
            return index
        }
    }

    /// The bytes that `text` writes (either case); nil unless it is an even number of hexadecimal
    /// digits and nothing else.
    package static func bytes(_ text: some StringProtocol) -> [UInt8]? {
        let utf8 = text.utf8
        guard utf8.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count / 2)
        var high: UInt8?
        for character in utf8 {
            guard let value = nibble(character) else { return nil }
            if let first = high {
                bytes.append(first << 4 | value)
                high = nil
            } else {
                high = value
            }
        }
        return bytes
    }

    private static func nibble(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return character - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return character - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return character - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
