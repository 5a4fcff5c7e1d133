#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster for FruitBasket's tests and prints the URL to use:
#
#     url=$(Examples/FruitBasket/Scripts/start-postgres.sh start /tmp/fruitbasket-pg)
#     FRUITBASKET_POSTGRES_URL=$url swift test --package-path Examples/FruitBasket
#     Examples/FruitBasket/Scripts/start-postgres.sh stop /tmp/fruitbasket-pg
#
# `start [DIR]` creates the cluster in DIR (a new temporary directory when left out; DIR must not
# exist or be empty), listening on 127.0.0.1 only, on a free port, with trust authentication, and
# a database `fruitbasket` owned by the user `fruitbasket`. Only the URL goes to standard output,
# as postgres://fruitbasket@127.0.0.1:PORT/fruitbasket. Durability is off (fsync, synchronous
# commit): the cluster is for tests. It accepts 1,000 connections: the multi-server conformance
# test runs its fixtures at once, two server processes each, and each process holds a pool plus
# a connection listening for other processes' commits (200 ran out). PostgreSQL refuses to run as root, so as root the cluster
# runs as the `postgres` user that Debian's package creates.
#
# `stop DIR` stops the cluster and removes DIR.
#
# Needs Debian's `postgresql` package (apt-get install postgresql), or PG_BIN set to a directory
# holding initdb, pg_ctl and createdb.
set -euo pipefail

usage() {
    echo "usage: $0 start [DIR] | stop DIR" >&2
    exit 2
}

pg_bin() {
    if [ -n "${PG_BIN:-}" ]; then
        echo "$PG_BIN"
        return
    fi
    local dir
    dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
    if [ -z "$dir" ] || [ ! -x "$dir/initdb" ]; then
        echo "No PostgreSQL server found in /usr/lib/postgresql/*/bin: apt-get install postgresql (or set PG_BIN)." >&2
        exit 1
    fi
    echo "$dir"
}

# Runs a command as the cluster's owner: the postgres user when this script runs as root.
as_owner() {
    if [ "$(id -u)" = "0" ]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

start() {
    local dir=${1:-}
    if [ -z "$dir" ]; then
        dir=$(mktemp -d "${TMPDIR:-/tmp}/fruitbasket-pg.XXXXXX")
    elif [ -e "$dir" ] && [ -n "$(ls -A "$dir")" ]; then
        echo "$dir exists and is not empty; give a new directory." >&2
        exit 1
    fi
    mkdir -p "$dir"
    dir=$(cd "$dir" && pwd)
    if [ "$(id -u)" = "0" ]; then
        if ! id postgres >/dev/null 2>&1; then
            echo "Running as root, and there is no postgres user to run PostgreSQL as (apt-get install postgresql creates it)." >&2
            exit 1
        fi
        chown postgres "$dir"
    fi
    local bin
    bin=$(pg_bin)
    as_owner "$bin/initdb" --pgdata="$dir/data" --username=fruitbasket --auth=trust --encoding=UTF8 \
        --locale=C --no-sync >"$dir/initdb.log" 2>&1 || {
        cat "$dir/initdb.log" >&2
        exit 1
    }
    local port attempt
    for attempt in $(seq 1 20); do
        port=$((20000 + RANDOM % 40000))
        if as_owner "$bin/pg_ctl" --pgdata="$dir/data" --log="$dir/server.log" --wait --silent \
            --options="-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories='$dir' -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=1000" \
            start >/dev/null; then
            as_owner "$bin/createdb" --host=127.0.0.1 --port="$port" --username=fruitbasket fruitbasket
            echo "postgres://fruitbasket@127.0.0.1:$port/fruitbasket"
            return
        fi
        echo "PostgreSQL did not start on port $port (attempt $attempt); trying another." >&2
    done
    cat "$dir/server.log" >&2
    exit 1
}

stop() {
    local dir=${1:-}
    [ -n "$dir" ] || usage
    if [ -f "$dir/data/postmaster.pid" ]; then
        as_owner "$(pg_bin)/pg_ctl" --pgdata="$dir/data" --mode=fast --wait --silent stop >/dev/null
    fi
    rm -rf "$dir"
}

case "${1:-}" in
    start) start "${2:-}" ;;
    stop) stop "${2:-}" ;;
    *) usage ;;
esac
