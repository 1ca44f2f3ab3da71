#!/usr/bin/env bash
# Writes the seed corpus of the Changesets fuzz target (Fuzz/Corpus/Changesets): small valid
# changesets made by `slate diff -o` (without its header of column names) between pairs of
# databases with the target's schema
# (changesetFuzzSchema and changesetFuzzRows in Fuzz/Targets/Changesets.swift), each also
# converted to the patchset the session extension would write for it.
#
# Usage: Fuzz/make-changeset-corpus.sh     (builds the debug `slate`; needs python3)
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --product slate >/dev/null
slate="$(swift build --product slate --show-bin-path)/slate"
out=Fuzz/Corpus/Changesets
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"

schema="$(sed -n '/^let changesetFuzzSchema = """/,/^    """/p' Fuzz/Targets/Changesets.swift | sed '1d;$d')"
rows="$(sed -n '/^let changesetFuzzRows = """/,/^    """/p' Fuzz/Targets/Changesets.swift | sed '1d;$d')"

# seed NAME SQL: the changeset from the scratch database's rows to those rows changed by SQL.
seed() {
    python3 - "$work/a.db" "$work/b.db" "$schema" "$rows" "$2" <<'EOF'
import os, sqlite3, sys
a, b, schema, rows, change = sys.argv[1:]
for path in (a, b):
    if os.path.exists(path): os.remove(path)
    db = sqlite3.connect(path)
    db.executescript(schema + rows + (change if path == b else ""))
    db.commit()
    db.close()
EOF
    "$slate" diff "$work/a.db" "$work/b.db" -o "$out/$1" >/dev/null
    python3 - "$out/$1" "$out/$1-patchset" <<'EOF'
import sys
data = open(sys.argv[1], "rb").read()
# The seed is the changeset itself: drop slate's header (a "slate-changeset 1" line and a JSON
# line of column names), which the fuzz target does not read.
if data.startswith(b"slate-changeset "):
    data = data.split(b"\n", 2)[2]
    open(sys.argv[1], "wb").write(data)

def varint(i):
    value = 0
    for n in range(9):
        byte = data[i]; i += 1
        if n == 8: return (value << 8) | byte, i
        value = (value << 7) | (byte & 0x7F)
        if byte < 0x80: break
    return value, i

def record(i, count):
    values = []
    for _ in range(count):
        start = i; kind = data[i]; i += 1
        if kind in (1, 2): i += 8
        elif kind in (3, 4):
            length, i = varint(i); i += length
        values.append(data[start:i])
    return values, i

out = bytearray(); i = 0; keys = []
while i < len(data):
    if data[i] == ord("T"):
        count, j = varint(i + 1)
        keys = [data[j + k] != 0 for k in range(count)]
        end = data.index(0, j + count) + 1
        out += b"P" + data[i + 1:end]; i = end
        continue
    op, indirect = data[i], data[i + 1]; i += 2
    if op == 18:  # INSERT
        new, i = record(i, len(keys)); out += bytes([op, indirect]) + b"".join(new)
    elif op == 9:  # DELETE: the key only
        old, i = record(i, len(keys)); out += bytes([op, indirect]) + b"".join(v for v, k in zip(old, keys) if k)
    else:  # UPDATE: the key's old values and the changed columns' new values, in one record
        old, i = record(i, len(keys)); new, i = record(i, len(keys))
        out += bytes([op, indirect]) + b"".join(o if k else n for o, n, k in zip(old, new, keys))
open(sys.argv[2], "wb").write(bytes(out))
EOF
}

seed insert-every-type "INSERT INTO t VALUES (4, 'four ' || char(0), -2.5e-300, x'00ff', 9e999), (5, '', 0.1, zeroblob(2), x'');"
seed update-and-delete "UPDATE t SET a = 'ONE', d = 1.0 WHERE id = 1; DELETE FROM t WHERE id = 2; DELETE FROM f WHERE id = 2;"
seed composite-key "INSERT INTO u VALUES ('c', 3, 'v3'); UPDATE u SET v = x'ff' WHERE k = 'a' AND n = 2; DELETE FROM u WHERE k = 'b';"
seed unique-check "UPDATE w SET y = 'r' WHERE x = 1; INSERT INTO w VALUES (3, 'p2'), (4, 's');"
seed foreign-key "INSERT INTO t VALUES (10, 'parent', NULL, NULL, NULL); INSERT INTO f VALUES (3, 10), (4, 1); UPDATE f SET t_id = 3 WHERE id = 1;"
seed every-table "DELETE FROM t WHERE id = 3; INSERT INTO u VALUES ('z', -1, NULL); DELETE FROM w WHERE x = 2; INSERT INTO f VALUES (5, 2);"
ls -l "$out"
