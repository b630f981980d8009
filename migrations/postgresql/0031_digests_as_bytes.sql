-- crashscan schema for PostgreSQL, version 31: nothing changes. The SQLite migration 0031 keeps
-- the content hash, the incident key and a file's hash as their bytes instead of hexadecimal
-- digits, to keep its single file small; PostgreSQL keeps the digits, which its `report_hash`
-- and the importer's lookups (`= ANY(?::text[])`) compare. The version is kept so that both
-- schemas number their migrations alike.
SELECT 1;
