import Foundation

/// A declarative rule: when a crash group matches, recommend a fix.
public struct Rule: Sendable {
    public var id: String
    /// File the rule came from (`kvc.json` for built-ins, the path for `--rules`).
    public var source: String
    public var match: RuleMatch
    public var fix: String
    public var title: String
    public var detail: String
    /// Added to the specificity to break ties on purpose.
    public var priority: Int

    /// How many conditions the rule states, plus its priority: the most specific match wins.
    public var specificity: Int { match.conditionCount * 10 + priority }
}

/// The conditions of a rule. Every stated condition must hold; an absent one matches anything.
public struct RuleMatch: Sendable {
    public var exceptions: [String]?
    public var kinds: [KVCKind]?
    public var classes: [String]?
    public var classPattern: NSRegularExpressionBox?
    public var keys: [String]?
    public var keyPattern: NSRegularExpressionBox?
    public var causes: [KVCCause]?
    public var keyIsPrivate: Bool?
    public var os: OSRange?

    var conditionCount: Int {
        [
            exceptions != nil, kinds != nil, classes != nil || classPattern != nil,
            keys != nil || keyPattern != nil,
            causes != nil, keyIsPrivate != nil, os != nil,
        ].filter { $0 }.count
    }
}

/// `NSRegularExpression` is immutable and thread-safe once built; the box makes that visible
/// to strict concurrency checking.
public struct NSRegularExpressionBox: @unchecked Sendable {
    public let pattern: String
    let regex: NSRegularExpression

    init(_ pattern: String) throws {
        self.pattern = pattern
        self.regex = try NSRegularExpression(pattern: pattern)
    }

    func matches(_ text: String) -> Bool {
        regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
}

/// What a group offers the rules: its classification and the OS versions its reports ran.
public struct RuleSubject: Sendable {
    public var exceptionType: String?
    public var kind: KVCKind?
    public var receiverClass: String?
    public var key: String?
    public var keyIsPrivate: Bool?
    public var cause: KVCCause?
    /// OS sort keys of the group's reports (`OSVersion.sortKey`).
    public var osKeys: [Int]

    public init(
        exceptionType: String?, kind: KVCKind?, receiverClass: String?, key: String?, keyIsPrivate: Bool?,
        cause: KVCCause?, osKeys: [Int]
    ) {
        self.exceptionType = exceptionType
        self.kind = kind
        self.receiverClass = receiverClass
        self.key = key
        self.keyIsPrivate = keyIsPrivate
        self.cause = cause
        self.osKeys = osKeys
    }
}

extension RuleMatch {
    func matches(_ subject: RuleSubject) -> Bool {
        if let exceptions {
            guard let type = subject.exceptionType, exceptions.contains(type) else { return false }
        }
        if let kinds {
            guard let kind = subject.kind, kinds.contains(kind) else { return false }
        }
        if let classes {
            guard let receiver = subject.receiverClass, classes.contains(receiver) else { return false }
        }
        if let classPattern {
            guard let receiver = subject.receiverClass, classPattern.matches(receiver) else { return false }
        }
        if let keys {
            guard let key = subject.key, keys.contains(key) else { return false }
        }
        if let keyPattern {
            guard let key = subject.key, keyPattern.matches(key) else { return false }
        }
        if let causes {
            guard let cause = subject.cause, causes.contains(cause) else { return false }
        }
        if let keyIsPrivate {
            guard subject.keyIsPrivate == keyIsPrivate else { return false }
        }
        if let os {
            // A group matches when any of its reports ran an OS in the range.
            guard subject.osKeys.contains(where: { (os.lower...os.upper).contains($0) }) else { return false }
        }
        return true
    }
}
