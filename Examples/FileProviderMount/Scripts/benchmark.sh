#!/usr/bin/env bash
# Benchmark (not run in CI): the same workloads on a plain directory, on fileprovider-mount
# (the in-memory reference provider) and on `rclone mount` of a local folder with rclone's VFS
# cache (--vfs-cache-mode full), in one run:
#   cp -r of a tree of FILES files in, ls -lR, reading every file, rm -r.
# Prints seconds per workload and target, and each mount's time as a multiple of the plain
# directory's. Needs fuse3 and rclone (apt-get install fuse3 rclone); builds the command in release.
#
#   Scripts/benchmark.sh [FILES]      # default 10000, in folders of 100
set -euo pipefail
files=${1:-10000}
package=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d /tmp/fileprovider-mount-benchmark.XXXXXX)
pids=()
cleanup() {
    for mountpoint in "$work/fileprovider" "$work/rclone"; do
        fusermount3 -u -z "$mountpoint" 2> /dev/null || true
    done
    for pid in "${pids[@]}"; do kill "$pid" 2> /dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT

echo "Building fileprovider-mount (release)…"
swift build -c release --package-path "$package" --scratch-path "${SCRATCH_PATH:-$package/.build-benchmark}" > /dev/null
command=$(swift build -c release --package-path "$package" --scratch-path "${SCRATCH_PATH:-$package/.build-benchmark}" --show-bin-path)/fileprovider-mount

echo "Generating $files files…"
mkdir -p "$work/source"
for ((folder = 0; folder < (files + 99) / 100; folder++)); do
    mkdir -p "$work/source/folder-$folder"
    for ((file = 0; file < 100 && folder * 100 + file < files; file++)); do
        printf 'file %d of folder %d\n%0200d\n' "$file" "$folder" 0 > "$work/source/folder-$folder/file-$file.txt"
    done
done

wait_for_mount() {
    for _ in $(seq 1 200); do
        if mountpoint -q "$1"; then return 0; fi
        sleep 0.05
    done
    echo "$1 did not mount" >&2
    exit 1
}

mkdir -p "$work/plain" "$work/fileprovider" "$work/rclone" "$work/rclone-backing" "$work/rclone-cache"
"$command" "$work/fileprovider" > /dev/null &
pids+=($!)
wait_for_mount "$work/fileprovider"
rclone mount "$work/rclone-backing" "$work/rclone" --vfs-cache-mode full --cache-dir "$work/rclone-cache" \
    --config /dev/null > /dev/null 2>&1 &
pids+=($!)
wait_for_mount "$work/rclone"

declare -A seconds
measure() { # target workload command…
    local target=$1 workload=$2
    shift 2
    local start end
    start=$(date +%s.%N)
    "$@" > /dev/null
    end=$(date +%s.%N)
    seconds[$target,$workload]=$(echo "$end - $start" | bc -l)
}

workloads=("cp -r in" "ls -lR" "read every file" "rm -r")
targets=(plain fileprovider rclone)
for target in "${targets[@]}"; do
    echo "Running on $target…"
    sync
    measure "$target" "cp -r in" cp -r "$work/source" "$work/$target/tree"
    measure "$target" "ls -lR" ls -lR "$work/$target/tree"
    measure "$target" "read every file" find "$work/$target/tree" -type f -exec cat {} +
    measure "$target" "rm -r" rm -r "$work/$target/tree"
done

echo
printf '%-16s %10s %14s %10s %16s %12s %20s\n' workload plain fileprovider rclone "fileprovider/plain" "rclone/plain" "fileprovider/rclone"
for workload in "${workloads[@]}"; do
    plain=${seconds[plain,$workload]}
    fileprovider=${seconds[fileprovider,$workload]}
    rclone=${seconds[rclone,$workload]}
    printf '%-16s %9.3fs %13.3fs %9.3fs %15.1fx %11.1fx %19.2fx\n' "$workload" "$plain" "$fileprovider" "$rclone" \
        "$(echo "$fileprovider / $plain" | bc -l)" "$(echo "$rclone / $plain" | bc -l)" \
        "$(echo "$fileprovider / $rclone" | bc -l)"
done
