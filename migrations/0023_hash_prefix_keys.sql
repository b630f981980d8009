-- crashscan:foreign-keys-off
-- crashscan:rebuilds report
-- crashscan schema, version 23: a report's content hash and a file's hash are looked up by their
-- first 16 hexadecimal digits (64 bits) instead of the whole text. The importer looks up every
-- report's content hash and every file's hash, and inserts each at a random place of its index:
-- with a million reports the content hash's index (64 digits a key) took 20,415 pages (80 MB)
-- and the file hash's (32 digits) 11,209, far more than the importer's 32 MB page cache, so that
-- nearly every report read and wrote a page of each. Keys of 16 digits make both indexes about
-- a third of their size. Two different hashes sharing 16 digits only cost one more comparison:
-- the importer still compares the whole hash (`+content_hash = ?`), so a report is a duplicate
-- only when its whole SHA-256 matches.
--
-- The UNIQUE constraint on `report.content_hash` was its index; SQLite removes a constraint only
-- by rebuilding the table (its procedure: foreign keys off, a copy, the old table dropped and the
-- copy renamed). The second line asks the migrator to restore `report`'s indexes and triggers
-- as they were before the rebuild. The importer checks each report's hash inside its write
-- transaction before it inserts the report, which is what kept a second copy out before too.

CREATE TABLE report_v23 (
    id                      INTEGER PRIMARY KEY,
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
    -- major * 1000000 + minor * 1000 + patch: one indexed integer for OS ranges.
    os_key                  INTEGER,
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
    source_url              TEXT
);

INSERT INTO report_v23 (
    id, content_hash, import_file_id, source_path, source_format, position_in_file, occurred_at, occurred_at_raw,
    uploaded_at, imported_at, device_raw, device_model, device_name, device_kind, os_raw, os_platform, os_version,
    os_build, os_major, os_minor, os_patch, os_key, os_beta, app_version, bundle_id, process_name, cpu_arch,
    jailbroken, exception_type, exception_type_inferred, signal, exception_reason, app_image, blame_frame, frames,
    group_id, symbolication, images, blame_symbolicated, app_build, uploaded_at_raw, time_zone_assumed,
    text_repairs, device_id, user_id, source_issue_id, source_crash_id, source_url
)
SELECT id, content_hash, import_file_id, source_path, source_format, position_in_file, occurred_at, occurred_at_raw,
       uploaded_at, imported_at, device_raw, device_model, device_name, device_kind, os_raw, os_platform,
       os_version, os_build, os_major, os_minor, os_patch, os_key, os_beta, app_version, bundle_id, process_name,
       cpu_arch, jailbroken, exception_type, exception_type_inferred, signal, exception_reason, app_image,
       blame_frame, frames, group_id, symbolication, images, blame_symbolicated, app_build, uploaded_at_raw,
       time_zone_assumed, text_repairs, device_id, user_id, source_issue_id, source_crash_id, source_url
FROM report ORDER BY id;

DROP TABLE report;
ALTER TABLE report_v23 RENAME TO report;

-- The importer's lookup: `substr(content_hash, 1, 16) = ?1 AND +content_hash = ?2` (the unary
-- plus keeps SQLite 3.40's planner on this index instead of a scan of the table).
CREATE INDEX report_content_key ON report (substr(content_hash, 1, 16));

DROP INDEX import_file_hash;
CREATE INDEX import_file_hash ON import_file (substr(file_hash, 1, 16)) WHERE file_hash IS NOT NULL;
