#!/usr/bin/env bash
# Writes docs/schema/sqlite.sql and docs/schema/postgresql.sql: the whole schema of a new
# crashscan database on each backend (migrations/baseline.sql and its PostgreSQL twin, plus the
# derived tables the store makes from Sources/CrashScanStore/Cache/Caches.swift), as each database
# keeps it. CI runs this and fails when the files change (they are stale); SchemaTests checks the
# SQLite one in `swift test` too.
#
# Usage: scripts/schema-docs.sh [CRASHSCAN]   (default: builds .build/debug/crashscan)
# PostgreSQL: the server in $CRASHSCAN_TEST_POSTGRES, else a throw-away one
# (scripts/postgres-test-server.sh); needs sqlite3 and pg_dump.
set -euo pipefail
cd "$(dirname "$0")/.."
crashscan="${1:-}"
if [ -z "$crashscan" ]; then
    swift build -q --product crashscan
    crashscan=.build/debug/crashscan
fi
work=$(mktemp -d)
server_dir=""
cleanup() {
    [ -n "$server_dir" ] && bash scripts/postgres-test-server.sh stop "$server_dir"
    rm -rf "$work"
}
trap cleanup EXIT
mkdir -p "$work/empty" docs/schema

# SQLite: tables, then indexes, views and triggers, each by name.
"$crashscan" import "$work/empty" --db "$work/new.sqlite" --quiet >/dev/null
{
    echo "-- The schema of a new crashscan SQLite database, written by scripts/schema-docs.sh: the"
    echo "-- tables of migrations/baseline.sql and the derived tables (caches) the store declares in"
    echo "-- Sources/CrashScanStore/Cache/Caches.swift. Query the views; see docs/querying.md."
    echo ""
    sqlite3 "$work/new.sqlite" "
        SELECT group_concat(sql || ';', char(10) || char(10)) FROM (
            SELECT sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%'
            ORDER BY CASE type WHEN 'table' THEN 0 WHEN 'index' THEN 1 WHEN 'view' THEN 2 ELSE 3 END, name)"
} > docs/schema/sqlite.sql

# PostgreSQL: pg_dump's schema of a new database, without its comments and settings.
url="${CRASHSCAN_TEST_POSTGRES:-}"
if [ -z "$url" ]; then
    eval "$(bash scripts/postgres-test-server.sh start)"
    server_dir="$CRASHSCAN_TEST_POSTGRES_DIR"
    url="$CRASHSCAN_TEST_POSTGRES"
fi
database="crashscan_schema_docs_$$"
psql -q "$url" -c "DROP DATABASE IF EXISTS $database" -c "CREATE DATABASE $database" >/dev/null
target="${url/\/crashscan_test/\/$database}"
"$crashscan" import "$work/empty" --db "$target" --quiet >/dev/null
{
    echo "-- The schema of a new crashscan PostgreSQL database (the team database), written by"
    echo "-- scripts/schema-docs.sh with pg_dump: the tables of migrations/postgresql/baseline.sql and"
    echo "-- the derived tables (caches) the store declares in Sources/CrashScanStore/Cache/Caches.swift."
    echo "-- \`report\`'s monthly partitions are made by the importer as months arrive."
    pg_dump --schema-only --no-owner --no-privileges --no-comments "$target" \
        | grep -v -e '^--' -e '^SET ' -e '^SELECT pg_catalog.set_config' -e '^\\restrict' -e '^\\unrestrict' \
        | cat -s
} > docs/schema/postgresql.sql
psql -q "$url" -c "DROP DATABASE $database" >/dev/null
echo "wrote docs/schema/sqlite.sql and docs/schema/postgresql.sql"
