-- crashscan schema for PostgreSQL, version 23: nothing changes. The SQLite migration 0023 looks up
-- a report's content hash and a file's hash by their first 16 hexadecimal digits, so that the
-- importer's two random-order indexes stay a third of their size; PostgreSQL claims each content
-- hash in `report_hash` (version 1) and keeps its indexes as they are. The version is kept so that
-- both schemas number their migrations alike.
SELECT 1;
