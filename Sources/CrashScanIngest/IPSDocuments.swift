import CrashScanModel

/// Several `.ips` reports one after the other in one file (`cat *.ips > all.ips`): each is a
/// one-line JSON header with `bug_type` and a JSON body, so a document ends where its body's
/// outermost object closes (strings and escapes skipped), and the next starts with another header.
enum IPSDocuments {
    /// The documents of `text`, each as its own text; nil when the file holds one report or
    /// something other than `.ips` documents follows the first.
    static func split(_ text: String) -> [Substring]? {
        // Nearly every .ips holds one report: unless a second `"bug_type"` follows the header
        // line, leave before walking the body byte by byte (this runs for every .ips imported).
        // A body names its bug_type again on a line of its own (`  "bug_type" : "309",`), so the
        // second name must open a line with `{` to be a second header.
        guard let first = TextSearch.range(of: "\"bug_type\"", in: text),
            hasHeaderLine(in: text[first.upperBound...])
        else { return nil }
        let utf8 = text.utf8
        var documents: [Substring] = []
        var position = utf8.startIndex
        while true {
            position = skipBlanks(utf8, from: position)
            guard position < utf8.endIndex, utf8[position] == UInt8(ascii: "{"),
                let newline = utf8[position...].firstIndex(of: 10),
                Substring(utf8[position..<newline]).fastContains("\"bug_type\"")
            else { break }
            let bodyStart = skipBlanks(utf8, from: newline)
            let end: String.Index
            if bodyStart < utf8.endIndex, utf8[bodyStart] == UInt8(ascii: "{") {
                guard let objectEnd = objectEnd(utf8, from: bodyStart) else { break }
                end = objectEnd
            } else {
                // Apple's text as the body (bug_type 109): it runs to the next header line.
                end = nextHeader(utf8, after: newline) ?? utf8.endIndex
            }
            documents.append(Substring(utf8[position..<end]))
            position = end
        }
        guard documents.count > 1, skipBlanks(utf8, from: position) == utf8.endIndex else { return nil }
        return documents
    }

    /// Whether a line of `text` after its first opens with `{` and names `"bug_type"` (a
    /// one-line JSON header). Lines are found by their line breaks (memchr): looking for the
    /// name itself stopped at every quote of a JSON body, 140,000 instructions a 23 KB file.
    static func hasHeaderLine(in text: Substring) -> Bool {
        if let found = text.utf8.withContiguousStorageIfAvailable({ hasHeaderLine(in: $0) }) { return found }
        var copy = String(text)
        return copy.withUTF8 { hasHeaderLine(in: $0) }
    }

    private static func hasHeaderLine(in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var from = 0
        while let newline = bytes.firstOffset(of: 10, from: from, to: bytes.count - 1) {
            from = newline + 1
            guard bytes[from] == UInt8(ascii: "{") else { continue }
            let end = bytes.firstOffset(of: 10, from: from, to: bytes.count) ?? bytes.count
            let line = Substring(decoding: UnsafeBufferPointer(rebasing: bytes[from..<end]), as: UTF8.self)
            if line.fastContains("\"bug_type\"") { return true }
        }
        return false
    }

    /// The start of the next line that opens with `{` and names a `bug_type`.
    static func nextHeader(_ utf8: String.UTF8View, after start: String.Index) -> String.Index? {
        var lineStart = start
        while let newline = utf8[lineStart...].firstIndex(of: 10) {
            lineStart = utf8.index(after: newline)
            guard lineStart < utf8.endIndex, utf8[lineStart] == UInt8(ascii: "{") else { continue }
            let lineEnd = utf8[lineStart...].firstIndex(of: 10) ?? utf8.endIndex
            if Substring(utf8[lineStart..<lineEnd]).fastContains("\"bug_type\"") { return lineStart }
        }
        return nil
    }

    private static func skipBlanks(_ utf8: String.UTF8View, from start: String.Index) -> String.Index {
        var index = start
        while index < utf8.endIndex, [32, 9, 10, 13].contains(utf8[index]) {
            index = utf8.index(after: index)
        }
        return index
    }

    /// The index after the `}` closing the object that opens at `start`; nil when it never closes.
    static func objectEnd(_ utf8: String.UTF8View, from start: String.Index) -> String.Index? {
        var depth = 0
        var inString = false
        var escaped = false
        var index = start
        while index < utf8.endIndex {
            let byte = utf8[index]
            index = utf8.index(after: index)
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
        }
        return nil
    }
}
