#!/usr/bin/env bash
# Shows that a change kept crashscan's output byte-identical: builds BASE (a commit, default
# HEAD~1) in a temporary worktree and the working tree as it is, takes an output snapshot of each
# (scripts/output-snapshot.sh: import, report in every format, explain of every group, every view)
# and diffs them. Exits 0 when identical, 1 with the diff otherwise.
#
# Usage: scripts/compare-outputs.sh [BASE]
set -euo pipefail
# A relative $CRASHSCAN_CORPUS means from where the script was started.
if [ -n "${CRASHSCAN_CORPUS:-}" ] && [ -d "$CRASHSCAN_CORPUS" ]; then
    CRASHSCAN_CORPUS="$(cd "$CRASHSCAN_CORPUS" && pwd)"
    export CRASHSCAN_CORPUS
fi
cd "$(dirname "$0")/.."
base=${1:-HEAD~1}
work=$(mktemp -d)
trap 'git worktree remove --force "$work/base" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT

git worktree add --detach -q "$work/base" "$base"
echo "building $base ($(git rev-parse --short "$base"))" >&2
swift build -q --package-path "$work/base" --product crashscan
echo "building the working tree" >&2
swift build -q --product crashscan

# The base's snapshot script may predate this one: use the working tree's for both.
scripts/output-snapshot.sh "$work/base/.build/debug/crashscan" "$work/before" >&2
scripts/output-snapshot.sh .build/debug/crashscan "$work/after" >&2
if diff -r "$work/before" "$work/after"; then
    echo "identical: $(find "$work/after" -type f | wc -l | tr -d ' ') files (samples and corpus)"
else
    exit 1
fi
