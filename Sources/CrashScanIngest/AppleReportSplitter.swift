import CrashScanModel

/// Splits a file that holds several Apple crash reports one after the other (`cat *.crash >
/// all.crash`, a support ticket with every report pasted in): a new report starts where a header
/// key the current one already had (`Incident Identifier:`, `Process:`, `Hardware Model:` …) comes
/// again, at the first line of the header block it belongs to. The caller keeps the split only
/// when at least two parts are reports on their own.
enum AppleReportSplitter {
    /// Header keys that a report has once: met again, a new report began.
    static let headerKeys: [StaticString] = [
        "Incident Identifier:", "CrashReporter Key:", "Hardware Model:", "Process:", "Path:", "Identifier:",
        "Date/Time:", "OS Version:", "Exception Type:",
    ]

    /// The parts of `lines` (the file's lines with empty ones kept), one per report; one part
    /// when nothing splits the file.
    static func split(_ lines: [Substring]) -> [ArraySlice<Substring>] {
        var parts: [ArraySlice<Substring>] = []
        var start = lines.startIndex
        // The header keys of the current report, as bits of their places in `headerKeys`.
        var keysSeen: UInt32 = 0
        // First line of the header block being read (`Key: value` and blank lines), if any: a
        // repeated key splits there, so that `Hardware Model:` before a repeated `Process:` goes
        // with the report it describes.
        var blockStart: Int?
        for index in lines.indices {
            let line = kind(of: lines[index])
            if line == .blank { continue }
            guard case .header(let key) = line else {
                blockStart = nil
                continue
            }
            if blockStart == nil { blockStart = index }
            guard let key else { continue }
            if keysSeen & 1 << key != 0 {
                let at = blockStart.map { $0 > start ? $0 : index } ?? index
                parts.append(lines[start..<at])
                start = at
                keysSeen = lines[at..<index].reduce(0) { seen, line in
                    guard case .header(let key?) = kind(of: line) else { return seen }
                    return seen | 1 << key
                }
            }
            keysSeen |= 1 << key
        }
        parts.append(lines[start...])
        return parts
    }

    /// What a line is to the splitter.
    enum LineKind: Equatable {
        /// Only blanks (or nothing).
        case blank
        /// A header line (`Code Type: ARM-64`, after a leading backtick): a letter first, a colon
        /// among the first 40 bytes, and not a thread or image section; with the place of its
        /// key in `headerKeys` when it is one of them.
        case header(key: UInt32?)
        /// Anything else.
        case other
    }

    /// Read on the line's bytes: this runs on every line of every Apple text report, and the
    /// same tests through the Substring's UTF-8 view and `hasPrefix` were about 50,000
    /// instructions a report (7 % of reading a `.crash` file).
    static func kind(of line: Substring) -> LineKind {
        line.withUTF8Storage { bytes in
            guard bytes.contains(where: { $0 != 32 && $0 != 9 }) else { return .blank }
            let text = UnsafeBufferPointer(rebasing: bytes[(bytes.first == 96 ? 1 : 0)...])
            guard let letter = text.first, (65...90).contains(letter) || (97...122).contains(letter),
                text.prefix(40).contains(58), !isBodyStart(text)
            else {
                return .other
            }
            return .header(key: headerKeys.firstIndex(where: text.hasPrefix).map { UInt32($0) })
        }
    }

    /// A line that opens a report's body: a thread's frames, the exception backtrace, the images.
    static func isBodyStart(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        text.hasPrefix("Binary Images:") || text.hasPrefix("Last Exception Backtrace:")
            || text.hasPrefix("Thread ")
    }
}
