#!/usr/bin/env bash
# Soak (not in CI): runs the randomized model checks (MODEL-01, MODEL-02) seed after seed for
# SECONDS seconds against one subject, and prints the operations run and the divergences found.
#
#   Scripts/soak.sh reference 3600 [STEPS]     # the in-memory reference provider (release CLI)
#   Scripts/soak.sh localfolder 3600 [STEPS]   # LocalFolderProvider (its conformance test)
#
# Each seed runs both checks with STEPS operations each (default 20,000 for the reference
# provider, 2,000 for LocalFolderProvider, whose every step is flushed to disk). A divergence
# prints the seed; replay it with `fileprovider-conformance --check MODEL-01 --seed N --steps
# STEPS` or LOCALFOLDER_MODEL_SEED=N LOCALFOLDER_MODEL_STEPS=STEPS swift test --filter
# conformance in Examples/LocalFolderProvider. On a shared machine, run it under `nice -n 19`.
set -uo pipefail
cd "$(dirname "$0")/.."
subject="${1:?usage: Scripts/soak.sh reference|localfolder SECONDS [STEPS]}"
seconds="${2:?usage: Scripts/soak.sh reference|localfolder SECONDS [STEPS]}"
case "$subject" in
reference)
    steps="${3:-20000}"
    swift build -c release --product fileprovider-conformance >/dev/null || exit 1
    cli="$(swift build -c release --show-bin-path)/fileprovider-conformance"
    run() { "$cli" --check MODEL-01 --check MODEL-02 --seed "$1" --steps "$steps" --quiet; }
    ;;
localfolder)
    steps="${3:-2000}"
    swift build --package-path Examples/LocalFolderProvider --build-tests >/dev/null || exit 1
    run() {
        LOCALFOLDER_MODEL_SEED="$1" LOCALFOLDER_MODEL_STEPS="$steps" \
            swift test --package-path Examples/LocalFolderProvider --skip-build --filter conformance
    }
    ;;
*)
    echo "unknown subject $subject: reference or localfolder" >&2
    exit 2
    ;;
esac
deadline=$((SECONDS + seconds))
seed="${SOAK_FIRST_SEED:-$(date +%s)}"
runs=0
operations=0
divergences=0
while [ "$SECONDS" -lt "$deadline" ]; do
    if output="$(run "$seed" 2>&1)"; then
        operations=$((operations + 2 * steps))
    else
        divergences=$((divergences + 1))
        echo "DIVERGENCE at seed $seed:"
        echo "$output" | grep -E "MODEL|step|✘|failed" | head -20
    fi
    runs=$((runs + 1))
    echo "$subject: seed $seed done; $runs seeds, $operations operations passed, $divergences divergences"
    seed=$((seed + 1))
done
echo "$subject soak: $runs seeds x 2 runs x $steps steps in ${seconds}s: $operations operations, $divergences divergences"
[ "$divergences" -eq 0 ]
