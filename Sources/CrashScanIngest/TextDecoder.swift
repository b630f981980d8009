import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Turns a file's bytes into text: UTF-8 with or without BOM, UTF-16 with or without BOM, and
/// GB18030/GBK (exports saved on Chinese Windows). Line endings become `\n`. Text that is none of
/// these whole (one invalid byte, a character cut off by a truncated upload, a Latin-1 `é` in a
/// UTF-8 paste) is read as UTF-8 with each invalid sequence replaced by U+FFFD, and says how many
/// it replaced: one bad byte must not lose the report around it.
public enum TextDecoder {
    public enum Failure: Error, Equatable, CustomStringConvertible, Sendable {
        case empty
        case binary

        public var description: String {
            switch self {
            case .empty: return "empty file"
            case .binary: return "binary content, not a text crash log"
            }
        }
    }

    public enum Encoding: String, Sendable {
        case utf8 = "UTF-8"
        case utf16LE = "UTF-16LE"
        case utf16BE = "UTF-16BE"
        case gb18030 = "GB18030"
    }

    /// A file's text, the encoding it was read in, and how many invalid sequences were replaced.
    public struct Decoded: Sendable {
        public var text: String
        public var encoding: Encoding
        /// Invalid byte sequences (UTF-8) or lone surrogates (UTF-16) replaced by U+FFFD; 0 when
        /// the bytes were valid text.
        public var repairs = 0
    }

    public static func decode(_ data: Data) throws(Failure) -> Decoded {
        guard !data.isEmpty else { throw .empty }
        // Most files are UTF-8 without a BOM or a NUL byte: read from the data's own bytes. A
        // copy of them first held a 60 MB paste three times at once (data, bytes, text). What
        // is left below is a BOM, NUL bytes, or bytes that are not UTF-8.
        if let text = plainUTF8(data) { return try finish(Decoded(text: text, encoding: .utf8)) }
        let bytes = [UInt8](data)
        var decoded: Decoded
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            decoded = utf8(bytes[3...])
        } else if bytes.starts(with: [0xFF, 0xFE]) {
            decoded = utf16(bytes[2...], littleEndian: true)
        } else if bytes.starts(with: [0xFE, 0xFF]) {
            decoded = utf16(bytes[2...], littleEndian: false)
        } else if bytes.withUnsafeBufferPointer({ $0.firstOffset(of: 0, from: 0, to: $0.count) != nil }) {
            // NUL bytes without a BOM: UTF-16 saved without one (every other byte NUL in a text of
            // mostly ASCII), else a binary file (a .plcrash, an image, a zip). memchr, not
            // `contains`: this looks at every byte of every file.
            guard let littleEndian = utf16WithoutBOM(bytes) else { throw .binary }
            decoded = utf16(bytes[...], littleEndian: littleEndian)
        } else if looksLikeGB18030(bytes), let text = gb18030(bytes) {
            decoded = Decoded(text: text, encoding: .gb18030)
        } else {
            decoded = utf8(bytes[...])
        }
        return try finish(decoded)
    }

    /// The text of `data` when it is valid UTF-8 that starts with no BOM and holds no NUL byte.
    private static func plainUTF8(_ data: Data) -> String? {
        data.withUnsafeBytes { raw -> String? in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard let base = bytes.baseAddress, !bytes.starts(with: [0xEF, 0xBB, 0xBF]),
                memchr(base, 0, bytes.count) == nil
            else { return nil }
            return String(validating: bytes, as: UTF8.self)
        }
    }

    /// Line endings made `\n`; binary content refused.
    private static func finish(_ decoded: Decoded) throws(Failure) -> Decoded {
        var decoded = decoded
        decoded.text = normalizeLineEndings(decoded.text)
        if looksBinary(decoded.text) { throw .binary }
        return decoded
    }

    /// UTF-8, each maximal invalid sequence replaced by U+FFFD (as `String(decoding:)` does),
    /// counted.
    static func utf8(_ bytes: ArraySlice<UInt8>) -> Decoded {
        if let text = String(validating: bytes, as: UTF8.self) { return Decoded(text: text, encoding: .utf8) }
        return Decoded(
            text: String(decoding: bytes, as: UTF8.self), encoding: .utf8,
            repairs: invalidSequences(bytes, UTF8.self))
    }

    /// The number of maximal invalid subsequences in `units` decoded with `codec`.
    static func invalidSequences<Codec: UnicodeCodec, Units: Collection>(_ units: Units, _: Codec.Type) -> Int
    where Units.Element == Codec.CodeUnit {
        var iterator = units.makeIterator()
        var codec = Codec()
        var invalid = 0
        while true {
            switch codec.decode(&iterator) {
            case .scalarValue: continue
            case .error: invalid += 1
            case .emptyInput: return invalid
            }
        }
    }

    /// Whether bytes that are not UTF-8 read as GB18030 rather than as UTF-8 with damage: most
    /// of their non-ASCII bytes come in GB pairs (a lead byte 0x81–0xFE followed by a byte of
    /// 0x80 or more, as every GB2312 hanzi is; or a four-byte sequence), and there is less valid
    /// multi-byte UTF-8 than broken. A Latin-1 `é` followed by a letter is a valid GBK pair, but
    /// its second byte is ASCII; a UTF-8 Chinese text cut in the middle of a character has far
    /// more valid sequences than broken ones.
    static func looksLikeGB18030(_ bytes: [UInt8]) -> Bool {
        var gbPairs = 0
        var asciiTrails = 0
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            guard lead >= 0x81, lead != 0xFF, index + 1 < bytes.count else {
                index += 1
                continue
            }
            let trail = bytes[index + 1]
            if (0x30...0x39).contains(trail) {
                gbPairs += 1
                index += 4
            } else {
                if trail >= 0x80 { gbPairs += 1 } else { asciiTrails += 1 }
                index += 2
            }
        }
        guard gbPairs > asciiTrails else { return false }
        let validMultiByte = String(decoding: bytes, as: UTF8.self).unicodeScalars.count {
            $0.value >= 0x80 && $0 != "\u{FFFD}"
        }
        return validMultiByte < invalidSequences(bytes, UTF8.self)
    }

    /// CRLF and lone CR become LF.
    static func normalizeLineEndings(_ text: String) -> String {
        var copy = text
        let hasCR = copy.withUTF8 { bytes in
            bytes.baseAddress.map { memchr($0, 13, bytes.count) != nil } ?? false
        }
        guard hasCR else { return text }
        return text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
    }

    /// Control characters other than tab, newline and form feed in more than 1% of the text.
    static func looksBinary(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard let base = UnsafeRawPointer(bytes.baseAddress) else { return false }
            var controls = 0
            // Eight bytes at a time (this reads every byte of every file; the byte loop was 2 % of
            // parsing): exact per-byte tests without carries between bytes, then a popcount.
            let words = bytes.count / 8
            for word in 0..<words {
                controls += controlCount(base.loadUnaligned(fromByteOffset: word * 8, as: UInt64.self))
            }
            for byte in bytes[(words * 8)...] where isControl(byte) { controls += 1 }
            return bytes.count > 0 && controls * 100 > bytes.count
        }
    }

    @inline(__always) static func isControl(_ byte: UInt8) -> Bool {
        byte < 32 && byte != 9 && byte != 10 && byte != 12
    }

    /// The bytes of `word` below 32 other than tab, line feed and form feed.
    @inline(__always) static func controlCount(_ word: UInt64) -> Int {
        let high: UInt64 = 0x8080_8080_8080_8080
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        // High bit clear in both `word` and `(byte & 0x7F) + 0x60` ⇔ byte < 0x20.
        let below32 = ~(((word & low7) &+ 0x6060_6060_6060_6060) | word) & high
        // Most words of text have no byte below 32 (the build targets baseline x86-64: no
        // popcount instruction, so skip the rest when it cannot count anything).
        guard below32 != 0 else { return 0 }
        // High bit set where the byte equals `value` (zero-byte test of word ^ value).
        func equal(_ value: UInt64) -> UInt64 {
            let x = word ^ (value &* 0x0101_0101_0101_0101)
            return ~(((x & low7) &+ low7) | x) & high
        }
        // A word of text with a byte below 32 nearly always holds a line feed and nothing else
        // below 32: the tab and form feed tests only when something is left.
        let notLineFeeds = below32 & ~equal(10)
        guard notLineFeeds != 0 else { return 0 }
        let controls = notLineFeeds & ~(equal(9) | equal(12))
        return controls == 0 ? 0 : controls.nonzeroBitCount
    }

    /// Whether `bytes` look like UTF-16 without a byte-order mark, and which order: in the first
    /// 1,024 code units, nearly every high byte is 0 and nearly every low byte is not (text of
    /// mostly ASCII, as crash logs are). nil: not UTF-16.
    static func utf16WithoutBOM(_ bytes: [UInt8]) -> Bool? {
        let units = min(bytes.count / 2, 1_024)
        guard units >= 8 else { return nil }
        var evenZero = 0
        var oddZero = 0
        for unit in 0..<units {
            if bytes[2 * unit] == 0 { evenZero += 1 }
            if bytes[2 * unit + 1] == 0 { oddZero += 1 }
        }
        // 90 % of one side NUL and almost none of the other.
        if oddZero * 10 >= units * 9 && evenZero * 20 <= units { return true }
        if evenZero * 10 >= units * 9 && oddZero * 20 <= units { return false }
        return nil
    }

    private static func utf16(_ bytes: ArraySlice<UInt8>, littleEndian: Bool) -> Decoded {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex {
            let first = UInt16(bytes[index])
            let second = UInt16(bytes[index + 1])
            units.append(littleEndian ? first | second << 8 : first << 8 | second)
            index += 2
        }
        // A last odd byte is half a code unit: cut off, replaced like any broken sequence.
        let cutOff = bytes.count % 2
        var text = String(decoding: units, as: UTF16.self)
        if cutOff == 1 { text.append("\u{FFFD}") }
        return Decoded(
            text: text, encoding: littleEndian ? .utf16LE : .utf16BE,
            repairs: invalidSequences(units, UTF16.self) + cutOff)
    }

    /// GB18030 (a superset of GBK and GB2312) through glibc's iconv.
    static func gb18030(_ bytes: [UInt8]) -> String? {
        let converter = iconv_open("UTF-8", "GB18030")
        guard converter != iconv_t(bitPattern: -1) else { return nil }
        defer { iconv_close(converter) }
        var input = bytes.map { CChar(bitPattern: $0) }
        var output = [CChar](repeating: 0, count: bytes.count * 2 + 16)
        let converted: Int? = input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer -> Int? in
                var inPointer = inBuffer.baseAddress
                var inLeft = inBuffer.count
                var outPointer = outBuffer.baseAddress
                var outLeft = outBuffer.count
                let result = iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft)
                guard result != -1, inLeft == 0 else { return nil }
                return outBuffer.count - outLeft
            }
        }
        guard let converted else { return nil }
        return String(validating: output[..<converted].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
