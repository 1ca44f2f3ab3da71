// `SlateReliabilityProbe changeset`: records a large changeset, reads it and applies it, and
// reports its memory at each step, for the changeset memory test
// (Tests/SlateReliabilityTests/Memory/ChangesetMemoryTests.swift) and the Changesets article's
// bound.
//
// Usage: SlateReliabilityProbe changeset FOLDER ROWS
//
// In FOLDER it creates source.sqlite and target.sqlite with the same empty table, records with a
// Session ROWS inserts of about 60 bytes each into source (one statement, one transaction), makes
// the changeset, reads every change with forEachChange, and applies it to target. After each
// step it prints one line:
//   STEP rss_kb=N peak_kb=N changeset_bytes=N
// with the resident set size and its peak so far (VmRSS and VmHWM of /proc/self/status). It
// checks that target ends with ROWS rows, the same as source.
import Foundation
import Slate

/// A field of /proc/self/status in KiB (`VmRSS`, `VmHWM`), or -1.
func statusKilobytes(_ field: String) -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return -1 }
    for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? -1
    }
    return -1
}

func changesetRows(_ arguments: [String]) throws {
    guard arguments.count == 2, let rows = Int(arguments[1]), rows >= 10 else {
        fail("usage: SlateReliabilityProbe changeset FOLDER ROWS (at least 10)")
    }
    var bytes = 0
    func report(_ step: String) {
        print("\(step) rss_kb=\(statusKilobytes("VmRSS")) peak_kb=\(statusKilobytes("VmHWM")) changeset_bytes=\(bytes)")
    }
    let schema = "CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL, quantity INTEGER, payload BLOB)"
    let source = try Connection(arguments[0] + "/source.sqlite", options: [.readwrite, .create])
    let target = try Connection(arguments[0] + "/target.sqlite", options: [.readwrite, .create])
    for db in [source, target] {
        try db.execute(sql: "PRAGMA journal_mode = WAL; PRAGMA synchronous = OFF; DROP TABLE IF EXISTS items; " + schema)
    }
    report("start")

    let changeset: Changeset
    do {
        let session = try Session(source)
        try source.execute(
            sql: """
                WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT \(rows))
                INSERT INTO items SELECT x, printf('item %012d', x), x % 1000, zeroblob(16) FROM c
                """)
        report("recorded")
        changeset = try session.changeset()
        bytes = changeset.data.count
        report("changeset")
    }
    report("session-deleted")

    var read = 0
    try changeset.forEachChange { change in
        guard change.operation == .insert, change.newValues.count == 4 else { fail("change \(read) is \(change)") }
        read += 1
    }
    guard read == rows else { fail("read \(read) of \(rows) changes") }
    report("read")

    try target.apply(changeset)
    guard try target.scalar(Int.self, "SELECT count(*) FROM items") == rows,
        try target.scalar(Int.self, "SELECT sum(quantity) FROM items") == source.scalar(Int.self, "SELECT sum(quantity) FROM items")
    else { fail("the target does not hold the source's rows") }
    report("applied")
}
