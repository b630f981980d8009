import CrashScanModel

/// The values crashscan stores, read as `JSONFields` reads `JSONSerialization`'s objects, so both
/// paths give the same report: anything read otherwise by Foundation (a boolean where text or an
/// integer is read, a number with a fraction, an integer beyond 64 bits) is not covered.
extension StreamingJSON {
    /// Text, trimmed (nil when empty), or an integer's digits; nil for null, objects and arrays.
    mutating func fieldString() throws -> String? {
        switch try fieldText() {
        case .bytes(let range):
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        case .string(let text): return text
        case nil: return nil
        }
    }

    /// A text `fieldString` reads: the range of its bytes when they are the text as they stand
    /// (no escape, no blank at either end: most strings), so that no String need be made for it.
    enum FieldText {
        case bytes(Range<Int>)
        case string(String)
    }

    /// The value as `fieldString` reads it, as a range of the input when it can be.
    mutating func fieldText() throws -> FieldText? {
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
            guard let value = try integer() else { throw JSONShapeNotCovered() }
            return .string(String(value))
        case .bool: throw JSONShapeNotCovered()
        case .object, .array, .null:
            try skipValue()
            return nil
        }
    }

    @inline(__always) private func isBlank(_ byte: UInt8) -> Bool {
        byte == 32 || byte == 9 || byte == 10 || byte == 13
    }

    /// An integer, or text that is one; nil for null, objects, arrays and other text.
    mutating func fieldInt() throws -> Int? {
        switch try kind() {
        case .number:
            guard let value = try integer() else { throw JSONShapeNotCovered() }
            return value
        case .string: return Int(try string())
        case .bool: throw JSONShapeNotCovered()
        case .object, .array, .null:
            try skipValue()
            return nil
        }
    }

    /// `true` or `false`; nil for anything but a number (which Foundation reads as a boolean in
    /// its own way: not covered).
    mutating func fieldBool() throws -> Bool? {
        switch try kind() {
        case .bool: return try bool()
        case .number: throw JSONShapeNotCovered()
        case .object, .array, .null, .string:
            try skipValue()
            return nil
        }
    }

    /// The integer at the reader; nil when it has a fraction or an exponent or does not fit.
    private mutating func integer() throws -> Int? {
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
    mutating func fieldStrings() throws -> [String] {
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

    /// Calls `member` for each member of an object, refusing a name seen twice among those
    /// `member` reads (it returns a number of its own, below 64, for each it read): Foundation
    /// keeps one of the two, and which is not covered. Anything but an object is skipped.
    mutating func readMembers(_ member: (inout StreamingJSON, JSONKey) throws -> Int?) throws {
        guard try kind() == .object else {
            try skipValue()
            return
        }
        var seen: UInt64 = 0
        try members { reader, key in
            guard let field = try member(&reader, key) else { return }
            let bit: UInt64 = 1 << UInt64(field)
            guard seen & bit == 0 else { throw JSONShapeNotCovered() }
            seen |= bit
        }
    }
}

extension StreamingJSON {
    /// Calls `element` for each element of an array; anything but an array is skipped.
    mutating func readElements(_ element: (inout StreamingJSON) throws -> Void) throws {
        guard try kind() == .array else { return try skipValue() }
        try elements { reader, _ in try element(&reader) }
    }

    /// Calls `member` for each member of an object (the document has been checked for duplicate
    /// names already); anything but an object is skipped.
    mutating func readObject(_ member: (inout StreamingJSON, JSONKey) throws -> Void) throws {
        guard try kind() == .object else { return try skipValue() }
        try members(member)
    }

    /// Where the value of `member` is in the first element of the array at the reader whose
    /// `mark` is `true`, else in its first element (elements that are not objects are passed
    /// over): KSCrash's crashed thread's `backtrace`, MetricKit's attributed stack's root frames.
    /// Nil when that element has no such member or there is no array.
    mutating func memberOfFirstMarked(_ mark: StaticString, member: StaticString) throws -> Range<Int>? {
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
