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
