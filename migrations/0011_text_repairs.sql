-- crashscan schema, version 11: text that was not valid in its encoding (one invalid UTF-8 byte,
-- a character cut off by a truncated upload, a Latin-1 `é` in a UTF-8 paste) is read with each
-- invalid sequence replaced by U+FFFD instead of refusing the report. `text_repairs` counts the
-- sequences replaced in the report's file; 0 when the text was valid.

ALTER TABLE report ADD COLUMN text_repairs INTEGER NOT NULL DEFAULT 0;

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
       r.text_repairs
FROM report r;
