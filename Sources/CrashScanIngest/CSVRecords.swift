/// Comma-separated text as spreadsheets write it (RFC 4180): a field in double quotes may hold
/// the separator, line breaks and doubled quotes (`""`). A sheet saved by a spreadsheet in
/// another locale may use tabs or semicolons instead: the separator is the one of `,`, tab and
/// `;` that the first line holds most of, outside quotes.
enum CSVRecords {
    /// The records of `text`, each its fields; blank lines are left out.
    static func parse(_ text: String) -> [[String]] {
        let bytes = Array(text.utf8)
        let separator = self.separator(bytes)
        var records: [[String]] = []
        var record: [String] = []
        var field: [UInt8] = []
        var quoted = false
        var index = 0
        func endRecord() {
            record.append(String(decoding: field, as: UTF8.self))
            field = []
            if record.count > 1 || !record[0].isEmpty { records.append(record) }
            record = []
        }
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if quoted {
                if byte == 34 {
                    if index < bytes.count, bytes[index] == 34 {
                        field.append(34)
                        index += 1
                    } else {
                        quoted = false
                    }
                } else {
                    field.append(byte)
                }
            } else if byte == 34, field.isEmpty {
                quoted = true
            } else if byte == separator {
                record.append(String(decoding: field, as: UTF8.self))
                field = []
            } else if byte == 10 {
                endRecord()
            } else if byte != 13 {
                field.append(byte)
            }
        }
        if !field.isEmpty || !record.isEmpty { endRecord() }
        return records
    }

    /// `,`, tab or `;`: whichever the first line holds most of outside quotes (`,` on a tie).
    private static func separator(_ bytes: [UInt8]) -> UInt8 {
        var counts: [UInt8: Int] = [44: 0, 9: 0, 59: 0]
        var quoted = false
        for byte in bytes {
            if byte == 34 { quoted.toggle() }
            if quoted { continue }
            if byte == 10 { break }
            if counts[byte] != nil { counts[byte, default: 0] += 1 }
        }
        return [44, 9, 59].max { (counts[$0] ?? 0) < (counts[$1] ?? 0) } ?? 44
    }
}
