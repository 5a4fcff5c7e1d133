#!/usr/bin/env bash
# Runs LocalFolderProvider's escape race (EscapeRaceTests) for SECONDS seconds (default 60): a
# thread swaps a folder of the root for a symbolic link to an outside folder, again and again,
# while the provider works in it. Prints the operations, swaps and escapes; fails on any escape.
#
#   Examples/LocalFolderProvider/Scripts/escape-race.sh 60
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
swift build --build-tests
LOCALFOLDER_ESCAPE_SECONDS="$seconds" swift test --skip-build --filter EscapeRaceTests 2>&1 \
    | grep -E "escape race:|✔|✘"
