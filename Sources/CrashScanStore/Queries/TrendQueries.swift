/// KVC failures of one group on one UTC day.
public struct DayCount: Sendable, Equatable {
    public var group: Int
    /// `YYYY-MM-DD`.
    public var day: String
    public var count: Int
}

extension Store {
    /// The KVC failures `selection` keeps, counted per group and UTC day of their crash (else
    /// upload) time: the trends of `report --format html`. Reports without a time are left out.
    public func failureDays(_ selection: ReportSelection) throws -> [DayCount] {
        let kvc = selection.conditions(kvc: true)
        let seen = ReportSelection.seen
        var days: [DayCount] = []
        try db.forEachRow(
            """
            SELECT r.group_id AS id, substr(\(seen), 1, 10) AS day, count(*) AS n
            FROM kvc_failure k JOIN report r ON r.id = k.report_id
            WHERE \(seen) IS NOT NULL AND \(kvc.sql)
            GROUP BY 1, 2
            """, kvc.values
        ) { row in
            guard let id = try row.int("id"), let day = try row.string("day") else { return }
            days.append(DayCount(group: id, day: day, count: try row.int("n") ?? 0))
        }
        return days
    }
}
