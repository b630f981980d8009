-- crashscan:foreign-keys-off
-- crashscan:rebuilds report
-- crashscan:rebuilds import_file
-- crashscan schema, version 31: a report's content hash and incident key (SHA-256) and a file's
-- hash are kept as their bytes (a BLOB of 32 or 16 bytes) instead of their hexadecimal digits,
-- and their indexes hold the first 8 bytes instead of the first 16 digits (the same 64 bits).
-- The benchmark's million-report database goes from 1,113 to 996 bytes a report (the two tables
-- and the three indexes); its upgrade took 24 s. `lower(hex(content_hash))` shows the digits.
--
-- SQLite changes a column's type only by rebuilding the table (its procedure: foreign keys off,
-- a copy, the old table dropped and the copy renamed; the migrator restores the indexes and
-- triggers this file does not make again). `crashscan_unhex` is crashscan's function for the copy
-- (SQLite 3.40 has no `unhex`); a value that is not hexadecimal digits (a hash written by hand)
-- is copied as it is. `report` keeps its AUTOINCREMENT counter: an id given before is never
-- given again.

CREATE TABLE report_v31 (
    id                      INTEGER PRIMARY KEY AUTOINCREMENT,
    -- SHA-256 of the report's normalised text, its 32 bytes: the same report imported twice is
    -- stored once.
    content_hash            BLOB    NOT NULL,
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
    seen_at                 TEXT GENERATED ALWAYS AS (coalesce(occurred_at, uploaded_at)) VIRTUAL,
    -- The platform's base (iOS 0, macOS 100000000, tvOS 200000000, watchOS 300000000, visionOS
    -- 400000000) + major * 1000000 + minor * 1000 + patch: one integer for OS ranges, in which an
    -- iOS range never takes in another platform's versions (NULL without a version).
    os_key                  INTEGER GENERATED ALWAYS AS (
                                CASE os_platform WHEN 'macOS' THEN 100000000 WHEN 'tvOS' THEN 200000000
                                                 WHEN 'watchOS' THEN 300000000 WHEN 'visionOS' THEN 400000000
                                                 ELSE 0 END
                                + os_major * 1000000 + coalesce(os_minor, 0) * 1000 + coalesce(os_patch, 0)
                            ) VIRTUAL,
    -- The same crash whichever format exported it: a hash of the device id (or CrashReporter Key),
    -- the crash time to the second, the exception and the normalised reason (SHA-256, its 32
    -- bytes); null without them.
    incident_key            BLOB
);

INSERT INTO report_v31 (
    id, content_hash, import_file_id, source_path, source_format, position_in_file, occurred_at,
    occurred_at_raw, uploaded_at, imported_at, device_raw, device_model, device_name, device_kind, os_raw,
    os_platform, os_version, os_build, os_major, os_minor, os_patch, os_beta, app_version, bundle_id,
    process_name, cpu_arch, jailbroken, exception_type, exception_type_inferred, signal, exception_reason,
    app_image, blame_frame, frames, group_id, symbolication, images, blame_symbolicated, app_build,
    uploaded_at_raw, time_zone_assumed, text_repairs, device_id, user_id, source_issue_id, source_crash_id,
    source_url, incident_key
)
SELECT id, crashscan_unhex(content_hash), import_file_id, source_path, source_format, position_in_file,
       occurred_at, occurred_at_raw, uploaded_at, imported_at, device_raw, device_model, device_name,
       device_kind, os_raw, os_platform, os_version, os_build, os_major, os_minor, os_patch, os_beta,
       app_version, bundle_id, process_name, cpu_arch, jailbroken, exception_type, exception_type_inferred,
       signal, exception_reason, app_image, blame_frame, frames, group_id, symbolication, images,
       blame_symbolicated, app_build, uploaded_at_raw, time_zone_assumed, text_repairs, device_id, user_id,
       source_issue_id, source_crash_id, source_url, crashscan_unhex(incident_key)
FROM report ORDER BY id;

-- The copy's counter starts where the old table's stood (above the largest id after a delete).
INSERT INTO sqlite_sequence (name, seq)
SELECT 'report_v31', 0 WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'report_v31');
UPDATE sqlite_sequence
SET seq = max(seq, coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'report'), 0))
WHERE name = 'report_v31';

DROP TABLE report;
ALTER TABLE report_v31 RENAME TO report;

CREATE INDEX report_content_key ON report (substr(content_hash, 1, 8));
CREATE INDEX report_incident ON report (substr(incident_key, 1, 8)) WHERE incident_key IS NOT NULL;

CREATE TABLE import_file_v31 (
    id               INTEGER PRIMARY KEY,
    run_id           INTEGER NOT NULL REFERENCES import_run (id) ON DELETE CASCADE,
    path             TEXT    NOT NULL,
    outcome          TEXT    NOT NULL CHECK (outcome = 'imported' OR outcome = 'duplicate'
                                             OR outcome = 'rejected' OR outcome = 'skipped'),
    reason           TEXT,
    source_format    TEXT,
    reports_imported INTEGER NOT NULL DEFAULT 0,
    duplicates       INTEGER NOT NULL DEFAULT 0,
    bytes            INTEGER,
    file_hash        BLOB,
    parser_revision  TEXT
);

INSERT INTO import_file_v31 (
    id, run_id, path, outcome, reason, source_format, reports_imported, duplicates, bytes, file_hash, parser_revision
)
SELECT id, run_id, path, outcome, reason, source_format, reports_imported, duplicates, bytes,
       crashscan_unhex(file_hash), parser_revision
FROM import_file ORDER BY id;

DROP TABLE import_file;
ALTER TABLE import_file_v31 RENAME TO import_file;

CREATE INDEX import_file_hash ON import_file (substr(file_hash, 1, 8)) WHERE file_hash IS NOT NULL;
