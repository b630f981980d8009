-- crashscan schema for PostgreSQL, version 32: a report given another id by hand
-- (`UPDATE report SET id = id + 100000`) keeps its failure and its content hash's claim.
-- `report` is partitioned, so neither can be a foreign key: a row trigger moves them, as
-- `report_delete_dependents` deletes them with a deleted report. The failures already left
-- without their report are deleted.

DELETE FROM kvc_failure f WHERE NOT EXISTS (SELECT 1 FROM report r WHERE r.id = f.report_id);

CREATE FUNCTION report_move_dependents() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE kvc_failure SET report_id = NEW.id WHERE report_id = OLD.id;
    UPDATE report_hash SET report_id = NEW.id WHERE report_id = OLD.id;
    RETURN NULL;
END
$$;
CREATE TRIGGER report_move_dependents AFTER UPDATE OF id ON report
FOR EACH ROW WHEN (NEW.id <> OLD.id) EXECUTE FUNCTION report_move_dependents();
