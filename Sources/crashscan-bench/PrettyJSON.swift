/// A JSON value the generator writes itself, byte for byte as Foundation's `JSONSerialization`
/// with `[.sortedKeys, .prettyPrinted]` writes it on Linux (two spaces a level, `" : "`, `\/`,
/// keys sorted case-insensitively, which gives Foundation's order for the generator's keys: a
/// 30,000-file corpus written both ways compared identical). Why not `JSONSerialization`:
/// building and writing its object trees took 26 % of the CPU of the million-report build
/// (perf), the generator in all 43 %, on the two cores the importer it times runs on.
enum PrettyJSON {
    case string(String)
    case int(Int)
    case bool(Bool)
    case array([PrettyJSON])
    case object([(String, PrettyJSON)])

    /// The text, without a trailing newline.
    var text: String {
        var out = TextBuffer(capacity: 4096)
        write(to: &out)
        return out.text
    }

    /// Appends the text, without a trailing newline.
    func write(to buffer: inout TextBuffer) { write(to: &buffer.bytes, indent: 0) }

    private func write(to out: inout [UInt8], indent: Int) {
        switch self {
        case .string(let value): Self.write(string: value, to: &out)
        case .int(let value): out += String(value).utf8
        case .bool(let value): out += (value ? "true" : "false").utf8
        case .array(let items):
            out.append(UInt8(ascii: "["))
            out.append(UInt8(ascii: "\n"))
            for (index, item) in items.enumerated() {
                if index > 0 { out += ",\n".utf8 }
                Self.pad(&out, indent + 2)
                item.write(to: &out, indent: indent + 2)
            }
            out.append(UInt8(ascii: "\n"))
            Self.pad(&out, indent)
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            out.append(UInt8(ascii: "\n"))
            // The generator lists its members in order: a check, not a sorted copy.
            let inOrder = zip(members, members.dropFirst()).allSatisfy { !Self.orderedBefore($1.0, $0.0) }
            for (index, member) in (inOrder ? members : members.sorted { Self.orderedBefore($0.0, $1.0) })
                .enumerated()
            {
                if index > 0 { out += ",\n".utf8 }
                Self.pad(&out, indent + 2)
                Self.write(string: member.0, to: &out)
                out += " : ".utf8
                member.1.write(to: &out, indent: indent + 2)
            }
            out.append(UInt8(ascii: "\n"))
            Self.pad(&out, indent)
            out.append(UInt8(ascii: "}"))
        }
    }

    /// Whether key `a` sorts before `b` case-insensitively, as their `lowercased()` compare. ASCII
    /// keys (all of the generator's) are compared byte by byte, without lowered copies.
    private static func orderedBefore(_ a: String, _ b: String) -> Bool {
        var left = a.utf8.makeIterator()
        var right = b.utf8.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil): return false
            case (nil, _): return true
            case (_, nil): return false
            case (let x?, let y?):
                guard x < 0x80, y < 0x80 else { return a.lowercased() < b.lowercased() }
                let (lowX, lowY) = (lowered(x), lowered(y))
                if lowX != lowY { return lowX < lowY }
            }
        }
    }

    private static func lowered(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private static func pad(_ out: inout [UInt8], _ count: Int) {
        out += repeatElement(UInt8(ascii: " "), count: count)
    }

    /// The runs of bytes that need no escape are copied whole (byte by byte, this was 8 % of
    /// the generator's time).
    private static func write(string: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        let (quote, backslash, slash) = (UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"))
        var string = string
        string.withUTF8 { bytes in
            var start = 0
            for index in 0..<bytes.count {
                let byte = bytes[index]
                guard byte < 0x20 || byte == quote || byte == backslash || byte == slash else { continue }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                escape(byte, to: &out)
                start = index + 1
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
        }
        out.append(UInt8(ascii: "\""))
    }

    private static func escape(_ byte: UInt8, to out: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "\""): out += #"\""#.utf8
        case UInt8(ascii: "\\"): out += #"\\"#.utf8
        case UInt8(ascii: "/"): out += #"\/"#.utf8
        case UInt8(ascii: "\n"): out += #"\n"#.utf8
        case UInt8(ascii: "\r"): out += #"\r"#.utf8
        case UInt8(ascii: "\t"): out += #"\t"#.utf8
        case 0x08: out += #"\b"#.utf8
        case 0x0C: out += #"\f"#.utf8
        default:
            out += #"\u00"#.utf8
            out.append(hexDigits[Int(byte >> 4)])
            out.append(hexDigits[Int(byte & 0xF)])
        }
    }
}
