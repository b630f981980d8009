import CrashScanCatalogs
import CrashScanModel
import Foundation

/// Reads a KVC failure out of an exception reason (kvc-catalog.md section 2.1, families A–D).
/// Hand-written scanning rather than regular expressions: it runs on every imported report.
package enum KVCReasonMatcher {
    package struct Match: Equatable {
        var kind: KVCKind
        var accessor: KVCAccessor?
        package var receiverClass: String?
        package var key: String?
    }

    package static func match(_ rawReason: String) -> Match? {
        let reason = collapseWhitespace(rawReason)
        return undefinedKey(reason) ?? prohibited(reason) ?? obsolete(reason) ?? forwardedSelector(reason)
    }

    /// Family B: `[<UITextView 0x…> setValue:forUndefinedKey:]: this class is not key value
    /// coding-compliant for the key _placeholderLabel.` Also `[UIColor valueForUndefinedKey:]`,
    /// `[<__NSCFString > …]`, `[ setValue:forUndefinedKey:]`, keys with spaces, a missing
    /// period, and the seed's lost spaces (`…:]:this class … for the key_placeholderLabel.`).
    static func undefinedKey(_ reason: String) -> Match? {
        let compliant =
            reason.fastRange(of: "key value coding-compliant for the key")
            ?? reason.fastRange(of: "key value coding compliant for the key")
        let selector =
            reason.fastRange(of: "setValue:forUndefinedKey:") ?? reason.fastRange(of: "valueForUndefinedKey:")
        guard compliant != nil || selector != nil else { return nil }
        var match = Match(kind: .undefinedKey)
        if let selector {
            match.accessor = reason[selector].hasPrefix("set") ? .set : .get
            // The receiver is between the last `[` before the selector and the selector. On bytes:
            // every delimiter here is ASCII, and walking the reason's Characters back to the `[`
            // was 20 Character reads a report.
            let utf8 = reason.utf8
            if let open = utf8[..<selector.lowerBound].lastIndex(of: 91) {
                var receiver = Substring(utf8[utf8.index(after: open)..<selector.lowerBound]).trimmingBlanks()
                if receiver.utf8.first == 60 {  // `<`
                    receiver = Substring(receiver.utf8.dropFirst())
                    if let close = receiver.utf8.lastIndex(of: 62) { receiver = receiver[..<close] }  // `>`
                    receiver = Substring(receiver.utf8.prefix { $0 != 32 }).trimmingBlanks()
                }
                if !receiver.isEmpty, !receiver.fastContains(" ") { match.receiverClass = String(receiver) }
            }
        }
        if let compliant {
            var key = reason.utf8[compliant.upperBound...].drop { $0 == 32 }
            // `.`, `'`, `"` or a backquote ends the key.
            if let end = key.firstIndex(where: { $0 == 46 || $0 == 39 || $0 == 34 || $0 == 96 }) {
                key = key[..<end]
            }
            let trimmed = Substring(key).trimmingBlanks()
            if !trimmed.isEmpty && trimmed != "(null)" { match.key = String(trimmed) }
        }
        return match
    }

    /// Family A: `Access to UITextField's _placeholderLabel ivar is prohibited. This is an
    /// application bug` (any apostrophe, `Ivar` in user text, setter selectors such as
    /// `set_cancelButtonText:`).
    static func prohibited(_ reason: String) -> Match? {
        guard let access = reason.fastRange(of: "Access to "),
            let ivar = reason.fastRange(of: " ivar is prohibited")
                ?? reason.fastRange(of: " Ivar is prohibited"),
            access.upperBound < ivar.lowerBound
        else { return nil }
        let subject = reason[access.upperBound..<ivar.lowerBound]
        guard let apostrophe = subject.firstIndex(where: { $0 == "'" || $0 == "’" }) else { return nil }
        let receiver = String(subject[..<apostrophe])
        var key = subject[subject.index(after: apostrophe)...]
        if key.hasPrefix("s ") { key = key.dropFirst(2) }
        let (name, accessor) = keyFromSelector(String(key.trimmingBlanks()))
        return Match(kind: .prohibitedIvar, accessor: accessor, receiverClass: receiver, key: name)
    }

    /// Family C: `App called -statusBar or -statusBarWindow on UIApplication …` and
    /// `Call to obsolete private method -[UIPageControl _setPageImage:]`.
    static func obsolete(_ reason: String) -> Match? {
        if let called = reason.fastRange(of: "App called -"),
            let on = reason.fastRange(of: " on UIApplication")
        {
            let selector = reason[called.upperBound...].prefix(while: { $0 != " " })
            return Match(
                kind: .obsoletePrivateAPI, accessor: .get, receiverClass: "UIApplication",
                key: selector.isEmpty || on.lowerBound < called.upperBound ? "statusBar" : String(selector))
        }
        if let call = reason.fastRange(of: "obsolete private method ") {
            let method = reason[call.upperBound...]
            guard let (receiver, selector) = methodParts(method) else { return nil }
            let (key, accessor) = keyFromSelector(selector)
            return Match(kind: .obsoletePrivateAPI, accessor: accessor, receiverClass: receiver, key: key)
        }
        return nil
    }

    /// Family D: a KVC setter forwarded to a private view that lacks it:
    /// `-[_UIDatePickerIOSCompactView _setTextColor:]: unrecognized selector sent to instance …`.
    /// Only private UIKit classes the catalog maps to a public one count; an ordinary
    /// unrecognized selector is not a KVC failure.
    static func forwardedSelector(_ reason: String) -> Match? {
        guard reason.fastContains("unrecognized selector"), let open = reason.firstIndex(of: "-"),
            let (receiver, selector) = methodParts(reason[open...])
        else { return nil }
        guard let publicClass = publicClass(forPrivate: receiver) else { return nil }
        var (key, accessor) = keyFromSelector(selector)
        if accessor == nil, let getter = key, getter.hasPrefix("_") {
            // The private getter `_textColor` that KVC's accessor search reached for `textColor`.
            key = String(getter.dropFirst())
            accessor = .get
        }
        guard let key, KnownClasses.privateKeys[publicClass]?.contains(key) == true else { return nil }
        return Match(kind: .obsoletePrivateAPI, accessor: accessor, receiverClass: publicClass, key: key)
    }

    /// `_UIDatePickerIOSCompactView` → `UIDatePicker`.
    static func publicClass(forPrivate name: String) -> String? {
        if name.hasPrefix("_UIDatePicker") { return "UIDatePicker" }
        if name.hasPrefix("_UIPageControl") || name.hasPrefix("_UIPageIndicator") { return "UIPageControl" }
        return nil
    }

    /// `-[Class selector]` → (Class, selector).
    /// On bytes (it runs for frames of every report): the class is the first space-delimited
    /// word inside the brackets, the selector everything after the space that ends it, as
    /// `split(separator: " ", maxSplits: 1)` would cut it.
    static func methodParts(_ text: Substring) -> (String, String)? {
        let utf8 = text.utf8
        guard let open = utf8.firstIndex(of: 91), let close = utf8[open...].firstIndex(of: 93) else {
            return nil
        }
        let inner = utf8[utf8.index(after: open)..<close]
        guard let start = inner.firstIndex(where: { $0 != 32 }),
            let space = inner[start...].firstIndex(of: 32)
        else { return nil }
        let selector = inner.index(after: space)
        guard selector < inner.endIndex else { return nil }
        return (String(Substring(inner[start..<space])), String(Substring(inner[selector...])))
    }

    /// `_setPageImage:` → (`pageImage`, set); `set_cancelButtonText:` → (`_cancelButtonText`, set);
    /// `setHighlightsToday:` → (`highlightsToday`, set); `_textColor` → (`textColor`, get);
    /// a plain key stays as it is (`_searchField`, accessor unknown).
    static func keyFromSelector(_ selector: String) -> (String?, KVCAccessor?) {
        guard selector.hasSuffix(":") else { return (selector.isEmpty ? nil : selector, nil) }
        var name = Substring(selector.dropLast())
        var keepUnderscore = false
        if name.hasPrefix("_set") {
            name = name.dropFirst(4)
        } else if name.hasPrefix("set_") {
            name = name.dropFirst(3)
            keepUnderscore = true
        } else if name.hasPrefix("set") {
            name = name.dropFirst(3)
        } else {
            return (String(name), .set)
        }
        guard let first = name.first else { return (nil, .set) }
        let key = keepUnderscore ? String(name) : first.lowercased() + name.dropFirst()
        return (key, .set)
    }

    package static func collapseWhitespace(_ text: String) -> String {
        // On bytes: `contains(where:)` on Characters broke graphemes for every reason.
        guard text.utf8.contains(where: { $0 == 10 || $0 == 9 || $0 == 13 }) || text.fastContains("  ")
        else {
            return text
        }
        return text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" })
            .joined(separator: " ")
    }
}
