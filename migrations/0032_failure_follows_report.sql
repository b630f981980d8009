-- crashscan schema, version 32: a report's failure follows its report whatever a session's
-- foreign keys are. The sqlite3 shell opens a database with foreign keys off, so that a hand
-- `DELETE FROM report` there left the reports' `kvc_failure` rows behind, and a hand
-- `UPDATE report SET id = …` left them pointing at no report. Two triggers do what the foreign
-- key does when it is on (where it is, they find nothing left to do), and the failures already
-- left without their report are deleted.

DELETE FROM kvc_failure WHERE NOT EXISTS (SELECT 1 FROM report WHERE report.id = kvc_failure.report_id);

-- A report deleted takes its failure with it.
CREATE TRIGGER report_delete_failure AFTER DELETE ON report
BEGIN
    DELETE FROM kvc_failure WHERE report_id = old.id;
END;

-- A report given another id keeps its failure.
CREATE TRIGGER report_id_moves_failure AFTER UPDATE OF id ON report WHEN new.id <> old.id
BEGIN
    UPDATE kvc_failure SET report_id = new.id WHERE report_id = old.id;
END;
