import Foundation

/// crashscan's canonical form of a JSON value: what the content hash of a KSCrash report, a
/// MetricKit diagnostic, a Sentry event and each crash of a several-crash Bugly document is the
/// SHA-256 of, so that a second import of a report finds the first whatever the white space and
/// member order of its file. docs/input-formats.md states it for users:
/// - no white space; an object's members sorted by name (`SortedKeyOrder` for names of printable
///   ASCII; any other name, a run of more than 18 digits too, after those, by its bytes; two names
///   `SortedKeyOrder` holds equal, such as `x1` and `x01`, by their bytes); a name given twice,
///   once, with its last value;
/// - strings (names too) decoded, then written with `"`, `\`, `/` and control characters escaped
///   (`\/`, `\n`, `\u001f`), nothing else;
/// - integers that fit 64 bits as their digits (`-0` as `0`); a number of more than 17 characters
///   before any exponent as the decimal number it is (`Decimal`'s description); any other number
///   under 2⁵³ as the shortest decimal that reads back as the same `Double`, without a trailing
///   `.0`; any other number as it is written;
/// - `true`, `false` and `null` as they are.
///
/// This is the sorted-keys form Foundation's `JSONSerialization` writes wherever Foundation reads
/// the document alike (the differential tests check it), so hashes of reports stored while
/// Foundation defined them are unchanged; where it is not (names outside printable ASCII, a
/// duplicated name, huge numbers), crashscan's own rule above decides, and `crashscan upgrade`
/// hashes again the reports stored before from their files (`ContentRehash`).
package enum CanonicalJSON {
    /// The serialisation of the value at the reader, the reader after it.
    package static func write(_ reader: inout StreamingJSON) throws -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(reader.bytes.count - reader.position)
        try value(&reader, into: &out)
        return out
    }

    /// A whole document that is an object, written and so checked to the last value: what the
    /// KSCrash, MetricKit and Sentry readers start from. Written once for all three, the same pass
    /// gives the top-level names that tell which format the document is.
    package struct Document {
        package let bytes: UnsafeBufferPointer<UInt8>
        /// The serialisation whose SHA-256 is a KSCrash report's or Sentry event's content hash.
        package let content: [UInt8]
        package let topLevelNames: Set<String>

        package func hasName(_ name: String) -> Bool { topLevelNames.contains(name) }
    }

    /// The document of `bytes`; nil when its value is not an object. Throws `JSONSyntaxError`.
    package static func document(_ bytes: UnsafeBufferPointer<UInt8>) throws -> Document? {
        var reader = StreamingJSON(bytes)
        guard try reader.kind() == .object else { return nil }
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
            number(UnsafeBufferPointer(rebasing: reader.bytes[range]), into: &out)
        case .bool, .null:
            let range = try reader.valueRange()
            out.append(contentsOf: reader.bytes[range])
        }
    }

    /// One member as written: its name's order (`covered` when `SortedKeyOrder` has one), where
    /// its name (quoted) and the member end in the output.
    private struct WrittenMember {
        var order: SortedKeyOrder
        var covered: Bool
        var name: Range<Int>
        var end: Int
    }

    /// Whether `a`'s name goes before `b`'s (false both ways for the same name).
    private static func precedes(_ a: WrittenMember, _ b: WrittenMember, in out: [UInt8]) -> Bool {
        switch (a.covered, b.covered) {
        case (true, true) where !a.order.isAlike(b.order): return a.order < b.order
        case (true, false): return true
        case (false, true): return false
        default: return out[a.name].lexicographicallyPrecedes(out[b.name])
        }
    }

    /// The members written in the document's order, then put in canonical order when they were
    /// not in it: a writer putting each object together apart would copy a value once for every
    /// object around it (MetricKit's call-stack trees nest two levels for each frame).
    private static func object(
        _ reader: inout StreamingJSON, into out: inout [UInt8], names: ((JSONKey) -> Void)? = nil
    ) throws {
        var members: [WrittenMember] = []
        var inOrder = true
        out.append(123)  // {
        let first = out.count
        try reader.members { reader, key in
            names?(key)
            if !members.isEmpty { out.append(44) }  // ,
            let start = out.count
            quoted(key.bytes, into: &out)
            let name = start..<out.count
            out.append(58)  // :
            try value(&reader, into: &out)
            let order = SortedKeyOrder(key.bytes)
            let member = WrittenMember(
                order: order ?? .uncovered, covered: order != nil, name: name, end: out.count)
            // In order as written only when each name is plainly after the one before; any tie
            // or name without a `SortedKeyOrder` is left to `reorder`.
            if inOrder, let last = members.last {
                inOrder =
                    last.covered && member.covered && !last.order.isAlike(member.order)
                    && last.order < member.order
            }
            members.append(member)
        }
        if !inOrder { reorder(members, from: first, in: &out) }
        out.append(125)
    }

    /// Rewrites the members written from `first` in canonical order, a name given twice once
    /// (its last member).
    private static func reorder(_ members: [WrittenMember], from first: Int, in out: inout [UInt8]) {
        let kept = sortedByOrderAlone(members) ?? sortedWithTies(members, in: out)
        let written = Array(out[first...])
        out.removeSubrange(first...)
        for (index, member) in kept.enumerated() {
            if index > 0 { out.append(44) }
            out.append(contentsOf: written[(member.name.lowerBound - first)..<(member.end - first)])
        }
    }

    /// The members sorted by `SortedKeyOrder` alone when every name has one and no two are alike
    /// (every object of the crash reports at hand); nil otherwise. Sorting through `precedes`
    /// from the start made a KSCrash file's canonical form a fifth slower.
    private static func sortedByOrderAlone(_ members: [WrittenMember]) -> [WrittenMember]? {
        guard members.allSatisfy(\.covered) else { return nil }
        var sorted = members
        sorted.sort { $0.order < $1.order }
        for index in sorted.indices.dropFirst() where sorted[index - 1].order.isAlike(sorted[index].order) {
            return nil
        }
        return sorted
    }

    /// The members in canonical order when some names tie in `SortedKeyOrder` or have no key
    /// there: ties by bytes, a name given twice kept once (the later member).
    private static func sortedWithTies(_ members: [WrittenMember], in out: [UInt8]) -> [WrittenMember] {
        let sorted = members.indices.sorted { a, b in
            precedes(members[a], members[b], in: out)
                || (!precedes(members[b], members[a], in: out) && a < b)
        }
        var kept: [WrittenMember] = []
        for index in sorted {
            let member = members[index]
            if let last = kept.last, !precedes(last, member, in: out) {
                kept[kept.count - 1] = member  // the same name: the later one wins
            } else {
                kept.append(member)
            }
        }
        return kept
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

    /// The canonical text of a number (its bytes in the document, checked).
    package static func numberText(_ text: UnsafeBufferPointer<UInt8>) -> String {
        var out: [UInt8] = []
        number(text, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// A number in canonical form: as Foundation reads and writes it (`NSNumber.fromJSONNumber`,
    /// then its writer) where that is one number, as it is written otherwise.
    private static func number(_ text: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
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
        // A whole Double of 2⁵³ or more Foundation writes now as an integer, now not; beyond a
        // Double's range it refuses the document. Both are written as they stand.
        guard let double = Double(string), double.isFinite, double.magnitude < 0x1p53 else {
            return out.append(contentsOf: text)
        }
        var written = double.description
        if written.hasSuffix(".0") { written.removeLast(2) }
        out.append(contentsOf: Array(written.utf8))
    }
}
