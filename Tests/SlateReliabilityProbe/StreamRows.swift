// `SlateReliabilityProbe stream`: reads a large table three ways and reports its memory as it
// goes, for the streaming memory test (Tests/SlateReliabilityTests/Memory).
//
// Usage: SlateReliabilityProbe stream PATH ROWS
//
// It fills PATH with ROWS rows of about 150 bytes each (unless it already holds them), then
// streams them through a SlateCore cursor, a typed Slate query and Codable decoding in place. At
// each tenth of each pass it prints one line:
//   PASS ROWS_READ rss_kb=N sqlite_bytes=N
// with the resident set size from /proc/self/statm and `sqlite3_memory_used()`. The test reads
// the lines; the rows are checked as they go (each id in order), so a pass cannot skip them.
import Foundation
import Slate

struct StreamedRow: Decodable {
    var id: Int64
    var name: String
    var payload: Data
}

/// The resident set size in KiB (Linux: /proc/self/statm, in pages).
func residentKilobytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return -1 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return -1 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
}

func report(_ pass: String, _ rows: Int64) {
    print("\(pass) \(rows) rss_kb=\(residentKilobytes()) sqlite_bytes=\(sqlite3_memory_used())")
}

func streamRows(_ arguments: [String]) throws {
    guard arguments.count == 2, let rows = Int64(arguments[1]), rows >= 10 else {
        fail("usage: SlateReliabilityProbe stream PATH ROWS (at least 10)")
    }
    let db = try Connection(arguments[0], options: [.readwrite, .create])
    try db.execute(sql: "CREATE TABLE IF NOT EXISTS streamed(id INTEGER PRIMARY KEY, name TEXT NOT NULL, payload BLOB NOT NULL)")
    if try db.scalar(Int64.self, "SELECT count(*) FROM streamed") != rows {
        try db.execute(sql: "DELETE FROM streamed")
        try db.execute(
            sql: """
                WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT \(rows))
                INSERT INTO streamed(id, name, payload) SELECT x, printf('row %012d of the stream', x), zeroblob(100) FROM c
                """)
    }
    let step = rows / 10

    // 1. SlateCore: a statement's cursor, reading the current row in place.
    var expected: Int64 = 0
    let statement = try db.prepare(sql: "SELECT id, name, payload FROM streamed ORDER BY id")
    let cursor = statement.cursor()
    while let row = try cursor.next() {
        expected += 1
        guard try row.get(0, as: Int64.self) == expected else { fail("core: row \(expected) out of order") }
        _ = try row.get(1, as: String.self)
        _ = try row.get(2, as: Data.self)
        if expected % step == 0 { report("core", expected) }
    }
    guard expected == rows else { fail("core: read \(expected) of \(rows) rows") }

    // 2. The typed layer: `db.cursor(query)`.
    let table = Table("streamed")
    let id = SQLExpression<Int64>("id")
    let name = SQLExpression<String>("name")
    expected = 0
    let typed = try db.cursor(table.select(id, name).order(id))
    while let row = try typed.next() {
        expected += 1
        guard try row.get(id) == expected else { fail("typed: row \(expected) out of order") }
        _ = try row.get(name)
        if expected % step == 0 { report("typed", expected) }
    }
    guard expected == rows else { fail("typed: read \(expected) of \(rows) rows") }

    // 3. Codable, decoded in place one row at a time.
    expected = 0
    let decoding = try db.prepare(sql: "SELECT id, name, payload FROM streamed ORDER BY id").cursor()
    while let value = try decoding.decodeNext(StreamedRow.self) {
        expected += 1
        guard value.id == expected else { fail("codable: row \(expected) out of order") }
        if expected % step == 0 { report("codable", expected) }
    }
    guard expected == rows else { fail("codable: read \(expected) of \(rows) rows") }
}
