import CrashScanJSON

extension JSONValue {
    /// The value as a field's text: a string trimmed, a number in canonical form, `true`/`false`,
    /// an array of strings (a stack given as its lines) joined by line breaks; nil when empty or
    /// anything else. What Bugly's JSON gives as a string in one export it gives as a number in
    /// another.
    var fieldText: String? {
        let text: String
        switch kind {
        case .string(let string): text = string
        case .number(let number): text = number.canonical
        case .bool(let flag): text = flag ? "true" : "false"
        case .array(let lines):
            text = lines.compactMap { line in
                if case .string(let string) = line.kind { return string }
                return nil
            }.joined(separator: "\n")
        default: return nil
        }
        let trimmed = text.trimmingWhitespace().string
        return trimmed.isEmpty ? nil : trimmed
    }
}
