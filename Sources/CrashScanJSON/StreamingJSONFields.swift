import CrashScanModel

/// The values crashscan stores, read whatever JSON type a crash reporter gave them: text is
/// trimmed, a number where text is read is its canonical form (`CanonicalJSON.numberText`), a
/// boolean where text is read is `true` or `false`; an integer may be given as a number (its
/// fraction dropped), as text, or as a boolean (1 or 0).
extension StreamingJSON {
    /// Text, trimmed (nil when empty), or an integer's digits; nil for null, objects and arrays.
    @inlinable package mutating func fieldString() throws -> String? {
        switch try fieldText() {
        case .bytes(let range):
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        case .string(let text): return text
        case nil: return nil
        }
    }

    /// A text `fieldString` reads: the range of its bytes when they are the text as they stand
    /// (no escape, no blank at either end: most strings), so that no String need be made for it.
    package enum FieldText {
        case bytes(Range<Int>)
        case string(String)
    }

    /// The value as `fieldString` reads it, as a range of the input when it can be.
    @inlinable package mutating func fieldText() throws -> FieldText? {
        switch try kind() {
        case .string:
            let (range, escaped) = try stringRange()
            if !escaped, let first = range.first, !isBlank(bytes[first]),
                !isBlank(bytes[range.upperBound - 1])
            {
                return .bytes(range)
            }
            let text = StreamingJSON.decoded(UnsafeBufferPointer(rebasing: bytes[range]), escaped: escaped)
            let trimmed = text.trimmingWhitespace()
            return trimmed.isEmpty ? nil : .string(String(trimmed))
        case .number:
            let start = position
            if let value = try integer() { return .string(String(value)) }
            return .string(CanonicalJSON.numberText(UnsafeBufferPointer(rebasing: bytes[start..<position])))
        case .bool: return .string(try bool() ? "true" : "false")
        case .object, .array, .null:
            try skipValue()
            return nil
        }
    }

    @inlinable @inline(__always) func isBlank(_ byte: UInt8) -> Bool {
        byte == 32 || byte == 9 || byte == 10 || byte == 13
    }

    /// An integer, or text that is one; nil for null, objects, arrays and other text.
    @inlinable package mutating func fieldInt() throws -> Int? {
        switch try kind() {
        case .number:
            let start = position
            if let value = try integer() { return value }
            return Self.truncated(UnsafeBufferPointer(rebasing: bytes[start..<position]))
        case .string: return Int(try string())
        case .bool: return try bool() ? 1 : 0
        case .object, .array, .null:
            try skipValue()
            return nil
        }
    }

    /// `true` or `false`, or the number 1 or 0; nil for anything else.
    @inlinable package mutating func fieldBool() throws -> Bool? {
        switch try kind() {
        case .bool: return try bool()
        case .number:
            switch try integer() {
            case 1: return true
            case 0: return false
            default: return nil
            }
        case .object, .array, .null, .string:
            try skipValue()
            return nil
        }
    }

    /// A number with a fraction or an exponent, or beyond 64 bits, as an integer: its fraction
    /// dropped; an integer beyond `Int.max` that fits 64 bits unsigned has the same bits; nil
    /// when it does not fit.
    @usableFromInline static func truncated(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
        let string = String(decoding: text, as: UTF8.self)
        if let unsigned = UInt64(string) { return Int(bitPattern: UInt(unsigned)) }
        guard let double = Double(string), double.isFinite, double > -0x1p63, double < 0x1p63 else {
            return nil
        }
        return Int(double)
    }

    /// The integer at the reader; nil when it has a fraction or an exponent or does not fit
    /// `Int` (the reader is past the number either way).
    @inlinable mutating func integer() throws -> Int? {
        let (range, isInteger) = try numberRange()
        guard isInteger else { return nil }
        var index = range.lowerBound
        let negative = bytes[index] == 45
        if negative { index += 1 }
        var value = 0
        while index < range.upperBound {
            let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
            let digit = Int(bytes[index] - 48)
            let (sum, overflowSum) =
                negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
            guard !overflowTimes, !overflowSum else { return nil }
            value = sum
            index += 1
        }
        return value
    }

    /// The strings of an array (as `fieldString` reads each, nils left out); empty for anything
    /// but an array.
    @inlinable package mutating func fieldStrings() throws -> [String] {
        guard try kind() == .array else {
            try skipValue()
            return []
        }
        var strings: [String] = []
        try elements { reader, _ in
            if let text = try reader.fieldString() { strings.append(text) }
        }
        return strings
    }

}

extension StreamingJSON {
    /// Calls `element` for each element of an array; anything but an array is skipped.
    @inlinable package mutating func readElements(_ element: (inout StreamingJSON) throws -> Void) throws {
        guard try kind() == .array else { return try skipValue() }
        try elements { reader, _ in try element(&reader) }
    }

    /// Calls `member` for each member of an object; anything but an object is skipped.
    @inlinable package mutating func readObject(_ member: (inout StreamingJSON, JSONKey) throws -> Void)
        throws
    {
        guard try kind() == .object else { return try skipValue() }
        try members(member)
    }

    /// Where the value of `member` is in the first element of the array at the reader whose
    /// `mark` is `true`, else in its first element (elements that are not objects are passed
    /// over): KSCrash's crashed thread's `backtrace`, MetricKit's attributed stack's root frames.
    /// Nil when that element has no such member or there is no array.
    @inlinable package mutating func memberOfFirstMarked(_ mark: StaticString, member: StaticString) throws
        -> Range<Int>?
    {
        var first: Range<Int>??
        var marked: Range<Int>??
        try readElements { reader in
            guard try reader.kind() == .object else { return try reader.skipValue() }
            var isMarked = false
            var value: Range<Int>?
            try reader.readObject { reader, key in
                if key == mark {
                    isMarked = try reader.fieldBool() == true
                } else if key == member {
                    value = try reader.valueRange()
                }
            }
            if first == nil { first = .some(value) }
            if isMarked, marked == nil { marked = .some(value) }
        }
        return (marked ?? first) ?? nil
    }
}
