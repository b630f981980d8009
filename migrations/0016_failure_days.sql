-- crashscan schema, version 16: what `report --format html` draws, kept current as reports
-- arrive. The page shows each group's KVC failures per day and lists its latest failures. Read
-- from the failures, that was every failure of the selection: on a million reports (300,000
-- failures) reading them took 0.27 s in the sqlite3 shell and the page 0.8 s. An unfiltered page
-- (or one filtered by group only) now reads the days from `failure_day` and each group's latest
-- failures from the front of `report_group_seen`.

-- A day is the first ten characters of the failure's crash time, else upload time: the UTC date
-- (`YYYY-MM-DD`) of the times crashscan stores. A failure with neither time has no day.
CREATE TABLE failure_day (
    group_id INTEGER NOT NULL REFERENCES crash_group (id) ON DELETE CASCADE,
    day      TEXT    NOT NULL,
    failures INTEGER NOT NULL,
    PRIMARY KEY (group_id, day)
) WITHOUT ROWID;

INSERT INTO failure_day (group_id, day, failures)
SELECT r.group_id, substr(coalesce(r.occurred_at, r.uploaded_at), 1, 10), count(*)
FROM report r JOIN kvc_failure k ON k.report_id = r.id
WHERE coalesce(r.occurred_at, r.uploaded_at) IS NOT NULL
GROUP BY 1, 2;

-- Kept with the failure cells (migration 14): every failure entering or leaving a cell passes
-- through `failure_cell_change`, and this second trigger on it counts the failure's day. The
-- importer adds its transaction's failures once, as it does the cells'.
CREATE TRIGGER failure_day_change_apply INSTEAD OF INSERT ON failure_cell_change
WHEN NEW.seen IS NOT NULL
BEGIN
    INSERT INTO failure_day (group_id, day, failures) VALUES (NEW.group_id, substr(NEW.seen, 1, 10), NEW.sign)
    ON CONFLICT (group_id, day) DO UPDATE SET failures = failures + excluded.failures;
    DELETE FROM failure_day
    WHERE NEW.sign < 0 AND group_id = NEW.group_id AND day = substr(NEW.seen, 1, 10) AND failures <= 0;
END;

-- A group's reports newest first (the rowid after the time: the larger id first on the same
-- time). It replaces `report_occurred`, which no crashscan query used, so an import still writes
-- the same number of indexes per report.
DROP INDEX report_occurred;
CREATE INDEX report_group_seen ON report (group_id, coalesce(occurred_at, uploaded_at));
