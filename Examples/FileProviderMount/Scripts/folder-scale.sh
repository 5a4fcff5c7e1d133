#!/usr/bin/env bash
# LocalFolderProvider at scale through the mount (not run in CI): a folder of FILES files (default
# 100,000, all in one folder), mounted with --folder; the root, the provider's state and the mount's
# cache all under BASE (default /tmp, one file system). Prints:
#   - the time to "mounted" on the first start (indexing everything) and on the second (the
#     persisted index);
#   - the mount process's CPU time over IDLE seconds (default 10) with nothing happening;
#   - the time of one create (open with O_CREAT, close) in the big folder, median and maximum of 200;
#   - the errors among 2,000 creates (4 writers of 500 files each) while two CPU hogs run and
#     another program edits files in the root directly.
# Builds the command in release. Needs fuse3 and python3.
#
#   Scripts/folder-scale.sh [FILES] [BASE] [IDLE]
set -euo pipefail
files=${1:-100000}
base=${2:-/tmp}
idle=${3:-10}
package=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "$base/fileprovider-folder-scale.XXXXXX")
pids=()
cleanup() {
    fusermount3 -u -z "$work/mount" 2> /dev/null || true
    for pid in "${pids[@]}"; do kill "$pid" 2> /dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT

# FILEPROVIDER_MOUNT names a built command to use instead of building one in release.
scratch=${SCRATCH_PATH:-$package/.build-benchmark}
if [ -n "${FILEPROVIDER_MOUNT:-}" ]; then
    command=$FILEPROVIDER_MOUNT
else
    swift build -c release --package-path "$package" --scratch-path "$scratch" > /dev/null
    command=$(swift build -c release --package-path "$package" --scratch-path "$scratch" --show-bin-path)/fileprovider-mount
fi

mkdir -p "$work/root/big" "$work/mount" "$work/cache"
python3 - "$work/root/big" "$files" << 'PY'
import os, sys
folder, count = sys.argv[1], int(sys.argv[2])
for index in range(count):
    with open(os.path.join(folder, f"file-{index}.txt"), "w") as file:
        file.write(f"file {index}\n")
PY

mount_and_time() { # sets elapsed to the seconds until the mount says it serves; leaves it running
    local start
    start=$(date +%s.%N)
    coproc MOUNT { exec "$command" "$work/mount" --folder "$work/root" --state "$work/state" --cache-dir "$work/cache"; }
    pids+=("$MOUNT_PID")
    while read -r line <&"${MOUNT[0]}"; do
        [[ $line == mounted* ]] && break
    done
    elapsed=$(echo "$(date +%s.%N) - $start" | bc -l)
    busy=$(awk -v ticks="$(getconf CLK_TCK)" '{ print ($14 + $15) / ticks }' "/proc/$MOUNT_PID/stat")
}

unmount() {
    fusermount3 -u "$work/mount"
    wait "$MOUNT_PID" || true
}

mount_and_time
printf 'ready, first start (indexing %d files): %.2f s (%.2f CPU-seconds)\n' "$files" "$elapsed" "$busy"
unmount
mount_and_time
printf 'ready, second start (persisted index):    %.2f s (%.2f CPU-seconds)\n' "$elapsed" "$busy"

ticks=$(getconf CLK_TCK)
cpu() { awk '{ print $14 + $15 }' "/proc/$MOUNT_PID/stat"; }
before=$(cpu)
sleep "$idle"
after=$(cpu)
printf 'idle CPU: %.3f CPU-seconds per second over %d s\n' "$(echo "($after - $before) / $ticks / $idle" | bc -l)" "$idle"

python3 - "$work/mount/big" << 'PY'
import os, statistics, sys, time
folder = sys.argv[1]
times = []
for index in range(200):
    start = time.perf_counter()
    fd = os.open(os.path.join(folder, f"new-{index}.txt"), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    os.close(fd)
    times.append(time.perf_counter() - start)
print(f"create in the {len(os.listdir(folder)) - 200}-file folder: median {statistics.median(times) * 1000:.2f} ms, "
      f"max {max(times) * 1000:.2f} ms (200 creates)")
PY

hogs=()
for _ in 1 2; do
    sha256sum /dev/zero &
    hogs+=($!)
done
(for index in $(seq 1 400); do echo "edited $index" > "$work/root/big/file-$index.txt"; done) &
editor=$!
python3 - "$work/mount/big" > "$work/errors" << 'PY'
import os, sys
from concurrent.futures import ThreadPoolExecutor
folder = sys.argv[1]
def writer(number):
    failures = 0
    for index in range(500):
        try:
            with open(os.path.join(folder, f"load-{number}-{index}.txt"), "w") as file:
                file.write("written under load\n")
        except OSError:
            failures += 1
    return failures
with ThreadPoolExecutor(4) as pool:
    print(sum(pool.map(writer, range(4))))
PY
errors=$(cat "$work/errors")
wait "$editor"
kill "${hogs[@]}"
printf 'errors in 2000 creates under load: %s (load average %s)\n' "$errors" "$(cut -d' ' -f1-3 /proc/loadavg)"
unmount
