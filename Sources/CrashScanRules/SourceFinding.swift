import CrashScanCatalogs
import CrashScanModel
import CrashScanSource

/// How much a finding in source matters, for `scan --fail-on`.
public enum FindingSeverity: String, Sendable, CaseIterable, Comparable {
    case low, medium, high

    public static func < (lhs: FindingSeverity, rhs: FindingSeverity) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// A KVC call in source that reaches private UIKit state, with the rule that knows it.
public struct SourceFinding: Sendable {
    public var site: KVCCallSite
    public var rule: Rule
    public var severity: FindingSeverity
    /// False when the receiver's class is not certain from the code (the key alone matched the
    /// catalogue).
    public var classKnown: Bool
    /// The class the rule matched on (the receiver's class, or the UIKit ancestor it inherits
    /// the key from; the catalogue's class when the receiver's is not certain).
    public var ruleClass: String?
    /// For a finding no specific rule names: what UIKit's runtime headers say of the key (the
    /// member it reaches and on which versions).
    public var headers: String? = nil

    /// One sentence for the compiler-style line and SARIF.
    public var message: String {
        var text: String
        if classKnown {
            text = "KVC on \(ruleClass.map { "\($0)'s " } ?? "")private key '\(site.keyPath)'"
        } else {
            text =
                "KVC on private key '\(site.keyPath)' (\(ruleClass.map { "\($0)'s in crashscan's catalogue" } ?? "in crashscan's catalogue"); the receiver's class is not certain: \(site.classReason))"
        }
        if let failsOn = rule.failsOn {
            text += ": crashes on iOS \(failsOn.description)"
        } else if rule.severity == .info || rule.severity == .low {
            text += ": private state that iOS may change"
        } else {
            text += ": breaks whenever UIKit changes it"
        }
        if let exception = rule.exceptions.first { text += " (\(exception))" }
        if let headers { text += "; UIKit's runtime headers: \(headers)" }
        text += "; fix: crashscan fix \(rule.fix)"
        return text
    }
}

extension RuleSet {
    /// The finding a KVC call is, or nil when it reaches no private UIKit state: a rule naming its
    /// class (or a UIKit superclass of it) and key; else, the class unknown, a rule naming the key;
    /// else the generic rule for a private key of a UIKit class. Crash-only conditions (exception,
    /// kind, OS) do not apply to source.
    public func sourceFinding(for site: KVCCallSite) -> SourceFinding? {
        directFinding(for: site) ?? pathFinding(for: site)
    }

    /// A key path whose first component is public state of a UIKit class and whose next one is
    /// private state of that member's class: `searchBar.valueForKeyPath("searchTextField._placeholderLabel")`
    /// reaches the search field's `_placeholderLabel` (the member's type from UIKit's runtime
    /// headers). At most three hops.
    func pathFinding(for site: KVCCallSite, hops: Int = 0) -> SourceFinding? {
        guard hops < 3, !site.keyIsAppsOwn, site.keyPath.contains("."), let uikitClass = site.receiverClass,
            SourceDeclarations.isUIKitClassName(uikitClass),
            let type = UIKitMemberCatalog.memberType(key: site.key, on: uikitClass)
        else { return nil }
        var next = site
        next.keyPath = String(site.keyPath.drop { $0 != "." }.dropFirst())
        next.receiverClass = type
        next.appClass = nil
        next.classReason =
            "\(site.classReason); \(uikitClass).\(site.key) is a \(type) (UIKit's runtime headers)"
        return directFinding(for: next) ?? pathFinding(for: next, hops: hops + 1)
    }

    /// The finding of the call's first key component (see `sourceFinding`).
    func directFinding(for site: KVCCallSite) -> SourceFinding? {
        if site.keyIsAppsOwn { return nil }
        // The rules that name this key: most calls (`valueForKey:@"title"`) meet none, and leave
        // here before any class is looked up (150,000 calls of a generated app: 40 % of the scan
        // went to evaluating every rule on every class of each receiver's chain). A key without
        // its underscore reaches the same instance variable (`valueForKey:@"searchField"` finds
        // `_searchField` when no accessor answers), so rules that name `_key` apply to `key`.
        var key = site.key
        var keyRules = rulesNaming(key)
        if keyRules.isEmpty, !key.hasPrefix("_") {
            let underscored = rulesNaming("_" + key)
            if !underscored.isEmpty { (key, keyRules) = ("_" + key, underscored) }
        }
        guard let receiver = site.receiverClass else {
            return unknownClassFinding(site, key: key, keyRules: keyRules)
        }
        if !keyRules.isEmpty {
            for candidate in Self.classChain(receiver) {
                let subject = Self.sourceSubject(receiver: candidate, key: key)
                // On an object that is not UIKit's (the app's own, a dictionary), only a rule that
                // names its class applies: a key-only rule is about UIKit's state.
                let uikit = SourceDeclarations.isUIKitClassName(candidate)
                let matching = keyRules.map { rules[$0] }.filter { rule in
                    (uikit || rule.match.statesClass)
                        && rule.match.conditions.allSatisfy {
                            Self.crashOnlyFields.contains($0.field) || $0.holds(for: subject)
                        }
                }
                if let rule = Self.mostSpecific(matching) {
                    return SourceFinding(
                        site: site, rule: rule, severity: Self.severity(of: rule, classKnown: true),
                        classKnown: true, ruleClass: candidate)
                }
            }
        }
        // A private key of a UIKit class (or of the UIKit class an app's class inherits from) that
        // no rule names: the generic rule. Private by its name, or because UIKit's runtime headers
        // show the key reaching private state (`placeholderLabel` finds UITextView's
        // `_placeholderLabel`; `KnownClasses.privacyReason`).
        // (An app's subclass is already its UIKit ancestor here: the scanner resolves it.)
        let uikitClass = receiver
        guard SourceDeclarations.isUIKitClassName(uikitClass),
            let generic = rules.first(where: { $0.generic && $0.match.condition("cause") != nil })
        else { return nil }
        let reach = UIKitMemberCatalog.reach(key: site.key, accessor: nil, on: uikitClass)
        guard KnownClasses.isPrivateKey(site.key, receiver: uikitClass) else { return nil }
        var finding = SourceFinding(
            site: site, rule: generic, severity: .medium, classKnown: true, ruleClass: uikitClass)
        finding.headers = reach.flatMap { $0.presentVersions.isEmpty ? nil : $0.summary }
        return finding
    }

    /// The indices of the specific rules whose key conditions hold for `key`. Asked of every call
    /// site, so the rules are read in place: binding each to a constant copied it whole (a retain
    /// and a release of each of its strings and arrays, from every scanning thread at once): 45 %
    /// of the samples of a scan of 10,000 files.
    func rulesNaming(_ key: String) -> [Int] {
        let subject = Self.keySubject(key)
        return rules.indices.filter { !rules[$0].generic && rules[$0].match.namesKey(of: subject) }
    }

    /// The most specific rule; on a tie the later one (a team's rule file comes after the built-ins).
    static func mostSpecific(_ rules: [Rule]) -> Rule? {
        rules.enumerated().max { ($0.element.specificity, $0.offset) < ($1.element.specificity, $1.offset) }?
            .element
    }

    static func keySubject(_ key: String) -> RuleSubject {
        RuleSubject(
            exceptionType: nil, kind: nil, receiverClass: nil, key: key, keyIsPrivate: nil, cause: nil,
            osKeys: [])
    }

    static func sourceSubject(receiver: String, key: String) -> RuleSubject {
        let isPrivate = KnownClasses.isPrivateKey(key, receiver: receiver)
        return RuleSubject(
            exceptionType: nil, kind: nil, receiverClass: receiver, key: key, keyIsPrivate: isPrivate,
            cause: isPrivate ? .privateKey : nil, osKeys: [])
    }

    /// The class unknown: a rule that names this key (ignoring its class) makes it a finding.
    private func unknownClassFinding(_ site: KVCCallSite, key: String, keyRules: [Int]) -> SourceFinding? {
        let subject = RuleSubject(
            exceptionType: nil, kind: nil, receiverClass: nil, key: key, keyIsPrivate: true,
            cause: .privateKey,
            osKeys: [])
        let matching = keyRules.map { rules[$0] }.filter { rule in
            rule.match.conditions.allSatisfy { condition in
                Self.crashOnlyFields.contains(condition.field) || condition.aspect == "class"
                    || condition.holds(for: subject)
            }
        }
        guard let rule = Self.mostSpecific(matching) else { return nil }
        let ruleClass: String?
        if case .classes(let names) = rule.match.condition("class") {
            ruleClass = names.first
        } else {
            ruleClass = nil
        }
        return SourceFinding(
            site: site, rule: rule, severity: min(.medium, Self.severity(of: rule, classKnown: false)),
            classKnown: false, ruleClass: ruleClass)
    }

    /// Conditions that describe a crash, not code: never evaluated against source.
    static let crashOnlyFields: Set<String> = ["exception", "kind", "os"]

    /// `receiver`, then its UIKit superclasses (`UISearchTextField` → `UITextField` → `UIControl` …).
    static func classChain(_ receiver: String) -> [String] {
        var chain = [receiver]
        while chain.count < 12, let superclass = UIKitClassCatalog.superclass(of: chain.last!),
            !chain.contains(superclass)
        {
            chain.append(superclass)
        }
        return chain
    }

    static func severity(of rule: Rule, classKnown: Bool) -> FindingSeverity {
        switch rule.severity {
        case .info, .low: return .low
        case .crash, .versionGatedCrash, nil: return classKnown ? .high : .medium
        }
    }
}
