#!/usr/bin/env bash
# Builds Slate's libFuzzer targets and runs each from its committed seed corpus.
#
# Usage: Fuzz/run.sh [SECONDS] [TARGET...]
#   SECONDS  how long to fuzz each target (default 60, what CI runs); 0 replays the corpus only.
#   TARGET   names in Fuzz/Targets (default: every one).
#
# How it builds (SwiftPM 6.3 cannot link a libFuzzer main into a package product): `swift build
# --target SlateCLI` compiles SlateCore, Slate, ArgumentParser and SlateCLI with coverage
# instrumentation (-sanitize=fuzzer,address) into .build-fuzz (SwiftPM renames the tool's entry
# point to SlateCLI_main, so libFuzzer's main is the only one); then swiftc compiles each target
# (Fuzz/Targets/NAME.swift with Fuzz/Support/*.swift) against those modules, `@testable import
# SlateCLI` for the importer, and links it with their object files and the system SQLite.
#
# Every input of Fuzz/Corpus/NAME is replayed first: a crash found once stays a regression case
# there. New inputs go to .build-fuzz/corpus/NAME, so a run never changes the committed corpus.
# When a target crashes, times out or breaks a promise, the input is saved under
# .build-fuzz/artifacts and the script exits 1: add that file to Fuzz/Corpus/NAME with the fix.
#
# The linear-time bound: every input is at most MAX_LEN bytes (-max_len) and must finish within
# TIMEOUT seconds (-timeout); see RELIABILITY.md for why these two catch quadratic behaviour.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-60}"
[ $# -gt 0 ] && shift
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    for file in Fuzz/Targets/*.swift; do targets+=("$(basename "$file" .swift)"); done
fi
max_len="${FUZZ_MAX_LEN:-65536}"
timeout="${FUZZ_TIMEOUT:-2}"
scratch=".build-fuzz"
sanitizers="fuzzer,address"

toolchain_bin="$(dirname "$(readlink -f "$(command -v swift)")")"
export PATH="$toolchain_bin:$PATH"  # llvm-symbolizer, for readable stack traces
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}"
# Swift's own crash handler reads memory that ASan reports as a wild read: let libFuzzer report.
export SWIFT_BACKTRACE="enable=no"

# The tool (for @testable import SlateCLI) and Slate (which the tool does not depend on, for the
# Codable targets).
swift build --target SlateCLI --scratch-path "$scratch" -Xswiftc "-sanitize=$sanitizers"
swift build --target Slate --scratch-path "$scratch" -Xswiftc "-sanitize=$sanitizers"
bin="$(swift build --target SlateCLI --scratch-path "$scratch" --show-bin-path)"
mkdir -p "$scratch/fuzzers" "$scratch/artifacts"

# The targets are linked one after the other, then fuzzed FUZZ_JOBS at a time (default 2, one per
# core of the CI machine: each libFuzzer process is single-threaded).
jobs="${FUZZ_JOBS:-2}"
for target in "${targets[@]}"; do
    source="Fuzz/Targets/$target.swift"
    [ -f "$source" ] || { echo "no fuzz target $source" >&2; exit 64; }
    swiftc -sanitize="$sanitizers" -parse-as-library -g -use-ld=lld -module-name "Fuzz$target" \
        -I "$bin/Modules" -I Sources/CSQLite \
        Fuzz/Support/*.swift "$source" \
        "$bin"/SlateCore.build/*.o "$bin"/SlateSchema.build/*.o "$bin"/Slate.build/*.o "$bin"/SlateCLI.build/*.o \
        "$bin"/ArgumentParser.build/*.o "$bin"/ArgumentParserToolInfo.build/*.o \
        $(pkg-config --libs sqlite3) -o "$scratch/fuzzers/$target"
    mkdir -p "Fuzz/Corpus/$target" "$scratch/corpus/$target"
done

# fuzz TARGET: runs one target, prints its line, and writes it to $scratch/fuzzers/TARGET.result
# (with FAILED when it crashed, timed out or broke a promise).
fuzz() {
    local target="$1" binary="$scratch/fuzzers/$1" log="$scratch/fuzzers/$1.log" start work code line executions
    start=$(date +%s)
    # Arbitrary SQL may create files (VACUUM INTO): run where they can do no harm.
    work="$(mktemp -d)"
    set +e
    (cd "$work" && "$OLDPWD/$binary" "$OLDPWD/$scratch/corpus/$target" "$OLDPWD/Fuzz/Corpus/$target" \
        -max_total_time="$seconds" -runs="$([ "$seconds" = 0 ] && echo 0 || echo -1)" \
        -timeout="$timeout" -max_len="$max_len" -rss_limit_mb=2048 \
        -artifact_prefix="$OLDPWD/$scratch/artifacts/$target-" -print_final_stats=1) >"$log" 2>&1
    code=$?
    set -e
    rm -rf "$work"
    executions="$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo '?')"
    line="$target: $executions executions in $(( $(date +%s) - start )) s"
    if [ $code -ne 0 ]; then
        line="$line: FAILED (exit $code), see $log"
        tail -n 40 "$log" >&2
    fi
    echo "fuzz $line"
    echo "$line" >"$scratch/fuzzers/$target.result"
}

rm -f "$scratch"/fuzzers/*.result
running=0
for target in "${targets[@]}"; do
    if [ "$running" -ge "$jobs" ]; then
        wait -n
        running=$((running - 1))
    fi
    fuzz "$target" &
    running=$((running + 1))
done
wait

status=0
echo "--- fuzz summary (max_len $max_len bytes, timeout $timeout s per input, $jobs at a time)"
for target in "${targets[@]}"; do
    result="$scratch/fuzzers/$target.result"
    if [ ! -f "$result" ]; then
        echo "$target: no result (the run did not finish)"
        status=1
        continue
    fi
    cat "$result"
    grep -q FAILED "$result" && status=1
done
exit $status
