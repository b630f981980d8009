-- crashscan schema for PostgreSQL, version 15: the blame frames of each group, counted (see the
-- SQLite migration 0015 for why). Kept once per statement, in key order, like the group tallies
-- of 0001; the importer's inserts are copied to the session's `pending_blame` and added just
-- before it commits.
CREATE TABLE group_blame_tally (
    group_id    bigint NOT NULL REFERENCES crash_group (id) ON DELETE CASCADE,
    blame_frame text COLLATE "C" NOT NULL,
    reports     bigint NOT NULL,
    PRIMARY KEY (group_id, blame_frame)
);

INSERT INTO group_blame_tally (group_id, blame_frame, reports)
SELECT group_id, blame_frame, count(*) FROM report WHERE blame_frame IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2;

CREATE FUNCTION report_blame_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' AND current_setting('crashscan.defer_tallies', true) = 'on' THEN
        INSERT INTO pg_temp.pending_blame SELECT group_id, blame_frame FROM new_reports WHERE blame_frame IS NOT NULL;
        RETURN NULL;
    END IF;
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
        WITH gone AS (
            SELECT group_id, blame_frame, count(*) AS n FROM old_reports WHERE blame_frame IS NOT NULL
            GROUP BY 1, 2 ORDER BY 1, 2
        )
        UPDATE group_blame_tally t SET reports = t.reports - gone.n FROM gone
        WHERE t.group_id = gone.group_id AND t.blame_frame = gone.blame_frame;
        DELETE FROM group_blame_tally t USING (SELECT DISTINCT group_id FROM old_reports) g
        WHERE t.group_id = g.group_id AND t.reports <= 0;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO group_blame_tally (group_id, blame_frame, reports)
        SELECT group_id, blame_frame, count(*) FROM new_reports WHERE blame_frame IS NOT NULL
        GROUP BY 1, 2 ORDER BY 1, 2
        ON CONFLICT (group_id, blame_frame) DO UPDATE SET reports = group_blame_tally.reports + excluded.reports;
    END IF;
    RETURN NULL;
END
$$;

CREATE TRIGGER report_blame_insert AFTER INSERT ON report
REFERENCING NEW TABLE AS new_reports FOR EACH STATEMENT EXECUTE FUNCTION report_blame_change();
CREATE TRIGGER report_blame_update AFTER UPDATE ON report
REFERENCING OLD TABLE AS old_reports NEW TABLE AS new_reports FOR EACH STATEMENT EXECUTE FUNCTION report_blame_change();
CREATE TRIGGER report_blame_delete AFTER DELETE ON report
REFERENCING OLD TABLE AS old_reports FOR EACH STATEMENT EXECUTE FUNCTION report_blame_change();
