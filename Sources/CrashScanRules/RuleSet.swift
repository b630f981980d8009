import CrashScanCatalogs
import CrashScanJSON
import CrashScanModel
import Foundation

/// A malformed rule file: the message names the file, the line, the rule and the field.
public struct RuleFileError: Error, CustomStringConvertible, Sendable {
    public let file: String
    public let line: Int?
    public let rule: String?
    public let field: String?
    public let problem: String

    public init(file: String, line: Int? = nil, rule: String?, field: String?, problem: String) {
        self.file = file
        self.line = line
        self.rule = rule
        self.field = field
        self.problem = problem
    }

    public var description: String {
        var text = "rules file \(file)"
        if let line { text += ", line \(line)" }
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
            rules += try parse(json: Data(file.json.utf8), file: file.name).map { rule in
                var builtIn = rule
                builtIn.isBuiltIn = true
                return builtIn
            }
        }
        return RuleSet(rules: rules)
    }

    /// Built-ins plus the rules of `files`; a team rule with a built-in's id replaces it.
    public static func load(extraFiles: [String]) throws -> RuleSet {
        var set = try builtIn()
        for path in extraFiles {
            // `RegularFile`: a FIFO given as a rule file is refused, not waited on for ever.
            let data: Data
            switch RegularFile.read(path, limit: InputLimits.maximumFileSize) {
            case .success(let contents): data = contents
            case .failure(let failure):
                throw RuleFileError(
                    file: path, rule: nil, field: nil, problem: "cannot read the file: \(failure)")
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

    /// `rule`, with the replacement code of the first rule recommending the same fix when it
    /// gives none itself (two rules for one fix, such as the status bar read for the network type
    /// through UIApplication or through UIStatusBar, share the fix page's code).
    public func withReplacement(_ rule: Rule) -> Rule {
        guard rule.replacementObjC == nil, rule.replacementSwift == nil,
            let sibling = rules.first(where: {
                $0.fix == rule.fix && ($0.replacementObjC != nil || $0.replacementSwift != nil)
            })
        else { return rule }
        var filled = rule
        filled.replacementObjC = sibling.replacementObjC
        filled.replacementSwift = sibling.replacementSwift
        filled.replacementTarget = sibling.replacementTarget
        filled.replacementAssumes = sibling.replacementAssumes
        filled.replacementSwiftTarget = sibling.replacementSwiftTarget
        filled.replacementSwiftToolchain = sibling.replacementSwiftToolchain
        return filled
    }

    /// The rule that wins: a team's rule that matches before any built-in one (it is the team's
    /// knowledge of its app), else the most specific; on a tie the later rule.
    public func bestMatch(for subject: RuleSubject) -> Rule? {
        evaluations(for: subject).first?.rule
    }

    /// Every rule that matches, the winner first (team rules, then the most specific), with why
    /// it matches.
    public func evaluations(for subject: RuleSubject) -> [(rule: Rule, reasons: [String])] {
        var matched: [(rule: Rule, reasons: [String], order: Int)] = []
        for (order, rule) in rules.enumerated() {
            let result = rule.match.evaluate(subject)
            if result.failure == nil { matched.append((rule, result.reasons, order)) }
        }
        func rank(_ item: (rule: Rule, reasons: [String], order: Int)) -> (Int, Int, Int) {
            (item.rule.isBuiltIn ? 0 : 1, item.rule.specificity, item.order)
        }
        return matched.sorted { rank($0) > rank($1) }.map {
            ($0.rule, $0.reasons)
        }
    }

    /// A digest of the rules in force and of how evidence is weighed, so the store knows when to
    /// re-evaluate every group: every fact of a rule the evidence reads (its windows, exceptions,
    /// inferred and measured facts, not only its text), and `Evidence.logicVersion`.
    public var digest: String {
        let lines = rules.map(Self.digestLine)
        return SHA256.hex((["evidence v\(Evidence.logicVersion)"] + lines).joined(separator: "\n"))
    }

    /// One rule's part of the digest.
    private static func digestLine(_ rule: Rule) -> String {
        let text: [String] = [
            rule.id, rule.source, rule.fix, rule.title, rule.detail, String(rule.specificity),
            rule.match.canonicalText,
        ]
        let facts: [String] = [
            rule.failsOn?.description ?? "-", rule.worksOn?.description ?? "-",
            rule.exceptions.joined(separator: ","), rule.inferred.joined(separator: ","),
            rule.measured?.settled.joined(separator: ",") ?? "-", rule.condition ?? "-", rule.fixedIn ?? "-",
            String(rule.gatedBySDK), String(rule.generic),
        ]
        return (text + facts).joined(separator: "|")
    }

    // MARK: - Parsing

    static let ruleFields: Set<String> = [
        "id", "match", "fix", "title", "detail", "priority", "catalogRow", "severity", "exceptions",
        "reasons",
        "worksOn", "failsOn", "condition", "replacement", "sources", "fixedIn", "generic", "notes",
        "inferred", "gatedBySDK",
    ]
    static let matchFields = Set(RuleCondition.fields)

    /// Parses a rule file. Every error names the file, the line, the rule and the field.
    public static func parse(json data: Data, file: String) throws(RuleFileError) -> [Rule] {
        let root: JSONValue
        do {
            root = try JSONValue.parse(String(decoding: data, as: UTF8.self), .strict)
        } catch {
            throw RuleFileError(
                file: file, line: error.line, rule: nil, field: nil,
                problem: "not valid JSON: \(error.problem)")
        }
        guard root.isObject, let rulesMember = root.member("rules") else {
            throw RuleFileError(
                file: file, line: root.line, rule: nil, field: "rules",
                problem: "expected an object with a \"rules\" array")
        }
        guard case .array(let entries) = rulesMember.value.kind else {
            throw RuleFileError(
                file: file, line: rulesMember.line, rule: nil, field: "rules",
                problem: "must be an array of rule objects")
        }
        var seen: Set<String> = []
        var rules: [Rule] = []
        for (position, entry) in entries.enumerated() {
            var reader = RuleReader(file: file, entry: entry, position: position)
            let rule = try reader.read()
            guard seen.insert(rule.id).inserted else {
                throw reader.fail("id", at: rule.line, "duplicate id in this file")
            }
            rules.append(rule)
        }
        return rules
    }
}

/// Reads one rule object, failing with the file, line, rule and field.
private struct RuleReader {
    let file: String
    let entry: JSONValue
    let position: Int
    var name: String

    init(file: String, entry: JSONValue, position: Int) {
        self.file = file
        self.entry = entry
        self.position = position
        name = "#\(position + 1)"
    }

    func fail(_ field: String?, at line: Int, _ problem: String) -> RuleFileError {
        RuleFileError(file: file, line: line, rule: name, field: field, problem: problem)
    }

    mutating func read() throws(RuleFileError) -> Rule {
        let line = entry.line
        guard case .object(let members) = entry.kind else {
            throw fail(nil, at: line, "must be an object, got \(entry.typeName)")
        }
        guard case .string(let id) = entry["id"]?.kind, !id.isEmpty else {
            throw fail("id", at: entry.member("id")?.line ?? line, "missing, or not a non-empty string")
        }
        name = "'\(id)' (#\(position + 1))"
        if let unknown = members.first(where: { !RuleSet.ruleFields.contains($0.key) }) {
            throw fail(
                unknown.key, at: unknown.line,
                "unknown field (expected one of: \(RuleSet.ruleFields.sorted().joined(separator: ", ")))")
        }
        let fix = try text("fix", required: true) ?? ""
        guard fix.allSatisfy({ $0.isLowercase || $0.isNumber || $0 == "-" }) else {
            throw fail(
                "fix", at: lineOf("fix"),
                "a fix slug uses lower-case letters, digits and '-' only, got '\(fix)'")
        }
        guard let match = entry.member("match") else {
            throw fail("match", at: line, "missing")
        }
        var rule = Rule(
            id: id, source: file, line: line, match: try readMatch(match.value, line: match.line), fix: fix,
            title: try text("title", required: true) ?? "", detail: try text("detail", required: true) ?? "",
            priority: try integer("priority") ?? 0)
        rule.catalogRow = try integer("catalogRow")
        let severity = try text("severity", required: false)
        rule.severity = severity.flatMap(Rule.Severity.init)
        if let severity, rule.severity == nil {
            throw fail(
                "severity", at: lineOf("severity"),
                "expected crash, version-gated-crash, info or low, got '\(severity)'")
        }
        rule.exceptions = try strings("exceptions", in: entry, prefix: "") ?? []
        rule.reasons = try strings("reasons", in: entry, prefix: "") ?? []
        rule.worksOn = try osRange("worksOn", in: entry, prefix: "")
        rule.failsOn = try osRange("failsOn", in: entry, prefix: "")
        if let fails = rule.failsOn, let works = rule.worksOn,
            max(fails.lower, works.lower) <= min(fails.upper, works.upper)
        {
            // A version in both windows says nothing: the evidence could not tell a crash there
            // from a fit. What separates them (a device, an SDK) belongs in `condition`.
            throw fail(
                "worksOn", at: lineOf("worksOn"),
                "works on iOS \(works) and fails on iOS \(fails) overlap; keep the windows apart (worksOn where the access works everywhere) and say in 'condition' what decides in between"
            )
        }
        rule.condition = try text("condition", required: false)
        try readReplacement(into: &rule)
        rule.sources = try strings("sources", in: entry, prefix: "") ?? []
        rule.inferred = try strings("inferred", in: entry, prefix: "") ?? []
        if let wrong = rule.inferred.first(where: { !Rule.inferableFacts.contains($0) }) {
            throw fail(
                "inferred", at: lineOf("inferred"),
                "unknown fact '\(wrong)' (expected any of: \(Rule.inferableFacts.joined(separator: ", ")))")
        }
        rule.fixedIn = try text("fixedIn", required: false)
        rule.generic = try flag("generic") ?? false
        rule.gatedBySDK = try flag("gatedBySDK") ?? false
        rule.measured = RuleFacts.measure(rule)
        if let settled = rule.measured?.settled { rule.inferred.removeAll(where: settled.contains) }
        return rule
    }

    private func lineOf(_ field: String) -> Int { entry.member(field)?.line ?? entry.line }

    /// `replacement`: the code in Objective-C and Swift, its deployment target and what it assumes.
    private func readReplacement(into rule: inout Rule) throws(RuleFileError) {
        guard let member = entry.member("replacement") else { return }
        let (replacementLine, replacement) = (member.line, member.value)
        guard case .object(let parts) = replacement.kind else {
            throw fail("replacement", at: replacementLine, "must be an object with \"objc\" and \"swift\"")
        }
        let fields = ["objc", "swift", "target", "assumes", "swiftTarget", "swiftToolchain"]
        if let unknown = parts.first(where: { !fields.contains($0.key) }) {
            throw fail(
                "replacement.\(unknown.key)", at: unknown.line,
                "unknown field (expected objc, swift, target, assumes, swiftTarget or swiftToolchain)")
        }
        rule.replacementObjC = try lines(replacement.member("objc"), field: "replacement.objc")
        rule.replacementSwift = try lines(replacement.member("swift"), field: "replacement.swift")
        rule.replacementTarget = try lines(replacement.member("target"), field: "replacement.target")
        rule.replacementAssumes = try lines(replacement.member("assumes"), field: "replacement.assumes")
        rule.replacementSwiftTarget = try lines(
            replacement.member("swiftTarget"), field: "replacement.swiftTarget")
        rule.replacementSwiftToolchain = try lines(
            replacement.member("swiftToolchain"), field: "replacement.swiftToolchain")
        if let target = rule.replacementSwiftTarget, OSVersion.parse(target) == nil {
            throw fail(
                "replacement.swiftTarget", at: replacementLine,
                "expected an iOS version such as 12.0 (the deployment target the Swift is written for)")
        }
        if let target = rule.replacementTarget, OSVersion.parse(target) == nil {
            throw fail(
                "replacement.target", at: replacementLine,
                "expected an iOS version such as 9.0 (the deployment target the code is written for)")
        }
    }

    /// A `true`/`false` field, nil when absent.
    private func flag(_ field: String) throws(RuleFileError) -> Bool? {
        guard let member = entry.member(field) else { return nil }
        guard case .bool(let value) = member.value.kind else {
            throw fail(field, at: member.line, "must be true or false")
        }
        return value
    }

    /// A string, or an array of strings joined with line breaks.
    private func lines(_ member: JSONMember?, field: String) throws(RuleFileError) -> String? {
        guard let member else { return nil }
        let (line, value) = (member.line, member.value)
        switch value.kind {
        case .string(let text) where !text.isEmpty: return text
        case .array(let items) where !items.isEmpty:
            var out: [String] = []
            for item in items {
                guard case .string(let text) = item.kind else {
                    throw fail(field, at: item.line, "every line must be a string, got \(item.typeName)")
                }
                out.append(text)
            }
            return out.joined(separator: "\n")
        default:
            throw fail(
                field, at: line, "must be a non-empty string or array of strings, got \(value.typeName)")
        }
    }

    private func text(_ field: String, required: Bool) throws(RuleFileError) -> String? {
        guard let member = entry.member(field) else {
            if required { throw fail(field, at: entry.line, "missing") }
            return nil
        }
        return try lines(member, field: field)
    }

    private func integer(_ field: String) throws(RuleFileError) -> Int? {
        guard let member = entry.member(field) else { return nil }
        let (line, value) = (member.line, member.value)
        guard case .number(let number) = value.kind, number.isInteger else {
            throw fail(field, at: line, "must be an integer, got \(value.typeName)")
        }
        // A whole number too large for Int (`177777777777777777777777`) is refused, not trapped.
        guard let integer = number.integer else {
            throw fail(field, at: line, "must be an integer between \(Int.min) and \(Int.max)")
        }
        return integer
    }

    private func strings(_ field: String, in object: JSONValue, prefix: String) throws(RuleFileError)
        -> [String]?
    {
        guard let member = object.member(field) else { return nil }
        do {
            return try member.value.stringList(line: member.line)
        } catch {
            throw fail(prefix + field, at: error.line, error.message)
        }
    }

    private func osRange(_ field: String, in object: JSONValue, prefix: String) throws(RuleFileError)
        -> OSRange?
    {
        guard let member = object.member(field) else { return nil }
        do {
            return try member.value.osRange(line: member.line)
        } catch {
            throw fail(prefix + field, at: error.line, error.message)
        }
    }

    private func readMatch(_ object: JSONValue, line: Int) throws(RuleFileError) -> RuleMatch {
        guard case .object(let members) = object.kind else {
            throw fail("match", at: line, "must be an object, got \(object.typeName)")
        }
        var match = RuleMatch()
        for member in members {
            do {
                match.set(try RuleCondition.parse(field: member.key, value: member.value, line: member.line))
            } catch {
                throw fail("match.\(member.key)", at: error.line, error.message)
            }
        }
        guard match.conditionCount > 0 else {
            throw fail("match", at: line, "states no condition; it would match every crash")
        }
        return match
    }
}
