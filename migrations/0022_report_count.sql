-- crashscan schema, version 22: the reports counted by OS key, device and app version
-- (`report_count`), kept at import as the reports per day are (version 19). `report --os 8.1` and
-- `--device "iPhone 6 Plus"` on a million reports counted their reports from an index, one entry
-- a report (66,588 for iOS 8.1: a tenth of either report's instructions); the same count is a sum
-- over this table's rows (14,279 for the million reports, one range of them for an OS filter). A
-- missing value is stored as the failure cells store it (version 14): '' and -1 for `os_key`.

CREATE TABLE report_count (
    os_key       INTEGER NOT NULL,
    device_model TEXT    NOT NULL,
    device_name  TEXT    NOT NULL,
    app_version  TEXT    NOT NULL,
    reports      INTEGER NOT NULL,
    PRIMARY KEY (os_key, device_model, device_name, app_version)
) WITHOUT ROWID;

INSERT INTO report_count (os_key, device_model, device_name, app_version, reports)
SELECT coalesce(os_key, -1), coalesce(device_model, ''), coalesce(device_name, ''), coalesce(app_version, ''),
       count(*)
FROM report GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4;

-- The importer silences the insert trigger inside its transactions (`tally_deferral`, version 8)
-- and adds its reports' cells once before it commits.
CREATE TRIGGER report_count_insert AFTER INSERT ON report
WHEN NOT EXISTS (SELECT 1 FROM tally_deferral)
BEGIN
    INSERT INTO report_count (os_key, device_model, device_name, app_version, reports)
    VALUES (coalesce(NEW.os_key, -1), coalesce(NEW.device_model, ''), coalesce(NEW.device_name, ''),
            coalesce(NEW.app_version, ''), 1)
    ON CONFLICT (os_key, device_model, device_name, app_version) DO UPDATE SET reports = reports + 1;
END;

CREATE TRIGGER report_count_delete AFTER DELETE ON report
BEGIN
    UPDATE report_count SET reports = reports - 1
    WHERE os_key = coalesce(OLD.os_key, -1) AND device_model = coalesce(OLD.device_model, '')
      AND device_name = coalesce(OLD.device_name, '') AND app_version = coalesce(OLD.app_version, '');
    DELETE FROM report_count
    WHERE os_key = coalesce(OLD.os_key, -1) AND device_model = coalesce(OLD.device_model, '')
      AND device_name = coalesce(OLD.device_name, '') AND app_version = coalesce(OLD.app_version, '')
      AND reports <= 0;
END;

CREATE TRIGGER report_count_update AFTER UPDATE OF os_key, device_model, device_name, app_version ON report
WHEN OLD.os_key IS NOT NEW.os_key OR OLD.device_model IS NOT NEW.device_model
     OR OLD.device_name IS NOT NEW.device_name OR OLD.app_version IS NOT NEW.app_version
BEGIN
    UPDATE report_count SET reports = reports - 1
    WHERE os_key = coalesce(OLD.os_key, -1) AND device_model = coalesce(OLD.device_model, '')
      AND device_name = coalesce(OLD.device_name, '') AND app_version = coalesce(OLD.app_version, '');
    DELETE FROM report_count
    WHERE os_key = coalesce(OLD.os_key, -1) AND device_model = coalesce(OLD.device_model, '')
      AND device_name = coalesce(OLD.device_name, '') AND app_version = coalesce(OLD.app_version, '')
      AND reports <= 0;
    INSERT INTO report_count (os_key, device_model, device_name, app_version, reports)
    VALUES (coalesce(NEW.os_key, -1), coalesce(NEW.device_model, ''), coalesce(NEW.device_name, ''),
            coalesce(NEW.app_version, ''), 1)
    ON CONFLICT (os_key, device_model, device_name, app_version) DO UPDATE SET reports = reports + 1;
END;
