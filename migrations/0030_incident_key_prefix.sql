-- crashscan schema, version 30: a report's incident key is looked up by its first 16 hexadecimal
-- digits, as its content hash and its file's hash are since version 23. The importer looks up
-- every report's incident key and inserts it at a random place of its index; with whole keys of
-- 64 digits that index alone would be about 80 MB on a million reports, far more than the
-- importer's page cache, so that nearly every report would read and write a page of it. Two
-- keys sharing 16 digits only cost one more comparison: the importer compares the whole key.

DROP INDEX report_incident;
CREATE INDEX report_incident ON report (substr(incident_key, 1, 16)) WHERE incident_key IS NOT NULL;
