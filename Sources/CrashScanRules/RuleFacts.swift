import CrashScanCatalogs
import CrashScanModel

/// What UIKit's runtime headers (`UIKitMemberCatalog`) say about the class and key a rule names:
/// where the member KVC would find exists, which of the rule's inferred facts that settles, and
/// where it contradicts the rule.
public struct MeasuredFacts: Sendable, Equatable {
    /// What each key the rule names reaches on its class.
    public var reaches: [KVCReach]
    /// The rule's facts the headers settle (`failsOn`, `worksOn`, `exceptions`).
    public var settled: [String]
    /// Where the headers contradict the rule, one sentence each.
    public var contradictions: [String]

    /// `UITextView declares no … in iOS 4.3–8.2; the instance variable _placeholderLabel in iOS 8.3–18`.
    public var summary: String { reaches.map(\.summary).joined(separator: "; ") }
}

public enum RuleFacts {
    /// The exception KVC raises for a key no accessor or instance variable answers (Apple's
    /// `setValue:forUndefinedKey:` and `valueForUndefinedKey:`).
    static let undefinedKeyException = "NSUnknownKeyException"

    /// The facts for a rule that names one class (searched for either accessor: a rule names none) the catalogue holds and its keys literally (a key
    /// list, or a pattern `^key(\..*)?$`); nil for any other rule.
    public static func measure(_ rule: Rule) -> MeasuredFacts? {
        guard case .classes(let classes)? = rule.match.condition("class"), classes.count == 1,
            let className = classes.first, UIKitMemberCatalog.holds(className),
            let keys = literalKeys(rule.match), !keys.isEmpty
        else { return nil }
        let reaches = keys.compactMap { UIKitMemberCatalog.reach(key: $0, accessor: nil, on: className) }
        guard reaches.count == keys.count else { return nil }
        let dumps = UIKitMemberCatalog.osVersions
        // A failure KVC raises because no member answers the key: the rule's only exception is
        // NSUnknownKeyException (a block Apple added, NSGenericException, is a fact of the rule).
        let missingMember = rule.exceptions == [undefinedKeyException]
        var facts = MeasuredFacts(reaches: reaches, settled: [], contradictions: [])
        func indices(_ range: OSRange?) -> [Int] {
            guard let range else { return [] }
            return dumps.indices.filter { range.contains(dumps[$0]) }
        }
        let failing = indices(rule.failsOn)
        let working = indices(rule.worksOn)
        for reach in reaches {
            // A key no dump declares on the class is answered by a method (the dumps list none) or
            // by nothing: the headers cannot tell which, so they neither contradict nor settle.
            guard !reach.presentVersions.isEmpty else { continue }
            let unanswered = DumpVersions(indices: working.filter { reach.states[$0] == .none })
            if !unanswered.isEmpty {
                facts.contradictions.append(
                    "works on iOS \(rule.worksOn?.description ?? "?"), but the runtime headers of iOS \(KVCReach.ranges(unanswered)) declare no instance variable or property of \(className) for the key \(reach.key)"
                )
            }
            guard missingMember else { continue }
            let answered = failing.filter { if case .member = reach.states[$0] { true } else { false } }
            if let first = answered.first,
                case .member(let name, let kind, let owner, _) = reach.states[first]
            {
                facts.contradictions.append(
                    "fails on iOS \(rule.failsOn?.description ?? "?") with \(undefinedKeyException), but the runtime headers of iOS \(KVCReach.ranges(DumpVersions(indices: answered))) declare the \(kind.rawValue) \(name) of \(owner)"
                )
            }
        }
        guard facts.contradictions.isEmpty else { return facts }
        let known = reaches.filter { !$0.presentVersions.isEmpty }
        guard known.count == reaches.count else { return facts }
        func all(_ list: [Int], _ test: (KVCReach.State) -> Bool) -> Bool {
            reaches.allSatisfy { reach in
                let known = list.filter { reach.states[$0] != .unknown }
                return !known.isEmpty && known.allSatisfy { test(reach.states[$0]) }
            }
        }
        if missingMember, all(failing, { $0 == .none }) { facts.settled += ["failsOn", "exceptions"] }
        if all(working, { if case .member = $0 { true } else { false } }) { facts.settled.append("worksOn") }
        return facts
    }

    /// The keys a rule names literally: a `key` list, or a `keyPattern` of one key with an optional
    /// key-path tail (`^_placeholderLabel(\..*)?$`).
    static func literalKeys(_ match: RuleMatch) -> [String]? {
        switch match.condition("key") ?? match.condition("keyPattern") {
        case .keys(let keys)?: return keys
        case .keyPattern(let pattern)?:
            var text = Substring(pattern.pattern)
            guard text.hasPrefix("^") else { return nil }
            text = text.dropFirst()
            for tail in [#"(\..*)?$"#, "$"] where text.hasSuffix(tail) {
                let key = text.dropLast(tail.count)
                let isName = !key.isEmpty && key.allSatisfy { $0 == "_" || $0.isLetter || $0.isNumber }
                return isName ? [String(key)] : nil
            }
            return nil
        default: return nil
        }
    }
}
