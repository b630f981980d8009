-- crashscan schema, version 1: the tables. Applications read the views of 0002, not these.
-- Times are ISO 8601 text: UTC with a trailing Z when the report gave a zone, local time
-- without a zone when it did not (Bugly's console times carry none).

CREATE TABLE import_run (
    id                INTEGER PRIMARY KEY,
    started_at        TEXT    NOT NULL,
    finished_at       TEXT,
    crashscan_version TEXT    NOT NULL,
    arguments         TEXT    NOT NULL,
    files             INTEGER NOT NULL DEFAULT 0,
    reports_imported  INTEGER NOT NULL DEFAULT 0,
    duplicates        INTEGER NOT NULL DEFAULT 0,
    rejected          INTEGER NOT NULL DEFAULT 0,
    kvc_failures      INTEGER NOT NULL DEFAULT 0
);

-- One row per file per run: what happened to it.
CREATE TABLE import_file (
    id               INTEGER PRIMARY KEY,
    run_id           INTEGER NOT NULL REFERENCES import_run (id) ON DELETE CASCADE,
    path             TEXT    NOT NULL,
    outcome          TEXT    NOT NULL CHECK (outcome IN ('imported', 'duplicate', 'rejected')),
    reason           TEXT,
    source_format    TEXT,
    reports_imported INTEGER NOT NULL DEFAULT 0,
    duplicates       INTEGER NOT NULL DEFAULT 0,
    bytes            INTEGER
);
CREATE INDEX import_file_run ON import_file (run_id);

-- A crash group: reports with the same fingerprint (exception type, normalised reason or KVC
-- classification, receiver class, key, blame frame).
CREATE TABLE crash_group (
    id             INTEGER PRIMARY KEY,
    fingerprint    TEXT    NOT NULL UNIQUE,
    exception_type TEXT,
    reason         TEXT,
    kind           TEXT,
    accessor       TEXT,
    receiver_class TEXT,
    key            TEXT,
    key_is_private INTEGER,
    cause          TEXT,
    blame_frame    TEXT,
    created_at     TEXT    NOT NULL
);

CREATE TABLE report (
    id                      INTEGER PRIMARY KEY,
    -- SHA-256 of the report's normalised text: the same report imported twice is stored once.
    content_hash            TEXT    NOT NULL UNIQUE,
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
    group_id                INTEGER NOT NULL REFERENCES crash_group (id)
);
CREATE INDEX report_group ON report (group_id);
CREATE INDEX report_os ON report (os_key);
CREATE INDEX report_device_model ON report (device_model COLLATE NOCASE);
CREATE INDEX report_device_name ON report (device_name COLLATE NOCASE);
CREATE INDEX report_occurred ON report (occurred_at);
CREATE INDEX report_app_version ON report (app_version);

-- The KVC classification of a report, when it is a KVC failure.
CREATE TABLE kvc_failure (
    report_id      INTEGER PRIMARY KEY REFERENCES report (id) ON DELETE CASCADE,
    kind           TEXT    NOT NULL CHECK (kind IN ('undefined_key', 'prohibited_ivar', 'obsolete_private_api')),
    accessor       TEXT CHECK (accessor IN ('set', 'get')),
    receiver_class TEXT,
    key            TEXT,
    key_is_private INTEGER NOT NULL,
    cause          TEXT    NOT NULL CHECK (cause IN ('private_key', 'outlet_mismatch', 'unknown')),
    evidence       TEXT    NOT NULL
);
CREATE INDEX kvc_failure_class_key ON kvc_failure (receiver_class, key);

-- The fix the rules engine recommends for a group: the most specific matching rule.
CREATE TABLE recommendation (
    group_id    INTEGER PRIMARY KEY REFERENCES crash_group (id) ON DELETE CASCADE,
    rule_id     TEXT    NOT NULL,
    rule_source TEXT    NOT NULL,
    fix         TEXT    NOT NULL,
    title       TEXT    NOT NULL,
    detail      TEXT    NOT NULL,
    specificity INTEGER NOT NULL
);

-- Settings the tool keeps between runs (the hash of the rules last applied).
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
