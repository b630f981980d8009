/// How many reports an OS, device or app version filter keeps (SQLite, no time or group filter),
/// from the reports per OS key, device and app version kept at import (`report_count`, migration
/// 22). Counted from the reports, every report kept was an index entry: `--os 8.1` on a million
/// reports walked 66,588 of them (a tenth of that report's instructions).
extension Store {
    /// The sum of the cells the selection keeps; nil when they cannot say (PostgreSQL, a time or
    /// group filter, an empty app version).
    func reportCountByKey(_ selection: ReportSelection) throws -> Int? {
        guard db.dialect == .sqlite, let conditions = selection.reportCountConditions(in: .sqlite) else {
            return nil
        }
        return try db.query(
            "SELECT coalesce(sum(c.reports), 0) AS n FROM report_count c\(conditions.whereClause)",
            conditions.values
        ).first?.int("n") ?? 0
    }
}
