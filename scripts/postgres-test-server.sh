#!/usr/bin/env bash
# A throw-away PostgreSQL server for the tests (docs/team-database.md): Debian's postgresql
# packages, initdb into a temporary folder as the `postgres` user (the server refuses to run as
# root), listening only on a Unix socket in that folder, on a free port number.
#   eval "$(scripts/postgres-test-server.sh start)"   # prints export lines, among them
#                                                    # CRASHSCAN_TEST_POSTGRES and CRASHSCAN_TEST_POSTGRES_DIR
#   scripts/postgres-test-server.sh stop "$CRASHSCAN_TEST_POSTGRES_DIR"
# The tests' server skips fsync (nothing in it must survive a power cut); `start --durable`
# keeps PostgreSQL's defaults, for the benchmark's figures.
set -euo pipefail
bindir="$(pg_config --bindir)"
as_postgres() {
    if [ "$(id -un)" = postgres ]; then "$@"; else su postgres -s /bin/sh -c "$(printf '%q ' "$@")"; fi
}
case "${1:-}" in
start)
    fsync="-c fsync=off"
    [ "${2:-}" = --durable ] && fsync=""
    dir="$(mktemp -d /tmp/crashscan-pg.XXXXXX)"
    chmod 755 "$dir"
    chown postgres "$dir" 2>/dev/null || true
    # A port no other server in this machine's /tmp sockets uses (the socket name carries it).
    port=$(( 20000 + RANDOM % 20000 ))
    while [ -e "/tmp/.s.PGSQL.$port" ] || [ -e "$dir/.s.PGSQL.$port" ]; do port=$(( port + 1 )); done
    as_postgres "$bindir/initdb" --auth=trust --username=postgres --encoding=UTF8 --no-locale \
        -D "$dir/data" >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; exit 1; }
    as_postgres "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
        -o "-k $dir -p $port -c listen_addresses='' $fsync" start >/dev/null \
        || { cat "$dir/server.log" >&2; exit 1; }
    as_postgres "$bindir/createdb" -h "$dir" -p "$port" -U postgres crashscan_test
    echo "export CRASHSCAN_TEST_POSTGRES_DIR='$dir'"
    echo "export CRASHSCAN_TEST_POSTGRES='postgresql://postgres@/crashscan_test?host=$dir&port=$port'"
    ;;
stop)
    dir="${2:?usage: postgres-test-server.sh stop DIR}"
    as_postgres "$bindir/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
    rm -rf "$dir"
    ;;
*)
    echo "usage: postgres-test-server.sh start [--durable] | stop DIR" >&2
    exit 64
    ;;
esac
