-- crashscan schema, version 7: running tallies of every group's reports, kept by triggers.
-- The rules' evidence (OS versions a group crashes on, OS versions the same app runs without it,
-- app versions, device count) was computed from the report rows of each group. On a million
-- reports that read ~1 s per group plus ~1.4 s per app, so importing ONE file into such a
-- database took 13.6 s, almost all of it refreshing evidence. These tables hold the same counts
-- in far fewer rows (the benchmark's million reports: 32,634 and 918), and the refresh now takes
-- 0.1 s; the triggers keep them right for every insert, delete or edit of a report, including
-- ones a user makes by hand with sqlite3.
-- The index on (app, os_key) that the per-app questions used goes: one index fewer to keep up on
-- every insert.
-- Unknown values are stored as '' (text) and -1 (os_key) so that they take part in the primary
-- key (SQLite treats NULLs in a key as all different).

CREATE TABLE group_tally (
    group_id    INTEGER NOT NULL REFERENCES crash_group (id) ON DELETE CASCADE,
    -- coalesce(process_name, app_image): the app the report belongs to.
    app         TEXT    NOT NULL,
    os_version  TEXT    NOT NULL,
    os_key      INTEGER NOT NULL,
    app_version TEXT    NOT NULL,
    reports     INTEGER NOT NULL,
    PRIMARY KEY (group_id, app, os_version, os_key, app_version)
) WITHOUT ROWID;
CREATE INDEX group_tally_app_os ON group_tally (app, os_key);
DROP INDEX report_app_os;

CREATE TABLE group_device_tally (
    group_id INTEGER NOT NULL REFERENCES crash_group (id) ON DELETE CASCADE,
    -- coalesce(device_model, device_name).
    device   TEXT    NOT NULL,
    reports  INTEGER NOT NULL,
    PRIMARY KEY (group_id, device)
) WITHOUT ROWID;

INSERT INTO group_tally (group_id, app, os_version, os_key, app_version, reports)
SELECT group_id, coalesce(process_name, app_image, ''), coalesce(os_version, ''), coalesce(os_key, -1),
       coalesce(app_version, ''), count(*)
FROM report GROUP BY 1, 2, 3, 4, 5;

INSERT INTO group_device_tally (group_id, device, reports)
SELECT group_id, coalesce(device_model, device_name, ''), count(*) FROM report GROUP BY 1, 2;

CREATE TRIGGER report_tally_insert AFTER INSERT ON report BEGIN
    INSERT INTO group_tally (group_id, app, os_version, os_key, app_version, reports)
    VALUES (NEW.group_id, coalesce(NEW.process_name, NEW.app_image, ''), coalesce(NEW.os_version, ''),
            coalesce(NEW.os_key, -1), coalesce(NEW.app_version, ''), 1)
    ON CONFLICT DO UPDATE SET reports = reports + 1;
    INSERT INTO group_device_tally (group_id, device, reports)
    VALUES (NEW.group_id, coalesce(NEW.device_model, NEW.device_name, ''), 1)
    ON CONFLICT DO UPDATE SET reports = reports + 1;
END;

CREATE TRIGGER report_tally_delete AFTER DELETE ON report BEGIN
    UPDATE group_tally SET reports = reports - 1
    WHERE group_id = OLD.group_id AND app = coalesce(OLD.process_name, OLD.app_image, '')
      AND os_version = coalesce(OLD.os_version, '') AND os_key = coalesce(OLD.os_key, -1)
      AND app_version = coalesce(OLD.app_version, '');
    DELETE FROM group_tally
    WHERE group_id = OLD.group_id AND app = coalesce(OLD.process_name, OLD.app_image, '')
      AND os_version = coalesce(OLD.os_version, '') AND os_key = coalesce(OLD.os_key, -1)
      AND app_version = coalesce(OLD.app_version, '') AND reports <= 0;
    UPDATE group_device_tally SET reports = reports - 1
    WHERE group_id = OLD.group_id AND device = coalesce(OLD.device_model, OLD.device_name, '');
    DELETE FROM group_device_tally
    WHERE group_id = OLD.group_id AND device = coalesce(OLD.device_model, OLD.device_name, '') AND reports <= 0;
END;

-- An edit counts as the old row leaving and the new one arriving.
CREATE TRIGGER report_tally_update
AFTER UPDATE OF group_id, process_name, app_image, os_version, os_key, app_version, device_model, device_name
ON report BEGIN
    UPDATE group_tally SET reports = reports - 1
    WHERE group_id = OLD.group_id AND app = coalesce(OLD.process_name, OLD.app_image, '')
      AND os_version = coalesce(OLD.os_version, '') AND os_key = coalesce(OLD.os_key, -1)
      AND app_version = coalesce(OLD.app_version, '');
    DELETE FROM group_tally
    WHERE group_id = OLD.group_id AND app = coalesce(OLD.process_name, OLD.app_image, '')
      AND os_version = coalesce(OLD.os_version, '') AND os_key = coalesce(OLD.os_key, -1)
      AND app_version = coalesce(OLD.app_version, '') AND reports <= 0;
    UPDATE group_device_tally SET reports = reports - 1
    WHERE group_id = OLD.group_id AND device = coalesce(OLD.device_model, OLD.device_name, '');
    DELETE FROM group_device_tally
    WHERE group_id = OLD.group_id AND device = coalesce(OLD.device_model, OLD.device_name, '') AND reports <= 0;
    INSERT INTO group_tally (group_id, app, os_version, os_key, app_version, reports)
    VALUES (NEW.group_id, coalesce(NEW.process_name, NEW.app_image, ''), coalesce(NEW.os_version, ''),
            coalesce(NEW.os_key, -1), coalesce(NEW.app_version, ''), 1)
    ON CONFLICT DO UPDATE SET reports = reports + 1;
    INSERT INTO group_device_tally (group_id, device, reports)
    VALUES (NEW.group_id, coalesce(NEW.device_model, NEW.device_name, ''), 1)
    ON CONFLICT DO UPDATE SET reports = reports + 1;
END;
