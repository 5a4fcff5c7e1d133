#!/usr/bin/env bash
# The README's walkthrough, run for real: starts fruitbasket-server on a fresh SQLite file, mounts
# it with fileprovider-mount (FUSE), writes through the mount and reads the result back from the
# server with curl, creates a file through the API and waits for it to appear in the mount, then
# unmounts and stops the server. Exits non-zero on the first thing that does not happen.
#
# Needs Linux with /dev/fuse, fuse3 (fusermount3), curl and python3, and both packages built:
#   swift build --package-path Examples/FruitBasket --product fruitbasket-server
#   swift build --package-path Examples/FileProviderMount --product fileprovider-mount
# (SCRATCH_PATH, when set, is the scratch path they were built with, as in .ci/run.)
set -euo pipefail
cd "$(dirname "$0")/../../.."

if [ ! -e /dev/fuse ] || ! command -v fusermount3 >/dev/null; then
    echo "walkthrough skipped: it mounts through FUSE, and this machine has no /dev/fuse or fusermount3"
    exit 0
fi

server_bin=$(swift build --package-path Examples/FruitBasket ${SCRATCH_PATH:+--scratch-path "$SCRATCH_PATH"} --show-bin-path)/fruitbasket-server
mount_bin=$(swift build --package-path Examples/FileProviderMount ${SCRATCH_PATH:+--scratch-path "$SCRATCH_PATH"} --show-bin-path)/fileprovider-mount
for binary in "$server_bin" "$mount_bin"; do
    [ -x "$binary" ] || { echo "walkthrough: $binary is not built (see the header of $0)"; exit 1; }
done

work=$(mktemp -d "${TMPDIR:-/tmp}/fruitbasket-walkthrough.XXXXXX")
mkdir "$work/mnt"
server_pid=""
mount_pid=""
cleanup() {
    if [ -n "$mount_pid" ] && kill -0 "$mount_pid" 2>/dev/null; then
        fusermount3 -u "$work/mnt" 2>/dev/null || kill "$mount_pid" 2>/dev/null || true
        wait "$mount_pid" 2>/dev/null || true
    fi
    if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

# waits up to 30 s for "$@" to succeed
eventually() {
    for _ in $(seq 1 150); do
        if "$@" >/dev/null 2>&1; then return 0; fi
        sleep 0.2
    done
    echo "walkthrough: timed out waiting for: $*"
    return 1
}

echo "1. start the server (its accounts in a file, not on the command line)"
printf 'fruit:basket\nkiwi:green\n' >"$work/accounts"
chmod 600 "$work/accounts"
"$server_bin" --db "sqlite:$work/fruit.sqlite" --port 0 --accounts-file "$work/accounts" >"$work/server.log" 2>&1 &
server_pid=$!
eventually grep -q "listening on" "$work/server.log"
base=$(sed -n 's/^fruitbasket-server listening on //p' "$work/server.log" | head -n 1)
echo "   $base"

echo "2. mount it"
FRUITBASKET_ACCOUNT=fruit:basket "$mount_bin" "$work/mnt" --fruitbasket "$base" >"$work/mount.log" 2>&1 &
mount_pid=$!
eventually grep -q "^mounted " "$work/mount.log"

echo "3. write through the mount"
echo "hello from the mount" >"$work/mnt/hello.txt"
mkdir "$work/mnt/Fruit"
printf 'apple\nbanana\n' >"$work/mnt/Fruit/basket.txt"

token=$(curl -sf -X POST "$base/v1/tokens" -H 'Content-Type: application/json' \
    -d '{"account":"fruit","secret":"basket"}' | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')
api() { curl -sf -H "Authorization: Bearer $token" "$@"; }
child_id() { # folder name -> identifier of the child called name
    api "$base/v1/folders/$1/children" | python3 -c "
import json, sys
ids = [i['id'] for i in json.load(sys.stdin)['items'] if i['name'] == sys.argv[1]]
print(ids[0]) if ids else sys.exit(1)" "$2"
}

echo "4. the server has it"
eventually child_id root hello.txt
hello=$(child_id root hello.txt)
eventually test "$(api "$base/v1/items/$hello/content")" = "hello from the mount"
fruit=$(child_id root Fruit)
eventually child_id "$fruit" basket.txt
basket=$(child_id "$fruit" basket.txt)
eventually test "$(api "$base/v1/items/$basket/content")" = "$(printf 'apple\nbanana')"

echo "5. another client creates a file through the API; it appears in the mount"
upload=$(printf 'from the server\n' | api -X POST "$base/v1/uploads" -H 'Content-Type: application/octet-stream' \
    --data-binary @- | python3 -c 'import json,sys; print(json.load(sys.stdin)["upload"])')
api -X POST "$base/v1/items" -H 'Content-Type: application/json' -d "{\"item\":{\"id\":\"\",\"parent\":\"$fruit\",\
\"name\":\"from-server.txt\",\"kind\":\"file\",\"contentVersion\":0,\"metadataVersion\":0,\"flags\":6,\
\"extendedAttributes\":{}},\"upload\":\"$upload\",\"mayAlreadyExist\":false}" >/dev/null
eventually test -f "$work/mnt/Fruit/from-server.txt"
test "$(cat "$work/mnt/Fruit/from-server.txt")" = "from the server"

echo "6. another account is another tenant: it sees none of fruit's items"
kiwi=$(curl -sf -X POST "$base/v1/tokens" -H 'Content-Type: application/json' \
    -d '{"account":"kiwi","secret":"green"}' | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')
test "$(curl -s -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $kiwi" "$base/v1/items/$hello")" = 404
test "$(curl -sf -H "Authorization: Bearer $kiwi" "$base/v1/folders/root/children" |
    python3 -c 'import json,sys; print(len(json.load(sys.stdin)["items"]))')" = 0

echo "7. unmount and stop"
fusermount3 -u "$work/mnt"
wait "$mount_pid"
mount_pid=""
echo "walkthrough passed"
