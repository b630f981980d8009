-- crashscan schema for PostgreSQL, version 27: as the SQLite migration 0027, `os_key` starts at
-- the OS platform's base (iOS 0, macOS 100000000, tvOS 200000000, watchOS 300000000, visionOS
-- 400000000), and `os_version` of a report from another platform than iOS carries its name
-- (`macOS 10.15.7`).

ALTER TABLE report DROP COLUMN os_key;
-- Platform base + major * 1000000 + minor * 1000 + patch: one integer for OS ranges (NULL
-- without a version).
ALTER TABLE report ADD COLUMN os_key bigint GENERATED ALWAYS AS (
    CASE os_platform WHEN 'macOS' THEN 100000000 WHEN 'tvOS' THEN 200000000 WHEN 'watchOS' THEN 300000000
                     WHEN 'visionOS' THEN 400000000 ELSE 0 END
    + os_major::bigint * 1000000 + coalesce(os_minor, 0) * 1000 + coalesce(os_patch, 0)
) STORED;

UPDATE report SET os_version = os_platform || ' ' || os_version
WHERE os_platform IN ('macOS', 'tvOS', 'watchOS', 'visionOS') AND os_version IS NOT NULL
  AND substr(os_version, 1, length(os_platform) + 1) <> os_platform || ' ';

-- The keys changed under the caches that keep them: they are rebuilt from the rows.
UPDATE cache_state SET stale = true;
