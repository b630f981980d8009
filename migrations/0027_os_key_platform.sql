-- crashscan schema, version 27: an OS version names its platform. `os_key` starts at the
-- platform's base (iOS 0, macOS 100000000, tvOS 200000000, watchOS 300000000, visionOS
-- 400000000), so that `report --os 10` (an iOS filter) no longer takes in macOS 10.15, and a
-- platform alone is one range of keys (`--platform macos`). `os_version` of a report from another
-- platform than iOS carries the platform's name (`macOS 10.15.7`), so that no list of versions
-- reads it as iOS. `os_key` moves to the end of `report` (SQLite adds a column there).

ALTER TABLE report DROP COLUMN os_key;
-- Platform base + major * 1000000 + minor * 1000 + patch: one integer for OS ranges (NULL
-- without a version).
ALTER TABLE report ADD COLUMN os_key INTEGER GENERATED ALWAYS AS (
    CASE os_platform WHEN 'macOS' THEN 100000000 WHEN 'tvOS' THEN 200000000 WHEN 'watchOS' THEN 300000000
                     WHEN 'visionOS' THEN 400000000 ELSE 0 END
    + os_major * 1000000 + coalesce(os_minor, 0) * 1000 + coalesce(os_patch, 0)
) VIRTUAL;

UPDATE report SET os_version = os_platform || ' ' || os_version
WHERE os_platform IN ('macOS', 'tvOS', 'watchOS', 'visionOS') AND os_version IS NOT NULL
  AND substr(os_version, 1, length(os_platform) + 1) <> os_platform || ' ';

-- The keys changed under the caches that keep them: they are rebuilt from the rows.
UPDATE cache_state SET stale = 1;
