#!/usr/bin/env bash
# Benchmark (not run in CI): the same workloads on five subjects, every one with its backing store
# and its cache in one folder under BASE (default /tmp), so on one file system:
#   plain      the folder itself
#   reference  fileprovider-mount of the in-memory reference provider (--cache-dir in BASE)
#   folder     fileprovider-mount --folder (root, --state and --cache-dir in BASE)
#   rclone     rclone mount of a local folder with its VFS cache (--vfs-cache-mode full, --cache-dir in BASE)
#   bindfs     bindfs of a local folder: a plain FUSE passthrough, the limit of any FUSE file system
# Workloads, in this order on each subject: cp -r of a tree of FILES small files in, ls -lR, reading
# every file, tar x of the same tree, git clone of a local repository, dd write and read of SIZE
# MiB (conv=fsync), a cold read of that file (after dropping the kernel's caches, as root only, outside
# the measured time),
# 1,000 appends of 100 bytes each followed by fsync, rm -r of everything.
# ROUNDS rounds (default 3), the subjects' order rotated each round; prints per workload each
# subject's minimum and median, the medians' ratios, and the load average at each round's start.
# Needs fuse3, rclone, bindfs, git, python3 (apt-get install fuse3 rclone bindfs git python3);
# builds the command in release.
#
#   Scripts/benchmark.sh [FILES] [SIZE] [ROUNDS] [BASE]     # defaults 10000 1024 3 /tmp
set -euo pipefail
files=${1:-10000}
size=${2:-1024}
rounds=${3:-3}
base=${4:-/tmp}
package=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "$base/fileprovider-mount-benchmark.XXXXXX")
subjects=(plain reference folder rclone bindfs)
workloads=("cp -r" "ls -lR" "read all" "tar x" "git clone" "dd write" "dd read" "cold read" "append+fsync" "rm -r")
pids=()
unmount_all() {
    for subject in reference folder rclone bindfs; do
        fusermount3 -u -z "$work/$subject" 2> /dev/null || true
    done
    for pid in "${pids[@]}"; do kill "$pid" 2> /dev/null || true; done
    for pid in "${pids[@]}"; do wait "$pid" 2> /dev/null || true; done
    pids=()
}
cleanup() {
    unmount_all
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

echo "Generating $files files, a tar of them and a git repository…"
mkdir -p "$work/source"
python3 - "$work/source" "$files" << 'PY'
import os, sys
root, count = sys.argv[1], int(sys.argv[2])
for index in range(count):
    folder = os.path.join(root, f"folder-{index // 100}")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, f"file-{index % 100}.txt"), "w") as file:
        file.write(f"file {index % 100} of folder {index // 100}\n" + "0" * 200 + "\n")
PY
tar -cf "$work/source.tar" -C "$work" source
git init -q "$work/repository"
cp -r "$work/source/." "$work/repository/"
git -C "$work/repository" add -A
git -C "$work/repository" -c user.name=benchmark -c user.email=benchmark@localhost commit -q -m tree

wait_for_mount() {
    for _ in $(seq 1 600); do
        if mountpoint -q "$1"; then return 0; fi
        sleep 0.05
    done
    echo "$1 did not mount" >&2
    exit 1
}

mount_all() { # fresh backing stores and caches, all in $work
    rm -rf "$work/plain" "$work/backing" "$work/cache" "$work/state"
    mkdir -p "$work/plain" "$work/backing/folder" "$work/backing/rclone" "$work/backing/bindfs" \
        "$work/cache/reference" "$work/cache/folder" "$work/cache/rclone"
    for subject in reference folder rclone bindfs; do mkdir -p "$work/$subject"; done
    "$command" "$work/reference" --cache-dir "$work/cache/reference" > /dev/null &
    pids+=($!)
    "$command" "$work/folder" --folder "$work/backing/folder" --state "$work/state" \
        --cache-dir "$work/cache/folder" > /dev/null &
    pids+=($!)
    rclone mount "$work/backing/rclone" "$work/rclone" --vfs-cache-mode full --cache-dir "$work/cache/rclone" \
        --config /dev/null > /dev/null 2>&1 &
    pids+=($!)
    bindfs -f "$work/backing/bindfs" "$work/bindfs" > /dev/null 2>&1 &
    pids+=($!)
    for subject in reference folder rclone bindfs; do wait_for_mount "$work/$subject"; done
}

declare -A times
measure() { # subject workload command…
    local subject=$1 workload=$2 start end
    shift 2
    start=$(date +%s.%N)
    "$@" > /dev/null
    end=$(date +%s.%N)
    times[$subject,$workload]+="$(echo "$end - $start" | bc -l) "
}

drop_caches() { # outside the measured time: sync writes back every dirty page of the machine
    if [ "$(id -u)" = "0" ]; then
        sync
        echo 3 > /proc/sys/vm/drop_caches
    fi
}

append_fsync() { # file
    python3 - "$1" << 'PY'
import os, sys
fd = os.open(sys.argv[1], os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
for index in range(1000):
    os.write(fd, b"%099d\n" % index)
    os.fsync(fd)
os.close(fd)
PY
}

run_subject() { # subject
    local subject=$1 target="$work/$1"
    sync
    measure "$subject" "cp -r" cp -r "$work/source" "$target/tree"
    measure "$subject" "ls -lR" ls -lR "$target/tree"
    measure "$subject" "read all" find "$target/tree" -type f -exec cat {} +
    measure "$subject" "tar x" tar -xf "$work/source.tar" -C "$target" --one-top-level=untarred
    measure "$subject" "git clone" git clone -q --no-hardlinks "$work/repository" "$target/clone"
    measure "$subject" "dd write" dd if=/dev/zero of="$target/big" bs=1M count="$size" conv=fsync status=none
    measure "$subject" "dd read" dd if="$target/big" of=/dev/null bs=1M status=none
    drop_caches
    measure "$subject" "cold read" cat "$target/big"
    measure "$subject" "append+fsync" append_fsync "$target/log"
    measure "$subject" "rm -r" rm -rf "$target/tree" "$target/untarred" "$target/clone" "$target/big" "$target/log"
}

loads=()
for ((round = 0; round < rounds; round++)); do
    mount_all
    loads+=("$(cut -d' ' -f1-3 /proc/loadavg)")
    order=("${subjects[@]:round % ${#subjects[@]}}" "${subjects[@]:0:round % ${#subjects[@]}}")
    echo "Round $((round + 1)) of $rounds (load average ${loads[-1]}): ${order[*]}"
    for subject in "${order[@]}"; do run_subject "$subject"; done
    unmount_all
done

statistic() { # min|median values…
    local which=$1
    shift
    printf '%s\n' "$@" | sort -g | awk -v which="$which" '{ v[NR] = $1 } END {
        if (which == "min") print v[1]; else if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

echo
echo "$files files, $size MiB, $rounds rounds; load averages at each round's start: ${loads[*]}"
echo "Seconds, minimum / median; ratios of medians."
printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' workload "${subjects[@]}" \
    "reference / bindfs" "folder / bindfs" "reference / rclone" "folder / rclone"
printf '|%s\n' "---|---|---|---|---|---|---|---|---|---|"
for workload in "${workloads[@]}"; do
    declare -A median=()
    row="| $workload |"
    for subject in "${subjects[@]}"; do
        read -r -a values <<< "${times[$subject,$workload]}"
        median[$subject]=$(statistic median "${values[@]}")
        row+=" $(printf '%.3f / %.3f' "$(statistic min "${values[@]}")" "${median[$subject]}") |"
    done
    for pair in "reference bindfs" "folder bindfs" "reference rclone" "folder rclone"; do
        read -r ours theirs <<< "$pair"
        row+=" $(printf '%.2f' "$(echo "${median[$ours]} / ${median[$theirs]}" | bc -l)") |"
    done
    echo "$row"
done
