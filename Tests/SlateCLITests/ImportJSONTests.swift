import Foundation
import Slate
import Testing

/// `slate import` of JSON arrays and NDJSON, run as a real process.
@Suite("CLI import JSON")
struct ImportJSONTests {
    @Test("a JSON array keeps each value's JSON type (integers and reals mixed are NUMERIC); nested values become JSON text; strings are never guessed")
    func jsonArray() throws {
        let work = try Workspace()
        try work.write(
            "items.json",
            """
            [
              {"id": 1, "zip": "02134", "price": 2.5, "ok": true, "tags": ["a", "b"], "note": null},
              {"id": 2, "zip": "10001", "price": 3, "ok": false, "tags": {"k": "v \\"q\\""}, "note": "caf\\u00e9 \\ud83d\\ude00"}
            ]
            """)
        try work.succeeds("import", "new.db", "items.json", "-q")
        #expect(
            try declaredColumns(work.file("new.db"), "items")
                == ["id INTEGER", "zip TEXT", "price NUMERIC", "ok INTEGER", "tags TEXT", "note TEXT"])
        #expect(
            try rows(in: work.file("new.db"), "SELECT id, zip, price, ok, tags, note FROM items ORDER BY id") == [
                [.int(1), .text("02134"), .real(2.5), .int(1), .text("[\"a\",\"b\"]"), .null],
                [.int(2), .text("10001"), .int(3), .int(0), .text("{\"k\":\"v \\\"q\\\"\"}"), .text("café 😀")]
            ])
    }

    @Test("NDJSON from standard input; a key first met later adds a column")
    func ndjsonFromStandardInput() throws {
        let work = try Workspace()
        let input = "{\"a\": 1}\n\n{\"a\": 2, \"b\": \"x\"}\n{\"b\": \"y\", \"a\": 3}\n"
        try work.succeeds("import", "new.db", "-", "--format", "ndjson", "--table", "events", "-q", stdin: input)
        #expect(try rows(in: work.file("new.db"), "SELECT a, b FROM events ORDER BY a") == [[.int(1), .null], [.int(2), .text("x")], [.int(3), .text("y")]])
    }

    @Test("malformed JSON is an error naming the record and line; nothing is imported")
    func malformedJSON() throws {
        let work = try Workspace()
        try work.write("bad.ndjson", "{\"a\": 1}\n{\"a\": 2}\n{\"a\": 3,}\n")
        try work.fails("import", "new.db", "bad.ndjson", stderr: "slate: bad.ndjson, record 3 (line 3): invalid JSON: expected a key (a string in quotes)\n")
        #expect(!work.exists("new.db"))
        try work.write("scalar.json", "[{\"a\": 1}, 5]")
        #expect(
            try work.slate("import", "new.db", "scalar.json").stderr
                == "slate: scalar.json, record 2 (line 1): invalid JSON: record 2 is not a JSON object (each record must be {\"column\": value, …})\n")
        try work.write("open.json", "[{\"a\": 1},\n{\"a\": 2}\n")
        #expect(try work.slate("import", "new.db", "open.json").stderr.contains("the file ends inside the top-level array"))
        try work.write("control.json", "[{\"a\": \"line\nbreak\"}]")
        #expect(try work.slate("import", "new.db", "control.json").status == 1)
    }

    @Test("a JSON number past 64 bits stays exact as text, and a later string widens an INTEGER column")
    func jsonNumbers() throws {
        let work = try Workspace()
        let big = (1...5).map { "{\"id\": \($0), \"big\": 12345678901234567890}\n" }
        try work.write("n.ndjson", big.joined() + "{\"id\": \"six\", \"big\": 1}\n")
        let result = try work.succeeds("import", "new.db", "n.ndjson", "--sample", "2", "-q")
        #expect(result.stderr.contains("record 6 (line 6): column \"id\" holds \"six\""))
        #expect(try rows(in: work.file("new.db"), "SELECT id, big FROM n ORDER BY rowid LIMIT 1") == [[.text("1"), .text("12345678901234567890")]])
    }
}
