import Foundation

/// A malformed rule file: the message names the file, the rule and the field.
public struct RuleFileError: Error, CustomStringConvertible, Sendable {
    public let file: String
    public let rule: String?
    public let field: String?
    public let problem: String

    public var description: String {
        var text = "rules file \(file)"
        if let rule { text += ", rule \(rule)" }
        if let field { text += ", field '\(field)'" }
        return text + ": \(problem)"
    }
}

/// The rules in force: the built-ins, extended (and overridden by id) by a team's own files.
public struct RuleSet: Sendable {
    public private(set) var rules: [Rule]

    public init(rules: [Rule]) { self.rules = rules }

    /// The rules built into the binary (`rules/*.json`).
    public static func builtIn() throws -> RuleSet {
        var rules: [Rule] = []
        for file in EmbeddedRules.files {
            rules += try parse(json: Data(file.json.utf8), file: file.name)
        }
        return RuleSet(rules: rules)
    }

    /// Built-ins plus the rules of `files`; a team rule with a built-in's id replaces it.
    public static func load(extraFiles: [String]) throws -> RuleSet {
        var set = try builtIn()
        for path in extraFiles {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw RuleFileError(file: path, rule: nil, field: nil, problem: "cannot read the file")
            }
            set.add(try parse(json: data, file: path))
        }
        return set
    }

    public mutating func add(_ extra: [Rule]) {
        for rule in extra {
            if let index = rules.firstIndex(where: { $0.id == rule.id }) {
                rules[index] = rule
            } else {
                rules.append(rule)
            }
        }
    }

    /// The most specific rule that matches; on a tie the later rule (a team's) wins.
    public func bestMatch(for subject: RuleSubject) -> Rule? {
        var best: Rule?
        for rule in rules where rule.match.matches(subject) {
            if best == nil || rule.specificity >= (best?.specificity ?? 0) { best = rule }
        }
        return best
    }

    /// A digest of the rules in force, so the store knows when to re-evaluate every group.
    public var digest: String {
        SHA256.hex(
            rules.map {
                "\($0.id)|\($0.source)|\($0.fix)|\($0.title)|\($0.detail)|\($0.specificity)|\($0.match)"
            }
            .joined(separator: "\n"))
    }

    // MARK: - Parsing

    static let ruleFields: Set<String> = [
        "id", "match", "fix", "title", "detail", "priority", "sources", "notes",
    ]
    static let matchFields: Set<String> = [
        "exception", "kind", "class", "classPattern", "key", "keyPattern", "cause", "keyIsPrivate", "os",
    ]

    public static func parse(json data: Data, file: String) throws -> [Rule] {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
            throw RuleFileError(file: file, rule: nil, field: nil, problem: "not valid JSON: \(detail)")
        }
        guard let root = object as? [String: Any], let list = root["rules"] else {
            throw RuleFileError(
                file: file, rule: nil, field: "rules", problem: "expected an object with a \"rules\" array")
        }
        guard let entries = list as? [Any] else {
            throw RuleFileError(
                file: file, rule: nil, field: "rules", problem: "must be an array of rule objects")
        }
        var seen: Set<String> = []
        var rules: [Rule] = []
        for (position, entry) in entries.enumerated() {
            let label = "#\(position + 1)"
            guard let fields = entry as? [String: Any] else {
                throw RuleFileError(file: file, rule: label, field: nil, problem: "must be an object")
            }
            guard let id = fields["id"] as? String, !id.isEmpty else {
                throw RuleFileError(
                    file: file, rule: label, field: "id", problem: "missing or not a non-empty string")
            }
            let name = "'\(id)' (\(label))"
            func fail(_ field: String, _ problem: String) -> RuleFileError {
                RuleFileError(file: file, rule: name, field: field, problem: problem)
            }
            guard seen.insert(id).inserted else { throw fail("id", "duplicate id in this file") }
            if let unknown = fields.keys.sorted().first(where: { !ruleFields.contains($0) }) {
                throw fail(
                    unknown, "unknown field (expected one of: \(ruleFields.sorted().joined(separator: ", ")))"
                )
            }
            func text(_ field: String) throws -> String {
                if let value = fields[field] as? String, !value.isEmpty { return value }
                if let lines = fields[field] as? [Any], !lines.isEmpty, lines.allSatisfy({ $0 is String }) {
                    return lines.compactMap { $0 as? String }.joined(separator: "\n")
                }
                throw fail(field, "missing, or not a string or an array of strings")
            }
            let fix = try text("fix")
            guard fix.allSatisfy({ $0.isLowercase || $0.isNumber || $0 == "-" }) else {
                throw fail("fix", "a fix slug uses lower-case letters, digits and '-' only, got '\(fix)'")
            }
            var priority = 0
            if let value = fields["priority"] {
                guard let number = value as? Int, !(value is Bool) else {
                    throw fail("priority", "must be an integer")
                }
                priority = number
            }
            guard let matchObject = fields["match"] as? [String: Any] else {
                throw fail("match", "missing or not an object")
            }
            let match = try parseMatch(matchObject, fail: fail)
            rules.append(
                Rule(
                    id: id, source: file, match: match, fix: fix, title: try text("title"),
                    detail: try text("detail"),
                    priority: priority))
        }
        return rules
    }

    private static func parseMatch(_ object: [String: Any], fail: (String, String) -> RuleFileError) throws
        -> RuleMatch
    {
        if let unknown = object.keys.sorted().first(where: { !matchFields.contains($0) }) {
            throw fail(
                "match.\(unknown)",
                "unknown condition (expected one of: \(matchFields.sorted().joined(separator: ", ")))")
        }
        func strings(_ field: String) throws -> [String]? {
            guard let value = object[field] else { return nil }
            if let single = value as? String { return [single] }
            if let list = value as? [Any], !list.isEmpty, list.allSatisfy({ $0 is String }) {
                return list.compactMap { $0 as? String }
            }
            throw fail("match.\(field)", "must be a string or a non-empty array of strings")
        }
        func regex(_ field: String) throws -> NSRegularExpressionBox? {
            guard let value = object[field] else { return nil }
            guard let pattern = value as? String else {
                throw fail("match.\(field)", "must be a regular expression string")
            }
            do {
                return try NSRegularExpressionBox(pattern)
            } catch {
                throw fail("match.\(field)", "invalid regular expression '\(pattern)'")
            }
        }
        var match = RuleMatch()
        match.exceptions = try strings("exception")
        if let kinds = try strings("kind") {
            match.kinds = try kinds.map { name in
                guard let kind = KVCKind(rawValue: name) else {
                    throw fail(
                        "match.kind",
                        "unknown kind '\(name)' (expected one of: \(KVCKind.allCases.map(\.rawValue).joined(separator: ", ")))"
                    )
                }
                return kind
            }
        }
        if let causes = try strings("cause") {
            match.causes = try causes.map { name in
                guard let cause = KVCCause(rawValue: name) else {
                    throw fail(
                        "match.cause",
                        "unknown cause '\(name)' (expected one of: \(KVCCause.allCases.map(\.rawValue).joined(separator: ", ")))"
                    )
                }
                return cause
            }
        }
        match.classes = try strings("class")
        match.classPattern = try regex("classPattern")
        match.keys = try strings("key")
        match.keyPattern = try regex("keyPattern")
        if let value = object["keyIsPrivate"] {
            guard let flag = value as? Bool else { throw fail("match.keyIsPrivate", "must be true or false") }
            match.keyIsPrivate = flag
        }
        if let value = object["os"] {
            guard let spec = value as? String else {
                throw fail("match.os", "must be a string such as \"<8.3\"")
            }
            do {
                match.os = try OSRange.parse(spec)
            } catch {
                throw fail("match.os", error.description)
            }
        }
        guard match.conditionCount > 0 else {
            throw fail("match", "states no condition; it would match every crash")
        }
        return match
    }
}
