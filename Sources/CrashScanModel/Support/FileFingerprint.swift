import Foundation

/// A fast 128-bit fingerprint of a file's bytes, to recognise a file imported before without
/// parsing it. Not cryptographic: it only lets `import` skip work, and the byte count must
/// match too. (SHA-256 of every file cost as much as a sixth of the parse; this runs at
/// memory speed.)
package struct FileFingerprint: Hashable, Sendable {
    let high: UInt64
    let low: UInt64
    package let byteCount: Int
}

// The initialisers live in an extension so that the memberwise one is kept.
extension FileFingerprint {
    package init(of data: Data) {
        let (high, low) = data.withUnsafeBytes { FileFingerprint.hash($0) }
        self.init(high: high, low: low, byteCount: data.count)
    }

    /// Two independent lanes of multiply–rotate mixing over 8-byte words, finished with the
    /// MurmurHash3 avalanche.
    static func hash(_ bytes: UnsafeRawBufferPointer) -> (UInt64, UInt64) {
        var a: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        var b: UInt64 = 0xC2B2_AE3D_27D4_EB4F &+ UInt64(bytes.count)
        let words = bytes.count / 8
        var index = 0
        while index < words {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self))
            a = rotate((a ^ word) &* 0x8765_4321_0FED_CBA9, 31) &+ b
            b = rotate((b &+ word) &* 0xFF51_AFD7_ED55_8CCD, 27) ^ a
            index += 1
        }
        var tail: UInt64 = 0
        for offset in stride(from: bytes.count - 1, through: words * 8, by: -1) {
            tail = tail << 8 | UInt64(bytes[offset])
        }
        a = mix(a ^ tail ^ rotate(b, 17))
        b = mix(b &+ tail &+ a)
        return (a, b)
    }

    @inline(__always) private static func rotate(_ value: UInt64, _ count: UInt64) -> UInt64 {
        (value << count) | (value >> (64 - count))
    }

    @inline(__always) private static func mix(_ value: UInt64) -> UInt64 {
        var x = value
        x ^= x >> 33
        x &*= 0xFF51_AFD7_ED55_8CCD
        x ^= x >> 33
        x &*= 0xC4CE_B9FE_1A85_EC53
        x ^= x >> 33
        return x
    }

    /// 32 hex digits, as stored in `import_file.file_hash`. Written digit by digit into one
    /// string: two `String(radix:)` and their padding were 0.6 % of the parsers' time, and the
    /// writer makes it again for the file's row.
    package var hex: String {
        String(unsafeUninitializedCapacity: 32) { out in
            for digit in 0..<32 {
                let value = digit < 16 ? high : low
                let nibble = Int(truncatingIfNeeded: value >> UInt64(60 - (digit % 16) * 4)) & 0xF
                out[digit] = FileFingerprint.digits[nibble]
            }
            return 32
        }
    }

    private static let digits = Array("0123456789abcdef".utf8)

    /// Reads `hex` back; nil for anything else.
    init?(hex text: String, byteCount: Int) {
        guard text.utf8.count == 32, let high = UInt64(String(text.prefix(16)), radix: 16),
            let low = UInt64(String(text.suffix(16)), radix: 16)
        else { return nil }
        self.init(high: high, low: low, byteCount: byteCount)
    }
}
