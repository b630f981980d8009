-- crashscan:foreign-keys-off
-- crashscan schema, version 24: the derived counts become caches of the rows, each declared once
-- in the store (Sources/CrashScanStore/Cache/Caches.swift), which makes them, keeps them through
-- crashscan's own writes, rebuilds them after a hand edit and checks them (`crashscan check`).
-- This migration removes what kept the old counts (their tables, the 23 triggers, the tables
-- that deferred them) and the indexes on `report` that only `report` read (the caches answer
-- its filters now); the store makes the caches right after it.
--
-- `report` is rebuilt (SQLite's procedure, foreign keys off) for two generated columns, so that
-- no hand edit can put a report's derived values out of step with what they are made of:
-- `os_key` (major * 1000000 + minor * 1000 + patch: one integer for OS ranges), which imports
-- wrote beside the version's numbers, and `seen_at` (the crash time, else the upload time:
-- when a report was seen, for every time filter and count). Its ids become AUTOINCREMENT: an id
-- is never given again, so that a row left by a hand delete cannot attach to a later report.

DROP VIEW IF EXISTS failure_cell_change;
DROP VIEW IF EXISTS crash_groups;
DROP VIEW IF EXISTS reports;
DROP VIEW IF EXISTS kvc_failures;

DROP TRIGGER IF EXISTS kvc_failure_cell_insert;
DROP TRIGGER IF EXISTS kvc_failure_cell_delete;
DROP TRIGGER IF EXISTS failure_day_change_apply;
DROP TRIGGER IF EXISTS failure_cell_change_apply;
DROP TRIGGER IF EXISTS kvc_failure_key_insert;
DROP TRIGGER IF EXISTS kvc_failure_key_delete;
DROP TRIGGER IF EXISTS kvc_failure_key_update;
DROP TRIGGER IF EXISTS report_tally_insert;
DROP TRIGGER IF EXISTS report_tally_delete;
DROP TRIGGER IF EXISTS report_tally_update;
DROP TRIGGER IF EXISTS report_cell_delete;
DROP TRIGGER IF EXISTS report_cell_update;
DROP TRIGGER IF EXISTS report_blame_insert;
DROP TRIGGER IF EXISTS report_blame_delete;
DROP TRIGGER IF EXISTS report_blame_update;
DROP TRIGGER IF EXISTS report_key_delete;
DROP TRIGGER IF EXISTS report_key_update;
DROP TRIGGER IF EXISTS report_day_insert;
DROP TRIGGER IF EXISTS report_day_delete;
DROP TRIGGER IF EXISTS report_day_update;
DROP TRIGGER IF EXISTS report_count_insert;
DROP TRIGGER IF EXISTS report_count_delete;
DROP TRIGGER IF EXISTS report_count_update;

DROP TABLE IF EXISTS group_tally;
DROP TABLE IF EXISTS group_device_tally;
DROP TABLE IF EXISTS group_device_id_tally;
DROP TABLE IF EXISTS group_user_id_tally;
DROP TABLE IF EXISTS group_blame_tally;
DROP TABLE IF EXISTS tally_deferral;
DROP TABLE IF EXISTS failure_cell_device;
DROP TABLE IF EXISTS failure_cell_user;
DROP TABLE IF EXISTS failure_cell;
DROP TABLE IF EXISTS failure_group_device;
DROP TABLE IF EXISTS failure_group_user;
DROP TABLE IF EXISTS failure_device;
DROP TABLE IF EXISTS failure_user;
DROP TABLE IF EXISTS failure_day;
DROP TABLE IF EXISTS failure_group_key;
DROP TABLE IF EXISTS failure_seen;
DROP TABLE IF EXISTS device_number;
DROP TABLE IF EXISTS user_number;
DROP TABLE IF EXISTS report_day;
DROP TABLE IF EXISTS report_count;
DROP TABLE IF EXISTS deferred_index;

-- A failure whose report a hand delete removed with foreign keys off (the sqlite3 shell's
-- default) has nothing to count; the foreign-key check after this migration would refuse it.
DELETE FROM kvc_failure WHERE report_id NOT IN (SELECT id FROM report);

CREATE TABLE report_v24 (
    id                      INTEGER PRIMARY KEY AUTOINCREMENT,
    -- SHA-256 of the report's normalised text: the same report imported twice is stored once.
    content_hash            TEXT    NOT NULL,
    import_file_id          INTEGER REFERENCES import_file (id) ON DELETE SET NULL,
    source_path             TEXT    NOT NULL,
    source_format           TEXT    NOT NULL,
    position_in_file        INTEGER NOT NULL DEFAULT 0,
    occurred_at             TEXT,
    occurred_at_raw         TEXT,
    uploaded_at             TEXT,
    imported_at             TEXT    NOT NULL,
    device_raw              TEXT,
    device_model            TEXT,
    device_name             TEXT,
    device_kind             TEXT,
    os_raw                  TEXT,
    os_platform             TEXT,
    os_version              TEXT,
    os_build                TEXT,
    os_major                INTEGER,
    os_minor                INTEGER,
    os_patch                INTEGER,
    -- major * 1000000 + minor * 1000 + patch: one integer for OS ranges (NULL without a version).
    os_key                  INTEGER GENERATED ALWAYS AS (
                                os_major * 1000000 + coalesce(os_minor, 0) * 1000 + coalesce(os_patch, 0)
                            ) VIRTUAL,
    os_beta                 INTEGER NOT NULL DEFAULT 0,
    app_version             TEXT,
    bundle_id               TEXT,
    process_name            TEXT,
    cpu_arch                TEXT,
    jailbroken              INTEGER,
    exception_type          TEXT,
    exception_type_inferred INTEGER NOT NULL DEFAULT 0,
    signal                  TEXT,
    exception_reason        TEXT,
    app_image               TEXT,
    blame_frame             TEXT,
    frames                  TEXT,
    group_id                INTEGER NOT NULL REFERENCES crash_group (id),
    symbolication           TEXT,
    images                  TEXT,
    blame_symbolicated      INTEGER,
    app_build               TEXT,
    uploaded_at_raw         TEXT,
    time_zone_assumed       TEXT,
    text_repairs            INTEGER NOT NULL DEFAULT 0,
    device_id               TEXT,
    user_id                 TEXT,
    source_issue_id         TEXT,
    source_crash_id         TEXT,
    source_url              TEXT,
    -- When the report was seen: its crash time, else its upload time.
    seen_at                 TEXT GENERATED ALWAYS AS (coalesce(occurred_at, uploaded_at)) VIRTUAL
);

INSERT INTO report_v24 (
    id, content_hash, import_file_id, source_path, source_format, position_in_file, occurred_at,
    occurred_at_raw, uploaded_at, imported_at, device_raw, device_model, device_name, device_kind, os_raw,
    os_platform, os_version, os_build, os_major, os_minor, os_patch, os_beta, app_version, bundle_id,
    process_name, cpu_arch, jailbroken, exception_type, exception_type_inferred, signal, exception_reason,
    app_image, blame_frame, frames, group_id, symbolication, images, blame_symbolicated, app_build,
    uploaded_at_raw, time_zone_assumed, text_repairs, device_id, user_id, source_issue_id, source_crash_id,
    source_url
)
SELECT
    id, content_hash, import_file_id, source_path, source_format, position_in_file, occurred_at,
    occurred_at_raw, uploaded_at, imported_at, device_raw, device_model, device_name, device_kind, os_raw,
    os_platform, os_version, os_build, os_major, os_minor, os_patch, os_beta, app_version, bundle_id,
    process_name, cpu_arch, jailbroken, exception_type, exception_type_inferred, signal, exception_reason,
    app_image, blame_frame, frames, group_id, symbolication, images, blame_symbolicated, app_build,
    uploaded_at_raw, time_zone_assumed, text_repairs, device_id, user_id, source_issue_id, source_crash_id,
    source_url
FROM report ORDER BY id;

DROP TABLE report;
ALTER TABLE report_v24 RENAME TO report;

-- A report's content hash by its first 16 digits (schema 23), and each group's reports by time
-- (its latest reports, its first and last time).
CREATE INDEX report_content_key ON report (substr(content_hash, 1, 16));
CREATE INDEX report_group_seen ON report (group_id, seen_at);

-- The caches' state: which declarations made them (the digest of their statements), the
-- statements that drop them (for a later crashscan, whose declarations may differ), and whether
-- a change to the rows that was not crashscan's own made them stale (the triggers the store makes
-- with them set it; readers then read the rows, and the next command that writes rebuilds them).
CREATE TABLE cache_state (
    id       INTEGER PRIMARY KEY CHECK (id = 1),
    digest   TEXT    NOT NULL,
    stale    INTEGER NOT NULL,
    drops    TEXT    NOT NULL,
    built_at TEXT    NOT NULL
);

-- A row here only inside a crashscan transaction that keeps the caches itself: its changes to
-- the rows do not mark them stale.
CREATE TABLE cache_writer (
    id INTEGER PRIMARY KEY CHECK (id = 1)
);

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
       r.source_url,
       r.seen_at
FROM report r;

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
       r.user_id,
       r.seen_at
FROM kvc_failure k
JOIN report r ON r.id = k.report_id;

-- Counted from the reports (no cache: a view is always what the rows say).
CREATE VIEW crash_groups AS
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
