-- crashscan schema, version 4: the frames of one representative report are kept on its crash
-- group (what `explain` shows), instead of on every report: at hundreds of thousands of reports
-- per-report stacks were most of the database. `report.frames` stays for older databases.

ALTER TABLE crash_group ADD COLUMN sample_frames TEXT;
ALTER TABLE crash_group ADD COLUMN sample_report_path TEXT;

UPDATE crash_group
SET sample_frames = (SELECT frames FROM report WHERE report.group_id = crash_group.id
                     ORDER BY length(frames) DESC, id LIMIT 1),
    sample_report_path = (SELECT source_path FROM report WHERE report.group_id = crash_group.id
                          ORDER BY length(frames) DESC, id LIMIT 1);

-- The evidence looks up the other reports of the same app by OS version.
CREATE INDEX report_app_os ON report (coalesce(process_name, app_image), os_key);

-- The whole evidence behind a recommendation (JSON, the report's `evidence` object), so that a
-- report on a large database reads it instead of recomputing it.
ALTER TABLE recommendation ADD COLUMN evidence_json TEXT;
