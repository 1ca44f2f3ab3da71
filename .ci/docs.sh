#!/usr/bin/env bash
# Builds the DocC documentation of every module with a catalog (Sources/<Module>/<Module>.docc)
# and fails on any warning (a broken symbol link, an unresolved article reference, a compiler
# warning in the symbol-graph build), then checks that every public type is in a topic group
# (.ci/doc-coverage.py).
#
#   .ci/docs.sh                    # every catalog; archives in .build-docs/plugins/Swift-DocC/outputs/
#   .ci/docs.sh SlateMacros Slate  # those modules only
#
# A catalog whose module is not a target of Package.swift (yet) is skipped with a note, so a
# catalog can land before its module does.
#
# SwiftPM 6.3 builds symbol graphs for plugins with every package trait enabled, whatever
# `--traits` says, so this build compiles SystemSQLite and SQLCipher together: it needs
# libsqlcipher-dev, and the `DocumentationBuild` trait (see Package.swift) keeps such a build
# from ever linking a program. It uses its own build folder so that the everyday `.build` keeps
# its default-trait configuration.
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=".build-docs"

missing=()
for package in libsqlite3-dev libsqlcipher-dev pkg-config; do
    dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
    if [ "$(id -u)" -ne 0 ]; then
        echo "error: ${missing[*]} missing and not running as root to install them" >&2
        exit 1
    fi
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}"
fi

# The modules to build: the arguments, or every Sources/<Module> holding a .docc catalog.
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    for catalog in Sources/*/*.docc; do
        [ -d "$catalog" ] || continue
        module="$(basename "$(dirname "$catalog")")"
        if grep -Pzq "\\.(target|macro)\\(\\s*name: \"$module\"" Package.swift; then
            targets+=("$module")
        else
            echo "note: skipping $catalog: Package.swift has no target $module"
        fi
    done
fi
if [ ${#targets[@]} -eq 0 ]; then
    echo "error: no documentation catalog to build" >&2
    exit 1
fi

archives=()
status=0
for target in "${targets[@]}"; do
    log="$(mktemp)"
    echo "--- generate-documentation --target $target"
    if ! swift package --scratch-path "$scratch" generate-documentation --target "$target" >"$log" 2>&1; then
        cat "$log"
        echo "error: the documentation build of $target failed" >&2
        rm -f "$log"
        exit 1
    fi
    # Any warning, from the compiler or from DocC, with the lines that locate it.
    if grep -q "warning:" "$log"; then
        grep -A8 "warning:" "$log" >&2
        echo "error: the documentation of $target has $(grep -c "warning:" "$log") warning(s)" >&2
        status=1
    else
        echo "ok: $target documentation built without warnings"
    fi
    archive="$(sed -n 's/^ *\(\/.*\.doccarchive\)$/\1/p' "$log" | tail -n1)"
    rm -f "$log"
    if [ -z "$archive" ] || [ ! -d "$archive" ]; then
        echo "error: no archive reported for $target" >&2
        exit 1
    fi
    archives+=("$archive")
done

python3 .ci/doc-coverage.py "${archives[@]}" || status=1
exit "$status"
