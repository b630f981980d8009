#!/usr/bin/env bash
# Regenerates docs/report.png, the screenshot in docs/html-report.md of `crashscan report --format html` on the
# bundled samples, with Debian's headless chromium (apt-get install chromium).
#   scripts/report-screenshot.sh [WIDTH HEIGHT]   (default 1200 1700)
set -euo pipefail
cd "$(dirname "$0")/.."
width="${1:-1200}"
height="${2:-1700}"
browser="${CRASHSCAN_CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}"
[ -n "$browser" ] || { echo "report-screenshot: chromium is not installed (apt-get install chromium)" >&2; exit 69; }
swift build --product crashscan >/dev/null
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
.build/debug/crashscan import SampleReports --db "$work/samples.sqlite" --quiet >/dev/null
# The page names its database: a short name reads better in the picture than a temporary path.
(cd "$work" && "$OLDPWD/.build/debug/crashscan" report --db samples.sqlite --format html --output report.html)
mkdir -p docs
# --no-sandbox: chromium's sandbox refuses to start as root (CI, containers).
"$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir="$work/profile" \
    --window-size="$width,$height" --screenshot="$PWD/docs/report.png" "file://$work/report.html" 2>/dev/null
echo "wrote docs/report.png (${width}×${height})"
