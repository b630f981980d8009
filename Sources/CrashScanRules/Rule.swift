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
    /// The deployment target of the Swift replacement when it is not `replacementTarget` (a
    /// Swift 6 extension cannot be built for iOS 8 by any Xcode that knows Swift 6), and the
    /// toolchain it needs (`Xcode 15.3 (Swift 5.10)`).
    public var replacementSwiftTarget: String?
    public var replacementSwiftToolchain: String?

    /// `Written for a deployment target of iOS 8.0 …`: what the replacement is written for, in
    /// words (nil when the rule states no target).
    public var targetSentence: String? {
        guard let target = replacementTarget else { return nil }
        var text = "Written for a deployment target of iOS \(target)"
        if let swift = replacementSwiftTarget, swift != target {
            text +=
                " (the Swift for iOS \(swift)\(replacementSwiftToolchain.map { ", built with \($0) or later" } ?? ""))"
        }
        return text + ": newer API is behind an availability check."
            + (replacementAssumes.map { " Assumes \($0)." } ?? "")
    }
    public var sources: [String] = []
    /// App version that fixed the crash; a later crash in this group is a regression.
    public var fixedIn: String?
    /// Facts of the rule that are inferred rather than seen in a crash report or documented:
    /// any of `failsOn`, `worksOn`, `exceptions`, `fix`. They say "inferred" wherever they are
    /// shown, and a recommendation that leans on one is at most medium confidence.
    public var inferred: [String] = []
    public static let inferableFacts = ["failsOn", "worksOn", "exceptions", "fix"]
    /// What UIKit's runtime headers say of the rule's class and key (set when the rule is
    /// loaded); the facts they settle are no longer `inferred`.
    public var measured: MeasuredFacts?

    /// ` (inferred)` after a fact in `inferred`, ` (measured)` after one in `measured`, else
    /// nothing: how every output marks a rule's fact.
    public static func factMark(_ fact: String, inferred: [String], measured: [String]) -> String {
        inferred.contains(fact) ? " (inferred)" : measured.contains(fact) ? " (measured)" : ""
    }
    /// The breakage comes with building against a newer SDK, not with the OS update (iOS 13's
    /// blocked ivars): older app versions ran the failing OS without it.
    public var gatedBySDK = false
    /// A catch-all rule: its recommendation is never more than low confidence.
    public var generic: Bool = false
    /// One of crashscan's own rules (`rules/*.json`), not a team's.
    public var isBuiltIn = false

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
    /// In `RuleCondition.fields` order, at most one per field.
    public private(set) var conditions: [RuleCondition] = []

    public init(_ conditions: [RuleCondition] = []) {
        for condition in conditions { set(condition) }
    }

    /// Adds `condition`, replacing one of the same field, in field order.
    public mutating func set(_ condition: RuleCondition) {
        conditions.removeAll { $0.field == condition.field }
        conditions.append(condition)
        conditions.sort {
            (RuleCondition.fields.firstIndex(of: $0.field) ?? 0)
                < (RuleCondition.fields.firstIndex(of: $1.field) ?? 0)
        }
    }

    /// The condition stated for `field`, if any.
    public func condition(_ field: String) -> RuleCondition? { conditions.first { $0.field == field } }

    /// Whether the rule names a key (a list or a pattern).
    var statesKey: Bool { conditions.contains { $0.aspect == "key" } }

    /// Whether the rule names a key and each of its key conditions holds for `subject`.
    func namesKey(of subject: RuleSubject) -> Bool {
        var named = false
        for condition in conditions where condition.aspect == "key" {
            guard condition.holds(for: subject) else { return false }
            named = true
        }
        return named
    }

    /// Whether the rule names a class (a list or a pattern).
    var statesClass: Bool { conditions.contains { $0.aspect == "class" } }

    /// The conditions as stable text, for the rules digest: every field in order, `-` where none
    /// is stated. (Interpolating the struct printed the regular expressions' object addresses, so
    /// the digest changed with every process and every report recomputed the stored evidence.)
    var canonicalText: String {
        RuleCondition.fields.map { condition($0)?.canonicalValue ?? "-" }.joined(separator: ";")
    }

    /// How many aspects the rule constrains (a class list and a class pattern count once).
    var conditionCount: Int { Set(conditions.map(\.aspect)).count }

    /// `crashscan rules`'s one-line summary: `kind=undefined_key class=UITextView key=_placeholderLabel`.
    public var summary: String { conditions.map(\.summary).joined(separator: " ") }
}

/// A rule's regular expression with the pattern it was built from. `NSRegularExpression` is
/// immutable and `Sendable` once built.
public struct NSRegularExpressionBox: Sendable {
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
    /// The group's blame frame: the first frame in the app's own code.
    public var blameFrame: String?

    /// The reports name neither the receiver's class nor the key (no reason text, `?.?`): a rule
    /// matched on the exception and the call site only.
    public var namesNeitherClassNorKey: Bool { receiverClass == nil && key == nil }

    public init(
        exceptionType: String?, kind: KVCKind?, receiverClass: String?, key: String?, keyIsPrivate: Bool?,
        cause: KVCCause?, osKeys: [Int], blameFrame: String? = nil
    ) {
        self.blameFrame = blameFrame
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
    public func evaluate(_ subject: RuleSubject) -> (reasons: [String], failure: String?) {
        var reasons: [String] = []
        for condition in conditions {
            guard condition.holds(for: subject) else { return (reasons, condition.explanation(for: subject)) }
            reasons.append(condition.explanation(for: subject))
        }
        return (reasons, nil)
    }
}
