-- crashscan schema for PostgreSQL, version 16: the KVC failures of each group per day, and an
-- index that reads a group's reports newest first (see the SQLite migration 0016 for why). A day
-- is the UTC date of the failure's crash time, else upload time.
CREATE TABLE failure_day (
    group_id bigint NOT NULL REFERENCES crash_group (id) ON DELETE CASCADE,
    day      date   NOT NULL,
    failures bigint NOT NULL,
    PRIMARY KEY (group_id, day)
);

INSERT INTO failure_day (group_id, day, failures)
SELECT r.group_id, (coalesce(r.occurred_at, r.uploaded_at) AT TIME ZONE 'UTC')::date, count(*)
FROM report r JOIN kvc_failure k ON k.report_id = r.id
WHERE coalesce(r.occurred_at, r.uploaded_at) IS NOT NULL
GROUP BY 1, 2 ORDER BY 1, 2;

-- Every change of the failure cells (migration 14) goes through `failure_cells_change`, from its
-- triggers and from the importer's flush. That function keeps its body under a new name; the one
-- the callers name now also counts the days.
ALTER FUNCTION failure_cells_change(integer, failure_change[]) RENAME TO failure_cells_change_v14;

CREATE FUNCTION failure_cells_change(sign integer, changes failure_change[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
    IF cardinality(changes) = 0 THEN
        RETURN;
    END IF;
    PERFORM failure_cells_change_v14(sign, changes);
    INSERT INTO failure_day (group_id, day, failures)
    SELECT group_id, (seen AT TIME ZONE 'UTC')::date, sign * count(*) FROM unnest(changes)
    WHERE seen IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (group_id, day) DO UPDATE SET failures = failure_day.failures + excluded.failures;
    IF sign < 0 THEN
        DELETE FROM failure_day t
        USING (SELECT DISTINCT group_id, (seen AT TIME ZONE 'UTC')::date AS day FROM unnest(changes)) f
        WHERE t.group_id = f.group_id AND t.day = f.day AND t.failures <= 0;
    END IF;
END
$$;

-- A group's reports newest first, to the second (as `report` shows their times), the larger id
-- first on the same second. It replaces `report_occurred`, which no crashscan query used.
DROP INDEX report_occurred;
CREATE INDEX report_group_seen
ON report (group_id, date_trunc('second', coalesce(occurred_at, uploaded_at) AT TIME ZONE 'UTC'), id);
