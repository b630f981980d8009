-- crashscan:foreign-keys-off
-- crashscan:rebuilds import_file
-- crashscan:rebuilds kvc_failure
-- crashscan schema, version 29: the closed vocabularies of `import_file.outcome`, `kvc_failure.kind`
-- and `kvc_failure.cause` are checked as comparisons joined by OR instead of IN lists. SQLite
-- checks an IN list of three or more values by building a temporary table of them for every row
-- written, which cost the importer's writer 50,000 instructions a report (a tenth of its work);
-- the values accepted are the same. A CHECK constraint can only change by rebuilding the table
-- (SQLite's procedure: foreign keys off around the migration, which the first line asks the
-- migrator for; the migrator keeps the tables' indexes and triggers, which the lines above name).

CREATE TABLE import_file_v29 (
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
    file_hash        TEXT,
    parser_revision  TEXT
);
INSERT INTO import_file_v29 (id, run_id, path, outcome, reason, source_format, reports_imported, duplicates, bytes,
                             file_hash, parser_revision)
SELECT id, run_id, path, outcome, reason, source_format, reports_imported, duplicates, bytes, file_hash,
       parser_revision
FROM import_file;
DROP TABLE import_file;
ALTER TABLE import_file_v29 RENAME TO import_file;

CREATE TABLE kvc_failure_v29 (
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
INSERT INTO kvc_failure_v29 (report_id, kind, accessor, receiver_class, key, key_is_private, cause, evidence,
                             class_origin, class_origin_reason)
SELECT report_id, kind, accessor, receiver_class, key, key_is_private, cause, evidence, class_origin,
       class_origin_reason
FROM kvc_failure;
DROP TABLE kvc_failure;
ALTER TABLE kvc_failure_v29 RENAME TO kvc_failure;
