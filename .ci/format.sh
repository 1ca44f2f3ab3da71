#!/usr/bin/env bash
# `swift format lint` (it ships with the toolchain) over Sources and Tests, with the project's
# .swift-format: 4-space indents, no wrapping of long lines, and the rules the code's style keeps
# switched off (see the file). Generated files are left out: Scripts/generate-*.py write them and
# .ci/check-generated.sh checks them. Files that mirror the documentation's code blocks line for
# line say `// swift-format-ignore-file`.
#
#   .ci/format.sh          # lint, fail on any finding
#   .ci/format.sh --fix    # rewrite the files in place instead
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t files < <(git ls-files 'Sources/*.swift' 'Tests/*.swift' | grep -v '/Generated/')
if [ "${1:-}" = "--fix" ]; then
    swift format format --in-place --configuration .swift-format "${files[@]}"
else
    swift format lint --strict --configuration .swift-format "${files[@]}"
    echo "swift format lint: ${#files[@]} files clean"
fi
