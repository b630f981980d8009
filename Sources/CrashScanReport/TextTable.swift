import CrashScanModel

/// Fixed-width table layout for terminal output.
package struct TextTable {
    package enum Alignment { case left, right }

    var headers: [String]
    var alignments: [Alignment]
    var rows: [[String]] = []

    /// A column is as wide as its widest cell: identifiers and paths are never shortened, so a
    /// row may run past the terminal's width (which wraps it) rather than lose its end.
    package init(headers: [String], alignments: [Alignment]) {
        self.headers = headers
        self.alignments = alignments
    }

    package mutating func add(_ row: [String]) { rows.append(row) }

    package func render(indent: String = "") -> [String] {
        var widths = headers.map(\.count)
        for row in rows {
            for (index, cell) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], TextTable.safe(cell).count)
            }
        }
        func line(_ cells: [String]) -> String {
            var parts: [String] = []
            for (index, cell) in cells.enumerated() where index < widths.count {
                let text = TextTable.safe(cell)
                let padding = String(repeating: " ", count: widths[index] - text.count)
                parts.append(alignments[index] == .left ? text + padding : padding + text)
            }
            var text = indent + parts.joined(separator: "  ")
            while text.hasSuffix(" ") { text.removeLast() }
            return text
        }
        return [line(headers)] + rows.map(line)
    }

    /// `text` made safe for a terminal (control characters escaped), whole: crashscan never
    /// shortens what it prints (identifiers and paths are copied by users).
    static func safe(_ text: String) -> String { text.terminalSafe }
}

/// Wraps prose to a width, keeping existing line breaks and leading indentation of code lines.
package enum TextWrap {
    package static func wrap(_ text: String, width: Int, indent: String) -> [String] {
        var lines: [String] = []
        // Split on bytes (line feed and space are ASCII): Character splitting was most of it.
        for lineBytes in text.utf8.split(separator: 10, omittingEmptySubsequences: false) {
            let leading = String(Substring(lineBytes.prefix { $0 == 32 }))
            let words = lineBytes.split(separator: 32).map(Substring.init)
            if words.isEmpty {
                lines.append("")
                continue
            }
            // Lengths (in Characters) are kept as the line grows: counting the line's Characters
            // again for each word, with the Character splits, was 5 % of a `report --os 8.1`.
            let base = indent + leading
            let baseLength = base.count
            var current = base
            var length = baseLength
            for word in words {
                let wordLength = word.utf8.allSatisfy { $0 < 0x80 } ? word.utf8.count : word.count
                if length > baseLength && length + 1 + wordLength > width {
                    lines.append(current)
                    current = base + word
                    length = baseLength + wordLength
                } else {
                    if length > baseLength {
                        current += " "
                        length += 1
                    }
                    current += word
                    length += wordLength
                }
            }
            lines.append(current)
        }
        return lines
    }
}
