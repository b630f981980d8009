-- crashscan schema for PostgreSQL, version 17: nothing. The SQLite migration keeps the indexes a
-- large import leaves out until it has written its reports; on PostgreSQL several importers write
-- at once, each commits every batch, and `report` may run meanwhile, so its importer drops none.
-- The file keeps the two schemas' version numbers in step.
SELECT 1;
