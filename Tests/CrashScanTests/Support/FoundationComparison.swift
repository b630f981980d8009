import Foundation

@testable import CrashScanIngest
@testable import CrashScanJSON
@testable import CrashScanModel

/// Compares crashscan's reading of a JSON document with Foundation's (`FoundationOracle`): every
/// field of every report, every frame, the hashed content. Where crashscan decides for itself
/// (docs/input-formats.md, "JSON"), a difference is expected and allowed only there:
/// - a boolean read as text is `true`/`false` (Foundation: NSNumber's `1`/`0`);
/// - the content of a document with a member name outside printable ASCII, a name given twice,
///   or a number Foundation writes its own way (`CanonicalJSON`).
enum FoundationComparison {
    /// Every field of each report, its frames included; or the rejection.
    static func dump(_ result: Result<[CrashReport], Rejection>?) -> [String] {
        switch result {
        case nil: return ["not read"]
        case .failure(let rejection): return ["rejected: \(rejection.reason)"]
        case .success(let reports):
            return reports.flatMap { report in
                let fields = Mirror(reflecting: report).children.filter { $0.label != "frames" }
                    .map { "\($0.label ?? "?")=\($0.value)" }
                let frames = report.frames.map { frame in
                    [
                        "frame", "\(frame.index ?? -1)", frame.image, frame.address ?? "-", frame.symbol,
                        frame.rawSymbol, "\(frame.offset.map { String($0) } ?? "-")",
                        frame.isUnsymbolicated ? "unsymbolicated" : "symbolicated",
                    ].joined(separator: " ")
                }
                return fields + frames + [""]
            }
        }
    }

    /// The differences between crashscan's reading of `text` and Foundation's that crashscan's
    /// own rules do not explain (empty when alike); nil when Foundation does not read `text`.
    static func unexplainedDifferences(_ text: String) -> [String]? {
        guard let oracle = FoundationOracle.readJSON(Substring(text)) else { return nil }
        let ours = dump(ReportReader.readJSON(Substring(text)))
        let theirs = dump(oracle)
        guard ours.count == theirs.count else {
            return ["\(ours.count) lines against \(theirs.count): \(ours.prefix(3)) / \(theirs.prefix(3))"]
        }
        let contentMayDiffer = canonicalFormMayDiffer(text)
        return zip(ours, theirs).compactMap { mine, foundation in
            guard mine != foundation else { return nil }
            if mine.hasPrefix("normalizedContent="), contentMayDiffer { return nil }
            if isBooleanAsText(mine, foundation) { return nil }
            return "\(mine.prefix(300)) ≠ \(foundation.prefix(300))"
        }
    }

    /// A line that is Foundation's once crashscan's `true` and `false` are NSNumber's `1` and `0`
    /// (`osRaw=Optional("iOS true")` against `Optional("iOS 1")`), or an id a boolean gave
    /// (a boolean is no id to crashscan; `1` was one to Foundation).
    private static func isBooleanAsText(_ mine: String, _ foundation: String) -> Bool {
        let replaced = mine.replacingOccurrences(of: "\\btrue\\b", with: "1", options: .regularExpression)
            .replacingOccurrences(of: "\\bfalse\\b", with: "0", options: .regularExpression)
        if replaced == foundation { return true }
        for label in ["deviceID=", "userID="] where mine == label + "nil" {
            if foundation == label + "Optional(\"1\")" || foundation == label + "Optional(\"0\")" {
                return true
            }
        }
        return false
    }

    /// Whether `text` has what crashscan's canonical form writes its own way: a member name
    /// `SortedKeyOrder` has no key for (outside printable ASCII, a run of more than 18 digits),
    /// two names it holds alike (`x1`, `x01`), a name given twice in an object, or a number of
    /// 2⁵³ or more that is not an integer's digits.
    static func canonicalFormMayDiffer(_ text: String) -> Bool {
        guard let tree = try? JSONValue.parse(text, .crashReports) else { return true }
        func differs(_ value: JSONValue) -> Bool {
            switch value.kind {
            case .object(let members):
                let names = members.map(\.key)
                if Set(names).count != names.count { return true }
                if names.contains(where: { sortedKeyOrder($0) == nil }) || hasAlikeNames(names) {
                    return true
                }
                return members.contains { differs($0.value) }
            case .array(let elements): return elements.contains(where: differs)
            case .number(let number):
                return !number.isInteger
                    && (number.double.map { $0.magnitude >= 0x1p53 || !$0.isFinite } ?? true)
            default: return false
            }
        }
        return differs(tree)
    }

    /// Whether two of `names` are alike to `SortedKeyOrder` (`x1`, `x01`): Foundation orders them
    /// its own way. Names without a key are not compared.
    static func hasAlikeNames<Names: Sequence>(_ names: Names) -> Bool where Names.Element == String {
        let sorted = names.compactMap(sortedKeyOrder).sorted()
        return zip(sorted, sorted.dropFirst()).contains { $0.isAlike($1) }
    }

    private static func sortedKeyOrder(_ name: String) -> SortedKeyOrder? {
        Array(name.utf8).withUnsafeBufferPointer { SortedKeyOrder($0) }
    }
}
