import CrashScanModel

/// Splits a console copy that holds several crash reports pasted one after the other: at a
/// separator line (`----end----`, `======`, `-----`), or where a label block starts again (a
/// second `设备机型` / `Device Model` after the first report's frames). The caller keeps the split
/// only when at least two parts are crash reports on their own.
enum ConsolePasteSplitter {
    /// Fields whose second appearance, after frames or an exception, starts a new report.
    static let headerFields: LabeledFieldSet = [
        .device, .os, .appVersion, .uploadTime, .crashTime, .exceptionName, .exceptionReason, .crashContent,
    ]

    /// The parts of `text`, each the stretch of its lines (their text as it stands, not a copy:
    /// a 42 MB paste was copied whole once more, and its lines held in arrays besides); one part
    /// when nothing splits it. Parts of blank lines alone are left out.
    static func split(_ text: String) -> [Substring] {
        var parts: [Substring] = []
        // The part being read: from its first line to its last, and whether a line holds text.
        var part: (start: String.Index, end: String.Index, hasText: Bool)?
        func endPart() {
            if let part, part.hasText { parts.append(text[part.start..<part.end]) }
            part = nil
        }
        var fieldsSeen = LabeledFieldSet()
        var bodySeen = false
        Lines.forEach(text) { line in
            let trimmed = line.trimmingBlanks()
            if isSeparator(trimmed) {
                endPart()
                fieldsSeen = []
                bodySeen = false
                return
            }
            let fields = headerFieldsOf(trimmed)
            if !fields.isEmpty {
                if bodySeen, fields.contains(where: fieldsSeen.contains) {
                    endPart()
                    fieldsSeen = []
                    bodySeen = false
                }
                fieldsSeen.formUnion(fields)
                if fields.contains(where: {
                    $0 == .exceptionName || $0 == .exceptionReason || $0 == .crashContent
                }) {
                    bodySeen = true
                }
            } else if !trimmed.isEmpty, !fieldsSeen.isEmpty {
                // Frames, a reason or any text under the labels: a repeated label now starts
                // another report. (Not parsed as a frame here: this runs on every console line.)
                bodySeen = true
            }
            let hasText = (part?.hasText ?? false) || !trimmed.isEmpty
            part = (part?.start ?? line.startIndex, line.endIndex, hasText)
        }
        endPart()
        return parts
    }

    /// The header fields a line labels: one for `设备机型 | iPhone 6 Plus`, several for a table's
    /// header row (`| 设备机型 | 系统版本 | 应用版本 |`), none for other lines.
    static func headerFieldsOf(_ line: Substring) -> [LabeledField] {
        if line.hasPrefix("|"), let labels = BuglyConsoleParser.headerLabels(line) {
            return labels.filter(headerFields.contains)
        }
        if let (field, _) = FieldLabels.match(line), headerFields.contains(field) { return [field] }
        return []
    }

    /// A line of only `-`, `=` or `*` (at least three), possibly with `end` in the middle.
    static func isSeparator(_ line: Substring) -> Bool {
        // Runs on console lines: most start with a digit or a letter and leave at once.
        guard let first = line.utf8.first, first == 45 || first == 61 || first == 42, line.utf8.count >= 3
        else {
            return false
        }
        let marks = line.utf8.filter { $0 == 45 || $0 == 61 || $0 == 42 }.count
        guard marks >= 3 else { return false }
        let rest = line.trimming { $0 == 45 || $0 == 61 || $0 == 42 || $0 == 32 }.lowercased()
        return rest.isEmpty || rest == "end"
    }
}
