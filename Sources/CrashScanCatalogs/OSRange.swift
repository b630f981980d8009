import CrashScanModel
import Foundation

/// A set of OS versions written the way people ask for them: `8.1` (every 8.1.x), `8.1.3`,
/// `8`, `8.0..8.2`, `>=13`, `>13`, `<8.3`, `<=8.1`.
///
/// A version with fewer components is a prefix: `8.1` covers 8.1.0 up to 8.1.999, so `<8.3`
/// excludes all of 8.3.x and `<=8.1` includes all of 8.1.x. The bounds are sort keys
/// (`OSVersion.sortKey`), so a filter is one indexed `BETWEEN`.
public struct OSRange: Sendable, Equatable, CustomStringConvertible {
    /// Inclusive lower and upper sort keys.
    public var lower: Int
    public var upper: Int
    public let description: String
    /// The platform the text named (`macOS 10.15`); nil when it named none, and the keys are
    /// iOS's.
    public private(set) var platform: Platform?

    public static let accepted =
        "a version (8.1 means every 8.1.x; also 8.1.3 or 8), a range 8.0..8.2, or a comparison >=13, >13, <8.3, <=8.1"

    public struct ParseError: Error, CustomStringConvertible, Sendable {
        public let text: String
        public var description: String { "invalid OS version '\(text)': expected \(OSRange.accepted)" }
    }

    public init(lower: Int, upper: Int, description: String) {
        self.lower = lower
        self.upper = upper
        self.description = description
    }

    public func contains(_ version: OSVersion) -> Bool { (lower...upper).contains(version.sortKey) }

    /// The same versions on `platform` (a range that named its platform stays on it).
    public func on(_ platform: Platform) -> OSRange {
        guard self.platform == nil, platform != .iOS else { return self }
        var range = OSRange(
            lower: lower + platform.keyBase, upper: upper + platform.keyBase,
            description: "\(platform) \(description)")
        range.platform = platform
        return range
    }

    /// Every version of `platform`.
    public static func all(of platform: Platform) -> OSRange {
        var range = OSRange(
            lower: platform.keys.lowerBound, upper: platform.keys.upperBound, description: "\(platform)")
        range.platform = platform
        return range
    }

    /// A range, optionally after a platform's name (`iOS 8.1`, `macOS 10.15`, `tvOS >=15`); a
    /// column `report` prints (`8.1.x`) is the same as `8.1`.
    public static func parse(_ raw: String) throws(ParseError) -> OSRange {
        let trimmed = raw.trimmingWhitespace().string
        for platform in Platform.allCases {
            // `iPhone OS` and `iPadOS` are iOS too; the longest spellings are tried first.
            let names = platform == .iOS ? ["iPhone OS", "iPadOS", "iOS"] : [platform.rawValue]
            for name in names {
                guard trimmed.count > name.count, trimmed.lowercased().hasPrefix(name.lowercased()) else {
                    continue
                }
                let rest = trimmed.dropFirst(name.count)
                guard let next = rest.first, next == " " || next.isNumber || "<>=".contains(next) else {
                    continue
                }
                let text = rest.trimmingWhitespace().string
                var range = try parseIOS(text, raw: raw)
                if platform != .iOS { range = range.on(platform) }
                range.platform = platform
                return OSRange(
                    lower: range.lower, upper: range.upper, description: "\(platform) \(text)",
                    platform: platform)
            }
        }
        return try parseIOS(trimmed, raw: raw)
    }

    private init(lower: Int, upper: Int, description: String, platform: Platform?) {
        self.init(lower: lower, upper: upper, description: description)
        self.platform = platform
    }

    private static func parseIOS(_ raw: String, raw original: String) throws(ParseError) -> OSRange {
        var text = raw.trimmingWhitespace().string
        // `8.1.x` (a summed column of the matrix) is every 8.1; `8.x` stays refused, as before.
        for wildcard in [".x", ".X", ".*"] where text.hasSuffix(wildcard) && text.dropLast(2).contains(".") {
            text.removeLast(2)
        }
        let error = ParseError(text: original)
        if let dots = text.range(of: "..") {
            guard let low = prefix(text[..<dots.lowerBound]), let high = prefix(text[dots.upperBound...]),
                low.min <= high.max
            else { throw error }
            return OSRange(lower: low.min, upper: high.max, description: text)
        }
        for op in [">=", "<=", ">", "<", "="] where text.hasPrefix(op) {
            guard let bound = prefix(text.dropFirst(op.count)) else { throw error }
            let range: (lower: Int, upper: Int)
            switch op {
            case ">=": range = (bound.min, maxKey)
            case "<=": range = (0, bound.max)
            case ">": range = (bound.max + 1, maxKey)
            case "<": range = (0, bound.min - 1)
            default: range = (bound.min, bound.max)
            }
            guard range.lower <= range.upper else { throw error }
            return OSRange(lower: range.lower, upper: range.upper, description: text)
        }
        guard let bound = prefix(Substring(text)) else { throw error }
        return OSRange(lower: bound.min, upper: bound.max, description: text)
    }

    private static let maxKey = OSVersion.sortKey(99, 999, 999)

    private struct Bound {
        var min: Int
        var max: Int
    }

    /// `8`, `8.1` or `8.1.3` (an optional `iOS ` in front) as the keys of its first and last version.
    private static func prefix(_ raw: Substring) -> Bound? {
        var text = raw.trimmingWhitespace()
        if text.lowercased().hasPrefix("ios") {
            text = text.dropFirst(3).trimmingWhitespace()
        }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        var numbers: [Int] = []
        for part in parts {
            guard !part.isEmpty, part.count <= 3, part.allSatisfy(CharacterSetASCII.isDigit),
                let number = Int(part)
            else { return nil }
            numbers.append(number)
        }
        guard numbers[0] < 100 else { return nil }
        switch numbers.count {
        case 1:
            return Bound(
                min: OSVersion.sortKey(numbers[0], 0, 0), max: OSVersion.sortKey(numbers[0], 999, 999))
        case 2:
            return Bound(
                min: OSVersion.sortKey(numbers[0], numbers[1], 0),
                max: OSVersion.sortKey(numbers[0], numbers[1], 999))
        default:
            let key = OSVersion.sortKey(numbers[0], numbers[1], numbers[2])
            return Bound(min: key, max: key)
        }
    }
}
