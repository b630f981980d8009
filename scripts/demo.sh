#!/usr/bin/env bash
# Sets up a fresh machine and runs the main job on the bundled SampleReports:
# installs the SQLite, libarchive, Nettle, libpq, libxml2 and jemalloc headers if they are missing, builds crashscan in release mode, imports
# SampleReports into a fresh database (demo.sqlite) and prints the KVC report.
# Extra arguments go to `crashscan report` (for example: ./scripts/demo.sh --os 8.1).
set -euo pipefail
cd "$(dirname "$0")/.."

# The C libraries crashscan builds against: SQLite, libarchive (zip/tar/gz inputs), Nettle
# (SHA-256), libpq (PostgreSQL, the team database), libxml2 (under Foundation's XML parser,
# which reads .xlsx sheets; Swift's own Linux prerequisites list it too) and jemalloc (the
# executable's memory allocator).
if ! pkg-config --exists sqlite3 libarchive nettle libpq libxml-2.0 jemalloc 2>/dev/null; then
    echo "installing libsqlite3-dev, libarchive-dev, nettle-dev, libpq-dev, libxml2-dev and libjemalloc-dev" >&2
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq libsqlite3-dev libarchive-dev nettle-dev libpq-dev libxml2-dev libjemalloc-dev pkg-config
fi

# On Linux, Swift's runtime and Foundation are linked into the binary: it runs where Swift is not
# installed, and each command starts about 5 ms sooner (docs/architecture.md, "Install on macOS").
static=()
[ "$(uname -s)" = Linux ] && static=(--static-swift-stdlib)
swift build -c release ${static[@]+"${static[@]}"}
rm -f demo.sqlite demo.sqlite-wal demo.sqlite-shm
# One sample is deliberately not a crash log: it is skipped (import --verbose names it).
.build/release/crashscan import SampleReports --db demo.sqlite
.build/release/crashscan report --db demo.sqlite "$@"
