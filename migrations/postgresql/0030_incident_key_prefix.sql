-- crashscan schema for PostgreSQL, version 30: nothing changes. The SQLite migration 0030 looks up
-- a report's incident key by its first 16 hexadecimal digits, as 0023 did for the content hash,
-- so that the importer's random-order index stays a third of its size; PostgreSQL keeps its
-- index of whole keys, as it keeps its content hashes whole. The version is kept so that both
-- schemas number their migrations alike.
SELECT 1;
