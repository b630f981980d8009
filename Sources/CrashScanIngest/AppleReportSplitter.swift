import CrashScanModel

/// Splits a file that holds several Apple crash reports one after the other (`cat *.crash >
/// all.crash`, a support ticket with every report pasted in): a new report starts where a header
/// key the current one already had (`Incident Identifier:`, `Process:`, `Hardware Model:` …) comes
/// again, at the first line of the header block it belongs to. The caller keeps the split only
/// when at least two parts are reports on their own.
enum AppleReportSplitter {
    /// Header keys that a report has once: met again, a new report began.
    static let headerKeys = [
        "Incident Identifier:", "CrashReporter Key:", "Hardware Model:", "Process:", "Path:", "Identifier:",
        "Date/Time:", "OS Version:", "Exception Type:",
    ]

    /// The parts of `lines` (the file's lines with empty ones kept), one per report; one part
    /// when nothing splits the file.
    static func split(_ lines: [Substring]) -> [ArraySlice<Substring>] {
        var parts: [ArraySlice<Substring>] = []
        var start = lines.startIndex
        var keysSeen = Set<String>()
        // First line of the header block being read (`Key: value` and blank lines), if any: a
        // repeated key splits there, so that `Hardware Model:` before a repeated `Process:` goes
        // with the report it describes.
        var blockStart: Int?
        for index in lines.indices {
            let line = lines[index]
            if line.utf8.allSatisfy({ $0 == 32 || $0 == 9 }) { continue }
            guard let text = headerLine(line) else {
                blockStart = nil
                continue
            }
            if blockStart == nil { blockStart = index }
            guard let key = key(of: text) else { continue }
            if keysSeen.contains(key) {
                let at = blockStart.map { $0 > start ? $0 : index } ?? index
                parts.append(lines[start..<at])
                start = at
                keysSeen = Set(lines[at..<index].compactMap { headerLine($0).flatMap(key(of:)) })
            }
            keysSeen.insert(key)
        }
        parts.append(lines[start...])
        return parts
    }

    /// The line without a leading backtick when it reads as a header line (`Code Type: ARM-64`):
    /// a letter first, a colon among the first 40 bytes, and not a thread or image section.
    static func headerLine(_ line: Substring) -> Substring? {
        guard let first = line.utf8.first else { return nil }
        let text = first == 96 ? line.dropFirst() : line
        guard let letter = text.utf8.first, (65...90).contains(letter) || (97...122).contains(letter),
            text.utf8.prefix(40).contains(58), !isBodyStart(text)
        else {
            return nil
        }
        return text
    }

    static func key(of text: Substring) -> String? { headerKeys.first(where: { text.hasPrefix($0) }) }

    /// A line that opens a report's body: a thread's frames, the exception backtrace, the images.
    static func isBodyStart(_ text: Substring) -> Bool {
        text.hasPrefix("Binary Images:") || text.hasPrefix("Last Exception Backtrace:")
            || text.hasPrefix("Thread ")
    }
}
