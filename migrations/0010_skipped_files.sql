-- crashscan:foreign-keys-off
-- crashscan schema, version 10: a file that holds no crash report (a README, a .DS_Store, an .ips
-- hang report) is `skipped`, not `rejected`; `rejected` is kept for files that look like crash
-- reports and cannot be read. The outcome's CHECK constraint can only change by rebuilding the
-- table (SQLite's procedure: foreign keys off around the migration, which the first line asks
-- the migrator for, and a foreign-key check before the commit).

CREATE TABLE import_file_v10 (
    id               INTEGER PRIMARY KEY,
    run_id           INTEGER NOT NULL REFERENCES import_run (id) ON DELETE CASCADE,
    path             TEXT    NOT NULL,
    outcome          TEXT    NOT NULL CHECK (outcome IN ('imported', 'duplicate', 'rejected', 'skipped')),
    reason           TEXT,
    source_format    TEXT,
    reports_imported INTEGER NOT NULL DEFAULT 0,
    duplicates       INTEGER NOT NULL DEFAULT 0,
    bytes            INTEGER,
    file_hash        TEXT,
    parser_revision  TEXT
);
INSERT INTO import_file_v10 (id, run_id, path, outcome, reason, source_format, reports_imported, duplicates, bytes,
                             file_hash, parser_revision)
SELECT id, run_id, path, outcome, reason, source_format, reports_imported, duplicates, bytes, file_hash,
       parser_revision
FROM import_file;

DROP VIEW IF EXISTS import_files;
DROP TABLE import_file;
ALTER TABLE import_file_v10 RENAME TO import_file;
CREATE INDEX import_file_run ON import_file (run_id);
CREATE INDEX import_file_hash ON import_file (file_hash) WHERE file_hash IS NOT NULL;

-- Files earlier versions rejected for holding no crash (by their reason) become skipped.
UPDATE import_file SET outcome = 'skipped'
WHERE outcome = 'rejected'
  AND (reason LIKE 'no crash report found%' OR reason LIKE 'empty file%' OR reason LIKE 'binary content%'
       OR reason LIKE 'Apple .ips of bug_type%' OR reason LIKE 'JSON that is not a crash report%'
       OR reason LIKE 'MetricKit payload without crash diagnostics%' OR reason LIKE 'archive without files%'
       OR reason LIKE 'KSCrash JSON without a crash%' OR reason LIKE 'Sentry event without an exception%');

ALTER TABLE import_run ADD COLUMN skipped INTEGER NOT NULL DEFAULT 0;
UPDATE import_run
SET skipped = (SELECT count(*) FROM import_file f WHERE f.run_id = import_run.id AND f.outcome = 'skipped');
UPDATE import_run SET rejected = max(rejected - skipped, 0);

DROP VIEW IF EXISTS import_runs;
CREATE VIEW import_runs AS
SELECT id, started_at, finished_at, crashscan_version, arguments, files, reports_imported, duplicates,
       rejected, kvc_failures, skipped
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
