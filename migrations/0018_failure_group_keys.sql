-- crashscan schema, version 18: the KVC failures of each group by kind and key, kept current as
-- reports arrive. `report --key` and `--kind` read every failure of the selection (on a million
-- reports `--key _placeholderLabel` took 0.52 s), although a group's fingerprint holds its
-- failures' kind and key, so that the filter keeps or drops whole groups. With this count
-- `report` checks that no group has failures on both sides of the filter and then sums the
-- failure cells of the groups it keeps, as it does for `--os`; when a group is split (a hand edit
-- of `kvc_failure`) it reads the failures as before.
-- `has_key` is 0 for a failure without a key (its `key` is then ''), so that a key filter never
-- takes the missing key for the empty one.

CREATE TABLE failure_group_key (
    group_id INTEGER NOT NULL REFERENCES crash_group (id) ON DELETE CASCADE,
    kind     TEXT    NOT NULL,
    has_key  INTEGER NOT NULL,
    key      TEXT    NOT NULL,
    failures INTEGER NOT NULL,
    PRIMARY KEY (group_id, kind, has_key, key)
) WITHOUT ROWID;

INSERT INTO failure_group_key (group_id, kind, has_key, key, failures)
SELECT r.group_id, k.kind, k.key IS NOT NULL, coalesce(k.key, ''), count(*)
FROM kvc_failure k JOIN report r ON r.id = k.report_id
GROUP BY 1, 2, 3, 4;

-- A failure is counted when its row is written (the importer, which silences this trigger
-- through `tally_deferral`, adds its transaction's failures once before it commits), and moves
-- with its report's group and its own kind and key.
CREATE TRIGGER kvc_failure_key_insert AFTER INSERT ON kvc_failure
WHEN NOT EXISTS (SELECT 1 FROM tally_deferral)
BEGIN
    INSERT INTO failure_group_key (group_id, kind, has_key, key, failures)
    SELECT group_id, NEW.kind, NEW.key IS NOT NULL, coalesce(NEW.key, ''), 1 FROM report WHERE id = NEW.report_id
    ON CONFLICT (group_id, kind, has_key, key) DO UPDATE SET failures = failures + 1;
END;

-- Failures deleted with their report find no report here: `report_key_delete` counted them.
CREATE TRIGGER kvc_failure_key_delete AFTER DELETE ON kvc_failure BEGIN
    UPDATE failure_group_key SET failures = failures - 1
    WHERE group_id = (SELECT group_id FROM report WHERE id = OLD.report_id) AND kind = OLD.kind
      AND has_key = (OLD.key IS NOT NULL) AND key = coalesce(OLD.key, '');
    DELETE FROM failure_group_key
    WHERE group_id = (SELECT group_id FROM report WHERE id = OLD.report_id) AND failures <= 0;
END;

CREATE TRIGGER kvc_failure_key_update AFTER UPDATE OF report_id, kind, key ON kvc_failure
WHEN OLD.report_id IS NOT NEW.report_id OR OLD.kind IS NOT NEW.kind OR OLD.key IS NOT NEW.key
BEGIN
    UPDATE failure_group_key SET failures = failures - 1
    WHERE group_id = (SELECT group_id FROM report WHERE id = OLD.report_id) AND kind = OLD.kind
      AND has_key = (OLD.key IS NOT NULL) AND key = coalesce(OLD.key, '');
    DELETE FROM failure_group_key
    WHERE group_id = (SELECT group_id FROM report WHERE id = OLD.report_id) AND failures <= 0;
    INSERT INTO failure_group_key (group_id, kind, has_key, key, failures)
    SELECT group_id, NEW.kind, NEW.key IS NOT NULL, coalesce(NEW.key, ''), 1 FROM report WHERE id = NEW.report_id
    ON CONFLICT (group_id, kind, has_key, key) DO UPDATE SET failures = failures + 1;
END;

CREATE TRIGGER report_key_delete BEFORE DELETE ON report
WHEN EXISTS (SELECT 1 FROM kvc_failure WHERE report_id = OLD.id)
BEGIN
    UPDATE failure_group_key SET failures = failures - 1
    WHERE group_id = OLD.group_id
      AND (kind, has_key, key) = (SELECT kind, key IS NOT NULL, coalesce(key, '') FROM kvc_failure WHERE report_id = OLD.id);
    DELETE FROM failure_group_key WHERE group_id = OLD.group_id AND failures <= 0;
END;

CREATE TRIGGER report_key_update AFTER UPDATE OF group_id ON report
WHEN OLD.group_id IS NOT NEW.group_id AND EXISTS (SELECT 1 FROM kvc_failure WHERE report_id = NEW.id)
BEGIN
    UPDATE failure_group_key SET failures = failures - 1
    WHERE group_id = OLD.group_id
      AND (kind, has_key, key) = (SELECT kind, key IS NOT NULL, coalesce(key, '') FROM kvc_failure WHERE report_id = NEW.id);
    DELETE FROM failure_group_key WHERE group_id = OLD.group_id AND failures <= 0;
    INSERT INTO failure_group_key (group_id, kind, has_key, key, failures)
    SELECT NEW.group_id, kind, key IS NOT NULL, coalesce(key, ''), 1 FROM kvc_failure WHERE report_id = NEW.id
    ON CONFLICT (group_id, kind, has_key, key) DO UPDATE SET failures = failures + 1;
END;
