-- crashscan schema, version 12: what `crashscan scan --db` found in the app's source. Each scan is
-- one `source_scan` row with its findings; the `source_findings` view shows the latest scan (the
-- code as it is now), so that `report` and `explain` can say where in the code a crash group's
-- class and key are used.

CREATE TABLE source_scan (
    id                INTEGER PRIMARY KEY,
    scanned_at        TEXT    NOT NULL,
    crashscan_version TEXT    NOT NULL,
    roots             TEXT    NOT NULL,
    files             INTEGER NOT NULL,
    bytes             INTEGER NOT NULL
);

CREATE TABLE source_finding (
    id             INTEGER PRIMARY KEY,
    scan_id        INTEGER NOT NULL REFERENCES source_scan (id) ON DELETE CASCADE,
    path           TEXT    NOT NULL,
    line           INTEGER NOT NULL,
    column_number  INTEGER NOT NULL,
    end_line       INTEGER NOT NULL,
    end_column     INTEGER NOT NULL,
    language       TEXT    NOT NULL CHECK (language IN ('objc', 'swift', 'ib')),
    rule_id        TEXT    NOT NULL,
    severity       TEXT    NOT NULL CHECK (severity IN ('high', 'medium', 'low')),
    fix            TEXT    NOT NULL,
    accessor       TEXT    NOT NULL,
    receiver       TEXT    NOT NULL,
    receiver_class TEXT,
    -- The class the rule matched on: the receiver's, its UIKit ancestor's, or the catalogue's
    -- when the receiver's class is not certain (class_known = 0).
    rule_class     TEXT,
    class_known    INTEGER NOT NULL,
    key            TEXT    NOT NULL,
    key_path       TEXT    NOT NULL,
    message        TEXT    NOT NULL,
    fingerprint    TEXT    NOT NULL
);
CREATE INDEX source_finding_scan ON source_finding (scan_id);
CREATE INDEX source_finding_class_key ON source_finding (rule_class, key);

CREATE VIEW source_findings AS
SELECT f.path,
       f.line,
       f.column_number AS "column",
       f.end_line,
       f.end_column,
       f.language,
       f.rule_id,
       f.severity,
       f.fix,
       f.accessor,
       f.receiver,
       f.receiver_class,
       f.rule_class,
       f.class_known,
       f.key,
       f.key_path,
       f.message,
       f.fingerprint,
       s.id AS scan_id,
       s.scanned_at
FROM source_finding f
JOIN source_scan s ON s.id = f.scan_id
WHERE s.id = (SELECT max(id) FROM source_scan);
