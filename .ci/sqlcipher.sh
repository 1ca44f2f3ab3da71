#!/usr/bin/env bash
# CI for the `SQLCipher` package trait (issue 3, encryption):
#   1. installs libsqlcipher-dev (SQLCipher's headers and library) when it is missing;
#   2. builds and runs the test suite with `--traits SQLCipher`, in its own build folder;
#   3. proves with ldd that the trait build links libsqlcipher and NOT libsqlite3, and that the
#      default build links libsqlite3 and NOT libsqlcipher (both at once would resolve every
#      sqlite3_* symbol by link order, silently).
# Usage: .ci/sqlcipher.sh [--filter PATTERN]   (extra arguments go to `swift test`)
# Called by .ci/run after the default build and tests; SLATE_DEFAULT_SCRATCH names the default
# build folder when it is not .build.
set -euo pipefail
cd "$(dirname "$0")/.."

trait_scratch=".build-sqlcipher"
default_scratch="${SLATE_DEFAULT_SCRATCH:-.build}"

missing=()
for package in libsqlcipher-dev pkg-config; do
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
echo "SQLCipher $(pkg-config --modversion sqlcipher): $(pkg-config --cflags --libs sqlcipher)"

# --- The trait build and its tests -------------------------------------------------------------
swift build --traits SQLCipher --scratch-path "$trait_scratch"
swift test --traits SQLCipher --scratch-path "$trait_scratch" "$@"

# --- Which SQLite library each build links ----------------------------------------------------
# check_links BUILD_DIR WANTED UNWANTED: every binary that links SlateCore must name WANTED and not
# UNWANTED in its ldd output.
check_links() {
    local bin_dir wanted="$2" unwanted="$3" binary found=0
    bin_dir="$(swift build --scratch-path "$1" ${4:+--traits "$4"} --show-bin-path)"
    for binary in "$bin_dir/slate" "$bin_dir/SlatePackageTests.xctest"; do
        [ -x "$binary" ] || continue
        found=1
        local libraries
        libraries="$(ldd "$binary")"
        if ! grep -q "$wanted" <<<"$libraries"; then
            echo "error: $binary does not link $wanted:" >&2
            echo "$libraries" >&2
            exit 1
        fi
        if grep -q "$unwanted" <<<"$libraries"; then
            echo "error: $binary links $unwanted as well as $wanted:" >&2
            echo "$libraries" >&2
            exit 1
        fi
        echo "ok: $binary links $(grep -o "$wanted[^ ]*" <<<"$libraries" | head -n1), not $unwanted"
    done
    if [ "$found" -eq 0 ]; then
        echo "error: no built binary in $bin_dir to check" >&2
        exit 1
    fi
}

check_links "$trait_scratch" libsqlcipher.so libsqlite3.so SQLCipher

# The default build (SystemSQLite) is built here if .ci/run has not built it already.
[ -x "$(swift build --scratch-path "$default_scratch" --show-bin-path)/slate" ] \
    || swift build --scratch-path "$default_scratch"
check_links "$default_scratch" libsqlite3.so libsqlcipher.so

echo "SQLCipher trait build: tests passed; linkage checked."
