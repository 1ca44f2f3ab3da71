#!/usr/bin/env bash
# Builds the DocC documentation of SlateCore and Slate and fails on any warning (a broken symbol
# link, an unresolved article reference, a compiler warning in the symbol-graph build), then
# checks that every public type is in a topic group (.ci/doc-coverage.py).
#
#   .ci/docs.sh            # both catalogs; archives in .build-docs/plugins/Swift-DocC/outputs/
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

archives=()
status=0
for target in SlateCore Slate; do
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
