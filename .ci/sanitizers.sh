#!/usr/bin/env bash
# The sanitizer passes of issue 14:
#   1. the whole test suite once under AddressSanitizer (scratch folder .build-asan);
#   2. the concurrency suites under ThreadSanitizer (scratch folder .build-tsan): every test whose
#      name matches SLATE_TSAN_FILTER (default below: queues, pools, observation, interrupts,
#      cancellation, the crash loop's child processes, the re-entry suites of issue 19, whose
#      callbacks use their connection from inside SQLite, and the authorizer's, whose observation
#      tests compile footprints on a pool's reader threads).
# Usage: .ci/sanitizers.sh [address|thread]...   (default: both)
# The two builds run side by side, then each pass's tests; each prints its wall time
# ("sanitizers: builds took N s", "sanitizers: PASS tests took N s").
set -euo pipefail
cd "$(dirname "$0")/.."

passes=("$@")
[ ${#passes[@]} -gt 0 ] || passes=(address thread)
tsan_filter="${SLATE_TSAN_FILTER:-Concurrency|Interrupt|Pool|Queue|Observation|Cancel|Async|Thread|CrashLoop|Reentr|ConcurrentMigrator|Authorizer}"
# Tests to skip under ThreadSanitizer (none today): SLATE_TSAN_SKIP="name|name".
tsan_skip="${SLATE_TSAN_SKIP:-}"

# Sanitized Swift programs report through the toolchain's llvm-symbolizer when it is on PATH.
toolchain_bin="$(dirname "$(readlink -f "$(command -v swift)")")"
export PATH="$toolchain_bin:$PATH"
# halt_on_error: the first report fails the run; the test runner's exit status says so.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0:halt_on_error=1:abort_on_error=1}"
export TSAN_OPTIONS="${TSAN_OPTIONS:-halt_on_error=1}"

# scratch PASS: the pass's build folder.
scratch() { [ "$1" = thread ] && echo .build-tsan || echo .build-asan; }

# build PASS: the sanitized build of the package and its tests, in the pass's own folder.
build() {
    case "$1" in
    address) swift build --build-tests --sanitize=address --scratch-path .build-asan ;;
    thread) swift build --build-tests --sanitize=thread --scratch-path .build-tsan ;;
    *)
        echo "usage: $0 [address|thread]..." >&2
        exit 64
        ;;
    esac
}

# The builds run side by side (on 2 cores, one build's serial stretches, such as a large module's
# single compile job or a link, leave the other core to the other build), then the tests run one
# pass at a time.
start=$(date +%s)
# Resolved one folder at a time first: the two builds then share nothing but finished checkouts.
for pass in "${passes[@]}"; do swift package resolve --scratch-path "$(scratch "$pass")"; done
pids=()
for pass in "${passes[@]}"; do
    mkdir -p "$(scratch "$pass")"
    build "$pass" >"$(scratch "$pass")/sanitizer-build.log" 2>&1 &
    pids+=($!)
done
for index in "${!passes[@]}"; do
    if ! wait "${pids[$index]}"; then
        cat "$(scratch "${passes[$index]}")/sanitizer-build.log" >&2
        echo "sanitizers: the ${passes[$index]} build failed" >&2
        exit 1
    fi
    tail -n 1 "$(scratch "${passes[$index]}")/sanitizer-build.log"
done
echo "sanitizers: builds took $(( $(date +%s) - start )) s"

for pass in "${passes[@]}"; do
    start=$(date +%s)
    case "$pass" in
    address)
        swift test --skip-build --sanitize=address --scratch-path .build-asan
        ;;
    thread)
        swift test --skip-build --sanitize=thread --scratch-path .build-tsan --filter "$tsan_filter" \
            ${tsan_skip:+--skip "$tsan_skip"}
        ;;
    esac
    echo "sanitizers: $pass tests took $(( $(date +%s) - start )) s"
done
