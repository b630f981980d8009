import CrashScanJSON
import CrashScanModel

/// Usage files, the denominator of crash rates: Bugly's crash trend as its web API returns it
/// (`{"data": {"data": [{"appId", "platformId", "date": "20150308", "type", "crashNum",
/// "crashUser", "accessNum", "accessUser"}, …]}}`, `-1` for a count it does not know), the same
/// columns in a sheet, and the plain usage sheet for teams whose figures come from elsewhere
/// (`date, app_version, os_version, launches, active_devices`, any of the first three left out).
package enum UsageReader {
    /// Bugly's crash trend; its rows and the rows left out, by their place (a sheet's rows counted
    /// as a spreadsheet does, its title row the first). Nil when `value` is not one. A row's app version is its `version`
    /// when it has one, else `appVersion` (`import --app-version`: the version the trend was
    /// asked for), else none (all versions). Rows of another `type` than `crash` (ANR, errors)
    /// are left out: they are not crashes.
    package static func trend(_ value: JSONValue, appVersion: String? = nil) -> ScaleFile? {
        guard let elements = trendRows(value) else { return nil }
        var file = ScaleFile(source: .buglyTrend)
        for (index, element) in elements.enumerated() {
            let field = { (name: String) in element[name]?.fieldText }
            switch trendRow(field, appVersion: appVersion) {
            case .success(let row?): file.rows.append(row)
            case .success(nil): continue
            case .failure(let reason): file.skipped.append("row \(index + 1): \(reason.reason)")
            }
        }
        return file
    }

    /// The rows of a trend document: `data.data`, `ret.data`, `data`, or the document itself,
    /// when an array of objects that have `date` and `accessNum`.
    private static func trendRows(_ value: JSONValue) -> [JSONValue]? {
        let candidates = [value["data"]?["data"], value["ret"]?["data"], value["data"], value]
        for case let candidate? in candidates {
            guard case .array(let elements) = candidate.kind, let first = elements.first,
                first["date"] != nil, first["accessNum"] != nil || first["accessnum"] != nil
            else { continue }
            return elements
        }
        return nil
    }

    /// A sheet of usage: Bugly's trend columns or the plain usage columns; nil for a sheet with
    /// neither.
    package static func sheet(_ text: String, appVersion: String? = nil) -> ScaleFile? {
        sheet(records: CSVRecords.parse(text), appVersion: appVersion)
    }

    /// Whether a sheet of these columns is Bugly's crash trend (`date` and `accessNum`).
    static func isTrend(_ columns: SheetColumns) -> Bool { columns.has("date") && columns.has("accessNum") }

    /// Whether a sheet of these columns is usage: the crash trend, or the plain usage sheet
    /// (`launches` or `active_devices`).
    static func takes(_ columns: SheetColumns) -> Bool {
        isTrend(columns) || columns.has("launches") || columns.has("active_devices")
    }

    /// `sheet(_:appVersion:)` of a sheet's records (a CSV file's, or an `.xlsx` workbook's).
    package static func sheet(records: [[String]], appVersion: String? = nil) -> ScaleFile? {
        guard let titles = records.first else { return nil }
        let columns = SheetColumns(titles: titles)
        guard takes(columns) else { return nil }
        let rows = records.dropFirst()
        if isTrend(columns) {
            var file = ScaleFile(source: .buglyTrend)
            for (offset, record) in rows.enumerated() {
                let field = { (name: String) in columns.text(record, name) }
                switch trendRow(field, appVersion: appVersion) {
                case .success(let row?): file.rows.append(row)
                case .success(nil): continue
                case .failure(let reason): file.skipped.append("row \(offset + 2): \(reason.reason)")
                }
            }
            return file
        }
        var file = ScaleFile(source: .usageSheet)
        for (offset, record) in rows.enumerated() {
            switch plainRow(record, columns, appVersion: appVersion) {
            case .success(let row): file.rows.append(row)
            case .failure(let reason): file.skipped.append("row \(offset + 2): \(reason.reason)")
            }
        }
        return file
    }

    /// One trend row from its fields by name; nil for a row of another type than crashes.
    private static func trendRow(_ field: (String) -> String?, appVersion: String?) -> Result<
        UsageRow?, UnreadRow
    > {
        if let type = field("type"), type.lowercased() != "crash" { return .success(nil) }
        guard let dateText = field("date"), let day = CountText.day(dateText) else {
            return .failure(UnreadRow(reason: "no date (YYYYMMDD)"))
        }
        var row = UsageRow(day: day, appVersion: field("version") ?? appVersion)
        for (name, path) in [
            ("accessNum", \UsageRow.launches), ("accessUser", \.activeDevices), ("crashNum", \.crashes),
            ("crashUser", \.crashDevices),
        ] {
            switch CountText.read(field(name) ?? field(name.lowercased())) {
            case .count(let count): row[keyPath: path] = count
            case .unknown: continue
            case .invalid: return .failure(UnreadRow(reason: "\(name) is not a count"))
            }
        }
        return .success(row)
    }

    private static func plainRow(_ record: [String], _ columns: SheetColumns, appVersion: String?)
        -> Result<UsageRow, UnreadRow>
    {
        var row = UsageRow(
            appVersion: columns.text(record, "app_version") ?? appVersion,
            osVersion: columns.text(record, "os_version"))
        if let date = columns.text(record, "date") {
            guard let day = CountText.day(date) else {
                return .failure(UnreadRow(reason: "date \(date) is not a day"))
            }
            row.day = day
        }
        for (name, path) in [("launches", \UsageRow.launches), ("active_devices", \.activeDevices)] {
            switch CountText.read(columns.text(record, name)) {
            case .count(let count): row[keyPath: path] = count
            case .unknown: continue
            case .invalid: return .failure(UnreadRow(reason: "\(name) is not a count"))
            }
        }
        guard row.launches != nil || row.activeDevices != nil else {
            return .failure(UnreadRow(reason: "neither launches nor active_devices"))
        }
        return .success(row)
    }
}
