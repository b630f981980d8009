import CrashScanModel
import Foundation

/// Finds an exception name and reason in the wrappers that surround them in console text,
/// logs and issue pastes (apple-formats.md section 10).
enum ExceptionText {
    struct Found: Equatable {
        var name: String?
        var reason: String?
    }

    /// `NSUnknownKeyException`, `NSGenericException`, `MyApp.SomeError`, `SIGABRT`, `EXC_BAD_ACCESS`.
    static func isExceptionName(_ token: Substring) -> Bool {
        guard let first = token.unicodeScalars.first, token.count >= 4, token.count <= 80,
            CharacterSetASCII.isLetter(first) || first == "_"
        else { return false }
        for scalar in token.unicodeScalars
        where
            !(CharacterSetASCII.isLetter(scalar) || CharacterSetASCII.isDigit(scalar) || scalar == "_"
            || scalar == ".")
        {
            return false
        }
        return token.hasSuffix("Exception") || token.hasSuffix("Error")
            || token.hasPrefix("SIG")
                && token.uppercased() == token
            || token.hasPrefix("EXC_")
    }

    /// A line that is only an exception name, possibly behind `crash`, `Fatal Exception:` or
    /// followed by the signal: `NSUnknownKeyException`, `EXC_CRASH (SIGABRT)`.
    /// Returns the name and whatever follows it on the line (the reason, when the paste
    /// joined both).
    static func nameLine(_ line: Substring) -> (name: String, rest: Substring)? {
        // On bytes: every delimiter is ASCII (a Character walk here was 12 Character reads a
        // file).
        var text = Substring(line.utf8.drop { $0 == 32 || $0 == 9 || $0 == 96 || $0 == 42 || $0 == 35 })
        for prefix in ["Fatal Exception:", "crash ", "Crash ", "Exception:"] where text.hasPrefix(prefix) {
            text = Substring(text.utf8.dropFirst(prefix.utf8.count).drop { $0 == 32 })
        }
        let tokenEnd = text.utf8.firstIndex { $0 == 32 || $0 == 9 || $0 == 58 } ?? text.endIndex
        let token = text[..<tokenEnd]
        guard isExceptionName(token) else { return nil }
        var rest = Substring(text.utf8[tokenEnd...].drop { $0 == 32 || $0 == 9 || $0 == 58 })
        while let last = rest.utf8.last, last == 96 || last == 32 || last == 42 {
            rest = Substring(rest.utf8.dropLast())
        }
        // `EXC_CRASH (SIGABRT)`: the signal is not a reason.
        if rest.hasPrefix("(SIG"), rest.hasSuffix(")") { rest = rest.dropLast(rest.count) }
        return (String(token), rest)
    }

    /// Name and reason from the wrappers that carry both, or the reason alone.
    static func extract(from line: Substring) -> Found? {
        // Quick filter: every wrapper below contains one of these bytes.
        guard line.utf8.contains(where: { $0 == 39 || $0 == 58 || $0 == 61 }) else { return nil }
        if let range = line.fastRange(of: "uncaught exception '") {
            let afterName = line[range.upperBound...]
            guard let quote = afterName.firstIndex(of: "'") else { return nil }
            let name = String(afterName[..<quote])
            var reason: String?
            if let reasonRange = afterName.fastRange(of: "reason: '") {
                var text = afterName[reasonRange.upperBound...]
                if let last = text.lastIndex(of: "'") { text = text[..<last] }
                reason = String(text)
            }
            return Found(name: name, reason: reason)
        }
        for (opening, closing) in [("UNCAUGHT EXCEPTION (", "):"), ("POSSIBLE_CRASH(", "):")] {
            if let open = line.fastRange(of: opening),
                let close = line[open.upperBound...].fastRange(of: closing)
            {
                let name = String(line[open.upperBound..<close.lowerBound])
                let reason = line[close.upperBound...].trimmingBlanks()
                return Found(name: name, reason: reason.isEmpty ? nil : String(reason))
            }
        }
        if let nameLabel = line.fastRange(of: "Name: "),
            let reasonLabel = line[nameLabel.upperBound...].fastRange(of: " Reason: ")
        {
            let name = line[nameLabel.upperBound..<reasonLabel.lowerBound].trimmingBlanks()
            if isExceptionName(name) {
                return Found(
                    name: String(name), reason: String(line[reasonLabel.upperBound...].trimmingBlanks()))
            }
        }
        if let context = line.fastRange(of: "context=") {
            return Found(name: nil, reason: String(line[context.upperBound...].trimmingBlanks()))
        }
        if let reasonLabel = line.fastRange(of: ", reason: ") {
            let name = line[..<reasonLabel.lowerBound].trimmingBlanks()
            if isExceptionName(name) {
                return Found(
                    name: String(name), reason: String(line[reasonLabel.upperBound...].trimmingBlanks()))
            }
        }
        return nil
    }

    /// True when a line reads like a crash reason by itself (KVC, prohibited access,
    /// unrecognized selector, obsolete private method …), so an unlabelled reason line counts.
    static func looksLikeReason(_ line: Substring) -> Bool {
        let markers = [
            "key value coding-compliant", "ivar is prohibited", "Ivar is prohibited", "unrecognized selector",
            "Call to obsolete private method", "App called -statusBar", "beyond bounds",
            "was mutated while being",
            "attempt to insert nil",
        ]
        return markers.contains { line.fastContains($0) }
    }
}
