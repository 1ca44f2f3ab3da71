#!/usr/bin/env bash
# Issue 14's reliability pass, in the default build (.build):
#   - every fault sweep at every I/O point in every fault mode (SLATE_RELIABILITY_FULL=1; a plain
#     `swift test` runs every point for one-shot I/O errors and a sample for the other modes);
#   - the SIGKILL crash loop: SLATE_CRASH_KILLS kills per configuration (WAL and rollback journal,
#     synchronous NORMAL and FULL), 5 by default, so 20 in all;
#   - streaming 1,000,000 rows with flat memory;
#   - a 1,000,000-row changeset recorded, read and applied within the Changesets article's memory
#     bound (issue 24; a plain `swift test` runs it with 100,000 rows).
# Usage: .ci/reliability.sh            (SLATE_CRASH_KILLS=50 .ci/reliability.sh for a longer loop)
# The SQLCipher build runs the same tests (sampled) through .ci/sqlcipher.sh.
set -euo pipefail
cd "$(dirname "$0")/.."

start=$(date +%s)
export SLATE_RELIABILITY_FULL=1
swift build --build-tests
swift test --skip-build --filter SlateReliabilityTests 2>&1 | tee .build/reliability.log \
    | grep -E '^(fault sweep|crash loop|streaming|changeset memory)|✘|Test run with'
status=${PIPESTATUS[0]}
echo "reliability: took $(( $(date +%s) - start )) s"
exit "$status"
