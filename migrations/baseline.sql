-- crashscan:baseline-version 33
-- crashscan's schema at version 33, whole: what a new SQLite database is made of. The numbered
-- files beside this one (0001 to 0033) are what an older database is upgraded by; a test keeps
-- both giving the same schema (MigrationTests). The derived tables are not here: the store makes
-- them from their declarations (Sources/CrashScanStore/Cache/Caches.swift). docs/schema/sqlite.sql
-- shows the whole schema of a new database, derived tables included.
--
-- Times are ISO 8601 UTC text with a Z (`2015-03-01T00:18:47Z`, milliseconds when the report had
-- them). Applications read the views at the end, whose columns only ever grow.

-- One row per `crashscan import`, with its totals.
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

-- (A closed vocabulary is checked by comparisons joined by OR: SQLite checks an IN list of three
-- or more values by building a temporary table of them at every row written; migration 0029.)

-- One row per file per run: what happened to it. `file_hash` and `parser_revision` let a later
-- import skip a file whose bytes this parser read before.
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
CREATE INDEX import_file_run ON import_file (run_id);
-- A file's hash by its first 8 bytes (the whole hash is compared after).
CREATE INDEX import_file_hash ON import_file (substr(file_hash, 1, 8)) WHERE file_hash IS NOT NULL;

-- A crash group: reports with one fingerprint (exception, normalised reason, class and key, the
-- blame frame's key), and what it shows (the blame frame most of its reports have, the richest
-- sample stack).
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

-- Every crash report, once (by the SHA-256 of its normalised text).
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
-- A report's content hash by its first 8 bytes, and each group's reports by time (its latest
-- reports, its first and last time).
CREATE INDEX report_content_key ON report (substr(content_hash, 1, 8));
CREATE INDEX report_group_seen ON report (group_id, seen_at);
-- The stored copy of an incident an import meets again, by its key's first 8 bytes.
CREATE INDEX report_incident ON report (substr(incident_key, 1, 8)) WHERE incident_key IS NOT NULL;

-- The Key-Value Coding failure a report is, if it is one.
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
CREATE INDEX kvc_failure_class_key ON kvc_failure (receiver_class, key);
-- A report's failure follows it whatever a session's foreign keys are (the sqlite3 shell turns
-- them off): deleted with it, and moved with it to another id.
CREATE TRIGGER report_delete_failure AFTER DELETE ON report
BEGIN
    DELETE FROM kvc_failure WHERE report_id = old.id;
END;
CREATE TRIGGER report_id_moves_failure AFTER UPDATE OF id ON report WHEN new.id <> old.id
BEGIN
    UPDATE kvc_failure SET report_id = new.id WHERE report_id = old.id;
END;

-- A group's recommended fix, with its evidence, as the rules in force at the last import said.
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

-- Settings of the database (`rules_digest`, `grouping_version` …).
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

-- The app version that fixed a group (`crashscan fixed`).
CREATE TABLE group_fix (
    group_id INTEGER PRIMARY KEY REFERENCES crash_group (id) ON DELETE CASCADE,
    fixed_in TEXT NOT NULL,
    noted_at TEXT NOT NULL
);

-- `crashscan scan --db`: each scan, and its findings.
CREATE TABLE source_scan (
    id                INTEGER PRIMARY KEY,
    scanned_at        TEXT    NOT NULL,
    crashscan_version TEXT    NOT NULL,
    roots             TEXT    NOT NULL,
    files             INTEGER NOT NULL,
    bytes             INTEGER NOT NULL
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
CREATE INDEX source_finding_scan ON source_finding (scan_id);
CREATE INDEX source_finding_class_key ON source_finding (rule_class, key);

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

-- Bugly's counts of one issue. `identity` is what a later export replaces it by: `APP/ISSUE`
-- (APP empty when the app id is not known), or `group:FINGERPRINT` for counts copied with a
-- crash log that names no issue. `exception_type` … `key` are the exception message as crash
-- groups hold it (the normalised reason, the KVC failure): they link the issue to the groups of
-- its exception when no imported report names the issue (`bugly_issue_groups`).
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

-- Usage on one day (`day` '' for figures of no one day), of one app version ('' for all) on one
-- OS version ('' for all): launches and active devices, and the crashes and crashed devices the
-- source counted (Bugly's trend has them; a usage sheet does not). NULL: not known.
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

-- The reports a Bugly issue is linked to by its id.
CREATE INDEX report_source_issue ON report (source_issue_id) WHERE source_issue_id IS NOT NULL;

-- The views applications read.

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

CREATE VIEW import_runs AS
SELECT id, started_at, finished_at, crashscan_version, arguments, files, reports_imported, duplicates,
       rejected, kvc_failures, skipped, usage_rows, issue_counts
FROM import_run;

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

-- Counted from the reports (no cache: a view is always what the rows say). A device is its id
-- on one hardware model (marketing name, else model identifier): an id seen on two models is two
-- devices. The affected counts are exact only when every report carries the id
-- (reports_with_device_id, reports_with_user_id = report_count); else they are lower bounds.
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

-- Each Bugly issue with the crash groups it is linked to: the groups of the imported reports
-- that name the issue (`linked_by` 'issue id', `logs` those reports); else the groups of its
-- exception and reason (for a KVC failure its class, key and accessor), only those whose blame
-- frame is in the issue's key stack when any is ('exception, reason and key stack'; else
-- 'exception and reason'; `logs` the group's reports).
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

-- Bugly's counts of each issue, with how many crash groups it is linked to and how many of the
-- imported logs name it.
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

-- Usage rows with their rates, as the source counted them: `crash_rate` crashes per launch,
-- `device_crash_rate` crashed devices per active device, `crash_free_devices` (NULL where it
-- did not count both). The rate of the imported logs is the report's (`crashscan report`): per
-- usage row it would read every report once (a quarter of a second a row on a million reports).
CREATE VIEW usage_rates AS
SELECT day, app_version, os_version, launches, active_devices, crashes, crash_devices,
       CASE WHEN launches > 0 THEN 1.0 * crashes / launches END AS crash_rate,
       CASE WHEN active_devices > 0 THEN 1.0 * crash_devices / active_devices END AS device_crash_rate,
       CASE WHEN active_devices > 0 THEN 1.0 - 1.0 * crash_devices / active_devices END AS crash_free_devices,
       source, source_path, read_at
FROM app_usage;
