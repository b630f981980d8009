import CrashScanModel

/// The prefix Xcode's and the device console put before every log line:
/// `2024-05-14 10:21:33.412871+0800 Shopster[2231:8812345] ` (Xcode, `os_log`), or
/// `May 14 10:21:33 iPhone Shopster[2231] <Error>: ` (syslog). It names the process and the time,
/// and is not part of the exception's text.
enum ConsoleLinePrefix {
    struct Found: Equatable {
        /// The line after the prefix.
        var rest: Substring
        var process: String
        /// The time as written (Xcode's form only; syslog lines carry no year).
        var time: String?
    }

    static func strip(_ line: Substring) -> Found? {
        guard mayHavePrefix(line) else { return nil }
        // Every prefix has `[` and `] ` early in the line.
        guard let open = line.utf8.prefix(160).firstIndex(of: 91) else { return nil }
        guard let close = line.utf8[open...].prefix(40).firstIndex(of: 93) else { return nil }
        let pid = line[line.index(after: open)..<close]
        guard !pid.isEmpty, pid.utf8.allSatisfy({ CharacterSetASCII.isHexDigit($0) || $0 == 58 }) else {
            return nil
        }
        let head = line[..<open]
        guard let space = head.utf8.lastIndex(of: 32) else { return nil }
        let process = String(head[head.index(after: space)...])
        let before = head[..<space].trimmingBlanks()
        guard !process.isEmpty, isTimestamp(before) || isSyslogStart(before) else { return nil }
        var rest = line[line.index(after: close)...].trimmingBlanks()
        // syslog: `<Error>: ` after the process.
        if rest.hasPrefix("<"), let end = rest.fastRange(of: ">: ") { rest = rest[end.upperBound...] }
        return Found(rest: rest, process: process, time: isTimestamp(before) ? String(before) : nil)
    }

    /// Cheap gate, as this runs on every console line: `2024-05-14 …` or `May 14 …`, read from
    /// the line's contiguous bytes (indexing a Substring's UTF-8 view cost ~400 instructions).
    @inline(__always) static func mayHavePrefix(_ line: Substring) -> Bool {
        line.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.count > 20
                && ((CharacterSetASCII.isDigit(bytes[0]) && bytes[4] == 45)
                    || (bytes[0] >= 65 && bytes[0] <= 90 && bytes[3] == 32))
        } ?? false
    }

    /// `2024-05-14 10:21:33.412871+0800`.
    static func isTimestamp(_ text: Substring) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count >= 19, bytes[4] == 45, bytes[7] == 45, bytes[10] == 32, bytes[13] == 58 else {
            return false
        }
        return bytes.prefix(4).allSatisfy(CharacterSetASCII.isDigit)
    }

    /// `May 14 10:21:33 iPhone` (month name, day, time, host).
    static func isSyslogStart(_ text: Substring) -> Bool {
        let words = text.split(separator: " ", omittingEmptySubsequences: true)
        guard words.count >= 3, words[0].count == 3, words[0].first?.isUppercase == true,
            Int(words[1]) != nil, words[2].utf8.filter({ $0 == 58 }).count == 2
        else { return false }
        return true
    }
}
