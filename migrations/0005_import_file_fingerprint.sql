-- crashscan schema, version 5: every stored file remembers a fingerprint of its bytes and the
-- parser that read it. Importing the same folder again then skips the files whose bytes the same
-- parser has already stored (they are counted as duplicates) instead of parsing them again.

ALTER TABLE import_file ADD COLUMN file_hash TEXT;
ALTER TABLE import_file ADD COLUMN parser_revision TEXT;

CREATE INDEX import_file_hash ON import_file (file_hash) WHERE file_hash IS NOT NULL;
