#!/usr/bin/env bash
# Benchmarks the `slate` tool against the sqlite3 shell and sqlite-utils on the same generated
# files (issue 13), and writes the figures into the CLI section of Benchmarks/RESULTS.md.
#
#   Benchmarks/cli.sh                 # 1M-row CSV for speed, a ~1 GB CSV for peak memory
#   CLI_BENCH_BIG_MB=256 Benchmarks/cli.sh   # a smaller memory file when time is short
#   CLI_BENCH_RUNS=5 Benchmarks/cli.sh       # runs per measurement (median reported; default 3)
#
# Goals (issue 13): import at least as fast as `sqlite3 .import` with type detection on; peak
# memory under 64 MB for a 1 GB CSV; first row of `query` in under 50 ms on a 1M-row table;
# export at least as fast as `sqlite3 -csv`. Issue 23 adds `memory` (against `sqlite-utils
# memory`) and `dump` (against `sqlite3 .dump`, with a rebuild from each dump checked row by row).
#
# Every figure is a median of CLI_BENCH_RUNS runs, the tools interleaved run by run; wall time
# (elapsed) and CPU time (user + system) are both given, because on a shared machine the wall
# time mostly measures the load. Peak memory is the maximum resident set size from
# /usr/bin/time -v.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
runs="${CLI_BENCH_RUNS:-3}"
big_mb="${CLI_BENCH_BIG_MB:-1024}"
work="${CLI_BENCH_DIR:-$(mktemp -d /tmp/slate-cli-bench.XXXXXX)}"
mkdir -p "$work"
trap 'rm -rf "$work"' EXIT

# --- Tools ------------------------------------------------------------------------------------
if ! command -v sqlite3 >/dev/null; then
    if [ "$(id -u)" -ne 0 ]; then echo "error: sqlite3 is missing and not running as root to install it" >&2; exit 1; fi
    apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y sqlite3
fi
if [ ! -x /usr/bin/time ]; then
    if [ "$(id -u)" -ne 0 ]; then echo "error: /usr/bin/time is missing and not running as root to install it" >&2; exit 1; fi
    apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y time
fi
command -v sqlite-utils >/dev/null || python3 -m pip install --quiet sqlite-utils
swift build -c release --product slate >/dev/null
slate="$(swift build -c release --show-bin-path)/slate"

# --- Data -------------------------------------------------------------------------------------
# id INTEGER, name TEXT, price REAL, quantity INTEGER, category TEXT (some quoted, with a comma),
# created TEXT: six columns, the last four kinds of value a CSV usually holds.
generate() { # ROWS FILE
    python3 - "$1" "$2" <<'PY'
import random, sys
rows, out = int(sys.argv[1]), sys.argv[2]
random.seed(42)
cats = ["tools", "garden", "kitchen", "toys", "books, used", "music"]
words = ["red", "blue", "brick", "plate", "tile", "slope", "axle", "wheel", "gear", "beam"]
with open(out, "w", newline="") as f:
    f.write("id,name,price,quantity,category,created\n")
    lines = []
    for i in range(1, rows + 1):
        cat = random.choice(cats)
        if "," in cat:
            cat = '"' + cat + '"'
        lines.append(f"{i},{random.choice(words)} {random.choice(words)} {i % 997},{random.randint(1, 99999) / 100},"
                     f"{random.randint(0, 500)},{cat},2024-{1 + i % 12:02d}-{1 + i % 28:02d}\n")
        if len(lines) == 100000:
            f.writelines(lines)
            lines = []
    f.writelines(lines)
PY
}
csv="$work/data.csv"
echo "generating 1,000,000 rows…" >&2
generate 1000000 "$csv"
big_rows=$(( big_mb * 1000000 / 51 ))
big="$work/big.csv"
echo "generating ~${big_mb} MB ($big_rows rows)…" >&2
generate "$big_rows" "$big"

# --- Measuring --------------------------------------------------------------------------------
# measure NAME COMMAND…: runs the command under /usr/bin/time -v; appends "wall cpu rss" to NAME.
measure() {
    local name="$1"; shift
    local log="$work/time.log"
    /usr/bin/time -v "$@" >/dev/null 2>"$log" || { echo "error: $name failed:" >&2; cat "$log" >&2; exit 1; }
    local wall cpu rss
    wall=$(awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; print s }' "$log")
    cpu=$(awk -F': ' '/User time/ { u = $2 } /System time/ { s = $2 } END { print u + s }' "$log")
    rss=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$log")
    echo "$wall $cpu $rss" >>"$work/$name.times"
}
median() { sort -n | awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR + 1) / 2]; else printf "%.3f\n", (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
column_median() { awk -v c="$2" '{ print $c }' "$work/$1.times" | median; }

echo "import, $runs runs each…" >&2
for _ in $(seq "$runs"); do
    rm -f "$work"/i-*.db
    measure import-slate "$slate" import "$work/i-slate.db" "$csv" --table t --quiet
    measure import-sqlite3 sqlite3 "$work/i-sqlite3.db" ".import --csv $csv t"
    measure import-sqlite-utils sqlite-utils insert "$work/i-utils.db" t "$csv" --csv
done
types="$(sqlite3 "$work/i-slate.db" "SELECT group_concat(name || ' ' || type, ', ') FROM pragma_table_info('t')")"
utils_types="$(sqlite3 "$work/i-utils.db" "SELECT group_concat(name || ' ' || type, ', ') FROM pragma_table_info('t')")"
rows="$(sqlite3 "$work/i-slate.db" "SELECT count(*) FROM t")"

echo "the CSV libraries issue 13 suggested, parsing only…" >&2
parsers_bin=""
if swift build -c release --package-path Benchmarks/CLIParsers >/dev/null 2>&1; then
    parsers_bin="$(swift build -c release --package-path Benchmarks/CLIParsers --show-bin-path)/csv-libraries"
    for _ in $(seq "$runs"); do
        measure parse-yaslab "$parsers_bin" yaslab "$csv"
        measure parse-swiftcsv "$parsers_bin" swiftcsv "$csv"
    done
else
    echo "warning: Benchmarks/CLIParsers did not build (are yaslab/CSV.swift and swiftcsv/SwiftCSV reachable?); skipped" >&2
fi

echo "peak memory on the ${big_mb} MB file…" >&2
rm -f "$work/big.db"
measure big-slate "$slate" import "$work/big.db" "$big" --table t --quiet
big_size=$(stat -c %s "$big")
rm -f "$work/big.db" "$big"

echo "time to the first row of a query…" >&2
first_row() { # COMMAND…: seconds from start until the first line of output
    python3 - "$@" <<'PY'
import subprocess, sys, time
start = time.perf_counter()
process = subprocess.Popen(sys.argv[1:], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
line = process.stdout.readline()
elapsed = time.perf_counter() - start
process.kill()
process.wait()
print(f"{elapsed:.4f}" if line else "nan")
PY
}
for _ in $(seq $(( runs * 2 + 1 ))); do
    first_row "$slate" query "$work/i-slate.db" "SELECT * FROM t" --format csv --no-header >>"$work/first-slate-csv.times"
    first_row "$slate" query "$work/i-slate.db" "SELECT * FROM t" >>"$work/first-slate-table.times"
    first_row sqlite3 -csv "$work/i-slate.db" "SELECT * FROM t" >>"$work/first-sqlite3.times"
    first_row sqlite-utils query "$work/i-slate.db" "SELECT * FROM t" --csv >>"$work/first-sqlite-utils.times"
done

echo "export, $runs runs each…" >&2
for _ in $(seq "$runs"); do
    rm -f "$work"/out-*
    measure export-slate "$slate" export "$work/i-slate.db" t --output "$work/out-slate.csv"
    measure export-sqlite3 sh -c "sqlite3 -csv -header '$work/i-slate.db' 'SELECT * FROM t' > '$work/out-sqlite3.csv'"
    measure export-sqlite-utils sh -c "sqlite-utils query '$work/i-slate.db' 'SELECT * FROM t' --csv > '$work/out-utils.csv'"
done
# sqlite3 ends rows with CRLF and quotes more fields (any with a space); read as CSV, the two
# files should hold the same rows.
same_export=$(python3 - "$work/out-slate.csv" "$work/out-sqlite3.csv" <<'PY'
import csv, itertools, sys
with open(sys.argv[1], newline="") as a, open(sys.argv[2], newline="") as b:
    same = all(x == y for x, y in itertools.zip_longest(csv.reader(a), csv.reader(b)))
print("Read by Python's csv module, slate's CSV holds the same rows as sqlite3's" if same else "Read by Python's csv module, slate's CSV does NOT hold the same rows as sqlite3's")
PY
)

echo "memory, $runs runs each…" >&2
# The same query on the file loaded into memory; sqlite3 imports every column as TEXT.
memory_sql="SELECT category, count(*) AS n, round(sum(price), 2) AS total, max(created) AS latest FROM data GROUP BY 1 ORDER BY 1"
for _ in $(seq "$runs"); do
    measure memory-slate "$slate" memory "$csv" "$memory_sql" --format csv
    measure memory-sqlite-utils sqlite-utils memory "$csv" "$memory_sql" --csv
    measure memory-sqlite3 sqlite3 -csv -header :memory: ".import --csv $csv data" "$memory_sql"
done
"$slate" memory "$csv" "$memory_sql" --format csv >"$work/memory-slate.csv"
sqlite-utils memory "$csv" "$memory_sql" --csv >"$work/memory-utils.csv"
same_memory=$(python3 - "$work/memory-slate.csv" "$work/memory-utils.csv" <<'PY'
import csv, sys
with open(sys.argv[1], newline="") as a, open(sys.argv[2], newline="") as b:
    same = list(csv.reader(a)) == list(csv.reader(b))
print("slate's and sqlite-utils' results hold the same rows" if same else "slate's and sqlite-utils' results DIFFER")
PY
)

echo "dump, $runs runs each…" >&2
for _ in $(seq "$runs"); do
    rm -f "$work"/rebuilt-*.db
    measure dump-slate sh -c "'$slate' dump '$work/i-slate.db' > '$work/dump-slate.sql'"
    measure dump-sqlite3 sh -c "sqlite3 '$work/i-slate.db' .dump > '$work/dump-sqlite3.sql'"
    measure rebuild-slate sh -c "'$slate' query '$work/rebuilt-slate.db' --write < '$work/dump-slate.sql'"
    measure rebuild-sqlite3 sh -c "sqlite3 '$work/rebuilt-sqlite3.db' < '$work/dump-sqlite3.sql'"
done
# Rows of the rebuilt tables whose values (REALs compared exactly) or storage classes differ.
differing() { # DB
    sqlite3 "$1" "ATTACH '$work/i-slate.db' AS source; SELECT count(*) FROM t JOIN source.t AS s ON s.rowid = t.rowid WHERE t.id IS NOT s.id OR t.name IS NOT s.name OR t.price IS NOT s.price OR typeof(t.price) <> typeof(s.price) OR t.quantity IS NOT s.quantity OR t.category IS NOT s.category OR t.created IS NOT s.created"
}
rebuilt_rows="$(sqlite3 "$work/rebuilt-slate.db" "SELECT count(*) FROM t")"
slate_differ="$(differing "$work/rebuilt-slate.db")"
sqlite3_differ="$(differing "$work/rebuilt-sqlite3.db")"

# --- Report -----------------------------------------------------------------------------------
row() { # LABEL NAME
    printf '| %s | %s | %s | %s |\n' "$1" "$(column_median "$2" 1)" "$(column_median "$2" 2)" "$(( $(column_median "$2" 3) / 1024 ))"
}
ms() { awk '{ printf "%.1f\n", $1 * 1000 }' | median; }
ratio() { # NAME REFERENCE COLUMN: NAME's median over REFERENCE's
    awk -v a="$(column_median "$1" "$3")" -v b="$(column_median "$2" "$3")" 'BEGIN { printf "%.2f", a / b }'
}
section="$work/section.md"
{
    echo "<!-- cli:begin (written by Benchmarks/cli.sh; do not edit by hand) -->"
    echo "## slate CLI against sqlite3 and sqlite-utils"
    echo
    echo "Generated by \`Benchmarks/cli.sh\` on $(date -u +%Y-%m-%dT%H:%M:%SZ): slate $("$slate" --version | cut -d' ' -f2) (release build), sqlite3 $(sqlite3 --version | cut -d' ' -f1), sqlite-utils $(sqlite-utils --version | awk '{ print $NF }'); $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) at the end (a shared machine: wall times vary with the load, CPU times much less). Medians of $runs runs, tools interleaved."
    echo
    echo "### Import: $rows rows × 6 columns, $(( $(stat -c %s "$csv") / 1000000 )) MB of CSV"
    echo
    echo "| Tool | Wall (s) | CPU user+sys (s) | Peak RSS (MB) |"
    echo "|---|--:|--:|--:|"
    row "slate import (types detected)" import-slate
    row "sqlite3 .import --csv (everything TEXT)" import-sqlite3
    row "sqlite-utils insert --csv (types detected)" import-sqlite-utils
    if [ -n "$parsers_bin" ]; then
        row "yaslab/CSV.swift 2.5.2 CSVReader, parsing only (no inserts)" parse-yaslab
        row "swiftcsv/SwiftCSV 0.10.0 EnumeratedCSV, parsing only (no inserts)" parse-swiftcsv
        echo
        echo "The two Swift CSV libraries spend more CPU time only parsing the file than slate spends parsing, typing and inserting it (SwiftCSV also holds the whole file as a String), so slate uses its own byte-level parser, property-tested against Python's csv module."
    fi
    echo
    echo "Column types: slate \`$types\`; sqlite-utils \`$utils_types\`; sqlite3 declares every column TEXT."
    echo
    echo "### Peak memory: slate import of a $(( big_size / 1000000 )) MB CSV ($big_rows rows)"
    echo
    echo "| Tool | Wall (s) | CPU user+sys (s) | Peak RSS (MB) |"
    echo "|---|--:|--:|--:|"
    row "slate import" big-slate
    echo
    echo "### Time to the first row of \`SELECT * FROM t\` on the $rows-row table"
    echo
    echo "| Tool | Median (ms) |"
    echo "|---|--:|"
    echo "| slate query --format csv | $(ms <"$work/first-slate-csv.times") |"
    echo "| slate query (table format: widths from the first 1,000 rows) | $(ms <"$work/first-slate-table.times") |"
    echo "| sqlite3 -csv | $(ms <"$work/first-sqlite3.times") |"
    echo "| sqlite-utils query --csv | $(ms <"$work/first-sqlite-utils.times") |"
    echo
    echo "### Export of the $rows-row table to CSV"
    echo
    echo "| Tool | Wall (s) | CPU user+sys (s) | Peak RSS (MB) |"
    echo "|---|--:|--:|--:|"
    row "slate export --output" export-slate
    row "sqlite3 -csv -header" export-sqlite3
    row "sqlite-utils query --csv" export-sqlite-utils
    echo
    echo "$same_export. slate writes a REAL as SQLite writes it, or with the extra digits that make it read back exactly, and syncs the file before renaming it into place; sqlite3 and sqlite-utils write to a redirected standard output."
    echo
    echo "### \`memory\`: a GROUP BY query on the $rows-row CSV, loaded into an in-memory database"
    echo
    echo "| Tool | Wall (s) | CPU user+sys (s) | Peak RSS (MB) |"
    echo "|---|--:|--:|--:|"
    row "slate memory --format csv (types detected)" memory-slate
    row "sqlite-utils memory --csv (types detected)" memory-sqlite-utils
    row "sqlite3 :memory: .import --csv, then the query (everything TEXT)" memory-sqlite3
    echo
    echo "The query: \`$memory_sql\`. Read by Python's csv module, $same_memory."
    echo
    echo "### \`dump\` of the $rows-row table, and rebuilding from the dump"
    echo
    echo "| Tool | Wall (s) | CPU user+sys (s) | Peak RSS (MB) |"
    echo "|---|--:|--:|--:|"
    row "slate dump > file" dump-slate
    row "sqlite3 .dump > file" dump-sqlite3
    row "slate query NEW.db --write < slate's dump" rebuild-slate
    row "sqlite3 NEW.db < sqlite3's dump" rebuild-sqlite3
    echo
    echo "Dumps: slate $(( $(stat -c %s "$work/dump-slate.sql") / 1000000 )) MB, sqlite3 $(( $(stat -c %s "$work/dump-sqlite3.sql") / 1000000 )) MB (sqlite3 writes every REAL with 20 significant digits). Rebuilt, compared with the source row by row (REALs exactly, and storage classes): from slate's dump $slate_differ of $rebuilt_rows rows differ; from sqlite3's, $sqlite3_differ."
    echo
    echo "### Against sqlite3 (median over median)"
    echo
    echo "| Command | Wall | CPU |"
    echo "|---|--:|--:|"
    echo "| import | $(ratio import-slate import-sqlite3 1)× | $(ratio import-slate import-sqlite3 2)× |"
    echo "| export | $(ratio export-slate export-sqlite3 1)× | $(ratio export-slate export-sqlite3 2)× |"
    echo "| memory (sqlite3 keeps TEXT) | $(ratio memory-slate memory-sqlite3 1)× | $(ratio memory-slate memory-sqlite3 2)× |"
    echo "| dump | $(ratio dump-slate dump-sqlite3 1)× | $(ratio dump-slate dump-sqlite3 2)× |"
    echo "| rebuild from a dump | $(ratio rebuild-slate rebuild-sqlite3 1)× | $(ratio rebuild-slate rebuild-sqlite3 2)× |"
    echo "<!-- cli:end -->"
} >"$section"

results="$root/Benchmarks/RESULTS.md"
python3 - "$results" "$section" <<'PY'
import re, sys
results, section = sys.argv[1], open(sys.argv[2]).read().rstrip("\n")
text = open(results).read() if __import__("os").path.exists(results) else "# Slate benchmark results\n"
pattern = re.compile(r"<!-- cli:begin.*?<!-- cli:end -->", re.S)
text = pattern.sub(lambda _: section, text) if pattern.search(text) else text.rstrip("\n") + "\n\n" + section + "\n"
open(results, "w").write(text)
PY
cat "$section"

# --- Full-text search (issue 23): enable-fts and search on the 1M-row table -------------------
# A block of its own, written into its own section of RESULTS.md (after the one above). Each run
# indexes a fresh copy of the imported table's database; sqlite3 runs the same SQL as slate by
# hand (CREATE VIRTUAL TABLE … content=t, then 'rebuild'; the join ordered by rank), the floor.
echo "full-text search, $runs runs each…" >&2
fts_sql="CREATE VIRTUAL TABLE t_fts USING fts5(name, category, content=t); INSERT INTO t_fts (t_fts) VALUES ('rebuild');"
search_sql() { # QUERY [LIMIT]
    echo "SELECT t.* FROM t_fts JOIN t ON t.rowid = t_fts.rowid WHERE t_fts MATCH '$1' ORDER BY t_fts.rank${2:+ LIMIT $2}"
}
for _ in $(seq "$runs"); do
    for tool in slate utils sqlite3; do cp "$work/i-slate.db" "$work/fts-$tool.db"; done
    measure fts-enable-slate "$slate" enable-fts "$work/fts-slate.db" t name category
    measure fts-enable-sqlite-utils sqlite-utils enable-fts "$work/fts-utils.db" t name category --fts5
    measure fts-enable-sqlite3 sqlite3 "$work/fts-sqlite3.db" "$fts_sql"
done
for _ in $(seq "$runs"); do
    measure fts-all-slate "$slate" search "$work/fts-slate.db" t red --format csv
    measure fts-all-sqlite-utils sqlite-utils search "$work/fts-utils.db" t red --csv
    measure fts-all-sqlite3 sqlite3 -csv -header "$work/fts-sqlite3.db" "$(search_sql red)"
    measure fts-top-slate "$slate" search "$work/fts-slate.db" t "red brick" --limit 20 --format csv
    measure fts-top-sqlite-utils sqlite-utils search "$work/fts-utils.db" t "red brick" --limit 20 --csv
    measure fts-top-sqlite3 sqlite3 -csv -header "$work/fts-sqlite3.db" "$(search_sql 'red brick' 20)"
done
matches="$(sqlite3 "$work/fts-slate.db" "SELECT count(*) FROM t_fts WHERE t_fts MATCH 'red'")"
"$slate" search "$work/fts-slate.db" t red --format csv >"$work/search-slate.csv"
sqlite-utils search "$work/fts-utils.db" t red --csv >"$work/search-utils.csv"
same_search=$(python3 - "$work/search-slate.csv" "$work/search-utils.csv" <<'PY'
import csv, sys
def ids(path):  # sqlite-utils adds a rowid column: compare the id column of each
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    column = rows[0].index("id")
    return sorted(row[column] for row in rows[1:])
a, b = ids(sys.argv[1]), ids(sys.argv[2])
print(f"slate and sqlite-utils return the same {len(a):,} rows" if a == b else f"slate returns {len(a):,} rows, sqlite-utils {len(b):,}: NOT the same rows")
PY
)
fts_section="$work/fts-section.md"
{
    echo "<!-- cli-fts:begin (written by Benchmarks/cli.sh; do not edit by hand) -->"
    echo "### Full-text search on the $rows-row table (FTS5 over name and category)"
    echo
    echo "Generated by \`Benchmarks/cli.sh\` on $(date -u +%Y-%m-%dT%H:%M:%SZ), in the same run as the figures above; load average $(cut -d' ' -f1-3 /proc/loadavg) at the end. Medians of $runs runs, tools interleaved. sqlite3 runs by hand the SQL slate runs: the floor."
    echo
    echo "| Command | Wall (s) | CPU user+sys (s) | Peak RSS (MB) |"
    echo "|---|--:|--:|--:|"
    row "slate enable-fts t name category" fts-enable-slate
    row "sqlite-utils enable-fts t name category --fts5" fts-enable-sqlite-utils
    row "sqlite3: CREATE VIRTUAL TABLE … fts5 + 'rebuild'" fts-enable-sqlite3
    row "slate search t red --format csv ($matches rows, ranked)" fts-all-slate
    row "sqlite-utils search t red --csv" fts-all-sqlite-utils
    row "sqlite3 -csv: the same join ORDER BY rank" fts-all-sqlite3
    row "slate search t 'red brick' --limit 20 --format csv" fts-top-slate
    row "sqlite-utils search t 'red brick' --limit 20 --csv" fts-top-sqlite-utils
    row "sqlite3 -csv: the same join ORDER BY rank LIMIT 20" fts-top-sqlite3
    echo
    echo "$same_search for \`red\` (compared by id)."
    echo "<!-- cli-fts:end -->"
} >"$fts_section"
python3 - "$results" "$fts_section" <<'PY'
import re, sys
results, section = sys.argv[1], open(sys.argv[2]).read().rstrip("\n")
text = open(results).read()
pattern = re.compile(r"<!-- cli-fts:begin.*?<!-- cli-fts:end -->", re.S)
if pattern.search(text):
    text = pattern.sub(lambda _: section, text)
else:
    text = text.replace("<!-- cli:end -->", "<!-- cli:end -->\n\n" + section, 1)
open(results, "w").write(text)
PY
cat "$fts_section"
