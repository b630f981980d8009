import CrashScanDatabase

/// The app versions recorded with `crashscan fixed`.
extension Store {
    /// The version recorded as fixing group `id`, if any.
    public func recordedFix(group id: Int64) throws -> String? {
        try db.query("SELECT fixed_in FROM group_fix WHERE group_id = ?", [.integer(id)]).first?.string(
            "fixed_in")
    }

    /// Every group with a recorded fix version.
    public func groupsWithRecordedFix() throws -> [Int64] {
        try db.query("SELECT group_id FROM group_fix ORDER BY group_id").compactMap {
            try $0.int("group_id").map(Int64.init)
        }
    }

    /// Records `version` as the app version that fixed group `id` (replacing an earlier one).
    public func recordFix(group id: Int64, version: String, notedAt: String) throws {
        try db.run(
            """
            INSERT INTO group_fix (group_id, fixed_in, noted_at) VALUES (?, ?, ?)
            ON CONFLICT (group_id) DO UPDATE SET fixed_in = excluded.fixed_in, noted_at = excluded.noted_at
            """, [.integer(id), .text(version), .text(notedAt)])
    }

    public func clearFix(group id: Int64) throws {
        try db.run("DELETE FROM group_fix WHERE group_id = ?", [.integer(id)])
    }
}
