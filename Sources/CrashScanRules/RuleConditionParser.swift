import CrashScanCatalogs
import CrashScanJSON
import CrashScanModel

/// A value in a rule file that cannot be used: where it is and why.
struct RuleValueProblem: Error {
    var line: Int
    var message: String
}

extension RuleCondition {
    /// The condition `field` of a `match` object states with `value` (at `line`).
    static func parse(field: String, value: JSONValue, line: Int) throws(RuleValueProblem) -> RuleCondition {
        switch field {
        case "exception": return .exceptions(try value.stringList(line: line))
        case "kind": return .kinds(try vocabulary(value.stringList(line: line), line: line))
        case "class": return .classes(try value.stringList(line: line))
        case "classPattern": return .classPattern(try value.regularExpression(line: line))
        case "key": return .keys(try value.stringList(line: line))
        case "keyPattern": return .keyPattern(try value.regularExpression(line: line))
        case "framePattern": return .framePattern(try value.regularExpression(line: line))
        case "cause": return .causes(try vocabulary(value.stringList(line: line), line: line))
        case "keyIsPrivate":
            guard case .bool(let flag) = value.kind else {
                throw RuleValueProblem(line: line, message: "must be true or false")
            }
            return .keyIsPrivate(flag)
        case "os": return .os(try value.osRange(line: line))
        default:
            throw RuleValueProblem(
                line: line,
                message: "unknown condition (expected one of: \(fields.sorted().joined(separator: ", ")))")
        }
    }

    /// Values of a closed vocabulary (`KVCKind`, `KVCCause`) by their raw values.
    private static func vocabulary<Value: RawRepresentable & CaseIterable>(_ names: [String], line: Int)
        throws(RuleValueProblem) -> [Value] where Value.RawValue == String
    {
        var values: [Value] = []
        for name in names {
            guard let value = Value(rawValue: name) else {
                let noun = Value.self == KVCKind.self ? "kind" : "cause"
                throw RuleValueProblem(
                    line: line,
                    message:
                        "unknown \(noun) '\(name)' (expected one of: \(Value.allCases.map(\.rawValue).joined(separator: ", ")))"
                )
            }
            values.append(value)
        }
        return values
    }
}

extension JSONValue {
    /// A string, or a non-empty array of strings.
    func stringList(line: Int) throws(RuleValueProblem) -> [String] {
        switch kind {
        case .string(let text): return [text]
        case .array(let items) where !items.isEmpty:
            var out: [String] = []
            for item in items {
                guard case .string(let text) = item.kind else {
                    throw RuleValueProblem(
                        line: item.line, message: "every entry must be a string, got \(item.typeName)")
                }
                out.append(text)
            }
            return out
        default:
            throw RuleValueProblem(
                line: line, message: "must be a string or a non-empty array of strings, got \(typeName)")
        }
    }

    /// An OS range such as `<8.3`.
    func osRange(line: Int) throws(RuleValueProblem) -> OSRange {
        guard case .string(let spec) = kind else {
            throw RuleValueProblem(line: line, message: "must be a string such as \"<8.3\", got \(typeName)")
        }
        do {
            return try OSRange.parse(spec)
        } catch {
            throw RuleValueProblem(line: line, message: error.description)
        }
    }

    /// A regular expression.
    func regularExpression(line: Int) throws(RuleValueProblem) -> NSRegularExpressionBox {
        guard case .string(let pattern) = kind else {
            throw RuleValueProblem(
                line: line, message: "must be a regular expression string, got \(typeName)")
        }
        do {
            return try NSRegularExpressionBox(pattern)
        } catch {
            throw RuleValueProblem(line: line, message: "invalid regular expression '\(pattern)'")
        }
    }
}
