/// Hexadecimal digits and the bytes they write: the store keeps a digest (a content hash, an
/// incident key, a file's fingerprint) as its bytes in SQLite and shows it as lower-case digits.
package enum Hex {
    private static let digits = Array("0123456789abcdef".utf8)

    /// Lower-case digits, two a byte.
    package static func string(_ bytes: [UInt8]) -> String {
        bytes.withUnsafeBufferPointer { string($0) }
    }

    /// Lower-case digits, two a byte.
    package static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
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
    /// digits and nothing else. (Over the string's UTF-8 buffer and a table of the digits' values:
    /// the importer's writer converts every report's content hash and incident key, and a generic
    /// walk over `utf8` cost 2–3 % of its time; with a `switch` a digit, the writer spent 18.6 M
    /// instructions here importing 3,000 logs, with the table 16.2 M.)
    package static func bytes(_ text: String) -> [UInt8]? {
        var text = text
        return text.withUTF8 { digits -> [UInt8]? in
            guard digits.count % 2 == 0 else { return nil }
            var invalid: UInt8 = 0
            let bytes = [UInt8](unsafeUninitializedCapacity: digits.count / 2) { out, count in
                values.withUnsafeBufferPointer { values in
                    for index in 0..<digits.count / 2 {
                        let high = values[Int(digits[index &* 2])]
                        let low = values[Int(digits[index &* 2 &+ 1])]
                        invalid |= (high | low) & 0x10
                        out[index] = high << 4 | low & 0x0F
                    }
                }
                count = digits.count / 2
            }
            return invalid == 0 ? bytes : nil
        }
    }

    /// Each byte's value as a hexadecimal digit; 0x10 for a byte that is not one.
    private static let values: [UInt8] = (0...255).map { byte in
        switch UInt8(byte) {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt8(byte) - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt8(byte) - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt8(byte) - UInt8(ascii: "A") + 10
        default: return 0x10
        }
    }
}
