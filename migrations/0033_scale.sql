-- crashscan schema, version 33: scale beside the sampled logs. Bugly's own counts of an issue
-- (from its issue list, an issue-list sheet, or the header of a copied issue page) and usage, the
-- denominator of crash rates (Bugly's crash trend, or a usage sheet). Both are kept as the last
-- file read gave them: a later export replaces an earlier one for the same issue or the same
-- day, app version and OS version.

ALTER TABLE import_run ADD COLUMN usage_rows INTEGER NOT NULL DEFAULT 0;
ALTER TABLE import_run ADD COLUMN issue_counts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE import_file ADD COLUMN usage_rows INTEGER NOT NULL DEFAULT 0;
ALTER TABLE import_file ADD COLUMN issue_counts INTEGER NOT NULL DEFAULT 0;

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

DROP VIEW import_runs;
CREATE VIEW import_runs AS
SELECT id, started_at, finished_at, crashscan_version, arguments, files, reports_imported, duplicates,
       rejected, kvc_failures, skipped, usage_rows, issue_counts
FROM import_run;

DROP VIEW import_files;
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
