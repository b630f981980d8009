import CrashScanModel

/// A document's strings and structure, for the Bugly JSON fast path (see
/// `BuglyJSONParser.fastParse`), read by `StreamingJSON`.
///
/// `JSONSerialization` builds Foundation objects for every value of a document and was 64 % of
/// the instructions spent on a Bugly JSON file, although the parser reads a dozen strings. This
/// tree keeps strings and structure only, and is not made (nil) for anything it is not sure to
/// read exactly as `JSONSerialization` does: a syntax error, a shape the streaming reader leaves
/// to Foundation (duplicate keys, a lone surrogate escape, an escaped member name, nesting deeper
/// than 512), or a number with an exponent or more digits than a Double holds. The caller then
/// takes the `JSONSerialization` path, so the outcome is the same.
enum StrictJSON: Equatable {
    case object([String: StrictJSON])
    case array([StrictJSON])
    case string(String)
    /// Numbers and booleans are not read: the fast path falls back when it needs one.
    case number
    case bool
    case null

    /// Parses a whole document (white space around it allowed); nil when not accepted.
    static func parse(_ text: Substring) -> StrictJSON? {
        if let result = text.utf8.withContiguousStorageIfAvailable({ document($0) }) {
            return result
        }
        var copy = String(text)
        return copy.withUTF8 { document($0) }
    }

    private static func document(_ bytes: UnsafeBufferPointer<UInt8>) -> StrictJSON? {
        var reader = StreamingJSON(bytes)
        guard let value = try? tree(&reader), (try? reader.end()) != nil else { return nil }
        return value
    }

    /// The value at the reader, built.
    private static func tree(_ reader: inout StreamingJSON) throws -> StrictJSON {
        switch try reader.kind() {
        case .object:
            var members: [String: StrictJSON] = [:]
            try reader.members { reader, key in
                guard members.updateValue(try tree(&reader), forKey: key.string) == nil else {
                    throw JSONShapeNotCovered()
                }
            }
            return .object(members)
        case .array:
            var elements: [StrictJSON] = []
            try reader.elements { reader, _ in elements.append(try tree(&reader)) }
            return .array(elements)
        case .string:
            return .string(try reader.string())
        case .number:
            let (range, _) = try reader.numberRange()
            guard plainlyADouble(UnsafeBufferPointer(rebasing: reader.bytes[range])) else {
                throw JSONShapeNotCovered()
            }
            return .number
        case .bool:
            _ = try reader.bool()
            return .bool
        case .null:
            try reader.skipValue()
            return .null
        }
    }

    /// No exponent and at most 15 digits: exactly what a Double holds.
    private static func plainlyADouble(_ number: UnsafeBufferPointer<UInt8>) -> Bool {
        var digits = 0
        for byte in number {
            if byte | 0x20 == 101 { return false }  // e E
            if byte &- 48 < 10 { digits += 1 }
        }
        return digits <= 15
    }
}
