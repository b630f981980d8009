#!/usr/bin/env bash
# Writes everything a user sees from one crashscan binary into a folder, so two builds can be
# compared byte for byte (scripts/compare-outputs.sh): for the bundled SampleReports and, when it
# is there, the corpus of real reports ($CRASHSCAN_CORPUS, else ../shared/corpus), the import summary, `report` in every format (and with --explain),
# `explain` of every group in text and JSON, a dump of every documented view, and the rules list
# and every fix page.
# What differs on every run is masked: the temporary database's path (shown as DB), the import's
# duration, and the view columns that hold the wall-clock time of the import (started_at,
# finished_at, imported_at).
#
# Usage: scripts/output-snapshot.sh CRASHSCAN OUT_DIR
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 CRASHSCAN OUT_DIR" >&2; exit 64; }
crashscan="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
out="$(mkdir -p "$2" && cd "$2" && pwd)"
# The corpus of real reports: $CRASHSCAN_CORPUS (relative to where the script was started), else
# ../shared/corpus next to the checkout.
corpus=""
if [ -n "${CRASHSCAN_CORPUS:-}" ] && [ -d "$CRASHSCAN_CORPUS" ]; then corpus="$(cd "$CRASHSCAN_CORPUS" && pwd)"; fi
cd "$(dirname "$0")/.."
if [ -z "$corpus" ] && [ -d ../shared/corpus ]; then corpus="$(cd ../shared/corpus && pwd)"; fi

# Fixed width, no colour: the text report fits $COLUMNS.
export COLUMNS=100 NO_COLOR=1
unset CRASHSCAN_DB CLICOLOR_FORCE

views=(reports kvc_failures crash_groups recommendations import_runs import_files)
volatile='^(started_at|finished_at|imported_at)$'

dump_view() { # database view
    local columns
    columns=$(sqlite3 "$1" "SELECT name FROM pragma_table_info('$2')" | grep -Ev "$volatile" | paste -sd, -)
    sqlite3 -header -separator $'\t' "$1" "SELECT $columns FROM $2 ORDER BY 1, 2"
}

snapshot() { # name input...
    local name=$1
    shift
    local dir="$out/$name" db
    db="$(mktemp -d)/snapshot.sqlite"
    mkdir -p "$dir/explain"
    "$crashscan" import "$@" --db "$db" >"$dir/import.txt" 2>&1 || echo "exit $?" >>"$dir/import.txt"
    for format in text json csv markdown; do
        "$crashscan" report --db "$db" --format "$format" >"$dir/report.$format" 2>&1
    done
    "$crashscan" report --db "$db" --explain >"$dir/report-explain.text" 2>&1
    # Filters on OS and device (summed from the failure cells since schema 14) and on time (read
    # from the failures).
    "$crashscan" report --db "$db" --os 8.1 --format json >"$dir/report-os-8.1.json" 2>&1
    "$crashscan" report --db "$db" --os ">=13" --format json >"$dir/report-os-13.json" 2>&1
    "$crashscan" report --db "$db" --device "iPhone 6 Plus" --format json >"$dir/report-device.json" 2>&1
    "$crashscan" report --db "$db" --device unknown --format json >"$dir/report-device-unknown.json" 2>&1
    "$crashscan" report --db "$db" --since 2015-01-01 --format json >"$dir/report-since.json" 2>&1
    for group in $(sqlite3 "$db" "SELECT substr(fingerprint, 1, 8) FROM crash_groups ORDER BY 1"); do
        "$crashscan" explain "$group" --db "$db" >"$dir/explain/$group.text" 2>&1
        "$crashscan" explain "$group" --db "$db" --format json >"$dir/explain/$group.json" 2>&1
    done
    for view in "${views[@]}"; do
        dump_view "$db" "$view" >"$dir/view-$view.tsv"
    done
    rm -rf "$(dirname "$db")"
    find "$dir" -type f -exec sed -i -e "s#$db#DB#g" -e 's/, [0-9.]* s$/, N s/' {} +
}

# The rules in force and every fix page (no database involved).
mkdir -p "$out/fixes"
"$crashscan" rules >"$out/rules.text" 2>&1
"$crashscan" rules --format json >"$out/rules.json" 2>&1
"$crashscan" fix --list >"$out/fixes/_list.text" 2>&1
for slug in $("$crashscan" fix --list | awk 'NR > 1 && $1 !~ /^[0-9]+$/ { print $1 }'); do
    "$crashscan" fix "$slug" >"$out/fixes/$slug.text" 2>&1
done

snapshot samples SampleReports
if [ -n "$corpus" ]; then
    snapshot corpus "$corpus"
fi
echo "wrote $(find "$out" -type f | wc -l | tr -d ' ') files to $out"
