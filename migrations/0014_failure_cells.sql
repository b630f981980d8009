-- crashscan schema, version 14: what `report` counts, kept current as reports arrive. A failure
-- cell is the KVC failures (reports with a `kvc_failure` row) of one group on one device, OS
-- version and app version, with when the first and last of them were seen (crash time, else
-- upload time); the two tables after it hold the distinct device and user ids of each cell.
-- `report` with no filter, or with only --os, --device, --app-version and --regressed, sums these
-- rows instead of reading every failure: on a million reports (300,000 failures) reading and
-- folding the failures took 1.9 s unfiltered and 0.2 s for `--os 8.1`.
-- A missing value is '' (text) or -1 (os_key) so that the key is unique; the reader turns them
-- back into "none".

CREATE TABLE failure_cell (
    id           INTEGER PRIMARY KEY,
    group_id     INTEGER NOT NULL REFERENCES crash_group (id) ON DELETE CASCADE,
    device_model TEXT    NOT NULL,
    device_name  TEXT    NOT NULL,
    os_version   TEXT    NOT NULL,
    os_key       INTEGER NOT NULL,
    app_version  TEXT    NOT NULL,
    failures     INTEGER NOT NULL,
    first_seen   TEXT,
    last_seen    TEXT,
    -- 1 once a failure seen at first_seen or last_seen left the cell (a prune, a regroup): the
    -- times are then bounds, and the reader takes them from the cell's reports instead.
    seen_stale   INTEGER NOT NULL DEFAULT 0,
    UNIQUE (group_id, device_model, device_name, os_version, os_key, app_version)
);
CREATE INDEX failure_cell_os ON failure_cell (os_key);
-- `--device` (with or without `--os`): the selected cells are one range of one of these (on a
-- million reports `--os >=13 --device iPhone12,1` read 2,973 of 83,501 cells in 6 ms instead of
-- 43 ms through the OS index).
CREATE INDEX failure_cell_model ON failure_cell (device_model COLLATE NOCASE, os_key);
CREATE INDEX failure_cell_name ON failure_cell (device_name COLLATE NOCASE, os_key);

CREATE TABLE failure_cell_device (
    cell_id   INTEGER NOT NULL REFERENCES failure_cell (id) ON DELETE CASCADE,
    device_id TEXT    NOT NULL,
    failures  INTEGER NOT NULL,
    PRIMARY KEY (cell_id, device_id)
) WITHOUT ROWID;

CREATE TABLE failure_cell_user (
    cell_id  INTEGER NOT NULL REFERENCES failure_cell (id) ON DELETE CASCADE,
    user_id  TEXT    NOT NULL,
    failures INTEGER NOT NULL,
    PRIMARY KEY (cell_id, user_id)
) WITHOUT ROWID;

INSERT INTO failure_cell (group_id, device_model, device_name, os_version, os_key, app_version, failures,
                          first_seen, last_seen)
SELECT r.group_id, coalesce(r.device_model, ''), coalesce(r.device_name, ''), coalesce(r.os_version, ''),
       coalesce(r.os_key, -1), coalesce(r.app_version, ''), count(*),
       min(coalesce(r.occurred_at, r.uploaded_at)), max(coalesce(r.occurred_at, r.uploaded_at))
FROM report r JOIN kvc_failure k ON k.report_id = r.id
GROUP BY 1, 2, 3, 4, 5, 6;

INSERT INTO failure_cell_device (cell_id, device_id, failures)
SELECT c.id, r.device_id, count(*)
FROM report r JOIN kvc_failure k ON k.report_id = r.id
JOIN failure_cell c ON c.group_id = r.group_id AND c.device_model = coalesce(r.device_model, '')
     AND c.device_name = coalesce(r.device_name, '') AND c.os_version = coalesce(r.os_version, '')
     AND c.os_key = coalesce(r.os_key, -1) AND c.app_version = coalesce(r.app_version, '')
WHERE r.device_id IS NOT NULL
GROUP BY 1, 2;

INSERT INTO failure_cell_user (cell_id, user_id, failures)
SELECT c.id, r.user_id, count(*)
FROM report r JOIN kvc_failure k ON k.report_id = r.id
JOIN failure_cell c ON c.group_id = r.group_id AND c.device_model = coalesce(r.device_model, '')
     AND c.device_name = coalesce(r.device_name, '') AND c.os_version = coalesce(r.os_version, '')
     AND c.os_key = coalesce(r.os_key, -1) AND c.app_version = coalesce(r.app_version, '')
WHERE r.user_id IS NOT NULL
GROUP BY 1, 2;

-- The distinct ids of each group's failures, and of all failures: an unfiltered `report` counts
-- these rows instead of numbering the ids of every cell (300,000 device and 255,000 user ids on a
-- million reports: 0.2–0.45 s of its time).
CREATE TABLE failure_group_device (
    group_id  INTEGER NOT NULL REFERENCES crash_group (id) ON DELETE CASCADE,
    device_id TEXT    NOT NULL,
    failures  INTEGER NOT NULL,
    PRIMARY KEY (group_id, device_id)
) WITHOUT ROWID;

CREATE TABLE failure_group_user (
    group_id INTEGER NOT NULL REFERENCES crash_group (id) ON DELETE CASCADE,
    user_id  TEXT    NOT NULL,
    failures INTEGER NOT NULL,
    PRIMARY KEY (group_id, user_id)
) WITHOUT ROWID;

CREATE TABLE failure_device (
    device_id TEXT    NOT NULL PRIMARY KEY,
    failures  INTEGER NOT NULL
) WITHOUT ROWID;

CREATE TABLE failure_user (
    user_id  TEXT    NOT NULL PRIMARY KEY,
    failures INTEGER NOT NULL
) WITHOUT ROWID;

INSERT INTO failure_group_device (group_id, device_id, failures)
SELECT r.group_id, r.device_id, count(*) FROM report r JOIN kvc_failure k ON k.report_id = r.id
WHERE r.device_id IS NOT NULL GROUP BY 1, 2;
INSERT INTO failure_group_user (group_id, user_id, failures)
SELECT r.group_id, r.user_id, count(*) FROM report r JOIN kvc_failure k ON k.report_id = r.id
WHERE r.user_id IS NOT NULL GROUP BY 1, 2;
INSERT INTO failure_device (device_id, failures)
SELECT r.device_id, count(*) FROM report r JOIN kvc_failure k ON k.report_id = r.id
WHERE r.device_id IS NOT NULL GROUP BY 1;
INSERT INTO failure_user (user_id, failures)
SELECT r.user_id, count(*) FROM report r JOIN kvc_failure k ON k.report_id = r.id
WHERE r.user_id IS NOT NULL GROUP BY 1;

-- One failure entering (sign 1) or leaving (sign -1) its cell. The triggers below insert into
-- this view; its INSTEAD OF trigger is the one place that changes the three tables per row.
CREATE VIEW failure_cell_change AS
SELECT 0 AS sign, 0 AS group_id, '' AS device_model, '' AS device_name, '' AS os_version, 0 AS os_key,
       '' AS app_version, NULL AS seen, NULL AS device_id, NULL AS user_id
WHERE 0;

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

-- A report becomes a failure when its `kvc_failure` row is written (after the report). The
-- importer silences this per-row trigger inside its transactions (`tally_deferral`, version 8)
-- and adds its failures once per transaction.
CREATE TRIGGER kvc_failure_cell_insert AFTER INSERT ON kvc_failure
WHEN NOT EXISTS (SELECT 1 FROM tally_deferral)
BEGIN
    INSERT INTO failure_cell_change
    SELECT 1, group_id, coalesce(device_model, ''), coalesce(device_name, ''), coalesce(os_version, ''),
           coalesce(os_key, -1), coalesce(app_version, ''), coalesce(occurred_at, uploaded_at), device_id, user_id
    FROM report WHERE id = NEW.report_id;
END;

-- A `kvc_failure` row deleted on its own. One deleted with its report (the foreign key's cascade)
-- finds no report here: the report is gone by then, and the trigger before its deletion counted it.
CREATE TRIGGER kvc_failure_cell_delete AFTER DELETE ON kvc_failure BEGIN
    INSERT INTO failure_cell_change
    SELECT -1, group_id, coalesce(device_model, ''), coalesce(device_name, ''), coalesce(os_version, ''),
           coalesce(os_key, -1), coalesce(app_version, ''), coalesce(occurred_at, uploaded_at), device_id, user_id
    FROM report WHERE id = OLD.report_id;
END;

CREATE TRIGGER report_cell_delete BEFORE DELETE ON report
WHEN EXISTS (SELECT 1 FROM kvc_failure WHERE report_id = OLD.id)
BEGIN
    INSERT INTO failure_cell_change
    VALUES (-1, OLD.group_id, coalesce(OLD.device_model, ''), coalesce(OLD.device_name, ''),
            coalesce(OLD.os_version, ''), coalesce(OLD.os_key, -1), coalesce(OLD.app_version, ''),
            coalesce(OLD.occurred_at, OLD.uploaded_at), OLD.device_id, OLD.user_id);
END;

CREATE TRIGGER report_cell_update
AFTER UPDATE OF group_id, device_model, device_name, os_version, os_key, app_version, occurred_at, uploaded_at,
                device_id, user_id
ON report
WHEN EXISTS (SELECT 1 FROM kvc_failure WHERE report_id = NEW.id)
BEGIN
    INSERT INTO failure_cell_change
    VALUES (-1, OLD.group_id, coalesce(OLD.device_model, ''), coalesce(OLD.device_name, ''),
            coalesce(OLD.os_version, ''), coalesce(OLD.os_key, -1), coalesce(OLD.app_version, ''),
            coalesce(OLD.occurred_at, OLD.uploaded_at), OLD.device_id, OLD.user_id);
    INSERT INTO failure_cell_change
    VALUES (1, NEW.group_id, coalesce(NEW.device_model, ''), coalesce(NEW.device_name, ''),
            coalesce(NEW.os_version, ''), coalesce(NEW.os_key, -1), coalesce(NEW.app_version, ''),
            coalesce(NEW.occurred_at, NEW.uploaded_at), NEW.device_id, NEW.user_id);
END;

-- `report` counts every report its filters keep, not only the failures. With an OS range and a
-- device, SQLite walked the OS index and read each report to test its device: for `--os >=13
-- --device iPhone12,1` (72,670 of a million reports) the count took 0.35–1.4 s in the sqlite3
-- shell, and the report 463 ms (210–250 ms with this index alone). The device indexes now also
-- hold the OS key, so the count is one range of one index (4 ms).
DROP INDEX report_device_model;
CREATE INDEX report_device_model ON report (device_model COLLATE NOCASE, os_key);
DROP INDEX report_device_name;
CREATE INDEX report_device_name ON report (device_name COLLATE NOCASE, os_key);
