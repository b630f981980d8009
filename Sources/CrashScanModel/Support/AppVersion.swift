/// Orders app versions numerically (`2.10` after `2.9`, `2.3.1` after `2.3`).
package enum AppVersion {
    static func components(_ text: String) -> [Int] {
        text.split(whereSeparator: { !$0.isNumber }).map { Int($0) ?? 0 }
    }

    /// True when `a` is `b` or a later version (`2.3` and `2.3.0` are one version).
    package static func isAtLeast(_ a: String, _ b: String) -> Bool { !isNewer(b, than: a) }

    /// True when `a` is a later version than `b`.
    package static func isNewer(_ a: String, than b: String) -> Bool {
        var left = components(a)
        var right = components(b)
        let length = max(left.count, right.count)
        left += Array(repeating: 0, count: length - left.count)
        right += Array(repeating: 0, count: length - right.count)
        return right.lexicographicallyPrecedes(left)
    }
}

extension AppVersion {
    /// Splits `A (B)` into the app version and the build number. Apple's iOS reports write
    /// `Version: <CFBundleVersion> (<CFBundleShortVersionString>)` (`229 (2.2.9)`); macOS-layout
    /// reports and Bugly's console put the short version first (`2.3.0 (230)`). The dotted part
    /// is the version when only one part is dotted; when both or neither are, `shortFirst` (the
    /// report's layout) decides.
    package static func split(_ text: String, shortFirst: Bool) -> (version: String, build: String?) {
        guard text.utf8.contains(40) else { return (text.trimmingBlanksString(), nil) }  // no `(`
        let trimmed = text.trimmingBlanksString()
        guard let open = trimmed.lastIndex(of: "("), trimmed.hasSuffix(")") else { return (trimmed, nil) }
        let outer = String(trimmed[..<open]).trimmingBlanksString()
        let inner = String(
            trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)].trimmingBlanks())
        guard !outer.isEmpty, !inner.isEmpty else { return (outer.isEmpty ? inner : outer, nil) }
        let outerDotted = outer.contains(".")
        let innerDotted = inner.contains(".")
        let outerIsVersion = outerDotted != innerDotted ? outerDotted : shortFirst
        return outerIsVersion ? (outer, inner) : (inner, outer)
    }
}
