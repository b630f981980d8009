#!/usr/bin/env bash
# Builds crashscan in release mode and installs it as PREFIX/bin/crashscan (default PREFIX:
# /usr/local). The binary needs no file beside it: migrations, rules, fix pages and catalogues
# are built in. It links the system SQLite, libarchive, Nettle and, on Linux, libxml2 (under
# Foundation's XML parser) and jemalloc (its memory allocator), which stay installed, and loads libpq when it first connects to PostgreSQL
# (Debian: libsqlite3-dev libarchive-dev nettle-dev libpq-dev libxml2-dev libjemalloc-dev; macOS: brew install
# sqlite libarchive nettle libpq). Arguments go to
# `swift build` (macOS: -Xcc -I"$(brew --prefix libpq)/include" for libpq's header).
#   ./scripts/install.sh                 # /usr/local/bin/crashscan (may need sudo)
#   PREFIX=$HOME/.local ./scripts/install.sh
set -euo pipefail
cd "$(dirname "$0")/.."
prefix="${PREFIX:-/usr/local}"
# On Linux, Swift's runtime and Foundation are linked in: the installed binary runs where Swift is
# not installed, and each command starts about 5 ms sooner (docs/architecture.md, "Install on macOS").
static=()
[ "$(uname -s)" = Linux ] && static=(--static-swift-stdlib)
swift build -c release --product crashscan ${static[@]+"${static[@]}"} "$@"
binary="$(swift build -c release --show-bin-path ${static[@]+"${static[@]}"} "$@")/crashscan"
mkdir -p "$prefix/bin"
install -m 0755 "$binary" "$prefix/bin/crashscan"
echo "installed $prefix/bin/crashscan ($("$prefix/bin/crashscan" --version))"
case ":$PATH:" in
    *":$prefix/bin:"*) ;;
    *) echo "note: $prefix/bin is not on PATH; add it, for example: export PATH=\"$prefix/bin:\$PATH\"" ;;
esac
