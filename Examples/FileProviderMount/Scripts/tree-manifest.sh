#!/usr/bin/env bash
# Prints one line per entry below the folder given as the first argument, sorted: path, type,
# permission bits, size and MD5 of files, target of links, and the modification time when it was
# set explicitly (before 2023). Two trees are the same when their manifests are.
# With --no-times as the second argument, times are left out.
set -euo pipefail
cd "$1"
export LC_ALL=C
find . -mindepth 1 | sort | while IFS= read -r path; do
    type=$(stat -c %F "$path")
    case "$type" in
        "symbolic link") echo "$path link -> $(readlink "$path")" ;;
        directory) echo "$path dir $(stat -c %a "$path")" ;;
        *)
            # Git's index records inode numbers and change times, which differ between file systems.
            if [ "$path" = "./repo/.git/index" ]; then
                digest=index
            else
                digest=$(md5sum < "$path" | cut -d' ' -f1)
            fi
            time=""
            mtime=$(stat -c %Y "$path")
            if [ "${2:-}" != "--no-times" ] && [ "$mtime" -lt 1672531200 ]; then time=" mtime=$mtime"; fi
            echo "$path file $(stat -c %a "$path") $(stat -c %s "$path") $digest$time"
            ;;
    esac
done
