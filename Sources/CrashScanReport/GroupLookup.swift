import CrashScanStore

/// Finds a crash group from what a user types: its id or a prefix of its fingerprint.
public enum GroupLookup {
    public struct NotFound: Error, CustomStringConvertible {
        let text: String
        /// The text is no group id at all (fewer than 4 hex digits): a usage error; else a
        /// well-formed id that names no group in this database (exit 66, as for a missing input).
        public let malformed: Bool
        public var description: String {
            "no crash group matches '\(text)' (give the group's id as 'crashscan report' shows it, such as 1b4b4cd6, or at least 4 of its first hex digits)"
        }
    }

    /// The text names several groups: the user must type more of the id.
    public struct Ambiguous: Error, CustomStringConvertible {
        let text: String
        let candidates: [String]
        public var description: String {
            "'\(text)' matches several groups (\(candidates.joined(separator: ", "))); give more characters"
        }
    }

    public static func find(_ text: String, in store: Store) throws -> Int64 {
        // One id everywhere: the short fingerprint `report` shows. Row numbers are not ids (they
        // differ from database to database and after a regroup), so a number is read as hex too.
        let lower = text.trimmingBlanksString().lowercased()
        guard lower.count >= 4, lower.allSatisfy(\.isHexDigit) else {
            throw NotFound(text: text, malformed: true)
        }
        let matches = try store.groups(fingerprintPrefix: lower, limit: 6)
        guard let first = matches.first else { throw NotFound(text: text, malformed: false) }
        if matches.count > 1 { throw Ambiguous(text: text, candidates: matches.map(\.fingerprint)) }
        return first.id
    }
}
