import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Turns a file's bytes into text: UTF-8 with or without BOM, UTF-16 with BOM, and
/// GB18030/GBK (exports saved on Chinese Windows). Line endings become `\n`.
public enum TextDecoder {
    public enum Failure: Error, Equatable, CustomStringConvertible, Sendable {
        case empty
        case binary
        case undecodable

        public var description: String {
            switch self {
            case .empty: return "empty file"
            case .binary: return "binary content, not a text crash log"
            case .undecodable: return "text in an unknown encoding (not UTF-8, UTF-16 or GB18030)"
            }
        }
    }

    public enum Encoding: String, Sendable {
        case utf8 = "UTF-8"
        case utf16LE = "UTF-16LE"
        case utf16BE = "UTF-16BE"
        case gb18030 = "GB18030"
    }

    public static func decode(_ data: Data) throws(Failure) -> (text: String, encoding: Encoding) {
        guard !data.isEmpty else { throw .empty }
        let bytes = [UInt8](data)
        let decoded: (String, Encoding)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            guard let text = String(validating: bytes[3...], as: UTF8.self) else { throw .undecodable }
            decoded = (text, .utf8)
        } else if bytes.starts(with: [0xFF, 0xFE]) {
            decoded = (utf16(bytes[2...], littleEndian: true), .utf16LE)
        } else if bytes.starts(with: [0xFE, 0xFF]) {
            decoded = (utf16(bytes[2...], littleEndian: false), .utf16BE)
        } else if bytes.withUnsafeBufferPointer({ $0.firstOffset(of: 0, from: 0, to: $0.count) != nil }) {
            // NUL bytes without a UTF-16 BOM: a binary file (a .plcrash, an image, a zip). memchr,
            // not `contains`: this looks at every byte of every file.
            throw .binary
        } else if let text = String(validating: bytes, as: UTF8.self) {
            decoded = (text, .utf8)
        } else if let text = gb18030(bytes) {
            decoded = (text, .gb18030)
        } else {
            throw .undecodable
        }
        let text = normalizeLineEndings(decoded.0)
        if looksBinary(text) { throw .binary }
        return (text, decoded.1)
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
            var controls = 0
            for byte in bytes where byte < 32 && byte != 9 && byte != 10 && byte != 12 { controls += 1 }
            return bytes.count > 0 && controls * 100 > bytes.count
        }
    }

    private static func utf16(_ bytes: ArraySlice<UInt8>, littleEndian: Bool) -> String {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex {
            let first = UInt16(bytes[index])
            let second = UInt16(bytes[index + 1])
            units.append(littleEndian ? first | second << 8 : first << 8 | second)
            index += 2
        }
        return String(decoding: units, as: UTF16.self)
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
