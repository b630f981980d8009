-- crashscan schema, version 17: the indexes an import into a new database leaves out while it
-- writes. An import into a database of at most 1,000 reports drops the indexes only `report`
-- reads and builds each once after its last file, from sorted keys, instead of inserting every
-- report into each at a random place. The transaction that drops an index keeps its definition
-- here with the importer's process id; the importer builds it again when it ends, whether it
-- succeeded or failed, and a later import builds those of an importer that is gone (killed).
CREATE TABLE deferred_index (
    name     TEXT    NOT NULL PRIMARY KEY,
    sql      TEXT    NOT NULL,
    importer INTEGER NOT NULL
) WITHOUT ROWID;
