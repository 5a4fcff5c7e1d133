#!/usr/bin/env bash
# Builds the fuzz targets with libFuzzer (-sanitize=fuzzer) and runs them side by side, each for
# SECONDS seconds of wall time (default 30), starting from valid tokens the target writes itself
# plus the corpus kept in .build-fuzz/corpus/TARGET from earlier runs. Fails when any target finds a
# crash, wrong acceptance, unexpected error code or changed listing; the reproducer lands in
# .build-fuzz/artifacts/.
#
#   Fuzz/run.sh 30                              # every target, 30 s each (CI)
#   Fuzz/run.sh 3600 fuzz-localfolder-tokens    # one target, an hour
set -euo pipefail
cd "$(dirname "$0")"
seconds="${1:-30}"
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    targets=(fuzz-inmemory-tokens fuzz-localfolder-tokens fuzz-report-decoding)
fi
flags=(--scratch-path .build-fuzz -c release -Xswiftc -sanitize=fuzzer -Xswiftc -use-ld=lld -Xswiftc -warnings-as-errors)
swift build "${flags[@]}"
bin="$(swift build "${flags[@]}" --show-bin-path)"
mkdir -p .build-fuzz/artifacts
pids=()
for target in "${targets[@]}"; do
    corpus=".build-fuzz/corpus/$target"
    mkdir -p "$corpus"
    echo "==> $target for $seconds s"
    FUZZ_SEED_DIR="$corpus" "$bin/$target" "$corpus" -max_total_time="$seconds" -timeout=10 \
        -print_final_stats=1 -artifact_prefix=".build-fuzz/artifacts/$target-" >".build-fuzz/$target.log" 2>&1 &
    pids+=("$!")
done
failure=0
for index in "${!targets[@]}"; do
    target="${targets[$index]}"
    log=".build-fuzz/$target.log"
    status=0
    wait "${pids[$index]}" || status=$?
    echo "==> $target"
    grep -E "stat::number_of_executed_units|stat::new_units_added" "$log" || true
    if [ "$status" -ne 0 ]; then
        tail -40 "$log"
        failure="$status"
    fi
done
exit "$failure"
