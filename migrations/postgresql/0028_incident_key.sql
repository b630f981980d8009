-- crashscan schema for PostgreSQL, version 28: as the SQLite migration 0028, `report.incident_key`
-- finds the same crash exported in two formats.

ALTER TABLE report ADD COLUMN incident_key text COLLATE "C";
CREATE INDEX report_incident ON report (incident_key) WHERE incident_key IS NOT NULL;
