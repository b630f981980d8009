-- crashscan schema, version 19: what `report --since` and `--until` count, kept current as
-- reports arrive. A time filter cuts inside the failure cells (version 14), so `report` read every
-- failure it keeps from the reports: on a million reports (300,000 failures) `--since 2024-01-01`,
-- which keeps them all, took 2.1 s, most of it walking the wide report rows (0.7 s) and folding
-- them. `failure_seen` holds each failure's time, cell and ids in a narrow table ordered by time,
-- so that a range of times is one range of its key; `report_day` counts the reports of each day,
-- so that the count of a filter on whole days sums a few rows instead of stepping through an
-- index entry per report (0.2 s for a million).
-- A day is the first ten characters of the report's crash time, else upload time (as
-- `failure_day`'s, version 16); a report or failure with neither time is in neither table.

-- Each device and user id a failure with a time had, numbered once: `failure_seen` holds the
-- numbers, so that `report` counts distinct ids as numbers instead of hashing their texts (two
-- hashes a failure were a third of a wide range's report). A number stays when its failures go.
CREATE TABLE device_number (
    id        INTEGER PRIMARY KEY,
    device_id TEXT    NOT NULL UNIQUE
);
CREATE TABLE user_number (
    id      INTEGER PRIMARY KEY,
    user_id TEXT    NOT NULL UNIQUE
);

-- `device_no` and `user_no` are 0 for a failure whose report has no such id. Identical failures
-- share a row.
CREATE TABLE failure_seen (
    seen      TEXT    NOT NULL,
    cell_id   INTEGER NOT NULL,
    device_no INTEGER NOT NULL,
    user_no   INTEGER NOT NULL,
    failures  INTEGER NOT NULL,
    PRIMARY KEY (seen, cell_id, device_no, user_no)
) WITHOUT ROWID;

INSERT INTO device_number (device_id)
SELECT DISTINCT r.device_id FROM report r JOIN kvc_failure k ON k.report_id = r.id
WHERE r.device_id IS NOT NULL AND coalesce(r.occurred_at, r.uploaded_at) IS NOT NULL ORDER BY 1;
INSERT INTO user_number (user_id)
SELECT DISTINCT r.user_id FROM report r JOIN kvc_failure k ON k.report_id = r.id
WHERE r.user_id IS NOT NULL AND coalesce(r.occurred_at, r.uploaded_at) IS NOT NULL ORDER BY 1;

INSERT INTO failure_seen (seen, cell_id, device_no, user_no, failures)
SELECT coalesce(r.occurred_at, r.uploaded_at), c.id, coalesce(d.id, 0), coalesce(u.id, 0), count(*)
FROM report r JOIN kvc_failure k ON k.report_id = r.id
JOIN failure_cell c ON c.group_id = r.group_id AND c.device_model = coalesce(r.device_model, '')
     AND c.device_name = coalesce(r.device_name, '') AND c.os_version = coalesce(r.os_version, '')
     AND c.os_key = coalesce(r.os_key, -1) AND c.app_version = coalesce(r.app_version, '')
LEFT JOIN device_number d ON d.device_id = r.device_id
LEFT JOIN user_number u ON u.user_id = r.user_id
WHERE coalesce(r.occurred_at, r.uploaded_at) IS NOT NULL
GROUP BY 1, 2, 3, 4;

-- Kept by the one trigger every failure entering or leaving a cell passes through (version 14),
-- which now also writes the failure's time. Its row names the cell, so it must be written after
-- the cell is made and taken out before an emptied cell is deleted: both in one trigger body (the
-- order in which two triggers on one event fire is not defined). The body is version 14's with
-- the statements on the numbers and `failure_seen` added. The importer adds its transaction's
-- failures once.
DROP TRIGGER failure_cell_change_apply;

CREATE TRIGGER failure_cell_change_apply INSTEAD OF INSERT ON failure_cell_change BEGIN
    INSERT INTO failure_cell (group_id, device_model, device_name, os_version, os_key, app_version, failures,
                              first_seen, last_seen)
    SELECT NEW.group_id, NEW.device_model, NEW.device_name, NEW.os_version, NEW.os_key, NEW.app_version, 1,
           NEW.seen, NEW.seen
    WHERE NEW.sign > 0
    ON CONFLICT (group_id, device_model, device_name, os_version, os_key, app_version) DO UPDATE SET
        failures = failures + 1,
        first_seen = CASE WHEN first_seen IS NULL OR excluded.first_seen < first_seen
                          THEN excluded.first_seen ELSE first_seen END,
        last_seen = CASE WHEN last_seen IS NULL OR excluded.last_seen > last_seen
                         THEN excluded.last_seen ELSE last_seen END;
    INSERT INTO failure_cell_device (cell_id, device_id, failures)
    SELECT id, NEW.device_id, NEW.sign FROM failure_cell
    WHERE group_id = NEW.group_id AND device_model = NEW.device_model AND device_name = NEW.device_name
      AND os_version = NEW.os_version AND os_key = NEW.os_key AND app_version = NEW.app_version
      AND NEW.device_id IS NOT NULL
    ON CONFLICT (cell_id, device_id) DO UPDATE SET failures = failures + excluded.failures;
    INSERT INTO failure_cell_user (cell_id, user_id, failures)
    SELECT id, NEW.user_id, NEW.sign FROM failure_cell
    WHERE group_id = NEW.group_id AND device_model = NEW.device_model AND device_name = NEW.device_name
      AND os_version = NEW.os_version AND os_key = NEW.os_key AND app_version = NEW.app_version
      AND NEW.user_id IS NOT NULL
    ON CONFLICT (cell_id, user_id) DO UPDATE SET failures = failures + excluded.failures;
    -- The failure at its time (version 19), before its cell can go below.
    INSERT INTO device_number (device_id) SELECT NEW.device_id
    WHERE NEW.sign > 0 AND NEW.device_id IS NOT NULL AND NEW.seen IS NOT NULL
    ON CONFLICT (device_id) DO NOTHING;
    INSERT INTO user_number (user_id) SELECT NEW.user_id
    WHERE NEW.sign > 0 AND NEW.user_id IS NOT NULL AND NEW.seen IS NOT NULL
    ON CONFLICT (user_id) DO NOTHING;
    INSERT INTO failure_seen (seen, cell_id, device_no, user_no, failures)
    SELECT NEW.seen, id, coalesce((SELECT d.id FROM device_number d WHERE d.device_id = NEW.device_id), 0),
           coalesce((SELECT u.id FROM user_number u WHERE u.user_id = NEW.user_id), 0), NEW.sign
    FROM failure_cell
    WHERE group_id = NEW.group_id AND device_model = NEW.device_model AND device_name = NEW.device_name
      AND os_version = NEW.os_version AND os_key = NEW.os_key AND app_version = NEW.app_version
      AND NEW.seen IS NOT NULL
    ON CONFLICT (seen, cell_id, device_no, user_no) DO UPDATE SET failures = failures + excluded.failures;
    DELETE FROM failure_seen
    WHERE NEW.sign < 0 AND seen = NEW.seen AND failures <= 0
      AND device_no = coalesce((SELECT d.id FROM device_number d WHERE d.device_id = NEW.device_id), 0)
      AND user_no = coalesce((SELECT u.id FROM user_number u WHERE u.user_id = NEW.user_id), 0)
      AND cell_id = (SELECT id FROM failure_cell
                     WHERE group_id = NEW.group_id AND device_model = NEW.device_model
                       AND device_name = NEW.device_name AND os_version = NEW.os_version
                       AND os_key = NEW.os_key AND app_version = NEW.app_version);
    INSERT INTO failure_group_device (group_id, device_id, failures)
    SELECT NEW.group_id, NEW.device_id, NEW.sign WHERE NEW.device_id IS NOT NULL
    ON CONFLICT (group_id, device_id) DO UPDATE SET failures = failures + excluded.failures;
    INSERT INTO failure_group_user (group_id, user_id, failures)
    SELECT NEW.group_id, NEW.user_id, NEW.sign WHERE NEW.user_id IS NOT NULL
    ON CONFLICT (group_id, user_id) DO UPDATE SET failures = failures + excluded.failures;
    INSERT INTO failure_device (device_id, failures)
    SELECT NEW.device_id, NEW.sign WHERE NEW.device_id IS NOT NULL
    ON CONFLICT (device_id) DO UPDATE SET failures = failures + excluded.failures;
    INSERT INTO failure_user (user_id, failures)
    SELECT NEW.user_id, NEW.sign WHERE NEW.user_id IS NOT NULL
    ON CONFLICT (user_id) DO UPDATE SET failures = failures + excluded.failures;
    DELETE FROM failure_group_device
    WHERE NEW.sign < 0 AND group_id = NEW.group_id AND device_id = NEW.device_id AND failures <= 0;
    DELETE FROM failure_group_user
    WHERE NEW.sign < 0 AND group_id = NEW.group_id AND user_id = NEW.user_id AND failures <= 0;
    DELETE FROM failure_device WHERE NEW.sign < 0 AND device_id = NEW.device_id AND failures <= 0;
    DELETE FROM failure_user WHERE NEW.sign < 0 AND user_id = NEW.user_id AND failures <= 0;
    DELETE FROM failure_cell_device
    WHERE NEW.sign < 0 AND device_id = NEW.device_id AND failures <= 0
      AND cell_id = (SELECT id FROM failure_cell
                     WHERE group_id = NEW.group_id AND device_model = NEW.device_model
                       AND device_name = NEW.device_name AND os_version = NEW.os_version
                       AND os_key = NEW.os_key AND app_version = NEW.app_version);
    DELETE FROM failure_cell_user
    WHERE NEW.sign < 0 AND user_id = NEW.user_id AND failures <= 0
      AND cell_id = (SELECT id FROM failure_cell
                     WHERE group_id = NEW.group_id AND device_model = NEW.device_model
                       AND device_name = NEW.device_name AND os_version = NEW.os_version
                       AND os_key = NEW.os_key AND app_version = NEW.app_version);
    UPDATE failure_cell
    SET failures = failures - 1,
        seen_stale = CASE WHEN NEW.seen = first_seen OR NEW.seen = last_seen THEN 1 ELSE seen_stale END
    WHERE NEW.sign < 0 AND group_id = NEW.group_id AND device_model = NEW.device_model
      AND device_name = NEW.device_name AND os_version = NEW.os_version AND os_key = NEW.os_key
      AND app_version = NEW.app_version;
    DELETE FROM failure_cell
    WHERE NEW.sign < 0 AND failures <= 0 AND group_id = NEW.group_id AND device_model = NEW.device_model
      AND device_name = NEW.device_name AND os_version = NEW.os_version AND os_key = NEW.os_key
      AND app_version = NEW.app_version;
END;

CREATE TABLE report_day (
    day     TEXT    NOT NULL PRIMARY KEY,
    reports INTEGER NOT NULL
) WITHOUT ROWID;

INSERT INTO report_day (day, reports)
SELECT substr(coalesce(occurred_at, uploaded_at), 1, 10), count(*) FROM report
WHERE coalesce(occurred_at, uploaded_at) IS NOT NULL GROUP BY 1;

-- The importer silences the insert trigger inside its transactions (`tally_deferral`, version 8)
-- and adds its reports' days once before it commits.
CREATE TRIGGER report_day_insert AFTER INSERT ON report
WHEN NOT EXISTS (SELECT 1 FROM tally_deferral) AND coalesce(NEW.occurred_at, NEW.uploaded_at) IS NOT NULL
BEGIN
    INSERT INTO report_day (day, reports) VALUES (substr(coalesce(NEW.occurred_at, NEW.uploaded_at), 1, 10), 1)
    ON CONFLICT (day) DO UPDATE SET reports = reports + 1;
END;

CREATE TRIGGER report_day_delete AFTER DELETE ON report
WHEN coalesce(OLD.occurred_at, OLD.uploaded_at) IS NOT NULL
BEGIN
    UPDATE report_day SET reports = reports - 1
    WHERE day = substr(coalesce(OLD.occurred_at, OLD.uploaded_at), 1, 10);
    DELETE FROM report_day WHERE day = substr(coalesce(OLD.occurred_at, OLD.uploaded_at), 1, 10) AND reports <= 0;
END;

CREATE TRIGGER report_day_update AFTER UPDATE OF occurred_at, uploaded_at ON report
WHEN substr(coalesce(OLD.occurred_at, OLD.uploaded_at), 1, 10)
     IS NOT substr(coalesce(NEW.occurred_at, NEW.uploaded_at), 1, 10)
BEGIN
    UPDATE report_day SET reports = reports - 1
    WHERE day = substr(coalesce(OLD.occurred_at, OLD.uploaded_at), 1, 10);
    DELETE FROM report_day WHERE day = substr(coalesce(OLD.occurred_at, OLD.uploaded_at), 1, 10) AND reports <= 0;
    INSERT INTO report_day (day, reports)
    SELECT substr(coalesce(NEW.occurred_at, NEW.uploaded_at), 1, 10), 1
    WHERE coalesce(NEW.occurred_at, NEW.uploaded_at) IS NOT NULL
    ON CONFLICT (day) DO UPDATE SET reports = reports + 1;
END;
