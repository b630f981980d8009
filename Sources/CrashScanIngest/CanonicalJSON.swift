import Foundation

/// The bytes `JSONFields.canonical` gives for a document (Foundation's sorted-keys serialisation
/// of `JSONSerialization`'s reading of it), written straight from the document's bytes.
///
/// KSCrash and MetricKit reports are stored under the SHA-256 of that serialisation, so a second
/// import of a report finds the first whatever the white space and member order of its file:
/// the streaming readers must reproduce it byte for byte, or every such report would be stored
/// again. What Foundation does, and this writer with it:
/// - member names in `SortedKeyOrder`;
/// - strings with `"`, `\`, `/` and control characters escaped (`\/`, `\u001f`), nothing else;
/// - integers as their digits when they fit 64 bits; numbers of more than 17 characters (before
///   any exponent) as a `Decimal`'s description; others read as a `Double` and written by
///   Swift's `description` without a trailing `.0`.
///
/// Anything else throws `JSONShapeNotCovered` and the caller takes the Foundation path: a name
/// `SortedKeyOrder` does not cover, a duplicate name or two names it cannot order
/// (`SortedKeyOrder.isAlike`), an escaped name, a whole `Double` of 2⁵³ or more (Foundation writes
/// some as integers, some not), and what it refuses (infinity).
enum CanonicalJSON {
    /// The serialisation of the value at the reader, the reader after it.
    static func write(_ reader: inout StreamingJSON) throws -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(reader.bytes.count - reader.position)
        try value(&reader, into: &out)
        return out
    }

    /// A whole document that is an object, written and so checked to the last value: what the
    /// KSCrash, MetricKit and Sentry readers start from. Written once for all three, the same pass
    /// gives the top-level names that tell which format the document is.
    struct Document {
        let bytes: UnsafeBufferPointer<UInt8>
        /// The serialisation whose SHA-256 is a KSCrash report's or Sentry event's content hash.
        let content: [UInt8]
        let topLevelNames: Set<String>

        func hasName(_ name: String) -> Bool { topLevelNames.contains(name) }
    }

    static func document(_ bytes: UnsafeBufferPointer<UInt8>) throws -> Document {
        var reader = StreamingJSON(bytes)
        guard try reader.kind() == .object else { throw JSONShapeNotCovered() }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var names = Set<String>()
        try object(&reader, into: &out) { names.insert($0.string) }
        try reader.end()
        return Document(bytes: bytes, content: out, topLevelNames: names)
    }

    private static func value(_ reader: inout StreamingJSON, into out: inout [UInt8]) throws {
        switch try reader.kind() {
        case .object: try object(&reader, into: &out)
        case .array:
            out.append(91)  // [
            try reader.elements { reader, index in
                if index > 0 { out.append(44) }
                try value(&reader, into: &out)
            }
            out.append(93)
        case .string:
            let (range, escaped) = try reader.stringRange()
            let content = UnsafeBufferPointer(rebasing: reader.bytes[range])
            if escaped {
                StreamingJSON.unescaped(content).withUnsafeBufferPointer { quoted($0, into: &out) }
            } else {
                quoted(content, into: &out)
            }
        case .number:
            let (range, _) = try reader.numberRange()
            try number(UnsafeBufferPointer(rebasing: reader.bytes[range]), into: &out)
        case .bool, .null:
            let range = try reader.valueRange()
            out.append(contentsOf: reader.bytes[range])
        }
    }

    /// The members written in the document's order, then put in Foundation's order when they
    /// were not in it: a writer putting each object together apart would copy a value once for
    /// every object around it (MetricKit's call-stack trees nest two levels for each frame).
    private static func object(
        _ reader: inout StreamingJSON, into out: inout [UInt8], names: ((JSONKey) -> Void)? = nil
    ) throws {
        var members: [(order: SortedKeyOrder, start: Int, end: Int)] = []
        var inOrder = true
        out.append(123)  // {
        let first = out.count
        try reader.members { reader, key in
            guard let order = SortedKeyOrder(key.bytes) else { throw JSONShapeNotCovered() }
            names?(key)
            if let last = members.last {
                // Equal keys are the same name (Foundation keeps one of them: which is not covered)
                // or names alike to ICU (`x1`, `x01`), which Foundation orders its own way.
                guard !last.order.isAlike(order) else { throw JSONShapeNotCovered() }
                inOrder = inOrder && last.order < order
                out.append(44)  // ,
            }
            let start = out.count
            quoted(key.bytes, into: &out)
            out.append(58)  // :
            try value(&reader, into: &out)
            members.append((order, start, out.count))
        }
        if !inOrder {
            let written = Array(out[first...])
            out.removeSubrange(first...)
            members.sort { $0.order < $1.order }
            for (index, member) in members.enumerated() {
                if index > 0 {
                    guard !members[index - 1].order.isAlike(member.order) else { throw JSONShapeNotCovered() }
                    out.append(44)
                }
                out.append(contentsOf: written[(member.start - first)..<(member.end - first)])
            }
        }
        out.append(125)
    }

    /// A string's decoded UTF-8 in quotes, escaped as Foundation escapes it; the runs between
    /// escapes are copied whole (byte by byte, this was a tenth of a KSCrash file's reading).
    private static func quoted(_ text: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        out.append(34)
        var runStart = 0
        for index in 0..<text.count {
            let byte = text[index]
            guard byte < 32 || byte == 34 || byte == 92 || byte == 47 else { continue }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<index]))
            escape(byte, into: &out)
            runStart = index + 1
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart...]))
        out.append(34)
    }

    private static func escape(_ byte: UInt8, into out: inout [UInt8]) {
        out.append(92)  // \
        switch byte {
        case 8: out.append(98)  // b
        case 12: out.append(102)  // f
        case 10: out.append(110)  // n
        case 13: out.append(114)  // r
        case 9: out.append(116)  // t
        case 0..<32:
            // \u00XX in lower-case hexadecimal digits.
            let digits = Array("0123456789abcdef".utf8)
            out.append(contentsOf: [117, 48, 48, digits[Int(byte >> 4)], digits[Int(byte & 15)]])
        default: out.append(byte)  // " \ /
        }
    }

    /// A number as Foundation reads and writes it (`NSNumber.fromJSONNumber`, then its writer).
    private static func number(_ text: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) throws {
        // Most numbers of a crash report are integers of up to 18 digits (addresses, registers):
        // an integer's digits as JSON allows them (no leading zero) are its description, but for
        // `-0`, which is 0.
        if text.count <= 18, text.allSatisfy({ $0 &- 48 < 10 || $0 == 45 }) {
            if text.count == 2, text[1] == 48, text[0] == 45 { return out.append(48) }
            return out.append(contentsOf: text)
        }
        let string = String(decoding: text, as: UTF8.self)
        // Foundation looks for a lower-case `e` only: `1E5` is tried as an integer, fails, and
        // is read as a Double like any other.
        let exponent = text.firstIndex(of: 101)
        if exponent == nil, !text.contains(46) {
            if text[0] == 45, text.count <= 19, let integer = Int64(string) {
                return out.append(contentsOf: Array(integer.description.utf8))
            }
            if text[0] != 45, text.count <= 20, let integer = UInt64(string) {
                return out.append(contentsOf: Array(integer.description.utf8))
            }
        }
        // More characters than a Double holds: Foundation keeps a Decimal when the exponent fits
        // one, and writes that.
        let characters = exponent ?? text.count
        let power = exponent.flatMap { Int(String(decoding: text[($0 + 1)...], as: UTF8.self)) } ?? 0
        if characters > 17, (-128...127).contains(power), let decimal = Decimal(string: string),
            decimal.isFinite
        {
            return out.append(contentsOf: Array(decimal.description.utf8))
        }
        guard let double = Double(string), double.isFinite, double.magnitude < 0x1p53 else {
            throw JSONShapeNotCovered()
        }
        var written = double.description
        if written.hasSuffix(".0") { written.removeLast(2) }
        out.append(contentsOf: Array(written.utf8))
    }
}
