-- The schema of a new crashscan SQLite database, written by scripts/schema-docs.sh: the
-- tables of migrations/baseline.sql and the derived tables (caches) the store declares in
-- Sources/CrashScanStore/Cache/Caches.swift. Query the views; see docs/querying.md.

CREATE TABLE app_usage (
    id             INTEGER PRIMARY KEY,
    day            TEXT    NOT NULL,
    app_version    TEXT    NOT NULL,
    os_version     TEXT    NOT NULL,
    launches       INTEGER,
    active_devices INTEGER,
    crashes        INTEGER,
    crash_devices  INTEGER,
    source         TEXT    NOT NULL,
    source_path    TEXT    NOT NULL,
    read_at        TEXT    NOT NULL,
    UNIQUE (day, app_version, os_version)
);

CREATE TABLE bugly_issue (
    id                INTEGER PRIMARY KEY,
    identity          TEXT    NOT NULL UNIQUE,
    app_id            TEXT,
    issue_id          TEXT,
    exception_message TEXT,
    key_stack         TEXT,
    app_versions      TEXT,
    occurrences       INTEGER,
    affected_devices  INTEGER,
    last_crash_at     TEXT,
    source            TEXT    NOT NULL,
    source_path       TEXT    NOT NULL,
    read_at           TEXT    NOT NULL,
    exception_type    TEXT,
    reason            TEXT,
    kind              TEXT,
    accessor          TEXT,
    receiver_class    TEXT,
    key               TEXT
);

CREATE TABLE cache_state (
    id       INTEGER PRIMARY KEY CHECK (id = 1),
    digest   TEXT    NOT NULL,
    stale    INTEGER NOT NULL,
    drops    TEXT    NOT NULL,
    built_at TEXT    NOT NULL
);

CREATE TABLE cache_writer (
    id INTEGER PRIMARY KEY CHECK (id = 1)
);

CREATE TABLE crash_group (
    id                 INTEGER PRIMARY KEY,
    fingerprint        TEXT    NOT NULL UNIQUE,
    exception_type     TEXT,
    reason             TEXT,
    kind               TEXT,
    accessor           TEXT,
    receiver_class     TEXT,
    key                TEXT,
    key_is_private     INTEGER,
    cause              TEXT,
    blame_frame        TEXT,
    created_at         TEXT    NOT NULL,
    sample_frames      TEXT,
    sample_report_path TEXT,
    class_origin       TEXT,
    blame_key          TEXT
);

CREATE TABLE failure_cell (
    number INTEGER PRIMARY KEY,
    group_id INTEGER NOT NULL,
    device_model TEXT NOT NULL,
    device_name TEXT NOT NULL,
    os_version TEXT NOT NULL,
    os_key INTEGER NOT NULL,
    app_version TEXT NOT NULL,
    failures INTEGER NOT NULL,
    first_seen TEXT,
    last_seen TEXT,
    UNIQUE (group_id, device_model, device_name, os_version, os_key, app_version)
);

CREATE TABLE failure_day (
    group_id INTEGER NOT NULL,
    day TEXT NOT NULL,
    failures INTEGER NOT NULL,
    PRIMARY KEY (group_id, day)
) WITHOUT ROWID;

CREATE TABLE failure_device (
    number INTEGER PRIMARY KEY,
    device_id TEXT NOT NULL,
    device_hardware TEXT NOT NULL,
    failures INTEGER NOT NULL,
    UNIQUE (device_id, device_hardware)
);

CREATE TABLE failure_fact (
    report_id INTEGER NOT NULL,
    group_id INTEGER,
    kind TEXT,
    key TEXT,
    os_key INTEGER NOT NULL,
    os_version TEXT,
    device_model TEXT,
    device_name TEXT,
    app_version TEXT,
    seen_at TEXT,
    cell_no INTEGER,
    device_no INTEGER,
    user_no INTEGER,
    PRIMARY KEY (os_key, report_id)
) WITHOUT ROWID;

CREATE TABLE failure_group (
    group_id INTEGER NOT NULL,
    failures INTEGER NOT NULL,
    with_device_id INTEGER NOT NULL,
    with_user_id INTEGER NOT NULL,
    PRIMARY KEY (group_id)
) WITHOUT ROWID;

CREATE TABLE failure_group_device (
    group_id INTEGER NOT NULL,
    device_id TEXT NOT NULL,
    device_hardware TEXT NOT NULL,
    failures INTEGER NOT NULL,
    PRIMARY KEY (group_id, device_id, device_hardware)
) WITHOUT ROWID;

CREATE TABLE failure_group_user (
    group_id INTEGER NOT NULL,
    user_id TEXT NOT NULL,
    failures INTEGER NOT NULL,
    PRIMARY KEY (group_id, user_id)
) WITHOUT ROWID;

CREATE TABLE failure_user (
    number INTEGER PRIMARY KEY,
    user_id TEXT NOT NULL,
    failures INTEGER NOT NULL,
    UNIQUE (user_id)
);

CREATE TABLE group_blame_tally (
    group_id INTEGER NOT NULL,
    blame_frame TEXT NOT NULL,
    reports INTEGER NOT NULL,
    PRIMARY KEY (group_id, blame_frame)
) WITHOUT ROWID;

CREATE TABLE group_device_tally (
    group_id INTEGER NOT NULL,
    device TEXT NOT NULL,
    reports INTEGER NOT NULL,
    PRIMARY KEY (group_id, device)
) WITHOUT ROWID;

CREATE TABLE group_fix (
    group_id INTEGER PRIMARY KEY REFERENCES crash_group (id) ON DELETE CASCADE,
    fixed_in TEXT NOT NULL,
    noted_at TEXT NOT NULL
);

CREATE TABLE group_tally (
    group_id INTEGER NOT NULL,
    app TEXT NOT NULL,
    bundle_id TEXT NOT NULL,
    os_version TEXT NOT NULL,
    os_key INTEGER NOT NULL,
    app_version TEXT NOT NULL,
    reports INTEGER NOT NULL,
    first_seen TEXT,
    PRIMARY KEY (group_id, app, bundle_id, os_version, os_key, app_version)
) WITHOUT ROWID;

CREATE TABLE import_file (
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
    parser_revision  TEXT,
    usage_rows       INTEGER NOT NULL DEFAULT 0,
    issue_counts     INTEGER NOT NULL DEFAULT 0
);

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
    kvc_failures      INTEGER NOT NULL DEFAULT 0,
    skipped           INTEGER NOT NULL DEFAULT 0,
    usage_rows        INTEGER NOT NULL DEFAULT 0,
    issue_counts      INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE kvc_failure (
    report_id           INTEGER PRIMARY KEY REFERENCES report (id) ON DELETE CASCADE,
    kind                TEXT    NOT NULL CHECK (kind = 'undefined_key' OR kind = 'prohibited_ivar'
                                                OR kind = 'obsolete_private_api'),
    accessor            TEXT CHECK (accessor IN ('set', 'get')),
    receiver_class      TEXT,
    key                 TEXT,
    key_is_private      INTEGER NOT NULL,
    cause               TEXT    NOT NULL CHECK (cause = 'private_key' OR cause = 'outlet_mismatch'
                                                OR cause = 'unknown'),
    evidence            TEXT    NOT NULL,
    class_origin        TEXT,
    class_origin_reason TEXT
);

CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

CREATE TABLE recommendation (
    group_id               INTEGER PRIMARY KEY REFERENCES crash_group (id) ON DELETE CASCADE,
    rule_id                TEXT    NOT NULL,
    rule_source            TEXT    NOT NULL,
    fix                    TEXT    NOT NULL,
    title                  TEXT    NOT NULL,
    detail                 TEXT    NOT NULL,
    specificity            INTEGER NOT NULL,
    confidence             TEXT,
    confidence_reason      TEXT,
    affected_os            TEXT,
    crash_os_versions      TEXT,
    clean_os_versions      TEXT,
    confined_to_failing_os INTEGER,
    app_versions           TEXT,
    fixed_in               TEXT,
    regressed              INTEGER NOT NULL DEFAULT 0,
    evidence_json          TEXT
);

CREATE TABLE report (
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

CREATE TABLE report_count (
    os_key INTEGER NOT NULL,
    device_model TEXT NOT NULL,
    device_name TEXT NOT NULL,
    app_version TEXT NOT NULL,
    reports INTEGER NOT NULL,
    PRIMARY KEY (os_key, device_model, device_name, app_version)
) WITHOUT ROWID;

CREATE TABLE report_day (
    day TEXT NOT NULL,
    reports INTEGER NOT NULL,
    PRIMARY KEY (day)
) WITHOUT ROWID;

CREATE TABLE schema_migrations (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    applied_at TEXT NOT NULL
);

CREATE TABLE source_finding (
    id             INTEGER PRIMARY KEY,
    scan_id        INTEGER NOT NULL REFERENCES source_scan (id) ON DELETE CASCADE,
    path           TEXT    NOT NULL,
    line           INTEGER NOT NULL,
    column_number  INTEGER NOT NULL,
    end_line       INTEGER NOT NULL,
    end_column     INTEGER NOT NULL,
    language       TEXT    NOT NULL CHECK (language IN ('objc', 'swift', 'ib')),
    rule_id        TEXT    NOT NULL,
    severity       TEXT    NOT NULL CHECK (severity IN ('high', 'medium', 'low')),
    fix            TEXT    NOT NULL,
    accessor       TEXT    NOT NULL,
    receiver       TEXT    NOT NULL,
    receiver_class TEXT,
    -- The class the rule matched on: the receiver's, its UIKit ancestor's, or the catalogue's
    -- when the receiver's class is not certain (class_known = 0).
    rule_class     TEXT,
    class_known    INTEGER NOT NULL,
    key            TEXT    NOT NULL,
    key_path       TEXT    NOT NULL,
    message        TEXT    NOT NULL,
    fingerprint    TEXT    NOT NULL
);

CREATE TABLE source_scan (
    id                INTEGER PRIMARY KEY,
    scanned_at        TEXT    NOT NULL,
    crashscan_version TEXT    NOT NULL,
    roots             TEXT    NOT NULL,
    files             INTEGER NOT NULL,
    bytes             INTEGER NOT NULL
);

CREATE INDEX failure_fact_device_model_device_name_group_id_cell_no_seen_at_device_no_user_no_os_version_app_version ON failure_fact (device_model COLLATE NOCASE, device_name, group_id, cell_no, seen_at, device_no, user_no, os_version, app_version);

CREATE INDEX failure_fact_device_name_device_model_group_id_cell_no_seen_at_device_no_user_no_os_version_app_version ON failure_fact (device_name COLLATE NOCASE, device_model, group_id, cell_no, seen_at, device_no, user_no, os_version, app_version);

CREATE INDEX failure_fact_group_id_seen_at ON failure_fact (group_id, seen_at);

CREATE INDEX failure_fact_key ON failure_fact (key);

CREATE INDEX failure_fact_seen_at ON failure_fact (seen_at);

CREATE INDEX group_tally_app_app_version ON group_tally (app, app_version);

CREATE INDEX group_tally_app_os_key ON group_tally (app, os_key);

CREATE INDEX import_file_hash ON import_file (substr(file_hash, 1, 8)) WHERE file_hash IS NOT NULL;

CREATE INDEX import_file_run ON import_file (run_id);

CREATE INDEX kvc_failure_class_key ON kvc_failure (receiver_class, key);

CREATE INDEX report_content_key ON report (substr(content_hash, 1, 8));

CREATE INDEX report_count_device_model ON report_count (device_model COLLATE NOCASE);

CREATE INDEX report_group_seen ON report (group_id, seen_at);

CREATE INDEX report_incident ON report (substr(incident_key, 1, 8)) WHERE incident_key IS NOT NULL;

CREATE INDEX report_source_issue ON report (source_issue_id) WHERE source_issue_id IS NOT NULL;

CREATE INDEX source_finding_class_key ON source_finding (rule_class, key);

CREATE INDEX source_finding_scan ON source_finding (scan_id);

CREATE VIEW bugly_issue_groups AS
WITH by_id AS (
    SELECT i.id AS issue_row, r.group_id, count(*) AS logs
    FROM bugly_issue i
    JOIN report r ON r.source_issue_id = i.issue_id
    WHERE i.app_id IS NULL OR r.source_url IS NULL OR instr(r.source_url, '/crashes/' || i.app_id || '/') > 0
    GROUP BY i.id, r.group_id
),
by_content AS (
    SELECT i.id AS issue_row, g.id AS group_id,
           (i.key_stack IS NOT NULL AND g.blame_frame IS NOT NULL AND instr(i.key_stack, g.blame_frame) > 0)
               AS in_key_stack
    FROM bugly_issue i
    JOIN crash_group g ON g.exception_type IS i.exception_type
        AND CASE WHEN i.kind IS NULL THEN g.kind IS NULL AND g.reason IS i.reason
                 ELSE g.kind = i.kind AND g.accessor IS i.accessor AND g.receiver_class IS i.receiver_class
                      AND g.key IS i.key END
    WHERE NOT EXISTS (SELECT 1 FROM by_id WHERE by_id.issue_row = i.id)
      AND EXISTS (SELECT 1 FROM report r WHERE r.group_id = g.id)
),
by_content_kept AS (
    SELECT issue_row, group_id, in_key_stack, max(in_key_stack) OVER (PARTITION BY issue_row) AS any_in_key_stack
    FROM by_content
)
SELECT i.identity AS issue, i.app_id, i.issue_id, l.group_id, substr(g.fingerprint, 1, 8) AS group_key,
       l.linked_by, l.logs
FROM (
    SELECT issue_row, group_id, 'issue id' AS linked_by, logs FROM by_id
    UNION ALL
    SELECT issue_row, group_id,
           CASE WHEN in_key_stack THEN 'exception, reason and key stack' ELSE 'exception and reason' END,
           (SELECT count(*) FROM report r WHERE r.group_id = by_content_kept.group_id)
    FROM by_content_kept
    WHERE in_key_stack = any_in_key_stack
) l
JOIN bugly_issue i ON i.id = l.issue_row
JOIN crash_group g ON g.id = l.group_id;

CREATE VIEW bugly_issues AS
SELECT i.identity AS issue, i.app_id, i.issue_id, i.exception_type, i.exception_message, i.key_stack,
       i.app_versions, i.occurrences, i.affected_devices, i.last_crash_at, i.source, i.source_path, i.read_at,
       (SELECT count(*) FROM bugly_issue_groups l WHERE l.issue = i.identity) AS linked_groups,
       coalesce((SELECT sum(l.logs) FROM bugly_issue_groups l WHERE l.issue = i.identity AND l.linked_by = 'issue id'), 0)
           AS logs_naming_issue,
       CASE WHEN i.app_id IS NOT NULL AND i.issue_id IS NOT NULL
            THEN 'https://bugly.qq.com/v2/crash-reporting/crashes/' || i.app_id || '/' || i.issue_id || '?pid=2' END
           AS bugly_url,
       i.receiver_class, i.key
FROM bugly_issue i;

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
       nullif(count(DISTINCT r.device_id || char(31) || coalesce(r.device_name, r.device_model, '')), 0)
           AS affected_devices,
       nullif(count(DISTINCT r.user_id), 0) AS affected_users,
       count(r.device_id) AS reports_with_device_id,
       count(r.user_id) AS reports_with_user_id,
       substr(g.fingerprint, 1, 8) AS group_key
FROM crash_group g
JOIN report r ON r.group_id = g.id
GROUP BY g.id;

CREATE VIEW import_files AS
SELECT f.run_id,
       f.path,
       f.outcome,
       f.reason,
       f.source_format,
       f.reports_imported,
       f.duplicates,
       f.bytes,
       run.started_at,
       f.usage_rows,
       f.issue_counts
FROM import_file f
JOIN import_run run ON run.id = f.run_id;

CREATE VIEW import_runs AS
SELECT id, started_at, finished_at, crashscan_version, arguments, files, reports_imported, duplicates,
       rejected, kvc_failures, skipped, usage_rows, issue_counts
FROM import_run;

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
       r.seen_at,
       (SELECT substr(g.fingerprint, 1, 8) FROM crash_group g WHERE g.id = r.group_id) AS group_key
FROM kvc_failure k
JOIN report r ON r.id = k.report_id;

CREATE VIEW recommendations AS
SELECT rec.group_id,
       rec.rule_id,
       rec.fix,
       rec.title,
       rec.detail,
       rec.rule_source,
       g.fingerprint,
       rec.confidence,
       rec.confidence_reason,
       rec.affected_os,
       rec.crash_os_versions,
       rec.clean_os_versions,
       rec.confined_to_failing_os,
       rec.app_versions,
       rec.fixed_in,
       rec.regressed,
       substr(g.fingerprint, 1, 8) AS group_key
FROM recommendation rec
JOIN crash_group g ON g.id = rec.group_id;

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
       r.seen_at,
       (SELECT substr(g.fingerprint, 1, 8) FROM crash_group g WHERE g.id = r.group_id) AS group_key
FROM report r;

CREATE VIEW source_findings AS
SELECT f.path,
       f.line,
       f.column_number AS "column",
       f.end_line,
       f.end_column,
       f.language,
       f.rule_id,
       f.severity,
       f.fix,
       f.accessor,
       f.receiver,
       f.receiver_class,
       f.rule_class,
       f.class_known,
       f.key,
       f.key_path,
       f.message,
       f.fingerprint,
       s.id AS scan_id,
       s.scanned_at
FROM source_finding f
JOIN source_scan s ON s.id = f.scan_id
WHERE s.id = (SELECT max(id) FROM source_scan);

CREATE VIEW usage_rates AS
SELECT day, app_version, os_version, launches, active_devices, crashes, crash_devices,
       CASE WHEN launches > 0 THEN 1.0 * crashes / launches END AS crash_rate,
       CASE WHEN active_devices > 0 THEN 1.0 * crash_devices / active_devices END AS device_crash_rate,
       CASE WHEN active_devices > 0 THEN 1.0 - 1.0 * crash_devices / active_devices END AS crash_free_devices,
       source, source_path, read_at
FROM app_usage;

CREATE TRIGGER kvc_failure_stale_delete AFTER DELETE ON kvc_failure WHEN NOT EXISTS (SELECT 1 FROM cache_writer) BEGIN UPDATE cache_state SET stale = 1 WHERE stale = 0; END;

CREATE TRIGGER kvc_failure_stale_insert AFTER INSERT ON kvc_failure WHEN NOT EXISTS (SELECT 1 FROM cache_writer) BEGIN UPDATE cache_state SET stale = 1 WHERE stale = 0; END;

CREATE TRIGGER kvc_failure_stale_update AFTER UPDATE OF key, kind, report_id ON kvc_failure WHEN NOT EXISTS (SELECT 1 FROM cache_writer) BEGIN UPDATE cache_state SET stale = 1 WHERE stale = 0; END;

CREATE TRIGGER report_delete_failure AFTER DELETE ON report
BEGIN
    DELETE FROM kvc_failure WHERE report_id = old.id;
END;

CREATE TRIGGER report_id_moves_failure AFTER UPDATE OF id ON report WHEN new.id <> old.id
BEGIN
    UPDATE kvc_failure SET report_id = new.id WHERE report_id = old.id;
END;

CREATE TRIGGER report_stale_delete AFTER DELETE ON report WHEN NOT EXISTS (SELECT 1 FROM cache_writer) BEGIN UPDATE cache_state SET stale = 1 WHERE stale = 0; END;

CREATE TRIGGER report_stale_insert AFTER INSERT ON report WHEN NOT EXISTS (SELECT 1 FROM cache_writer) BEGIN UPDATE cache_state SET stale = 1 WHERE stale = 0; END;

CREATE TRIGGER report_stale_update AFTER UPDATE OF app_image, app_version, blame_frame, bundle_id, device_id, device_model, device_name, group_id, id, occurred_at, os_major, os_minor, os_patch, os_platform, os_version, process_name, uploaded_at, user_id ON report WHEN NOT EXISTS (SELECT 1 FROM cache_writer) BEGIN UPDATE cache_state SET stale = 1 WHERE stale = 0; END;
