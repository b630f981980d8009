import CrashScanModel

/// Counts as Bugly and spreadsheets write them.
enum CountText {
    /// A count: digits (thousands separated by commas or not); `-1`, what Bugly writes for a
    /// count it does not know, and an empty field are `unknown`; anything else is not a count.
    enum Reading: Equatable {
        case count(Int)
        case unknown
        case invalid

        /// The count, nil when unknown or not a count.
        var count: Int? {
            if case .count(let value) = self { return value }
            return nil
        }
    }

    static func read(_ text: String?) -> Reading {
        guard let text, !text.isEmpty, text != "-1" else { return .unknown }
        let digits = text.replacingOccurrences(of: ",", with: "")
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 &- 48 < 10 }), let value = Int(digits) else {
            return .invalid
        }
        return .count(value)
    }

    /// A day as Bugly (`20150308`) or a sheet (`2015-03-08`, `2015/03/08`) writes it, as
    /// `YYYY-MM-DD`; nil for anything else. Read by `Timestamp`, as every date crashscan reads.
    static func day(_ text: String) -> String? {
        var text = text
        if text.utf8.count == 8, text.utf8.allSatisfy({ $0 &- 48 < 10 }) {
            text = "\(text.prefix(4))-\(text.dropFirst(4).prefix(2))-\(text.suffix(2))"
        }
        guard let parsed = Timestamp.parse(text), parsed.isDay, parsed.epochSeconds == nil else { return nil }
        return String(parsed.utc(assumedOffset: 0).prefix(10))
    }
}

/// Why one row of a usage file or an issue list was left out (`row 5: launches is not a count`).
struct UnreadRow: Error {
    var reason: String
}
