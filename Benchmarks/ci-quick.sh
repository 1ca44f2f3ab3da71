#!/usr/bin/env bash
# Runs the benchmark with small row counts so that CI notices when it stops building or a
# contender's checksum goes wrong. A debug build is enough for that and is much quicker to build
# than GRDB in release mode; the figures it prints are not meaningful.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
swift run --package-path "$here" --scratch-path "$here/.build" slate-bench --quick
