-- crashscan schema, version 3: evidence behind each recommendation, and the app versions a team
-- marked as fixing a group (`crashscan fixed`).

ALTER TABLE recommendation ADD COLUMN confidence TEXT;
ALTER TABLE recommendation ADD COLUMN confidence_reason TEXT;
-- "8.1 – 8.1.3": the lowest and highest OS version that crashed.
ALTER TABLE recommendation ADD COLUMN affected_os TEXT;
-- "8.1:1;8.1.2:1;8.1.3:3": crashing versions with their report counts.
ALTER TABLE recommendation ADD COLUMN crash_os_versions TEXT;
-- Versions the same app ran (in this database) without this crash, with report counts.
ALTER TABLE recommendation ADD COLUMN clean_os_versions TEXT;
-- 1 when every crash ran an OS inside the rule's failing window, 0 when some did not, null when
-- the rule has no window or no report gave its OS.
ALTER TABLE recommendation ADD COLUMN confined_to_failing_os INTEGER;
ALTER TABLE recommendation ADD COLUMN app_versions TEXT;
ALTER TABLE recommendation ADD COLUMN fixed_in TEXT;
ALTER TABLE recommendation ADD COLUMN regressed INTEGER NOT NULL DEFAULT 0;

CREATE TABLE group_fix (
    group_id INTEGER PRIMARY KEY REFERENCES crash_group (id) ON DELETE CASCADE,
    fixed_in TEXT NOT NULL,
    noted_at TEXT NOT NULL
);

DROP VIEW recommendations;
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
       rec.regressed
FROM recommendation rec
JOIN crash_group g ON g.id = rec.group_id;
