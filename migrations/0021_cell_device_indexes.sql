-- crashscan schema, version 21: `--device` reads its failure cells from the index it selects them
-- with, which now holds every column `report` reads (as version 20's index by OS key does). The
-- 4,356 cells of "iPhone 6 Plus" on a million reports were found in the index by name and then
-- read from the table, a page for nearly each (2,584 page reads in the sqlite3 shell, 140 now);
-- the cells and the ids joined to them read in 30–36 ms instead of 48–51 ms (Python's sqlite3,
-- 10 alternate runs, medians).
DROP INDEX failure_cell_model;
CREATE INDEX failure_cell_model ON failure_cell (device_model COLLATE NOCASE, os_key, group_id, device_model,
                                                 device_name, os_version, app_version, failures, first_seen,
                                                 last_seen, seen_stale);
DROP INDEX failure_cell_name;
CREATE INDEX failure_cell_name ON failure_cell (device_name COLLATE NOCASE, os_key, group_id, device_model,
                                                device_name, os_version, app_version, failures, first_seen,
                                                last_seen, seen_stale);
