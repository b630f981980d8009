extension String {
    /// The text with every control character shown as an escape (`\n`, `\x1B`): names and
    /// values that come from files (member names, file names, reasons, fields of a report) must
    /// not move the cursor, clear the screen, or fake a line of crashscan's own output.
    package var terminalSafe: String {
        guard unicodeScalars.contains(where: Self.isControl) else { return self }
        var out = ""
        for scalar in unicodeScalars {
            guard Self.isControl(scalar) else {
                out.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default: out += "\\x" + String(scalar.value, radix: 16, uppercase: true)
            }
        }
        return out
    }

    /// `terminalSafe`, and at most 2,000 characters: a message that echoes a value a user (or a
    /// script) typed stays readable when the value was a megabyte.
    package var shown: String {
        let safe = terminalSafe
        guard safe.count > 2_000 else { return safe }
        return safe.prefix(2_000) + "… (\(safe.count - 2_000) more characters)"
    }

    /// C0 controls, DEL and the C1 controls (0x80–0x9F, which some terminals also obey).
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
