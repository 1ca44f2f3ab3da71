#!/usr/bin/env bash
# Regenerates the generated Swift files (Scripts/*.py) and fails if any differs from what is
# committed: the generators are the source, and their output must be current.
#
#   .ci/check-generated.sh
set -euo pipefail
cd "$(dirname "$0")/.."

for generator in Scripts/generate-*.py; do
    python3 "$generator"
done

# Modified, deleted or new files among the generated ones (tracked or not).
changes="$(git status --porcelain --untracked-files=all -- 'Sources/**/*.generated.swift' 'Sources/*/Generated/' 'Sources/*/*/Generated/' 'Sources/*/*/*/Generated/')"
if [ -n "$changes" ]; then
    echo "error: generated files differ from their generators' output:" >&2
    echo "$changes" >&2
    git --no-pager diff --stat -- 'Sources/**/*.generated.swift' >&2 || true
    echo "Run the generators (python3 Scripts/generate-*.py) and commit the result." >&2
    exit 1
fi
echo "ok: $(git ls-files -- 'Sources/**/*.generated.swift' | wc -l) generated files match Scripts/generate-*.py"
