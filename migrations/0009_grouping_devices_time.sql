-- crashscan schema, version 9: one crash, one group; one identity per device; one time base.
--
-- Grouping (README, "How reports are grouped"): the fingerprint no longer uses the offset of an
-- unsymbolicated blame frame (it moves with every build), and a KVC report whose reason lacks the
-- class or key joins the group its call site identifies. Fingerprints are SHA-256 digests that
-- SQL cannot compute, so this migration only records what the new grouping needs; the groups
-- themselves are rebuilt by `crashscan regroup`, which `crashscan import` runs on its own when
-- meta.grouping_version is older than the crashscan that opens the database.

-- Where the receiver class comes from: `uikit` (a public UIKit class), `uikit_private`,
-- `system` (another Apple framework), `app` (the app's or a library's own class, even with a
-- `UI` prefix), `unknown`; and how it was decided.
ALTER TABLE kvc_failure ADD COLUMN class_origin TEXT;
ALTER TABLE kvc_failure ADD COLUMN class_origin_reason TEXT;
ALTER TABLE crash_group ADD COLUMN class_origin TEXT;

-- Symbolication: `symbolicated` (app frames resolved with a dSYM), `not_needed` (the report came
-- with symbols), `missing_dsym` (app frames are offsets and no dSYM matched the image UUID),
-- `no_uuid` (offsets without an image UUID to match), null before this version.
ALTER TABLE report ADD COLUMN symbolication TEXT;
-- The app's binary images (`name uuid load-address` per line) and the frames, kept only for
-- reports whose app frames are offsets, so that `crashscan symbolicate` can resolve them later.
ALTER TABLE report ADD COLUMN images TEXT;

-- 1 when the blame frame has a symbol, 0 when it is `Image + offset`, null without a blame frame.
ALTER TABLE report ADD COLUMN blame_symbolicated INTEGER;
UPDATE report
SET blame_symbolicated = CASE
    WHEN blame_frame IS NULL THEN NULL
    WHEN app_image IS NOT NULL AND blame_frame GLOB (app_image || ' + [0-9]*') THEN 0
    ELSE 1 END;

-- The blame frame as the fingerprint compares it (lower case, no spaces; `image:App` when only
-- an offset is known); the partial-report merge matches groups on it.
ALTER TABLE crash_group ADD COLUMN blame_key TEXT;

-- `Version: 2.3.0 (230)`: the app version is 2.3.0, the build number 230.
ALTER TABLE report ADD COLUMN app_build TEXT;

-- Every stored time is UTC with `Z`. A time written without a zone is read in an assumed zone:
-- UTC+8 for Bugly's formats (Bugly's console shows China time), UTC for the others, or what
-- `import --assume-timezone` said. `time_zone_assumed` is that offset (`+08:00`), null when the
-- report gave its own zone; `occurred_at_raw` and `uploaded_at_raw` keep the text as written.
ALTER TABLE report ADD COLUMN uploaded_at_raw TEXT;
ALTER TABLE report ADD COLUMN time_zone_assumed TEXT;

UPDATE report SET uploaded_at_raw = uploaded_at WHERE uploaded_at IS NOT NULL;

UPDATE report
SET time_zone_assumed = CASE WHEN source_format LIKE 'bugly%' THEN '+08:00' ELSE '+00:00' END
WHERE (occurred_at IS NOT NULL AND occurred_at NOT LIKE '%Z')
   OR (uploaded_at IS NOT NULL AND uploaded_at NOT LIKE '%Z');

-- `strftime` keeps whole seconds; the milliseconds (characters 20 on: `.117`) are put back.
UPDATE report
SET occurred_at = strftime('%Y-%m-%dT%H:%M:%S', occurred_at,
                           CASE WHEN source_format LIKE 'bugly%' THEN '-8 hours' ELSE '+0 hours' END)
                  || substr(occurred_at, 20) || 'Z'
WHERE occurred_at IS NOT NULL AND occurred_at NOT LIKE '%Z';

UPDATE report
SET uploaded_at = strftime('%Y-%m-%dT%H:%M:%S', uploaded_at,
                           CASE WHEN source_format LIKE 'bugly%' THEN '-8 hours' ELSE '+0 hours' END)
                  || substr(uploaded_at, 20) || 'Z'
WHERE uploaded_at IS NOT NULL AND uploaded_at NOT LIKE '%Z';

-- A device is counted once, by its marketing name (`iPhone 7` whether a report said `iPhone9,1`,
-- `iPhone9,3` or only the name), or by its identifier when the catalogue does not know it.
-- The device tally and its triggers move from coalesce(device_model, device_name) to
-- coalesce(device_name, device_model).
DELETE FROM group_device_tally;
INSERT INTO group_device_tally (group_id, device, reports)
SELECT group_id, coalesce(device_name, device_model, ''), count(*) FROM report GROUP BY 1, 2;

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
END;

DROP TRIGGER report_tally_update;
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
    WHERE group_id = OLD.group_id AND device = coalesce(OLD.device_name, OLD.device_model, '');
    DELETE FROM group_device_tally
    WHERE group_id = OLD.group_id AND device = coalesce(OLD.device_name, OLD.device_model, '') AND reports <= 0;
    INSERT INTO group_tally (group_id, app, os_version, os_key, app_version, reports)
    VALUES (NEW.group_id, coalesce(NEW.process_name, NEW.app_image, ''), coalesce(NEW.os_version, ''),
            coalesce(NEW.os_key, -1), coalesce(NEW.app_version, ''), 1)
    ON CONFLICT DO UPDATE SET reports = reports + 1;
    INSERT INTO group_device_tally (group_id, device, reports)
    VALUES (NEW.group_id, coalesce(NEW.device_name, NEW.device_model, ''), 1)
    ON CONFLICT DO UPDATE SET reports = reports + 1;
END;

-- The views: device_count by the same identity; the new columns at the end (columns only grow).
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
       g.class_origin
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
       r.symbolication
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
       k.evidence
FROM kvc_failure k
JOIN report r ON r.id = k.report_id;
