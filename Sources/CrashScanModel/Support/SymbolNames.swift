import CCxxABI
import Foundation

/// The Swift runtime's demangler, which every Swift binary links: `swift_demangle(name, length,
/// nil, nil, 0)` returns a malloc'd readable name, or nil for text that is no Swift symbol.
@_silgen_name("swift_demangle")
private func swiftRuntimeDemangle(
    _ name: UnsafePointer<CChar>?, _ length: Int, _ output: UnsafeMutablePointer<CChar>?,
    _ outputSize: UnsafeMutablePointer<Int>?, _ flags: UInt32
) -> UnsafeMutablePointer<CChar>?

/// Swift and C++ symbols as people read them. Crash reports and dSYMs name Swift frames by
/// mangled symbols (`$s15iOSCrashingTest10CrashClassC06pleaseC0yyFZTf4d_n`) and C++ frames by
/// Itanium-mangled ones (`_ZN3foo3barEv`); shown, they are demangled, and grouping compares a
/// stable form without the optimiser's specialisation and thunk wording, so that one function
/// is one blame frame whichever build or symbolication named it.
public enum SymbolNames {
    /// `$s…`, `_$s…`, `$S…`, `_T0…` (Swift 5, 4.2, 4), `_Z…`/`__Z…` (C++).
    public static func isMangled(_ symbol: Substring) -> Bool {
        isSwift(symbol) || isCxx(symbol)
    }

    static func isSwift(_ symbol: Substring) -> Bool {
        let bytes = symbol.utf8
        guard bytes.count > 3 else { return false }
        for prefix in ["$s", "_$s", "$S", "_$S", "_T0", "$e", "_$e"] where symbol.hasPrefix(prefix) {
            return bytes.count > prefix.utf8.count + 1
        }
        return false
    }

    static func isCxx(_ symbol: Substring) -> Bool {
        let body = symbol.hasPrefix("__Z") ? symbol.dropFirst(1) : symbol
        guard body.hasPrefix("_Z"), let next = body.dropFirst(2).first else { return false }
        return next == "N" || next == "L" || next == "S" || next == "Z" || next.isNumber
    }

    /// The readable name of `symbol` (the demangler's full text), or `symbol` itself when it is
    /// not mangled or does not demangle.
    public static func readable(_ symbol: String) -> String {
        let text = Substring(symbol)
        if isSwift(text), let name = swiftDemangled(symbol) { return name }
        if isCxx(text), let name = cxxDemangled(symbol.hasPrefix("__Z") ? String(symbol.dropFirst()) : symbol)
        {
            return name
        }
        return symbol
    }

    private static func swiftDemangled(_ symbol: String) -> String? {
        symbol.withCString { pointer -> String? in
            guard let result = swiftRuntimeDemangle(pointer, strlen(pointer), nil, nil, 0) else { return nil }
            defer { free(result) }
            return String(cString: result)
        }
    }

    private static func cxxDemangled(_ symbol: String) -> String? {
        symbol.withCString { pointer -> String? in
            var status: Int32 = 0
            guard let result = __cxa_demangle(pointer, nil, nil, &status) else { return nil }
            defer { free(result) }
            return status == 0 ? String(cString: result) : nil
        }
    }

    /// Whether `stable` can change `symbol`: it is mangled, or already demangled with the
    /// optimiser's wording (a stored readable name). Cheap: asked of every blame frame at import
    /// (Foundation's `contains` went through NSString, about 9,000 instructions a frame).
    public static func hasStableForm(_ symbol: Substring) -> Bool {
        isMangled(symbol) || noisePrefixes.contains { symbol.hasPrefix($0) }
            || symbol.fastContains("specialization <")
    }

    /// The readable name without the optimiser's wording: `function signature specialization
    /// <Arg[0] = Dead> of static App.CrashClass.pleaseCrash() -> ()` → `static
    /// App.CrashClass.pleaseCrash() -> ()`; also `generic specialization <…> of`, `merged`,
    /// `partial apply forwarder for`, `@objc`, `outlined …`. Text that is already readable is
    /// cleaned the same way, so a stored readable name and a mangled one meet.
    public static func stable(_ symbol: String) -> String {
        var text = readable(symbol)
        var changed = true
        while changed {
            changed = false
            for prefix in noisePrefixes where text.hasPrefix(prefix) {
                text = String(text.dropFirst(prefix.count))
                changed = true
            }
            if let rest = droppingSpecialization(text) {
                text = rest
                changed = true
            }
        }
        return text
    }

    private static let noisePrefixes = [
        "merged ", "partial apply forwarder for ", "partial apply for ", "@objc ", "@nonobjc ",
        "outlined copy of ", "outlined destroy of ", "outlined retain of ", "outlined release of ",
        "thunk for ", "dispatch thunk of ", "reabstraction thunk helper from ",
    ]

    /// `… specialization <…> of REST` → `REST` (the `<…>` may nest); nil for other text.
    private static func droppingSpecialization(_ text: String) -> String? {
        guard let marker = text.range(of: "specialization <"), text[..<marker.lowerBound].count < 40,
            !text[..<marker.lowerBound].contains("(")
        else { return nil }
        var depth = 1
        var index = marker.upperBound
        while index < text.endIndex, depth > 0 {
            if text[index] == "<" { depth += 1 } else if text[index] == ">" { depth -= 1 }
            index = text.index(after: index)
        }
        let rest = text[index...]
        guard depth == 0, rest.hasPrefix(" of ") else { return nil }
        return String(rest.dropFirst(4))
    }
}
