import CrashScanCatalogs
import CrashScanModel
import Foundation

/// A declarative rule: when a crash group matches, recommend a fix, and say what the catalogue
/// knows about the breakage (where it works and fails, the replacement, the sources).
public struct Rule: Sendable {
    public var id: String
    /// File the rule came from (`kvc.json` for built-ins, the path for `--rules`).
    public var source: String
    /// Line of the rule in its file.
    public var line: Int
    public var match: RuleMatch
    public var fix: String
    public var title: String
    public var detail: String
    /// Added to the specificity to break ties on purpose.
    public var priority: Int
    /// The row of kvc-catalog.md the rule encodes, if any.
    public var catalogRow: Int?
    /// `crash`, `version-gated-crash`, `info`.
    public var severity: Severity?

    /// How bad a breakage is (`severity` in a rule file).
    public enum Severity: String, Sendable, CaseIterable {
        case crash
        case versionGatedCrash = "version-gated-crash"
        case info, low
    }
    /// Exception names the breakage raises, and real reason texts it produces.
    public var exceptions: [String] = []
    public var reasons: [String] = []
    /// OS versions where the access works and where it fails.
    public var worksOn: OSRange?
    public var failsOn: OSRange?
    /// A condition beside the OS (the SDK the app is built with, the device, the style).
    public var condition: String?
    public var replacementObjC: String?
    public var replacementSwift: String?
    /// The iOS deployment target the replacement is written for (`8.0`): it uses no API newer
    /// than that without an availability check.
    public var replacementTarget: String?
    /// What the Objective-C replacement assumes is declared around it (`UITabBarItem *item`).
    public var replacementAssumes: String?
    public var sources: [String] = []
    /// App version that fixed the crash; a later crash in this group is a regression.
    public var fixedIn: String?
    /// Facts of the rule that are inferred rather than seen in a crash report or documented:
    /// any of `failsOn`, `worksOn`, `exceptions`, `fix`. They say "inferred" wherever they are
    /// shown, and a recommendation that leans on one is at most medium confidence.
    public var inferred: [String] = []
    public static let inferableFacts = ["failsOn", "worksOn", "exceptions", "fix"]
    /// The breakage comes with building against a newer SDK, not with the OS update (iOS 13's
    /// blocked ivars): older app versions ran the failing OS without it.
    public var gatedBySDK = false
    /// A catch-all rule: its recommendation is never more than low confidence.
    public var generic: Bool = false

    /// How many conditions the rule states, plus its priority: the most specific match wins.
    public var specificity: Int { match.conditionCount * 10 + priority }

    public init(
        id: String, source: String, line: Int = 0, match: RuleMatch, fix: String, title: String,
        detail: String, priority: Int = 0
    ) {
        self.id = id
        self.source = source
        self.line = line
        self.match = match
        self.fix = fix
        self.title = title
        self.detail = detail
        self.priority = priority
    }
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

    public init() {}

    /// The conditions as stable text, for the rules digest. (Interpolating the struct printed
    /// the regular expressions' object addresses, so the digest changed with every process
    /// and every report recomputed the stored evidence.)
    var canonicalText: String {
        func list(_ values: [String]?) -> String { values.map { $0.joined(separator: ",") } ?? "-" }
        return [
            list(exceptions), list(kinds?.map(\.rawValue)), list(classes), classPattern?.pattern ?? "-",
            list(keys), keyPattern?.pattern ?? "-", list(causes?.map(\.rawValue)),
            keyIsPrivate.map { String($0) } ?? "-", os.map { "\($0.lower)-\($0.upper)" } ?? "-",
        ].joined(separator: ";")
    }

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
        evaluate(subject).failure == nil
    }

    /// Why the rule matches (one line per stated condition), or the first condition that fails.
    func evaluate(_ subject: RuleSubject) -> (reasons: [String], failure: String?) {
        let key = subject.key ?? "(unknown)"
        let receiver = subject.receiverClass ?? "(unknown)"
        func list(_ items: [String]) -> String { "[" + items.joined(separator: ", ") + "]" }
        // Every stated condition, in the order they are reported.
        var conditions: [(holds: () -> Bool, text: String)] = []
        if let exceptions {
            conditions.append(
                (
                    { subject.exceptionType.map(exceptions.contains) ?? false },
                    "exception \(subject.exceptionType ?? "(none)") in \(list(exceptions))"
                ))
        }
        if let kinds {
            conditions.append(
                (
                    { subject.kind.map(kinds.contains) ?? false },
                    "kind \(subject.kind?.rawValue ?? "(none)") in \(list(kinds.map(\.rawValue)))"
                ))
        }
        if let classes {
            conditions.append(
                (
                    { subject.receiverClass.map(classes.contains) ?? false },
                    "class \(receiver) in \(list(classes))"
                ))
        }
        if let classPattern {
            conditions.append(
                (
                    { subject.receiverClass.map(classPattern.matches) ?? false },
                    "class \(receiver) matches /\(classPattern.pattern)/"
                ))
        }
        if let keys {
            conditions.append(({ subject.key.map(keys.contains) ?? false }, "key \(key) in \(list(keys))"))
        }
        if let keyPattern {
            conditions.append(
                (
                    { subject.key.map(keyPattern.matches) ?? false },
                    "key \(key) matches /\(keyPattern.pattern)/"
                ))
        }
        if let causes {
            conditions.append(
                (
                    { subject.cause.map(causes.contains) ?? false },
                    "cause \(subject.cause?.rawValue ?? "(none)") in \(list(causes.map(\.rawValue)))"
                ))
        }
        if let keyIsPrivate {
            conditions.append(({ subject.keyIsPrivate == keyIsPrivate }, "key is private = \(keyIsPrivate)"))
        }
        if let os {
            conditions.append(
                (
                    { subject.osKeys.contains(where: { (os.lower...os.upper).contains($0) }) },
                    "a report ran iOS \(os.description)"
                ))
        }
        var reasons: [String] = []
        for (holds, text) in conditions {
            guard holds() else { return (reasons, text) }
            reasons.append(text)
        }
        return (reasons, nil)
    }
}
