-- crashscan schema, version 26: every view that names a group carries the id the commands show
-- (`group_key`, the first 8 hex digits of the group's fingerprint, as `report`, `explain`, `fixed`
-- and `symbolicate` print it), beside the row id `group_id`, so that a query's rows can be given
-- back to a command. The columns are added last: a view's columns only ever grow.

DROP VIEW IF EXISTS recommendations;
DROP VIEW IF EXISTS reports;
DROP VIEW IF EXISTS kvc_failures;
DROP VIEW IF EXISTS crash_groups;

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
