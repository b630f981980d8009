-- crashscan schema, version 24 (PostgreSQL): the derived counts become caches of the rows, each
-- declared once in the store (Sources/CrashScanStore/Cache/Caches.swift), which makes them, keeps
-- them through crashscan's own writes, rebuilds them after a hand edit and checks them
-- (`crashscan check`), the same on both backends. This migration removes what kept the old counts
-- (their tables, triggers, functions and types) and the indexes on `report` that only `report`
-- read; the store makes the caches right after it.
--
-- `os_key` and `seen_at` become generated columns, so that no hand edit can put them out of step
-- with what they are made of (an edit of `os_major` used to leave `os_key`, which `report --os`
-- filters on, as it was).

-- When the report was seen: its crash time, else its upload time.
ALTER TABLE report ADD COLUMN seen_at timestamptz GENERATED ALWAYS AS (coalesce(occurred_at, uploaded_at)) STORED;

-- The views are replaced, not dropped, so that the roles granted them keep their grants; each
-- gains `seen_at` at its end (a view's columns only ever grow).
CREATE OR REPLACE VIEW reports AS
SELECT r.id, r.source_path, r.source_format, r.occurred_at, r.imported_at, r.device_model, r.device_name,
       r.os_version, r.os_build, r.os_major, r.os_minor, r.os_patch, r.app_version, r.exception_type,
       r.exception_reason, r.group_id, r.uploaded_at, r.os_raw, r.device_raw, r.bundle_id, r.process_name,
       r.blame_frame, r.app_build, r.occurred_at_raw, r.uploaded_at_raw, r.time_zone_assumed, r.symbolication,
       r.text_repairs, r.device_id, r.user_id, r.source_issue_id, r.source_crash_id, r.source_url, r.seen_at
FROM report r;

CREATE OR REPLACE VIEW kvc_failures AS
SELECT k.report_id, k.kind, k.accessor, k.receiver_class, k.key, k.key_is_private, k.cause, r.device_model,
       r.device_name, r.os_version, r.os_build, r.app_version, r.occurred_at, r.group_id, r.exception_type,
       r.os_major, r.os_minor, r.os_patch, k.class_origin, k.evidence, r.device_id, r.user_id, r.seen_at
FROM kvc_failure k
JOIN report r ON r.id = k.report_id;

-- Counted from the reports (no cache: a view is always what the rows say).
CREATE OR REPLACE VIEW crash_groups AS
SELECT g.id,
       g.fingerprint,
       g.exception_type,
       g.receiver_class,
       g.key,
       g.blame_frame,
       min(r.seen_at) AS first_seen,
       max(r.seen_at) AS last_seen,
       count(r.id) AS report_count,
       count(DISTINCT coalesce(r.device_name, r.device_model)) AS device_count,
       g.kind,
       g.accessor,
       g.key_is_private,
       g.cause,
       g.reason,
       g.class_origin,
       nullif(count(DISTINCT r.device_id), 0) AS affected_devices,
       nullif(count(DISTINCT r.user_id), 0) AS affected_users
FROM crash_group g
JOIN report r ON r.group_id = g.id
GROUP BY g.id;

-- The functions and types take their triggers with them.
DROP FUNCTION IF EXISTS report_tally_change() CASCADE;
DROP FUNCTION IF EXISTS kvc_failure_cell_change() CASCADE;
DROP FUNCTION IF EXISTS report_cell_change() CASCADE;
DROP FUNCTION IF EXISTS report_blame_change() CASCADE;
DROP FUNCTION IF EXISTS kvc_failure_key_change() CASCADE;
DROP FUNCTION IF EXISTS report_key_change() CASCADE;
DROP TYPE IF EXISTS failure_change CASCADE;
DROP TYPE IF EXISTS failure_key CASCADE;

DROP TABLE IF EXISTS group_tally;
DROP TABLE IF EXISTS group_device_tally;
DROP TABLE IF EXISTS group_device_id_tally;
DROP TABLE IF EXISTS group_user_id_tally;
DROP TABLE IF EXISTS group_blame_tally;
DROP TABLE IF EXISTS failure_cell_device;
DROP TABLE IF EXISTS failure_cell_user;
DROP TABLE IF EXISTS failure_cell;
DROP TABLE IF EXISTS failure_group_device;
DROP TABLE IF EXISTS failure_group_user;
DROP TABLE IF EXISTS failure_device;
DROP TABLE IF EXISTS failure_user;
DROP TABLE IF EXISTS failure_day;
DROP TABLE IF EXISTS failure_group_key;

DROP INDEX IF EXISTS report_os;
DROP INDEX IF EXISTS report_device_model;
DROP INDEX IF EXISTS report_device_name;
DROP INDEX IF EXISTS report_app_version;
DROP INDEX IF EXISTS report_group_os;
DROP INDEX IF EXISTS report_group_seen;

-- major * 1000000 + minor * 1000 + patch: one integer for OS ranges (NULL without a version).
ALTER TABLE report DROP COLUMN os_key;
ALTER TABLE report ADD COLUMN os_key bigint GENERATED ALWAYS AS (
    os_major::bigint * 1000000 + coalesce(os_minor, 0) * 1000 + coalesce(os_patch, 0)
) STORED;

-- Each group's reports by the second they were seen (its latest reports, as `report` shows times).
CREATE INDEX report_group_seen ON report (group_id, date_trunc('second', seen_at AT TIME ZONE 'UTC'));

-- A report deleted takes its failure and its content hash's claim with it (what the tallies'
-- trigger, dropped above, did besides counting): `report` is partitioned, so neither can be a
-- foreign key.
CREATE FUNCTION report_delete_dependents() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM kvc_failure WHERE report_id IN (SELECT id FROM old_reports);
    DELETE FROM report_hash WHERE content_hash IN (SELECT content_hash FROM old_reports);
    RETURN NULL;
END
$$;
CREATE TRIGGER report_delete_dependents AFTER DELETE ON report
REFERENCING OLD TABLE AS old_reports FOR EACH STATEMENT EXECUTE FUNCTION report_delete_dependents();

-- A failure without its report (no foreign key since `report` is partitioned) has nothing to count.
DELETE FROM kvc_failure k WHERE NOT EXISTS (SELECT 1 FROM report r WHERE r.id = k.report_id);

-- The caches' state: which declarations made them (the digest of their statements), the
-- statements that drop them, and whether a change to the rows that was not crashscan's own made
-- them stale (the statement triggers the store makes with them set it; readers then read the
-- rows, and the next command that writes rebuilds them).
CREATE TABLE cache_state (
    id       integer PRIMARY KEY CHECK (id = 1),
    digest   text COLLATE "C" NOT NULL,
    stale    boolean NOT NULL,
    drops    text COLLATE "C" NOT NULL,
    built_at timestamptz NOT NULL
);
