import CrashScanModel

/// The columns of a sheet (`CSVRecords`) by their titles: a title is found whatever its case and
/// the blanks around it, and a value is read trimmed, empty as nil.
struct SheetColumns {
    private let indexes: [String: Int]

    init(titles: [String]) {
        var indexes: [String: Int] = [:]
        for (index, title) in titles.enumerated() {
            let key = Self.key(title)
            if indexes[key] == nil { indexes[key] = index }
        }
        self.indexes = indexes
    }

    private static func key(_ title: String) -> String {
        String(Substring(title).trimmingBlanks()).lowercased()
    }

    func has(_ title: String) -> Bool { indexes[Self.key(title)] != nil }

    /// The trimmed text of `record` under the first of `titles` whose column the sheet has and
    /// the record fills; nil when none.
    func text(_ record: [String], _ titles: String...) -> String? {
        for title in titles {
            guard let index = indexes[Self.key(title)], index < record.count else { continue }
            let value = String(Substring(record[index]).trimmingBlanks())
            if !value.isEmpty { return value }
        }
        return nil
    }
}

/// Counts as Bugly and spreadsheets write them.
enum CountText {
    /// A count: digits (thousands separated by commas or not); `-1`, what Bugly writes for a
    /// count it does not know, and an empty field are `unknown`; anything else is not a count.
    enum Reading: Equatable {
        case count(Int)
        case unknown
        case invalid
    }

    static func read(_ text: String?) -> Reading {
        guard let text, !text.isEmpty, text != "-1" else { return .unknown }
        let digits = text.replacingOccurrences(of: ",", with: "")
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 &- 48 < 10 }), let value = Int(digits) else {
            return .invalid
        }
        return .count(value)
    }

    /// A day as Bugly (`20150308`) or a sheet (`2015-03-08`) writes it, as `YYYY-MM-DD`; nil
    /// for anything else.
    static func day(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        let digits = bytes.filter { $0 &- 48 < 10 }
        let shaped =
            (bytes.count == 8 && digits.count == 8)
            || (bytes.count == 10 && digits.count == 8 && bytes[4] == 45 && bytes[7] == 45)
        guard shaped else { return nil }
        let day = String(decoding: digits, as: UTF8.self)
        let (year, month, date) = (day.prefix(4), day.dropFirst(4).prefix(2), day.suffix(2))
        guard let monthNumber = Int(month), (1...12).contains(monthNumber), let dateNumber = Int(date),
            (1...31).contains(dateNumber)
        else { return nil }
        return "\(year)-\(month)-\(date)"
    }
}
