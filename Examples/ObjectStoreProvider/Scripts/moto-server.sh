#!/usr/bin/env bash
# Starts or stops moto's S3 server on loopback for Examples/ObjectStoreProvider's tests.
#   moto-server.sh start DIR   installs moto[server] with pip when moto_server is missing, starts it
#                              on a free port, writes its pid to DIR/pid, prints its endpoint URL
#   moto-server.sh stop DIR    stops the server started with DIR
set -euo pipefail
command=${1:?start or stop}
dir=${2:?a folder for the pid and log}
case "$command" in
start)
    if ! command -v moto_server >/dev/null 2>&1; then
        pip install --quiet 'moto[server]' >&2
    fi
    mkdir -p "$dir"
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
    moto_server -H 127.0.0.1 -p "$port" >"$dir/moto.log" 2>&1 &
    echo $! >"$dir/pid"
    for _ in $(seq 1 120); do
        if grep -q "Running on" "$dir/moto.log" 2>/dev/null; then
            echo "http://127.0.0.1:$port"
            exit 0
        fi
        sleep 0.5
    done
    echo "moto_server did not start; its log:" >&2
    cat "$dir/moto.log" >&2
    exit 1
    ;;
stop)
    if [ -f "$dir/pid" ]; then
        kill "$(cat "$dir/pid")" 2>/dev/null || true
        rm -f "$dir/pid"
    fi
    ;;
*)
    echo "usage: $0 start|stop DIR" >&2
    exit 2
    ;;
esac
