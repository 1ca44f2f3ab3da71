#!/usr/bin/env bash
# The sanitizer passes of issue 14:
#   1. the whole test suite once under AddressSanitizer (scratch folder .build-asan);
#   2. the concurrency suites under ThreadSanitizer (scratch folder .build-tsan): every test whose
#      name matches SLATE_TSAN_FILTER (default below: queues, pools, observation, interrupts,
#      cancellation, the crash loop's child processes, and the re-entry suites of issue 19, whose
#      callbacks use their connection from inside SQLite).
# Usage: .ci/sanitizers.sh [address|thread]...   (default: both)
# Each pass prints its wall time as "sanitizers: PASS took N s".
set -euo pipefail
cd "$(dirname "$0")/.."

passes=("$@")
[ ${#passes[@]} -gt 0 ] || passes=(address thread)
tsan_filter="${SLATE_TSAN_FILTER:-Concurrency|Interrupt|Pool|Queue|Observation|Cancel|Async|Thread|CrashLoop|Reentr|ConcurrentMigrator}"
# Tests to skip under ThreadSanitizer (none today): SLATE_TSAN_SKIP="name|name".
tsan_skip="${SLATE_TSAN_SKIP:-}"

# Sanitized Swift programs report through the toolchain's llvm-symbolizer when it is on PATH.
toolchain_bin="$(dirname "$(readlink -f "$(command -v swift)")")"
export PATH="$toolchain_bin:$PATH"
# halt_on_error: the first report fails the run; the test runner's exit status says so.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0:halt_on_error=1:abort_on_error=1}"
export TSAN_OPTIONS="${TSAN_OPTIONS:-halt_on_error=1}"

for pass in "${passes[@]}"; do
    start=$(date +%s)
    case "$pass" in
    address)
        swift build --build-tests --sanitize=address --scratch-path .build-asan
        swift test --skip-build --sanitize=address --scratch-path .build-asan
        ;;
    thread)
        swift build --build-tests --sanitize=thread --scratch-path .build-tsan
        swift test --skip-build --sanitize=thread --scratch-path .build-tsan --filter "$tsan_filter" \
            ${tsan_skip:+--skip "$tsan_skip"}
        ;;
    *)
        echo "usage: $0 [address|thread]..." >&2
        exit 64
        ;;
    esac
    echo "sanitizers: $pass took $(( $(date +%s) - start )) s"
done
