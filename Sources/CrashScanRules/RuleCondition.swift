import CrashScanCatalogs
import CrashScanModel
import Foundation

/// One condition of a rule's `match` object. Each case parses its field, evaluates itself against
/// a group, and describes itself: for `explain` (why it holds or fails), for `rules` (a short
/// summary) and for the rules digest (stable text).
public enum RuleCondition: Sendable {
    case exceptions([String])
    case kinds([KVCKind])
    case classes([String])
    case classPattern(NSRegularExpressionBox)
    case keys([String])
    case keyPattern(NSRegularExpressionBox)
    case causes([KVCCause])
    case keyIsPrivate(Bool)
    case os(OSRange)
    /// The group's blame frame (the app's call site) matches: what the app was doing, such as
    /// reading the status bar to learn the network type (`+[Probe currentRadioType]`).
    case framePattern(NSRegularExpressionBox)

    /// The fields of a `match` object, in the order conditions are evaluated and reported.
    public static let fields = [
        "exception", "kind", "class", "classPattern", "key", "keyPattern", "cause", "keyIsPrivate", "os",
        "framePattern",
    ]

    /// The condition's field in a rule file.
    public var field: String {
        switch self {
        case .exceptions: return "exception"
        case .kinds: return "kind"
        case .classes: return "class"
        case .classPattern: return "classPattern"
        case .keys: return "key"
        case .keyPattern: return "keyPattern"
        case .causes: return "cause"
        case .keyIsPrivate: return "keyIsPrivate"
        case .os: return "os"
        case .framePattern: return "framePattern"
        }
    }

    /// What the condition constrains: a class list and a class pattern are one aspect, as are
    /// keys and a key pattern (the specificity counts aspects).
    var aspect: String {
        switch self {
        case .classes, .classPattern: return "class"
        case .keys, .keyPattern: return "key"
        default: return field
        }
    }

    /// Whether the group satisfies the condition.
    public func holds(for subject: RuleSubject) -> Bool {
        switch self {
        case .exceptions(let names): return subject.exceptionType.map(names.contains) ?? false
        case .kinds(let kinds): return subject.kind.map(kinds.contains) ?? false
        case .classes(let classes): return subject.receiverClass.map(classes.contains) ?? false
        case .classPattern(let pattern): return subject.receiverClass.map(pattern.matches) ?? false
        case .keys(let keys): return subject.key.map(keys.contains) ?? false
        case .keyPattern(let pattern): return subject.key.map(pattern.matches) ?? false
        case .causes(let causes): return subject.cause.map(causes.contains) ?? false
        case .keyIsPrivate(let flag): return subject.keyIsPrivate == flag
        case .os(let range): return subject.osKeys.contains { (range.lower...range.upper).contains($0) }
        case .framePattern(let pattern): return subject.blameFrame.map(pattern.matches) ?? false
        }
    }

    /// The condition applied to the group, as `explain` states it: `class UITextView in [UITextView]`.
    public func explanation(for subject: RuleSubject) -> String {
        func list(_ items: [String]) -> String { "[" + items.joined(separator: ", ") + "]" }
        let receiver = subject.receiverClass ?? "(unknown)"
        let key = subject.key ?? "(unknown)"
        switch self {
        case .exceptions(let names): return "exception \(subject.exceptionType ?? "(none)") in \(list(names))"
        case .kinds(let kinds):
            return "kind \(subject.kind?.rawValue ?? "(none)") in \(list(kinds.map(\.rawValue)))"
        case .classes(let classes): return "class \(receiver) in \(list(classes))"
        case .classPattern(let pattern): return "class \(receiver) matches /\(pattern.pattern)/"
        case .keys(let keys): return "key \(key) in \(list(keys))"
        case .keyPattern(let pattern): return "key \(key) matches /\(pattern.pattern)/"
        case .causes(let causes):
            return "cause \(subject.cause?.rawValue ?? "(none)") in \(list(causes.map(\.rawValue)))"
        case .keyIsPrivate(let flag): return "key is private = \(flag)"
        case .os(let range): return "a report ran iOS \(range.description)"
        case .framePattern(let pattern):
            return "blame frame \(subject.blameFrame ?? "(none)") matches /\(pattern.pattern)/"
        }
    }

    /// The condition alone, as `crashscan rules` lists it: `class=UITextView|UITextField`.
    public var summary: String {
        switch self {
        case .exceptions(let names): return "exception=" + names.joined(separator: "|")
        case .kinds(let kinds): return "kind=" + kinds.map(\.rawValue).joined(separator: "|")
        case .classes(let classes): return "class=" + classes.joined(separator: "|")
        case .classPattern(let pattern): return "class~/\(pattern.pattern)/"
        case .keys(let keys): return "key=" + keys.joined(separator: "|")
        case .keyPattern(let pattern): return "key~/\(pattern.pattern)/"
        case .causes(let causes): return "cause=" + causes.map(\.rawValue).joined(separator: "|")
        case .keyIsPrivate(let flag): return "private=\(flag)"
        case .os(let range): return "os \(range.description)"
        case .framePattern(let pattern): return "frame~/\(pattern.pattern)/"
        }
    }

    /// Stable text of the condition's value, for the rules digest.
    var canonicalValue: String {
        switch self {
        case .exceptions(let values), .classes(let values), .keys(let values):
            return values.joined(separator: ",")
        case .kinds(let kinds): return kinds.map(\.rawValue).joined(separator: ",")
        case .causes(let causes): return causes.map(\.rawValue).joined(separator: ",")
        case .classPattern(let pattern), .keyPattern(let pattern), .framePattern(let pattern):
            return pattern.pattern
        case .keyIsPrivate(let flag): return String(flag)
        case .os(let range): return "\(range.lower)-\(range.upper)"
        }
    }
}
