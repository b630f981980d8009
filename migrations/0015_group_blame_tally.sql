-- crashscan schema, version 15: the blame frames of each group, counted. A group shows the blame
-- frame most of its reports have (ties: the first in byte order), and every import refreshes it
-- for the groups it touched. Read from the reports, that was a GROUP BY over every report of the
-- group, each read from its row: 3.7 s for the 48 groups of a million reports, paid again by each
-- import that touched them all (2,000 logs into that database took 5 s, 4 of them this). Read
-- from this table it is an index range of a few rows.
CREATE TABLE group_blame_tally (
    group_id    INTEGER NOT NULL REFERENCES crash_group (id) ON DELETE CASCADE,
    blame_frame TEXT    NOT NULL,
    reports     INTEGER NOT NULL,
    PRIMARY KEY (group_id, blame_frame)
) WITHOUT ROWID;

INSERT INTO group_blame_tally (group_id, blame_frame, reports)
SELECT group_id, blame_frame, count(*) FROM report WHERE blame_frame IS NOT NULL GROUP BY 1, 2;

-- Kept like the group tallies (version 8): a trigger per row, except for the reports an importer
-- inserts while `tally_deferral` holds its row, which it adds once per transaction.
CREATE TRIGGER report_blame_insert AFTER INSERT ON report
WHEN NEW.blame_frame IS NOT NULL AND NOT EXISTS (SELECT 1 FROM tally_deferral)
BEGIN
    INSERT INTO group_blame_tally (group_id, blame_frame, reports) VALUES (NEW.group_id, NEW.blame_frame, 1)
    ON CONFLICT DO UPDATE SET reports = reports + 1;
END;

CREATE TRIGGER report_blame_delete AFTER DELETE ON report
WHEN OLD.blame_frame IS NOT NULL
BEGIN
    UPDATE group_blame_tally SET reports = reports - 1
    WHERE group_id = OLD.group_id AND blame_frame = OLD.blame_frame;
    DELETE FROM group_blame_tally
    WHERE group_id = OLD.group_id AND blame_frame = OLD.blame_frame AND reports <= 0;
END;

-- Regrouping moves reports between groups; symbolication rewrites their blame frame.
CREATE TRIGGER report_blame_update AFTER UPDATE OF group_id, blame_frame ON report
BEGIN
    UPDATE group_blame_tally SET reports = reports - 1
    WHERE group_id = OLD.group_id AND blame_frame = OLD.blame_frame;
    DELETE FROM group_blame_tally
    WHERE group_id = OLD.group_id AND blame_frame = OLD.blame_frame AND reports <= 0;
    INSERT INTO group_blame_tally (group_id, blame_frame, reports)
    SELECT NEW.group_id, NEW.blame_frame, 1 WHERE NEW.blame_frame IS NOT NULL
    ON CONFLICT DO UPDATE SET reports = reports + 1;
END;
