#!/usr/bin/env bash
# Counts the instructions per row that one library spends on one workload, with callgrind.
#
#   Benchmarks/profile.sh W1 slate          # instructions per row, and the hottest functions
#   Benchmarks/profile.sh W5 c 10000 40000  # row counts of the two runs (defaults: 20000 100000)
#   PROFILE_API=decodeAll Benchmarks/profile.sh W3 slate   # one API of a library (--api)
#
# Instruction counts do not depend on what else the machine is doing, so they can be compared
# across runs on a shared, noisy machine. Only the timed call (Runner.measuredBody) is counted,
# and the workload runs at two sizes: the difference divided by the difference in rows is the
# per-row cost, free of fixed costs (prepare, BEGIN/COMMIT). Each size runs the body twice
# (warm-up + one measured run).
set -euo pipefail
workload=${1:?usage: profile.sh WORKLOAD LIBRARY [ROWS1 ROWS2]}
library=${2:?usage: profile.sh WORKLOAD LIBRARY [ROWS1 ROWS2]}
small=${3:-20000}
large=${4:-100000}
here=$(cd "$(dirname "$0")" && pwd)
out=${PROFILE_OUT:-$here/.build/profiles}
mkdir -p "$out"

swift build -c release --package-path "$here" --scratch-path "$here/.build" >/dev/null
binary="$here/.build/release/slate-bench"

count() {  # rows → total instructions in measuredBody (both runs)
    local file="$out/callgrind.$workload.$library${PROFILE_API:+.${PROFILE_API//[^A-Za-z0-9]/_}}.$1"
    valgrind --tool=callgrind --callgrind-out-file="$file" --collect-atstart=no \
        --toggle-collect='*measuredBody*' \
        "$binary" --workload "$workload" --library "$library" ${PROFILE_API:+--api "$PROFILE_API"} \
        --rows "$1" --runs 1 --no-results --no-allocations >/dev/null 2>"$file.log"
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$file.log"
}

ir_small=$(count "$small")
ir_large=$(count "$large")
per_row=$(( (ir_large - ir_small) / (2 * (large - small)) ))
echo "$workload $library: $per_row instructions per row ($ir_small Ir at $small rows, $ir_large Ir at $large rows)"
echo "hottest functions (self cost, $large rows; demangled):"
{ callgrind_annotate --inclusive=no "$out/callgrind.$workload.$library${PROFILE_API:+.${PROFILE_API//[^A-Za-z0-9]/_}}.$large" 2>/dev/null || true; } \
    | sed -n '/file:function/,$p' | sed -n '3,18p' \
    | { if command -v swift >/dev/null; then swift demangle --simplified; else cat; fi }
