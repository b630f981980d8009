/// Hexadecimal digits and the bytes they write: the store keeps a digest (a content hash, an
/// incident key, a file's fingerprint) as its bytes in SQLite and shows it as lower-case digits.
package enum Hex {
    private static let digits = Array("0123456789abcdef".utf8)

    /// Lower-case digits, two a byte.
    package static func string(_ bytes: [UInt8]) -> String {
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
    /// digits and nothing else. (Over the string's UTF-8 buffer: the importer's writer converts
    /// every report's content hash and incident key, and a generic walk over `utf8` cost 2–3 % of
    /// its time.)
    package static func bytes(_ text: String) -> [UInt8]? {
        var text = text
        return text.withUTF8 { digits -> [UInt8]? in
            guard digits.count % 2 == 0 else { return nil }
            var valid = true
            let bytes = [UInt8](unsafeUninitializedCapacity: digits.count / 2) { out, count in
                for index in 0..<digits.count / 2 {
                    guard let high = nibble(digits[index * 2]), let low = nibble(digits[index * 2 + 1]) else {
                        valid = false
                        break
                    }
                    out[index] = high << 4 | low
                    count = index + 1
                }
            }
            return valid ? bytes : nil
        }
    }

    @inline(__always) private static func nibble(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return character - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return character - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return character - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
