import CrashScanModel

/// Text made safe for HTML: every string that comes from a crash report, a file name or a rule
/// passes through `escape` before it is written into the page, in element text and in quoted
/// attribute values alike.
enum HTMLText {
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            // Control characters (an escape sequence in a reason) are shown, not passed on.
            case "\u{0}"..."\u{8}", "\u{B}", "\u{C}", "\u{E}"..."\u{1F}", "\u{7F}":
                out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// An id attribute value from a group id (hex digits; anything else dropped).
    static func anchor(_ groupID: String) -> String {
        "g-" + String(groupID.unicodeScalars.filter { $0.properties.isASCIIHexDigit }.map(Character.init))
    }

    /// `1,234`.
    static func number(_ value: Int) -> String { NumberText.grouped(value) }

    /// A link only for http(s) addresses (a rule's source, a Bugly console page); any other text
    /// is shown escaped without a link.
    static func link(_ address: String, text: String? = nil) -> String {
        let shown = escape(text ?? address)
        guard address.hasPrefix("https://") || address.hasPrefix("http://") else { return shown }
        return "<a href=\"\(escape(address))\" rel=\"noreferrer noopener\">\(shown)</a>"
    }

    /// Label and value tiles (`<dl class="facts">`); `keyed` adds `data-fact` (the label in
    /// lower case with dashes) to each value, so that a script or a test can read it back.
    static func facts(_ pairs: [(label: String, value: String)], keyed: Bool = false) -> String {
        var html = "<dl class=\"facts\">"
        for (label, value) in pairs {
            let key =
                keyed
                ? " data-fact=\"\(escape(label.lowercased().replacingOccurrences(of: " ", with: "-")))\"" : ""
            html += "<div><dt>\(escape(label))</dt><dd\(key)>\(escape(value))</dd></div>"
        }
        return html + "</dl>"
    }

    /// An affected-devices or -users count: exact, a lower bound and why, or unknown.
    static func affected(_ coverage: AffectedCoverage, devices: Bool) -> String {
        let count = devices ? coverage.counts.devices : coverage.counts.users
        guard let count else { return "unknown (no ids)" }
        guard let shortfall = devices ? coverage.devicesShortfall : coverage.usersShortfall else {
            return number(count)
        }
        return "≥ \(number(count)) (\(shortfall))"
    }
}

extension HTMLText {
    /// A rule's prose as HTML: a paragraph per blank-line-separated block, `code` spans as
    /// `<code>`, everything else escaped (the rules and fix pages are written in that subset of
    /// Markdown).
    static func prose(_ text: String) -> String {
        text.components(separatedBy: "\n\n").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty }
            .map { "<p>" + codeSpans($0.replacingOccurrences(of: "\n", with: " ")) + "</p>" }
            .joined()
    }

    /// Escaped text with each `…` pair of backticks made a `<code>` element; an unpaired backtick
    /// stays as it is.
    static func codeSpans(_ text: String) -> String {
        let parts = text.components(separatedBy: "`")
        guard parts.count >= 3 else { return escape(text) }
        var out = ""
        for (index, part) in parts.enumerated() {
            let inCode = index % 2 == 1
            if inCode, index == parts.count - 1 {
                out += "`" + escape(part)
            } else {
                out += inCode ? "<code>" + escape(part) + "</code>" : escape(part)
            }
        }
        return out
    }
}
