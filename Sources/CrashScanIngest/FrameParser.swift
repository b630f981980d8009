import CrashScanModel

/// Reads one stack-frame line in any of the shapes of bugly-format.md section 2.7 (F1–F10):
/// markdown-table pastes, column pastes with or without index and address, the SDK
/// `crash.log` forms and Apple's frames. Works from both ends of the line because symbols can
/// contain spaces, brackets, parentheses and commas.
///
/// Operates on UTF-8 bytes: this runs for every line of every report.
enum FrameParser {
    /// A part of the line being read.
    typealias Bytes = Slice<UnsafeBufferPointer<UInt8>>

    private static let space: UInt8 = 32
    private static let tab: UInt8 = 9
    private static let pipe: UInt8 = 124
    private static let plus: UInt8 = 43
    private static let minus: UInt8 = 45
    private static let openParen: UInt8 = 40
    private static let closeParen: UInt8 = 41
    private static let colon: UInt8 = 58
    private static let slash: UInt8 = 47

    /// Parses `line` as a frame; nil when it is not one.
    static func parse(_ line: Substring, normalizeSymbols: Bool = true) -> Frame? {
        var list = FrameList()
        return parse(line, into: &list, normalizeSymbols: normalizeSymbols) ? list[0] : nil
    }

    /// Parses `line` as a frame and appends it to `list`; false when it is not one.
    static func parse(_ line: Substring, into list: inout FrameList, normalizeSymbols: Bool = true) -> Bool {
        // Reads the string's own storage: copying every line into an array was one allocation
        // per line of every report (bridged strings without contiguous UTF-8 are copied once).
        if let parsed = line.utf8.withContiguousStorageIfAvailable({
            parse(bytes: $0, normalizeSymbols, into: &list)
        }) {
            return parsed
        }
        var copy = String(line)
        return copy.withUTF8 { parse(bytes: $0, normalizeSymbols, into: &list) }
    }

    private static func parse(
        bytes line: UnsafeBufferPointer<UInt8>, _ normalizeSymbols: Bool, into list: inout FrameList
    ) -> Bool {
        guard let bytes = body(of: line) else { return false }
        let (index, position) = leadingIndex(bytes)
        guard position < bytes.count, let columns = imageColumn(bytes, from: position) else { return false }
        let image = columns.image
        let address = columns.address
        guard isPlausibleImage(image), !columns.remainder.isEmpty else { return false }
        let parts = SymbolColumn(columns.remainder)
        var symbolBytes = parts.symbol
        let offset = parts.offset
        var unsymbolicated = false
        if symbolBytes.isEmpty, let address, offset != nil {
            // `image 0xaddr + off` with the base swallowed as the address column.
            symbolBytes = address
            unsymbolicated = true
        } else if isHexAddress(symbolBytes) {
            unsymbolicated = true
        } else if offset != nil, symbolBytes.count == image.count, symbolBytes.elementsEqual(image) {
            // `LilyForParent    LilyForParent + 936749`: Bugly's console writes the image's name
            // where a frame it could not symbolicate has no symbol.
            unsymbolicated = true
        }
        guard !symbolBytes.isEmpty else { return false }
        let last = symbolBytes.last ?? 0
        if last == 59 || last == 123 || last == 61 { return false }  // `;` `{` `=`: code, not a frame

        // Enough evidence that this is a frame and not prose with two spaces in it.
        let methodLike = symbolBytes.first == minus || symbolBytes.first == plus
        let hasEvidence =
            index != nil || address != nil || offset != nil || parts.file != nil || unsymbolicated
            || (methodLike && symbolBytes.count > 3 && symbolBytes.dropFirst().first == 91)  // `[`
        guard hasEvidence else { return false }
        if index == nil && address == nil && offset == nil && parts.file == nil && !methodLike
            && !unsymbolicated
        {
            return false
        }
        let symbol = UnsafeBufferPointer(rebasing: symbolBytes)
        let trim = normalizeSymbols && !unsymbolicated ? SymbolNormalizer.leadingBytesToDrop(symbol) : 0
        list.append(
            index: index, image: UnsafeBufferPointer(rebasing: image),
            address: address.map { UnsafeBufferPointer(rebasing: $0) }, symbol: symbol, symbolTrim: trim,
            offset: offset, file: parts.file.map { UnsafeBufferPointer(rebasing: $0) }, line: parts.line,
            isUnsymbolicated: unsymbolicated)
        return true
    }

    /// The line without blanks, markdown table pipes at its ends and a `#` before the index; nil
    /// when too short, too long, or only a table rule (`|---|---|`).
    private static func body(of line: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
        var lower = 0
        var upper = line.count
        trim(line, &lower, &upper)
        guard upper - lower >= 3, upper - lower < 4_096 else { return nil }
        // Markdown table row: `| 1 | image | symbol |` or `1 image | symbol`.
        if line[lower] == pipe { lower += 1 }
        if upper > lower, line[upper - 1] == pipe { upper -= 1 }
        trim(line, &lower, &upper)
        // Index: `#3 ` in some pastes.
        if upper - lower > 2, line[lower] == 35, isDigit(line[lower + 1]) { lower += 1 }
        // Positions from here are from the trimmed start, as in an array of the trimmed bytes.
        let bytes = UnsafeBufferPointer(rebasing: line[lower..<upper])
        if bytes.allSatisfy({ $0 == minus || $0 == pipe || $0 == space || $0 == colon }) { return nil }
        return bytes
    }

    /// The frame index (digits followed by white space or a table cell separator) and where the
    /// image column starts after it.
    private static func leadingIndex(_ bytes: UnsafeBufferPointer<UInt8>) -> (index: Int?, position: Int) {
        var digitsEnd = 0
        while digitsEnd < bytes.count, isDigit(bytes[digitsEnd]) { digitsEnd += 1 }
        guard digitsEnd > 0, digitsEnd < 6, digitsEnd < bytes.count,
            bytes[digitsEnd] == space || bytes[digitsEnd] == tab || bytes[digitsEnd] == pipe
        else { return (nil, 0) }
        let index = number(bytes[0..<digitsEnd], radix: 10).map(Int.init)
        var position = digitsEnd
        skipBlanks(bytes, &position)
        if position < bytes.count, bytes[position] == pipe {
            position += 1
            skipBlanks(bytes, &position)
        }
        // Apple's in-app marker: `6     + ReProvision (*)   0x…`.
        if position + 1 < bytes.count, bytes[position] == plus, bytes[position + 1] == space {
            position += 2
            skipBlanks(bytes, &position)
        }
        return (index, position)
    }

    /// The image name, the address when one follows it, and the rest of the line; the image ends
    /// at a table cell separator, an address, a column gap, or else the first space.
    private static func imageColumn(_ bytes: UnsafeBufferPointer<UInt8>, from position: Int) -> (
        image: Bytes, address: Bytes?, remainder: Bytes
    )? {
        var image: Bytes
        var address: Bytes?
        let remainder: Bytes
        // memchr: most frame lines have no `|`, and this looks at every byte of the line.
        if let bar = bytes.firstOffset(of: pipe, from: position, to: bytes.count) {
            image = bytes[position..<bar]
            remainder = bytes[(bar + 1)...]
        } else if let (start, end) = firstAddressToken(bytes, from: position) {
            image = bytes[position..<start]
            address = bytes[start..<end]
            remainder = bytes[end...]
        } else if let (start, end) = columnGap(bytes, from: position) {
            image = bytes[position..<start]
            remainder = bytes[end...]
        } else if let gap = bytes[position...].firstIndex(of: space) {
            image = bytes[position..<gap]
            remainder = bytes[(gap + 1)...]
        } else {
            return nil
        }
        image = trimmed(image)
        // `ReProvision (*)`: the in-app marker after the image name.
        // Compared byte by byte: a generic comparison with the literal's UTF-8 view was 200
        // instructions a frame line; `has(_:at:)` (a memcmp call) added 5 M to the parsing
        // threads' 2,008 M importing 3,000 logs.
        if image.count > 4, image.last == closeParen, image[image.endIndex - 2] == 42,
            image[image.endIndex - 3] == openParen, image[image.endIndex - 4] == space
        {
            image = trimmed(image.dropLast(4))
        }
        return (image, address, trimmed(remainder))
    }

    /// The symbol column taken apart: the symbol, and the offset and source location around it.
    private struct SymbolColumn {
        var symbol: Bytes
        /// The file's bytes in the line: copied into the frame list as they are, not made a String
        /// first (an allocation and a copy for every frame with a location).
        var file: Bytes?
        var line: Int?
        var offset: UInt64?

        init(_ column: Bytes) {
            symbol = column
            // `0x… + 0x6ee4\t// symbol + 0x160` (on-device symbolication, Cr4shed).
            if let comment = FrameParser.commentStart(symbol) {
                let left = FrameParser.trimmed(symbol[..<comment])
                if let base = FrameParser.baseAndOffset(left) { offset = base.offset }
                symbol = FrameParser.trimmed(symbol[(comment + 2)...])
            }
            // KSCrash text: `0x314e0000 + 648765 (__exceptionPreprocess + 97)`.
            if let base = FrameParser.baseAndOffset(symbol, allowTrailing: true), base.end < symbol.endIndex {
                let tail = FrameParser.trimmed(symbol[base.end...])
                if tail.first == FrameParser.openParen, tail.last == FrameParser.closeParen {
                    symbol = FrameParser.trimmed(tail.dropFirst().dropLast())
                }
            }
            // `(file:line)` at the very end.
            if let location = FrameParser.trailingLocation(symbol) {
                file = location.file
                line = location.line
                symbol = FrameParser.trimmed(symbol[..<location.start])
            }
            // `+ <offset>` at the end (decimal, or hex with 0x).
            if let trailing = FrameParser.trailingOffset(symbol) {
                offset = trailing.offset
                symbol = FrameParser.trimmed(symbol[..<trailing.start])
            }
        }
    }

    // MARK: - Pieces

    @inline(__always) static func isDigit(_ byte: UInt8) -> Bool { CharacterSetASCII.isDigit(byte) }
    @inline(__always) static func isHex(_ byte: UInt8) -> Bool { CharacterSetASCII.isHexDigit(byte) }
    @inline(__always) static func isBlank(_ byte: UInt8) -> Bool { byte == space || byte == tab }

    /// Narrows `lower..<upper` past blanks at both ends (and a carriage return at the end).
    static func trim(_ bytes: UnsafeBufferPointer<UInt8>, _ lower: inout Int, _ upper: inout Int) {
        while upper > lower, isBlank(bytes[upper - 1]) || bytes[upper - 1] == 13 { upper -= 1 }
        while lower < upper, isBlank(bytes[lower]) { lower += 1 }
    }

    /// The value of ASCII digits in `radix` (10 or 16) as `UInt64(_:radix:)` reads them, without
    /// making a String of them (four numbers per frame line); nil when empty, not digits, or too
    /// large.
    static func number(_ digits: Bytes, radix: UInt64) -> UInt64? {
        guard !digits.isEmpty else { return nil }
        var value: UInt64 = 0
        for byte in digits {
            let digit: UInt64
            switch byte {
            case 48...57: digit = UInt64(byte - 48)
            case 97...102 where radix == 16: digit = UInt64(byte - 87)
            case 65...70 where radix == 16: digit = UInt64(byte - 55)
            default: return nil
            }
            let (shifted, overflow) = value.multipliedReportingOverflow(by: radix)
            let (sum, carry) = shifted.addingReportingOverflow(digit)
            guard !overflow, !carry else { return nil }
            value = sum
        }
        return value
    }

    static func trimmed(_ slice: Bytes) -> Bytes {
        var start = slice.startIndex
        var end = slice.endIndex
        while start < end, isBlank(slice[start]) { start += 1 }
        while end > start, isBlank(slice[end - 1]) { end -= 1 }
        return slice[start..<end]
    }

    static func skipBlanks(_ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int) {
        while position < bytes.count, isBlank(bytes[position]) { position += 1 }
    }

    /// `0x` followed by hex digits, as a whole white-space-delimited token, after some text.
    static func firstAddressToken(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (Int, Int)? {
        // memchr for each `x` (most lines have one or two), then the checks around it: the `0`
        // before it follows a blank, at least one hex digit follows, then a blank or the end.
        var end = 0
        let x = bytes.firstOffset(of: 120, from: start + 2, to: bytes.count - 1) { x in
            guard bytes[x - 1] == 48, isBlank(bytes[x - 2]) else { return false }
            end = x + 1
            while end < bytes.count, isHex(bytes[end]) { end += 1 }
            return end > x + 1 && (end == bytes.count || isBlank(bytes[end]))
        }
        return x.map { ($0 - 1, end) }
    }

    /// The first tab or run of two or more spaces: a collapsed UI column.
    static func columnGap(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (Int, Int)? {
        var position = start
        while position < bytes.count {
            if bytes[position] == tab
                || (bytes[position] == space && position + 1 < bytes.count && bytes[position + 1] == space)
            {
                var end = position
                while end < bytes.count, isBlank(bytes[end]) { end += 1 }
                return (position, end)
            }
            position += 1
        }
        return nil
    }

    static func isPlausibleImage(_ image: Bytes) -> Bool {
        guard let first = image.first, let last = image.last, image.count <= 80 else { return false }
        if first == 91 || first == 40 || first == 42 || first == 35 || first == 123 || first == 60 {
            return false
        }
        if first == minus || first == plus || first == slash || first == 64 { return false }
        if last == colon || last == 46 && image.count == 2 { return false }
        for byte in image
        where byte == 61 || byte == 59 || byte == 91 || byte == 93 || byte == 123 || byte == 34 {
            return false
        }
        return true
    }

    static func isHexAddress(_ bytes: Bytes) -> Bool {
        guard bytes.count > 2, bytes.first == 48, bytes.dropFirst().first == 120 else { return false }
        return bytes.dropFirst(2).allSatisfy(isHex)
    }

    /// `//` preceded by white space.
    static func commentStart(_ bytes: Bytes) -> Int? {
        // memchr for `/`: almost no frame has one. `//` after a blank.
        let buffer = UnsafeBufferPointer(rebasing: bytes)
        return buffer.firstOffset(of: slash, from: 1, to: buffer.count - 1) {
            buffer[$0 + 1] == slash && isBlank(buffer[$0 - 1])
        }.map { bytes.startIndex + $0 }
    }

    /// `0x<base> + <offset>` at the start; `end` is where it stops.
    static func baseAndOffset(_ bytes: Bytes, allowTrailing: Bool = false) -> (
        offset: UInt64?, end: Int
    )? {
        var position = bytes.startIndex
        guard bytes.count > 2, bytes[position] == 48, bytes[position + 1] == 120 else { return nil }
        position += 2
        while position < bytes.endIndex, isHex(bytes[position]) { position += 1 }
        let save = position
        while position < bytes.endIndex, isBlank(bytes[position]) { position += 1 }
        guard position < bytes.endIndex, bytes[position] == plus else {
            return allowTrailing ? nil : (nil, save)
        }
        position += 1
        while position < bytes.endIndex, isBlank(bytes[position]) { position += 1 }
        let numberStart = position
        var hex = false
        if position + 1 < bytes.endIndex, bytes[position] == 48, bytes[position + 1] == 120 {
            hex = true
            position += 2
        }
        let digitsStart = position
        while position < bytes.endIndex, hex ? isHex(bytes[position]) : isDigit(bytes[position]) {
            position += 1
        }
        guard position > digitsStart else { return nil }
        _ = numberStart
        return (number(bytes[digitsStart..<position], radix: hex ? 16 : 10), position)
    }

    /// `(<file>:<line>)` at the end, where the file has an extension; the line may be empty
    /// (`(UItextView+Extension.m:)` in the seed's paste).
    static func trailingLocation(_ bytes: Bytes) -> (start: Int, file: Bytes, line: Int?)? {
        guard bytes.last == closeParen else { return nil }
        guard let open = bytes.lastIndex(of: openParen), open > bytes.startIndex || bytes.count > 2 else {
            return nil
        }
        let inner = bytes[(open + 1)..<(bytes.endIndex - 1)]
        guard let colonIndex = inner.lastIndex(of: colon) else { return nil }
        let fileBytes = inner[..<colonIndex]
        let lineBytes = inner[(colonIndex + 1)...]
        guard !fileBytes.isEmpty, fileBytes.contains(46), !fileBytes.contains(space),
            !fileBytes.contains(openParen),
            lineBytes.allSatisfy(isDigit)
        else { return nil }
        return (
            open, fileBytes,
            lineBytes.isEmpty ? nil : number(lineBytes, radix: 10).flatMap { Int(exactly: $0) }
        )
    }

    /// ` + 123` or ` + 0x7b` at the end.
    static func trailingOffset(_ bytes: Bytes) -> (start: Int, offset: UInt64?)? {
        var position = bytes.endIndex
        while position > bytes.startIndex, isHex(bytes[position - 1]) || bytes[position - 1] == 120 {
            position -= 1
        }
        let digits = bytes[position..<bytes.endIndex]
        guard !digits.isEmpty else { return nil }
        var value: UInt64?
        if digits.count > 2, digits.first == 48, digits.dropFirst().first == 120 {
            value = number(digits.dropFirst(2), radix: 16)
        } else if digits.allSatisfy(isDigit) {
            value = number(digits, radix: 10)
        } else {
            return nil
        }
        var cursor = position
        while cursor > bytes.startIndex, isBlank(bytes[cursor - 1]) { cursor -= 1 }
        guard cursor > bytes.startIndex, bytes[cursor - 1] == plus else { return nil }
        cursor -= 1
        guard cursor == bytes.startIndex || isBlank(bytes[cursor - 1]) else { return nil }
        return (cursor, value)
    }
}
