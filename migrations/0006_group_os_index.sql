-- crashscan schema, version 6: the rules read the distinct OS versions of every group's reports.
-- With an index on (group_id, os_key) that is a walk of the index alone; through the
-- group_id index it fetched every report row (`report --os 8.1` on a million reports: 0.47-0.68 s
-- without, 0.23-0.30 s with).
-- The new index also serves every lookup by group_id, so the old one goes.

CREATE INDEX report_group_os ON report (group_id, os_key);
DROP INDEX report_group;
