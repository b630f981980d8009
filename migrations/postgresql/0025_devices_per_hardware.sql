-- crashscan schema for PostgreSQL, version 25: as the SQLite migration 0025, `crash_groups`
-- counts a device as its id on one hardware model and says how many reports carry each id.

DROP VIEW IF EXISTS crash_groups;

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
       nullif(count(DISTINCT r.device_id || chr(31) || coalesce(r.device_name, r.device_model, '')), 0)
           AS affected_devices,
       nullif(count(DISTINCT r.user_id), 0) AS affected_users,
       count(r.device_id) AS reports_with_device_id,
       count(r.user_id) AS reports_with_user_id
FROM crash_group g
JOIN report r ON r.group_id = g.id
GROUP BY g.id;
