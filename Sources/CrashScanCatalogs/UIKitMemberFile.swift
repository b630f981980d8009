import CrashScanModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads `catalogs/uikit-members.tsv` (scripts/uikit-members-catalog.py writes it): a
/// `# versions` line, then per class a `C<TAB>class<TAB>versions` line, `S<TAB>superclass<TAB>versions`
/// lines and a line per member, `member<TAB>kind<TAB>type class<TAB>versions`. Versions are ranges of
/// dump labels (`4.3-12.4,13.4.1`); a range may pass over versions whose dump did not hold the class,
/// so the superclasses' and members' versions are kept within the class's.
///
/// On bytes, lines and fields found with memchr: `read` finds the version list and where each
/// class's block lies; `entry` reads one block when it is first asked for. (With `split`, a rules
/// load that measures the built-in rules took 420 M instructions of a debug build here.)
enum UIKitMemberFile {
    typealias Bytes = UnsafeBufferPointer<UInt8>

    /// The lines of `bytes` (without their line feed), in order.
    static func forEachLine(_ bytes: Bytes, _ body: (Bytes, Int) -> Void) {
        guard let base = bytes.baseAddress else { return }
        var start = 0
        while start < bytes.count {
            let found = memchr(base + start, 10, bytes.count - start)
            let end =
                found.map { UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self) - base } ?? bytes.count
            body(Bytes(rebasing: bytes[start..<end]), start)
            start = end + 1
        }
    }

    /// Up to `limit` tab-separated fields of a line.
    static func fields(_ line: Bytes, limit: Int = 5) -> [Bytes] {
        var fields: [Bytes] = []
        fields.reserveCapacity(limit)
        fill(&fields, from: line, limit: limit)
        return fields
    }

    /// `fields`, into an array a caller reuses line after line (one allocation per class read,
    /// not one per line).
    static func fill(_ fields: inout [Bytes], from line: Bytes, limit: Int = 5) {
        fields.removeAll(keepingCapacity: true)
        var start = 0
        for index in 0..<line.count where line[index] == 9 {
            fields.append(Bytes(rebasing: line[start..<index]))
            start = index + 1
            if fields.count == limit - 1 { break }
        }
        fields.append(Bytes(rebasing: line[start..<line.count]))
    }

    static func string(_ bytes: Bytes) -> String { String(decoding: bytes, as: UTF8.self) }

    static func read(_ text: String) -> UIKitMemberCatalog.Tables {
        var tables = UIKitMemberCatalog.Tables()
        tables.bytes = Array(text.utf8)
        let versionsPrefix = Array("# versions\t".utf8)
        tables.bytes.withUnsafeBufferPointer { bytes in
            var current: (name: String, start: Int)?
            forEachLine(bytes) { line, offset in
                if line.count > 2, line[0] == 67, line[1] == 9 {  // `C<TAB>`
                    if let current { tables.blocks[current.name] = current.start..<offset }
                    let name = fields(line, limit: 3)[1]
                    current = (string(name), offset)
                } else if line.starts(with: versionsPrefix) {
                    let labels = string(Bytes(rebasing: line[versionsPrefix.count...])).split(separator: " ")
                    tables.versions = labels.map(String.init)
                    tables.osVersions = labels.compactMap { OSVersion.parse("iOS \($0)") }
                    for (index, label) in labels.enumerated() {
                        let bytes = Array(label.utf8)
                        tables.place[bytes.withUnsafeBufferPointer(number)] = index
                    }
                }
            }
            if let current { tables.blocks[current.name] = current.start..<bytes.count }
        }
        return tables
    }

    /// One class's block: its `C` line, its superclasses and its members (only those named in
    /// `names`, when given: their lines alone are decoded).
    static func entry(_ block: ArraySlice<UInt8>, place: [Int: Int], names: [[UInt8]]? = nil)
        -> UIKitMemberCatalog.ClassEntry
    {
        var entry = UIKitMemberCatalog.ClassEntry()
        var members: [UIKitMemberCatalog.Member] = []
        var fields: [Bytes] = []
        fields.reserveCapacity(5)
        block.withUnsafeBufferPointer { bytes in
            forEachLine(bytes) { line, _ in
                if let names, !(line.count > 1 && line[1] == 9), !startsWithName(line, names) { return }
                fill(&fields, from: line)
                if fields.count == 3, fields[0].count == 1, fields[0][0] == 67 {  // C
                    entry.covered = versions(fields[2], place: place)
                } else if fields.count == 3, fields[0].count == 1, fields[0][0] == 83 {  // S
                    entry.superclasses.append(
                        (string(fields[1]), versions(fields[2], place: place).intersection(entry.covered)))
                } else if fields.count == 4, let kind = kind(fields[1]),
                    // A one-letter member passed the skip above as if it were a `C`/`S` line.
                    names.map({ startsWithName(line, $0) }) ?? true
                {
                    members.append(
                        UIKitMemberCatalog.Member(
                            name: string(fields[0]), kind: kind,
                            typeClass: fields[2].isEmpty ? nil : string(fields[2]),
                            versions: versions(fields[3], place: place).intersection(entry.covered)))
                }
            }
        }
        entry.members = members
        return entry
    }

    /// Whether the line's first field is one of `names` (memcmp, no String: a class of UIView's
    /// size has some 1,500 member lines and a search wants a handful).
    static func startsWithName(_ line: Bytes, _ names: [[UInt8]]) -> Bool {
        guard let base = line.baseAddress else { return false }
        return names.contains { name in
            name.count < line.count && line[name.count] == 9
                && name.withUnsafeBufferPointer { memcmp($0.baseAddress!, base, name.count) == 0 }
        }
    }

    static func kind(_ code: Bytes) -> UIKitMemberCatalog.Kind? {
        guard code.count == 1 else { return nil }
        switch code[0] {
        case 105: return .ivar  // i
        case 112: return .property  // p
        case 99: return .categoryProperty  // c
        default: return nil
        }
    }

    /// A version label as one number (`8.3` → 8_003_000, `13.4.1` → 13_004_001): labels are looked up
    /// by it (a dictionary keyed by byte arrays made an array per lookup).
    static func number(_ label: Bytes) -> Int {
        // Three counters, not an array: this runs for every label of every member line read.
        var major = 0
        var minor = 0
        var patch = 0
        var position = 0
        for byte in label {
            if byte == 46 {
                position = min(position + 1, 2)
            } else if byte >= 48, byte <= 57 {
                let digit = Int(byte - 48)
                switch position {
                case 0: major = major * 10 + digit
                case 1: minor = minor * 10 + digit
                default: patch = patch * 10 + digit
                }
            }
        }
        return major * 1_000_000 + minor * 1_000 + patch
    }

    /// `8.3-18,20`: each label or range of labels, by place.
    static func versions(_ text: Bytes, place: [Int: Int]) -> DumpVersions {
        var set = DumpVersions()
        var start = 0
        var dash: Int?
        for index in 0...text.count {
            if index < text.count, text[index] != 44 {  // ,
                if text[index] == 45, dash == nil { dash = index }  // -
                continue
            }
            let first = place[number(Bytes(rebasing: text[start..<(dash ?? index)]))]
            let last = dash.flatMap { place[number(Bytes(rebasing: text[($0 + 1)..<index]))] } ?? first
            if let first, let last, first <= last {
                for version in first...last { set.insert(version) }
            }
            start = index + 1
            dash = nil
        }
        return set
    }
}
