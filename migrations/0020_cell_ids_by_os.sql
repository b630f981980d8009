-- crashscan schema, version 20: the device and user ids of the failure cells (version 14) kept as
-- numbers, in the order of the cells' OS keys. `report --os 8.1` on a million reports read the ids
-- of its 8,417 cells from all over the two tables (keyed by cell id, so in the order the cells were
-- made): 17,903 page reads, then a hash of every id's text. Keyed by OS key first, an OS filter
-- reads one range of each table, and the ids are counted as bits. (The device table takes 1,416
-- pages instead of 3,730; the user table 1,201 instead of 1,052, its ids being short texts.)
-- Every id a failure has is numbered now (version 19 numbered those of failures with a time).

INSERT INTO device_number (device_id)
SELECT DISTINCT device_id FROM failure_cell_device WHERE TRUE ORDER BY 1
ON CONFLICT (device_id) DO NOTHING;
INSERT INTO user_number (user_id)
SELECT DISTINCT user_id FROM failure_cell_user WHERE TRUE ORDER BY 1
ON CONFLICT (user_id) DO NOTHING;

-- The parent key of the id tables: a cell's ids go with it (deleting a group deletes its cells).
-- It replaces the index on the OS key alone, whose entries it holds.
CREATE UNIQUE INDEX failure_cell_os_id ON failure_cell (os_key, id);
DROP INDEX failure_cell_os;
-- The cells of an OS range as one range of an index that holds every column `report` reads (the
-- 8,417 cells of iOS 8.1 on a million reports: 4–7 ms instead of 15–19 ms through the table).
CREATE INDEX failure_cell_os_cells ON failure_cell (os_key, group_id, device_model, device_name, os_version,
                                                    app_version, failures, first_seen, last_seen, seen_stale);

CREATE TABLE failure_cell_device_v20 (
    os_key    INTEGER NOT NULL,
    cell_id   INTEGER NOT NULL,
    device_no INTEGER NOT NULL,
    failures  INTEGER NOT NULL,
    PRIMARY KEY (os_key, cell_id, device_no),
    FOREIGN KEY (os_key, cell_id) REFERENCES failure_cell (os_key, id) ON DELETE CASCADE
) WITHOUT ROWID;
CREATE TABLE failure_cell_user_v20 (
    os_key   INTEGER NOT NULL,
    cell_id  INTEGER NOT NULL,
    user_no  INTEGER NOT NULL,
    failures INTEGER NOT NULL,
    PRIMARY KEY (os_key, cell_id, user_no),
    FOREIGN KEY (os_key, cell_id) REFERENCES failure_cell (os_key, id) ON DELETE CASCADE
) WITHOUT ROWID;

INSERT INTO failure_cell_device_v20 (os_key, cell_id, device_no, failures)
SELECT c.os_key, t.cell_id, d.id, t.failures
FROM failure_cell_device t JOIN failure_cell c ON c.id = t.cell_id JOIN device_number d ON d.device_id = t.device_id
ORDER BY 1, 2, 3;
INSERT INTO failure_cell_user_v20 (os_key, cell_id, user_no, failures)
SELECT c.os_key, t.cell_id, u.id, t.failures
FROM failure_cell_user t JOIN failure_cell c ON c.id = t.cell_id JOIN user_number u ON u.user_id = t.user_id
ORDER BY 1, 2, 3;

-- The trigger names the tables: it goes first, and comes back below.
DROP TRIGGER failure_cell_change_apply;
DROP TABLE failure_cell_device;
DROP TABLE failure_cell_user;
ALTER TABLE failure_cell_device_v20 RENAME TO failure_cell_device;
ALTER TABLE failure_cell_user_v20 RENAME TO failure_cell_user;

-- The one trigger every failure entering or leaving a cell passes through: version 19's body with
-- the ids numbered first, and the id tables written by OS key, cell and number.

CREATE TRIGGER failure_cell_change_apply INSTEAD OF INSERT ON failure_cell_change BEGIN
    INSERT INTO failure_cell (group_id, device_model, device_name, os_version, os_key, app_version, failures,
                              first_seen, last_seen)
    SELECT NEW.group_id, NEW.device_model, NEW.device_name, NEW.os_version, NEW.os_key, NEW.app_version, 1,
           NEW.seen, NEW.seen
    WHERE NEW.sign > 0
    ON CONFLICT (group_id, device_model, device_name, os_version, os_key, app_version) DO UPDATE SET
        failures = failures + 1,
        first_seen = CASE WHEN first_seen IS NULL OR excluded.first_seen < first_seen
                          THEN excluded.first_seen ELSE first_seen END,
        last_seen = CASE WHEN last_seen IS NULL OR excluded.last_seen > last_seen
                         THEN excluded.last_seen ELSE last_seen END;
    -- Every id numbered (version 20; version 19 numbered those of failures with a time).
    INSERT INTO device_number (device_id) SELECT NEW.device_id WHERE NEW.sign > 0 AND NEW.device_id IS NOT NULL
    ON CONFLICT (device_id) DO NOTHING;
    INSERT INTO user_number (user_id) SELECT NEW.user_id WHERE NEW.sign > 0 AND NEW.user_id IS NOT NULL
    ON CONFLICT (user_id) DO NOTHING;
    INSERT INTO failure_cell_device (os_key, cell_id, device_no, failures)
    SELECT NEW.os_key, id, (SELECT d.id FROM device_number d WHERE d.device_id = NEW.device_id), NEW.sign
    FROM failure_cell
    WHERE group_id = NEW.group_id AND device_model = NEW.device_model AND device_name = NEW.device_name
      AND os_version = NEW.os_version AND os_key = NEW.os_key AND app_version = NEW.app_version
      AND NEW.device_id IS NOT NULL
    ON CONFLICT (os_key, cell_id, device_no) DO UPDATE SET failures = failures + excluded.failures;
    INSERT INTO failure_cell_user (os_key, cell_id, user_no, failures)
    SELECT NEW.os_key, id, (SELECT u.id FROM user_number u WHERE u.user_id = NEW.user_id), NEW.sign
    FROM failure_cell
    WHERE group_id = NEW.group_id AND device_model = NEW.device_model AND device_name = NEW.device_name
      AND os_version = NEW.os_version AND os_key = NEW.os_key AND app_version = NEW.app_version
      AND NEW.user_id IS NOT NULL
    ON CONFLICT (os_key, cell_id, user_no) DO UPDATE SET failures = failures + excluded.failures;
    -- The failure at its time (version 19), before its cell can go below.
    INSERT INTO failure_seen (seen, cell_id, device_no, user_no, failures)
    SELECT NEW.seen, id, coalesce((SELECT d.id FROM device_number d WHERE d.device_id = NEW.device_id), 0),
           coalesce((SELECT u.id FROM user_number u WHERE u.user_id = NEW.user_id), 0), NEW.sign
    FROM failure_cell
    WHERE group_id = NEW.group_id AND device_model = NEW.device_model AND device_name = NEW.device_name
      AND os_version = NEW.os_version AND os_key = NEW.os_key AND app_version = NEW.app_version
      AND NEW.seen IS NOT NULL
    ON CONFLICT (seen, cell_id, device_no, user_no) DO UPDATE SET failures = failures + excluded.failures;
    DELETE FROM failure_seen
    WHERE NEW.sign < 0 AND seen = NEW.seen AND failures <= 0
      AND device_no = coalesce((SELECT d.id FROM device_number d WHERE d.device_id = NEW.device_id), 0)
      AND user_no = coalesce((SELECT u.id FROM user_number u WHERE u.user_id = NEW.user_id), 0)
      AND cell_id = (SELECT id FROM failure_cell
                     WHERE group_id = NEW.group_id AND device_model = NEW.device_model
                       AND device_name = NEW.device_name AND os_version = NEW.os_version
                       AND os_key = NEW.os_key AND app_version = NEW.app_version);
    INSERT INTO failure_group_device (group_id, device_id, failures)
    SELECT NEW.group_id, NEW.device_id, NEW.sign WHERE NEW.device_id IS NOT NULL
    ON CONFLICT (group_id, device_id) DO UPDATE SET failures = failures + excluded.failures;
    INSERT INTO failure_group_user (group_id, user_id, failures)
    SELECT NEW.group_id, NEW.user_id, NEW.sign WHERE NEW.user_id IS NOT NULL
    ON CONFLICT (group_id, user_id) DO UPDATE SET failures = failures + excluded.failures;
    INSERT INTO failure_device (device_id, failures)
    SELECT NEW.device_id, NEW.sign WHERE NEW.device_id IS NOT NULL
    ON CONFLICT (device_id) DO UPDATE SET failures = failures + excluded.failures;
    INSERT INTO failure_user (user_id, failures)
    SELECT NEW.user_id, NEW.sign WHERE NEW.user_id IS NOT NULL
    ON CONFLICT (user_id) DO UPDATE SET failures = failures + excluded.failures;
    DELETE FROM failure_group_device
    WHERE NEW.sign < 0 AND group_id = NEW.group_id AND device_id = NEW.device_id AND failures <= 0;
    DELETE FROM failure_group_user
    WHERE NEW.sign < 0 AND group_id = NEW.group_id AND user_id = NEW.user_id AND failures <= 0;
    DELETE FROM failure_device WHERE NEW.sign < 0 AND device_id = NEW.device_id AND failures <= 0;
    DELETE FROM failure_user WHERE NEW.sign < 0 AND user_id = NEW.user_id AND failures <= 0;
    DELETE FROM failure_cell_device
    WHERE NEW.sign < 0 AND os_key = NEW.os_key AND failures <= 0
      AND device_no = (SELECT d.id FROM device_number d WHERE d.device_id = NEW.device_id)
      AND cell_id = (SELECT id FROM failure_cell
                     WHERE group_id = NEW.group_id AND device_model = NEW.device_model
                       AND device_name = NEW.device_name AND os_version = NEW.os_version
                       AND os_key = NEW.os_key AND app_version = NEW.app_version);
    DELETE FROM failure_cell_user
    WHERE NEW.sign < 0 AND os_key = NEW.os_key AND failures <= 0
      AND user_no = (SELECT u.id FROM user_number u WHERE u.user_id = NEW.user_id)
      AND cell_id = (SELECT id FROM failure_cell
                     WHERE group_id = NEW.group_id AND device_model = NEW.device_model
                       AND device_name = NEW.device_name AND os_version = NEW.os_version
                       AND os_key = NEW.os_key AND app_version = NEW.app_version);
    UPDATE failure_cell
    SET failures = failures - 1,
        seen_stale = CASE WHEN NEW.seen = first_seen OR NEW.seen = last_seen THEN 1 ELSE seen_stale END
    WHERE NEW.sign < 0 AND group_id = NEW.group_id AND device_model = NEW.device_model
      AND device_name = NEW.device_name AND os_version = NEW.os_version AND os_key = NEW.os_key
      AND app_version = NEW.app_version;
    DELETE FROM failure_cell
    WHERE NEW.sign < 0 AND failures <= 0 AND group_id = NEW.group_id AND device_model = NEW.device_model
      AND device_name = NEW.device_name AND os_version = NEW.os_version AND os_key = NEW.os_key
      AND app_version = NEW.app_version;
END;
