/// `report --kind` and `--key` from the failure cells: a group's fingerprint holds its failures'
/// kind and key, so these filters keep or drop whole groups, and the cells of the groups they keep
/// answer them (migration 18). Read from the failures, `--key _placeholderLabel` took 0.52 s on a
/// million reports. A group whose failures fall on both sides of the filter (only a hand edit of
/// `kvc_failure` makes one) sends the selection back to the failures.
extension Store {
    /// Whether every group's failures all match the selection's kinds and keys or none does (no
    /// kind or key: true, without a query). One pass over `failure_group_key`, a row per group,
    /// kind and key.
    func kindsAndKeysKeepWholeGroups(_ selection: ReportSelection) throws -> Bool {
        var values: [SQLValue] = []
        guard let test = selection.groupKeyTest(&values, db.dialect) else { return true }
        let split = try db.query(
            """
            SELECT g AS id FROM (
                SELECT t.group_id AS g, CASE WHEN \(test) THEN 1 ELSE 0 END AS m FROM failure_group_key t
            ) s GROUP BY g HAVING min(m) <> max(m) LIMIT 1
            """, values)
        return split.isEmpty
    }
}
