#!/usr/bin/env bash
# Fuzzes the HTTP API with schemathesis against the OpenAPI document the server publishes:
# starts fruitbasket-server on a fresh SQLite file (killed on exit), takes a token and runs every
# operation with generated valid and invalid inputs, and the stateful links between them (create
# then read, modify, delete; upload then discard). Fails on any server error (5xx) or any answer
# the document does not describe. Bounded to about two minutes: a fixed seed and a fixed number of
# examples per operation, so a run is repeatable.
#
# Needs the server built (swift build --package-path Examples/FruitBasket --product fruitbasket-server)
# (SCRATCH_PATH, when set, is the scratch path it was built with, as in .ci/run)
# and schemathesis (pip install schemathesis). Usage: Scripts/schemathesis.sh [EXAMPLES [STORE]]:
# EXAMPLES per operation (default 30); STORE a postgres:// URL to fuzz a PostgreSQL-backed server
# (its tables go into that database's search path), else a fresh SQLite file.
set -euo pipefail
cd "$(dirname "$0")/../../.."
examples=${1:-30}
store=${2:-}

server_bin=$(swift build --package-path Examples/FruitBasket ${SCRATCH_PATH:+--scratch-path "$SCRATCH_PATH"} --show-bin-path)/fruitbasket-server
[ -x "$server_bin" ] || { echo "schemathesis: $server_bin is not built (see the header of $0)"; exit 1; }
command -v schemathesis >/dev/null || { echo "schemathesis: not installed (pip install schemathesis)"; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/fruitbasket-schemathesis.XXXXXX")
server_pid=""
cleanup() {
    if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

printf 'fruit:basket\n' >"$work/accounts"
# With a metrics secret, so /metrics exists; the fuzzer sends it to getMetrics (its config below)
# and the account's token everywhere else.
printf 'scrape-secret\n' >"$work/metrics-secret"
FRUITBASKET_DB=${store:-sqlite:$work/fruit.sqlite} \
    "$server_bin" --port 0 --accounts-file "$work/accounts" --metrics-secret-file "$work/metrics-secret" \
    --log-level warning >"$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 150); do
    grep -q "listening on" "$work/server.log" && break
    sleep 0.2
done
base=$(sed -n 's/^fruitbasket-server listening on //p' "$work/server.log" | head -n 1)
[ -n "$base" ] || { echo "schemathesis: the server did not start"; cat "$work/server.log"; exit 1; }
token=$(curl -sf -X POST "$base/v1/tokens" -H 'Content-Type: application/json' \
    -d '{"account":"fruit","secret":"basket"}' | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')

# Every check runs but three. unsupported_method and allow_header_conformance expect 405 with Allow
# for a known path and an unknown method; the server answers 404 noSuchRoute for every method and
# path it does not route. positive_data_acceptance expects every schema-valid request to succeed,
# which a schema cannot promise here: cursors, entity tags and upload names are opaque strings the
# server made, names follow the server's name rule, and the server refuses made-up ones with the
# documented 4xx (status_code_conformance checks that those are documented).
# The long poll is left out: a generated timeout of up to 60 s per example would take the run far
# past its budget (LongPollTests cover it).
# The admin operations are left out too: the server runs without an admin secret, so they do not
# exist on it, and with one the fuzzer would revoke the account it signs in with and leave the
# store no room, turning every later example into a 401 or a 507 (AdminQuotaTests and
# CredentialRevocationTests cover them).
cat >"$work/schemathesis.toml" <<'TOML'
[[operations]]
include-operation-id = "getMetrics"
headers = { Authorization = "Bearer scrape-secret" }
TOML
status=0
cd "$work" # schemathesis keeps its example database in the working directory
schemathesis --config-file "$work/schemathesis.toml" run "$base/openapi.json" \
    --exclude-operation-id waitForChanges --exclude-operation-id resetEpoch \
    --exclude-operation-id expireHistory --exclude-operation-id setQuota \
    --exclude-operation-id revokeCredentials --exclude-operation-id restoreCredentials \
    --header "Authorization: Bearer $token" \
    --checks all --exclude-checks unsupported_method,allow_header_conformance,positive_data_acceptance \
    --phases examples,coverage,fuzzing,stateful \
    --max-examples "$examples" --seed 20261126 --workers 2 \
    --request-timeout 70 --suppress-health-check all \
    --report junit --report-dir "$work/report" || status=$?
exit $status
