-- crashscan schema for PostgreSQL, version 18: the KVC failures of each group by kind and key
-- (see the SQLite migration 0018 for why). Kept once per statement, in key order, like the
-- failure cells of 0014; the importer's inserts are copied to the session's `pending_failure_key`
-- and added just before it commits.
CREATE TABLE failure_group_key (
    group_id bigint  NOT NULL REFERENCES crash_group (id) ON DELETE CASCADE,
    kind     text COLLATE "C" NOT NULL,
    has_key  boolean NOT NULL,
    key      text COLLATE "C" NOT NULL,
    failures bigint  NOT NULL,
    PRIMARY KEY (group_id, kind, has_key, key)
);

INSERT INTO failure_group_key (group_id, kind, has_key, key, failures)
SELECT r.group_id, k.kind, k.key IS NOT NULL, coalesce(k.key, ''), count(*)
FROM kvc_failure k JOIN report r ON r.id = k.report_id
GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4;

-- A failure's group, kind and key (a null key kept; the function tells it from '').
CREATE TYPE failure_key AS (group_id bigint, kind text COLLATE "C", key text COLLATE "C");

-- Adds (sign > 0) or removes (sign < 0) the failures `changes`.
CREATE FUNCTION failure_keys_change(sign integer, changes failure_key[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
    IF cardinality(changes) = 0 THEN
        RETURN;
    END IF;
    INSERT INTO failure_group_key (group_id, kind, has_key, key, failures)
    SELECT group_id, kind, key IS NOT NULL, coalesce(key, ''), sign * count(*) FROM unnest(changes)
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (group_id, kind, has_key, key) DO UPDATE SET failures = failure_group_key.failures + excluded.failures;
    IF sign < 0 THEN
        DELETE FROM failure_group_key t USING (SELECT DISTINCT group_id FROM unnest(changes)) f
        WHERE t.group_id = f.group_id AND t.failures <= 0;
    END IF;
END
$$;

-- Failures written, deleted or changed. Failures deleted with their reports find none here:
-- `report_key_delete` counted them.
CREATE FUNCTION kvc_failure_key_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' AND current_setting('crashscan.defer_tallies', true) = 'on' THEN
        INSERT INTO pg_temp.pending_failure_key
        SELECT r.group_id, n.kind, n.key FROM new_failures n JOIN report r ON r.id = n.report_id;
        RETURN NULL;
    END IF;
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
        PERFORM failure_keys_change(-1, ARRAY(
            SELECT ROW(r.group_id, o.kind, o.key)::failure_key
            FROM old_failures o JOIN report r ON r.id = o.report_id));
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
        PERFORM failure_keys_change(1, ARRAY(
            SELECT ROW(r.group_id, n.kind, n.key)::failure_key
            FROM new_failures n JOIN report r ON r.id = n.report_id));
    END IF;
    RETURN NULL;
END
$$;

CREATE TRIGGER kvc_failure_key_insert AFTER INSERT ON kvc_failure
REFERENCING NEW TABLE AS new_failures FOR EACH STATEMENT EXECUTE FUNCTION kvc_failure_key_change();
CREATE TRIGGER kvc_failure_key_update AFTER UPDATE ON kvc_failure
REFERENCING OLD TABLE AS old_failures NEW TABLE AS new_failures
FOR EACH STATEMENT EXECUTE FUNCTION kvc_failure_key_change();
CREATE TRIGGER kvc_failure_key_delete AFTER DELETE ON kvc_failure
REFERENCING OLD TABLE AS old_failures FOR EACH STATEMENT EXECUTE FUNCTION kvc_failure_key_change();

-- Reports that are failures, deleted or moved to another group. PostgreSQL fires a table's
-- triggers by name: `report_key_delete` runs before `report_tally_delete`, which deletes the
-- reports' `kvc_failure` rows.
CREATE FUNCTION report_key_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        PERFORM failure_keys_change(-1, ARRAY(
            SELECT ROW(o.group_id, k.kind, k.key)::failure_key
            FROM old_reports o JOIN kvc_failure k ON k.report_id = o.id));
        RETURN NULL;
    END IF;
    PERFORM failure_keys_change(-1, ARRAY(
        SELECT ROW(o.group_id, k.kind, k.key)::failure_key
        FROM old_reports o JOIN new_reports n ON n.id = o.id JOIN kvc_failure k ON k.report_id = o.id
        WHERE o.group_id IS DISTINCT FROM n.group_id));
    PERFORM failure_keys_change(1, ARRAY(
        SELECT ROW(n.group_id, k.kind, k.key)::failure_key
        FROM old_reports o JOIN new_reports n ON n.id = o.id JOIN kvc_failure k ON k.report_id = n.id
        WHERE o.group_id IS DISTINCT FROM n.group_id));
    RETURN NULL;
END
$$;

CREATE TRIGGER report_key_update AFTER UPDATE ON report
REFERENCING OLD TABLE AS old_reports NEW TABLE AS new_reports FOR EACH STATEMENT EXECUTE FUNCTION report_key_change();
CREATE TRIGGER report_key_delete AFTER DELETE ON report
REFERENCING OLD TABLE AS old_reports FOR EACH STATEMENT EXECUTE FUNCTION report_key_change();
