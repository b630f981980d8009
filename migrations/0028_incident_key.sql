-- crashscan schema, version 28: `report.incident_key`, the same crash whichever format exported
-- it (a hash of the device id or CrashReporter Key, the crash time to the second, the exception
-- and the normalised reason). An import that meets a stored report with the same key keeps the
-- richer copy and says so ("same incident as FILE"). Reports stored before this version have
-- none (the key is computed when a report is parsed).

ALTER TABLE report ADD COLUMN incident_key TEXT;
CREATE INDEX report_incident ON report (incident_key) WHERE incident_key IS NOT NULL;
