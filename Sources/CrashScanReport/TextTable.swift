import CrashScanModel

/// Fixed-width table layout for terminal output.
package struct TextTable {
    package enum Alignment { case left, right }

    var headers: [String]
    var alignments: [Alignment]
    var rows: [[String]] = []
    /// Maximum width per column; longer cells are cut with `…`.
    var maxWidths: [Int]

    package init(headers: [String], alignments: [Alignment], maxWidths: [Int]? = nil) {
        self.headers = headers
        self.alignments = alignments
        self.maxWidths = maxWidths ?? Array(repeating: 60, count: headers.count)
    }

    package mutating func add(_ row: [String]) { rows.append(row) }

    package func render(indent: String = "") -> [String] {
        var widths = headers.map(\.count)
        for row in rows {
            for (index, cell) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], min(cell.count, maxWidths[index]))
            }
        }
        func line(_ cells: [String]) -> String {
            var parts: [String] = []
            for (index, cell) in cells.enumerated() where index < widths.count {
                let text = TextTable.cut(cell, to: widths[index])
                let padding = String(repeating: " ", count: widths[index] - text.count)
                parts.append(alignments[index] == .left ? text + padding : padding + text)
            }
            var text = indent + parts.joined(separator: "  ")
            while text.hasSuffix(" ") { text.removeLast() }
            return text
        }
        return [line(headers)] + rows.map(line)
    }

    /// `text` made safe for a terminal (control characters escaped) and cut to `width`.
    static func cut(_ text: String, to width: Int) -> String {
        let text = text.terminalSafe
        guard text.count > width else { return text }
        guard width > 1 else { return String(text.prefix(width)) }
        return String(text.prefix(width - 1)) + "…"
    }
}

/// Wraps prose to a width, keeping existing line breaks and leading indentation of code lines.
package enum TextWrap {
    package static func wrap(_ text: String, width: Int, indent: String) -> [String] {
        var lines: [String] = []
        for paragraphLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let leading = String(paragraphLine.prefix(while: { $0 == " " }))
            var current = indent + leading
            let words = paragraphLine.split(separator: " ")
            if words.isEmpty {
                lines.append("")
                continue
            }
            for word in words {
                let base = indent + leading
                if current.count > base.count && current.count + 1 + word.count > width {
                    lines.append(current)
                    current = base + word
                } else {
                    current += (current.count > base.count ? " " : "") + word
                }
            }
            lines.append(current)
        }
        return lines
    }
}
