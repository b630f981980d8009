import CrashScanDatabase

extension Store {
    /// Pairs of a KVC group whose every report blames an unsymbolicated app frame (`LilyForParent
    /// + 936749`: its blame key is the image) and a group of the same class, key, accessor,
    /// exception and kind whose reports blame a symbolicated frame of the same app: the same crash,
    /// split only because one copy was not symbolicated.
    static func unsymbolicatedCandidatesSQL(_ tally: String) -> String {
        """
        SELECT u.id AS partial, s.id AS complete
        FROM crash_group u
        JOIN crash_group s
          ON s.id <> u.id AND s.kind = u.kind AND s.receiver_class = u.receiver_class AND s.key = u.key
         AND s.accessor IS NOT DISTINCT FROM u.accessor
         AND s.exception_type IS NOT DISTINCT FROM u.exception_type
        WHERE u.kind IS NOT NULL AND u.receiver_class IS NOT NULL AND u.key IS NOT NULL
          AND EXISTS (SELECT 1 FROM report r WHERE r.group_id = u.id)
          AND NOT EXISTS (
              SELECT 1 FROM report r
              WHERE r.group_id = u.id AND (r.blame_symbolicated IS NULL OR CAST(r.blame_symbolicated AS INTEGER) <> 0))
          AND EXISTS (SELECT 1 FROM report r WHERE r.group_id = s.id AND CAST(r.blame_symbolicated AS INTEGER) <> 0)
          AND (SELECT app FROM \(tally) WHERE group_id = u.id AND app <> '' GROUP BY app ORDER BY sum(reports) DESC, app LIMIT 1)
            = (SELECT app FROM \(tally) WHERE group_id = s.id AND app <> '' GROUP BY app ORDER BY sum(reports) DESC, app LIMIT 1)
        ORDER BY u.id, s.id
        """
    }

    /// Every (unsymbolicated, symbolicated) pair of groups the merge could make.
    package func unsymbolicatedGroupCandidates() throws -> [(unsymbolicated: Int64, symbolicated: Int64)] {
        try db.query(Self.unsymbolicatedCandidatesSQL(try cacheSource(Caches.groupTally))).compactMap { row in
            guard let partial = try row.int("partial"), let complete = try row.int("complete") else {
                return nil
            }
            return (Int64(partial), Int64(complete))
        }
    }

    /// Moves each unsymbolicated group's reports into its symbolicated group in one transaction
    /// (their failures keep their class and key, which are the group's already), removes the
    /// emptied group, and brings the caches of both up to date. A later `symbolicate` or
    /// `regroup` computes their fingerprints again; the merge follows every regroup and import.
    package func mergeUnsymbolicated(_ merges: [(unsymbolicated: Int64, symbolicated: Int64)]) throws {
        try CacheUpkeep.transaction(db) { upkeep in
            for merge in merges {
                try db.run(
                    "UPDATE report SET group_id = ? WHERE group_id = ?",
                    [.integer(merge.symbolicated), .integer(merge.unsymbolicated)])
                try GroupRows.remove(merge.unsymbolicated, keepingFixFor: merge.symbolicated, db: db)
            }
            try upkeep.refresh(
                groups: Set(merges.flatMap { [$0.unsymbolicated, $0.symbolicated] }),
                changing: [.report("group_id")])
        }
    }
}
