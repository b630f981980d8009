-- crashscan schema, version 2: the documented views (README, "Querying the database").
-- Their columns are a public interface: add columns in new migrations, never rename or drop.

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
       r.blame_frame
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
       r.os_patch
FROM kvc_failure k
JOIN report r ON r.id = k.report_id;

-- first_seen / last_seen use the time the crash occurred, else its upload time (null when no
-- report of the group carries a time). device_count counts distinct models (the identifier, or
-- the name when only the name is known).
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
       count(DISTINCT coalesce(r.device_model, r.device_name)) AS device_count,
       g.kind,
       g.accessor,
       g.key_is_private,
       g.cause,
       g.reason
FROM crash_group g
JOIN report r ON r.group_id = g.id
GROUP BY g.id;

CREATE VIEW recommendations AS
SELECT rec.group_id,
       rec.rule_id,
       rec.fix,
       rec.title,
       rec.detail,
       rec.rule_source,
       g.fingerprint
FROM recommendation rec
JOIN crash_group g ON g.id = rec.group_id;

CREATE VIEW import_runs AS
SELECT id, started_at, finished_at, crashscan_version, arguments, files, reports_imported, duplicates,
       rejected, kvc_failures
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
       run.started_at
FROM import_file f
JOIN import_run run ON run.id = f.run_id;
