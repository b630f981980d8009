-- crashscan schema, version 13: who is affected. Crash services rank a crash by the devices and
-- users it hits, not by its count (one device crashing 500 times is not 500 users), so each report
-- keeps the anonymous ids its source gives: `device_id` (Bugly `deviceId` and `RDM DeviceId`,
-- Apple's `CrashReporter Key` and `.ips` `crashReporterKey`, KSCrash `device_app_hash`) and
-- `user_id` (Bugly `userId` and `RDM user id`, KSCrash's user block). Nothing else about a user is
-- stored. `source_issue_id` and `source_crash_id` are Bugly's `issueId` and `crashId`;
-- `source_url` the Bugly console page of the issue when the app id is known. Null when the source
-- does not say; reports imported before this version have none.

ALTER TABLE report ADD COLUMN device_id TEXT;
ALTER TABLE report ADD COLUMN user_id TEXT;
ALTER TABLE report ADD COLUMN source_issue_id TEXT;
ALTER TABLE report ADD COLUMN source_crash_id TEXT;
ALTER TABLE report ADD COLUMN source_url TEXT;

-- The distinct ids of each group, kept like the group tallies of versions 7 and 8 (a trigger per
-- row, or the importer once per transaction while `tally_deferral` holds its row): the rules'
-- evidence names the affected devices and users of a whole group after every import, and
-- count(DISTINCT device_id) over the reports of a group of 50,000 took 0.7 s on a million
-- reports; counting its rows here is an index range.
CREATE TABLE group_device_id_tally (
    group_id  INTEGER NOT NULL REFERENCES crash_group (id) ON DELETE CASCADE,
    device_id TEXT    NOT NULL,
    reports   INTEGER NOT NULL,
    PRIMARY KEY (group_id, device_id)
) WITHOUT ROWID;

CREATE TABLE group_user_id_tally (
    group_id INTEGER NOT NULL REFERENCES crash_group (id) ON DELETE CASCADE,
    user_id  TEXT    NOT NULL,
    reports  INTEGER NOT NULL,
    PRIMARY KEY (group_id, user_id)
) WITHOUT ROWID;

INSERT INTO group_device_id_tally (group_id, device_id, reports)
SELECT group_id, device_id, count(*) FROM report WHERE device_id IS NOT NULL GROUP BY 1, 2;
INSERT INTO group_user_id_tally (group_id, user_id, reports)
SELECT group_id, user_id, count(*) FROM report WHERE user_id IS NOT NULL GROUP BY 1, 2;

-- The triggers of version 9, each with the id tallies added.
DROP TRIGGER report_tally_insert;
CREATE TRIGGER report_tally_insert AFTER INSERT ON report
WHEN NOT EXISTS (SELECT 1 FROM tally_deferral)
BEGIN
    INSERT INTO group_tally (group_id, app, os_version, os_key, app_version, reports)
    VALUES (NEW.group_id, coalesce(NEW.process_name, NEW.app_image, ''), coalesce(NEW.os_version, ''),
            coalesce(NEW.os_key, -1), coalesce(NEW.app_version, ''), 1)
    ON CONFLICT DO UPDATE SET reports = reports + 1;
    INSERT INTO group_device_tally (group_id, device, reports)
    VALUES (NEW.group_id, coalesce(NEW.device_name, NEW.device_model, ''), 1)
    ON CONFLICT DO UPDATE SET reports = reports + 1;
    INSERT INTO group_device_id_tally (group_id, device_id, reports)
    SELECT NEW.group_id, NEW.device_id, 1 WHERE NEW.device_id IS NOT NULL
    ON CONFLICT DO UPDATE SET reports = reports + 1;
    INSERT INTO group_user_id_tally (group_id, user_id, reports)
    SELECT NEW.group_id, NEW.user_id, 1 WHERE NEW.user_id IS NOT NULL
    ON CONFLICT DO UPDATE SET reports = reports + 1;
END;

DROP TRIGGER report_tally_delete;
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
    WHERE group_id = OLD.group_id AND device = coalesce(OLD.device_name, OLD.device_model, '');
    DELETE FROM group_device_tally
    WHERE group_id = OLD.group_id AND device = coalesce(OLD.device_name, OLD.device_model, '') AND reports <= 0;
    UPDATE group_device_id_tally SET reports = reports - 1
    WHERE group_id = OLD.group_id AND device_id = OLD.device_id;
    DELETE FROM group_device_id_tally WHERE group_id = OLD.group_id AND device_id = OLD.device_id AND reports <= 0;
    UPDATE group_user_id_tally SET reports = reports - 1 WHERE group_id = OLD.group_id AND user_id = OLD.user_id;
    DELETE FROM group_user_id_tally WHERE group_id = OLD.group_id AND user_id = OLD.user_id AND reports <= 0;
END;

DROP TRIGGER report_tally_update;
CREATE TRIGGER report_tally_update
AFTER UPDATE OF group_id, process_name, app_image, os_version, os_key, app_version, device_model, device_name,
                device_id, user_id
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
    WHERE group_id = OLD.group_id AND device = coalesce(OLD.device_name, OLD.device_model, '');
    DELETE FROM group_device_tally
    WHERE group_id = OLD.group_id AND device = coalesce(OLD.device_name, OLD.device_model, '') AND reports <= 0;
    UPDATE group_device_id_tally SET reports = reports - 1
    WHERE group_id = OLD.group_id AND device_id = OLD.device_id;
    DELETE FROM group_device_id_tally WHERE group_id = OLD.group_id AND device_id = OLD.device_id AND reports <= 0;
    UPDATE group_user_id_tally SET reports = reports - 1 WHERE group_id = OLD.group_id AND user_id = OLD.user_id;
    DELETE FROM group_user_id_tally WHERE group_id = OLD.group_id AND user_id = OLD.user_id AND reports <= 0;
    INSERT INTO group_tally (group_id, app, os_version, os_key, app_version, reports)
    VALUES (NEW.group_id, coalesce(NEW.process_name, NEW.app_image, ''), coalesce(NEW.os_version, ''),
            coalesce(NEW.os_key, -1), coalesce(NEW.app_version, ''), 1)
    ON CONFLICT DO UPDATE SET reports = reports + 1;
    INSERT INTO group_device_tally (group_id, device, reports)
    VALUES (NEW.group_id, coalesce(NEW.device_name, NEW.device_model, ''), 1)
    ON CONFLICT DO UPDATE SET reports = reports + 1;
    INSERT INTO group_device_id_tally (group_id, device_id, reports)
    SELECT NEW.group_id, NEW.device_id, 1 WHERE NEW.device_id IS NOT NULL
    ON CONFLICT DO UPDATE SET reports = reports + 1;
    INSERT INTO group_user_id_tally (group_id, user_id, reports)
    SELECT NEW.group_id, NEW.user_id, 1 WHERE NEW.user_id IS NOT NULL
    ON CONFLICT DO UPDATE SET reports = reports + 1;
END;

-- affected_devices / affected_users count distinct ids; null (never 0) when no report of the
-- group carries one, because "no id" is not "nobody".
DROP VIEW IF EXISTS crash_groups;
CREATE VIEW crash_groups AS
SELECT g.id,
       g.fingerprint,
       g.exception_type,
       g.receiver_class,
       g.key,
       g.blame_frame,
       min(coalesce(r.occurred_at, r.uploaded_at)) AS first_seen,
       max(coalesce(r.occurred_at, r.uploaded_at)) AS last_seen,
       count(r.id) AS report_count,
       count(DISTINCT coalesce(r.device_name, r.device_model)) AS device_count,
       g.kind,
       g.accessor,
       g.key_is_private,
       g.cause,
       g.reason,
       g.class_origin,
       (SELECT nullif(count(*), 0) FROM group_device_id_tally t WHERE t.group_id = g.id) AS affected_devices,
       (SELECT nullif(count(*), 0) FROM group_user_id_tally t WHERE t.group_id = g.id) AS affected_users
FROM crash_group g
JOIN report r ON r.group_id = g.id
GROUP BY g.id;

DROP VIEW IF EXISTS reports;
CREATE VIEW reports AS
SELECT r.id,
       r.source_path,
       r.source_format,
       r.occurred_at,
       r.imported_at,
       r.device_model,
       r.device_name,
       r.os_version,
       r.os_build,
       r.os_major,
       r.os_minor,
       r.os_patch,
       r.app_version,
       r.exception_type,
       r.exception_reason,
       r.group_id,
       r.uploaded_at,
       r.os_raw,
       r.device_raw,
       r.bundle_id,
       r.process_name,
       r.blame_frame,
       r.app_build,
       r.occurred_at_raw,
       r.uploaded_at_raw,
       r.time_zone_assumed,
       r.symbolication,
       r.text_repairs,
       r.device_id,
       r.user_id,
       r.source_issue_id,
       r.source_crash_id,
       r.source_url
FROM report r;

DROP VIEW IF EXISTS kvc_failures;
CREATE VIEW kvc_failures AS
SELECT k.report_id,
       k.kind,
       k.accessor,
       k.receiver_class,
       k.key,
       k.key_is_private,
       k.cause,
       r.device_model,
       r.device_name,
       r.os_version,
       r.os_build,
       r.app_version,
       r.occurred_at,
       r.group_id,
       r.exception_type,
       r.os_major,
       r.os_minor,
       r.os_patch,
       k.class_origin,
       k.evidence,
       r.device_id,
       r.user_id
FROM kvc_failure k
JOIN report r ON r.id = k.report_id;
