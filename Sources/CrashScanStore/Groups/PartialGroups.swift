import CrashScanClassification
import CrashScanDatabase
import CrashScanModel

/// A partial KVC group (kind known, class or key not) and one complete group with the same
/// exception, kind and blame frame, and the same class and accessor where the partial one knows
/// them: what the merge above the store chooses from (CrashScanWorkflows' `PartialGroupMerger`).
package struct PartialGroupCandidate: Sendable {
    package var partial: Int64
    package var complete: Int64
    /// The complete group's classification, which the merged failures take.
    fileprivate var classification: [SQLValue]
}

extension Store {
    static let partialCandidatesSQL = """
        SELECT p.id AS partial, c.id AS complete, c.receiver_class, c.key, c.accessor, c.key_is_private, c.cause,
               c.class_origin
        FROM crash_group p
        JOIN crash_group c
          ON c.id <> p.id AND c.kind = p.kind AND c.blame_key = p.blame_key
         AND c.exception_type IS NOT DISTINCT FROM p.exception_type
         AND c.receiver_class IS NOT NULL AND c.key IS NOT NULL
         AND (p.receiver_class IS NULL OR c.receiver_class = p.receiver_class)
         AND (p.key IS NULL OR c.key = p.key)
         AND (p.accessor IS NULL OR c.accessor IS NOT DISTINCT FROM p.accessor)
        WHERE p.kind IS NOT NULL AND (p.receiver_class IS NULL OR p.key IS NULL)
          AND p.blame_key IS NOT NULL AND p.blame_key <> '' AND p.blame_key NOT LIKE 'image:%'
        ORDER BY p.id, c.id
        """

    /// Every (partial, complete) pair a merge could make, by partial then complete group id.
    package func partialGroupCandidates() throws -> [PartialGroupCandidate] {
        try db.query(Self.partialCandidatesSQL).compactMap { row in
            guard let partial = try row.int("partial"), let complete = try row.int("complete") else {
                return nil
            }
            let classification = try [
                "receiver_class", "key", "accessor", "key_is_private", "cause", "class_origin",
            ]
            .map { try row.value($0) }
            return PartialGroupCandidate(
                partial: Int64(partial), complete: Int64(complete), classification: classification)
        }
    }

    /// Moves each candidate's partial group into its complete one in one transaction: the
    /// merged reports' `kvc_failure` rows get the group's class and key, marked `+group` in
    /// `evidence` (so that their fingerprint is the group's and regrouping keeps them there),
    /// the partial group goes, and the caches of both groups are brought up to date.
    package func merge(_ merges: [PartialGroupCandidate]) throws {
        try CacheUpkeep.transaction(db) { upkeep in
            for candidate in merges { try merge(candidate) }
            try upkeep.refresh(
                groups: Set(merges.flatMap { [$0.partial, $0.complete] }), changing: Self.mergeChanges)
        }
    }

    /// What a merge changes: the reports' group, their failures' class and key.
    static let mergeChanges: Set<RawColumn> = [
        .report("group_id"), .failure("receiver_class"), .failure("key"), .failure("accessor"),
    ]

    private func merge(_ candidate: PartialGroupCandidate) throws {
        try db.run(
            """
            UPDATE kvc_failure
            SET receiver_class = coalesce(receiver_class, ?), key = coalesce(key, ?), accessor = coalesce(accessor, ?),
                key_is_private = ?, cause = ?, class_origin = coalesce(class_origin, ?),
                evidence = evidence || '+group'
            WHERE report_id IN (SELECT id FROM report WHERE group_id = ?)
            """, candidate.classification + [.integer(candidate.partial)])
        try db.run(
            "UPDATE report SET group_id = ? WHERE group_id = ?",
            [.integer(candidate.complete), .integer(candidate.partial)])
        try GroupRows.remove(candidate.partial, keepingFixFor: candidate.complete, db: db)
    }
}

/// A report's frames offered as a group's sample.
package struct GroupSample {
    var frames: Int
    /// The frames themselves: their text is made once the run's richest is known (made for
    /// every richer report, it was a sixth of the writer's instructions on .ips).
    var stack: FrameList
    var path: String
    var text: String { AnalyzedReport.framesText(stack) }

    /// More frames win; between stacks as rich, the path that sorts first (so the choice does not
    /// depend on the order of import).
    static func isRicher(_ frames: Int, _ path: String, than other: GroupSample) -> Bool {
        frames > other.frames || (frames == other.frames && path < other.path)
    }
}

/// Small operations on `crash_group` rows shared by the merge, the regroup and the import.
enum GroupRows {
    /// What a group shows does not depend on which report came first: the blame frame is the
    /// spelling most of its reports have (ties: the first in byte order), and the sample frames
    /// are the richest stack offered (between stacks as rich, the one whose path sorts first).
    static func refreshDisplay(_ groups: Set<Int64>, samples: [Int64: GroupSample], db: Database) throws {
        // The counts come from `group_blame_tally` (`Caches.groupBlameTally`): counted from the
        // reports, this read every report of the group (3.7 s for the groups of a million reports).
        let tally = try CacheUpkeep(db: db).source(Caches.groupBlameTally)
        let blame = try db.prepare(
            """
            UPDATE crash_group SET blame_frame = (
                SELECT blame_frame FROM \(tally) WHERE group_id = crash_group.id
                ORDER BY reports DESC, blame_frame LIMIT 1)
            WHERE id = ? AND EXISTS (SELECT 1 FROM \(tally) WHERE group_id = crash_group.id)
            """)
        // Frames are one per line: the stored sample's count is its line breaks plus one (the line
        // break is bound: SQLite spells it char(10), PostgreSQL chr(10)).
        let sample = try db.prepare(
            """
            UPDATE crash_group SET sample_frames = ?1, sample_report_path = ?2
            WHERE id = ?3 AND (sample_frames IS NULL OR sample_frames = ''
                OR length(sample_frames) - length(replace(sample_frames, ?5, '')) + 1 < ?4
                OR (length(sample_frames) - length(replace(sample_frames, ?5, '')) + 1 = ?4
                    AND coalesce(sample_report_path, '') > ?2))
            """)
        try db.transaction {
            for group in groups.sorted() {
                try blame.bind([.integer(group)])
                try blame.runToCompletion()
                guard let offered = samples[group] else { continue }
                try sample.bind([
                    .text(offered.text), .text(offered.path), .integer(group), .int(offered.frames),
                    .text("\n"),
                ])
                try sample.runToCompletion()
            }
        }
    }

    /// Deletes an emptied group; a fix version recorded for it moves to `target` unless `target`
    /// has its own.
    /// Removes `group` when no report is left in it and no fix version was recorded for it (as
    /// a regroup leaves a recorded group); true when it went.
    static func removeIfEmpty(_ group: Int64, db: Database) throws -> Bool {
        guard try db.query("SELECT 1 FROM report WHERE group_id = ? LIMIT 1", [.integer(group)]).isEmpty,
            try db.query("SELECT 1 FROM group_fix WHERE group_id = ?", [.integer(group)]).isEmpty
        else { return false }
        try db.run("DELETE FROM recommendation WHERE group_id = ?", [.integer(group)])
        try db.run("DELETE FROM crash_group WHERE id = ?", [.integer(group)])
        return true
    }

    static func remove(_ group: Int64, keepingFixFor target: Int64, db: Database) throws {
        try db.run(
            """
            INSERT INTO group_fix (group_id, fixed_in, noted_at)
            SELECT ?, fixed_in, noted_at FROM group_fix WHERE group_id = ?
            ON CONFLICT (group_id) DO NOTHING
            """, [.integer(target), .integer(group)])
        try db.run("DELETE FROM recommendation WHERE group_id = ?", [.integer(group)])
        try db.run("DELETE FROM group_fix WHERE group_id = ?", [.integer(group)])
        try db.run("DELETE FROM crash_group WHERE id = ?", [.integer(group)])
    }
}
