-- crashscan schema, version 13: who is affected. Crash services rank a crash by the devices and
-- users it hits, not by its count (one device crashing 500 times is not 500 users), so each report
-- keeps the anonymous ids its source gives: `device_id` (Bugly `deviceId` and `RDM DeviceId`,
-- Apple's `CrashReporter Key` and `.ips` `crashReporterKey`, KSCrash `device_app_hash`) and
-- `user_id` (Bugly `userId` and `RDM user id`, KSCrash's user block). Nothing else about a user is
-- stored. `source_issue_id` and `source_crash_id` are Bugly's `issueId` and `crashId`;
-- `source_url` the Bugly console page of the issue when the app id is known. Null when the source
-- does not say; reports imported before this version have none.

ALTER TABLE report ADD COLUMN device_id TEXT;
ALTER TABLE report ADD COLUMN user_id TEXT;
ALTER TABLE report ADD COLUMN source_issue_id TEXT;
ALTER TABLE report ADD COLUMN source_crash_id TEXT;
ALTER TABLE report ADD COLUMN source_url TEXT;

-- affected_devices / affected_users count distinct ids; null (never 0) when no report of the
-- group carries one, because "no id" is not "nobody".
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
       g.class_origin,
       nullif(count(DISTINCT r.device_id), 0) AS affected_devices,
       nullif(count(DISTINCT r.user_id), 0) AS affected_users
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
       r.symbolication,
       r.text_repairs,
       r.device_id,
       r.user_id,
       r.source_issue_id,
       r.source_crash_id,
       r.source_url
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
       k.evidence,
       r.device_id,
       r.user_id
FROM kvc_failure k
JOIN report r ON r.id = k.report_id;
