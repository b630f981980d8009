-- crashscan schema for PostgreSQL, version 29: nothing changes. The SQLite migration 0029 checks
-- the closed vocabularies of `import_file.outcome`, `kvc_failure.kind` and `kvc_failure.cause` by
-- comparisons joined by OR, because SQLite builds a temporary table for an IN list of three or
-- more values at every row written; PostgreSQL compares an IN list in place. The version is kept
-- so that both schemas number their migrations alike.
SELECT 1;
