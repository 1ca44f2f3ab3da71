import Foundation
import Slate
import Testing

/// `slate query` and `slate export`: every output format, streaming, NULL, alignment, and
/// round trips through `slate import`.
@Suite("CLI query and export")
struct OutputFormatTests {
    @Test("the table format aligns wide text, right-aligns numbers and shows NULL apart from the text 'NULL'")
    func tableFormat() throws {
        let work = try Workspace(.querySample)
        let result = try work.succeeds("query", "sample.db", "SELECT id, name, price, data FROM t ORDER BY id")
        #expect(
            result.stdout == """
                id | name       | price    | data
                ---+------------+----------+--------
                 1 | Ada        |      2.5 | x'0102'
                 2 | ∅          |        ∅ | ∅
                 3 | NULL       |   -10.25 | ∅
                 4 | 日本語     | 100000.0 | ∅
                 5 | two\\nlines |      0.1 | ∅
                 6 |            |      7.0 | ∅
                (6 rows)

                """)
    }

    @Test("box and markdown tables, the line format, and --null")
    func peopleFormats() throws {
        let work = try Workspace(.querySample)
        let box = try work.slate("query", "sample.db", "SELECT id, name FROM t WHERE id IN (1, 4)", "--format", "box")
        #expect(
            box.stdout == """
                ┌────┬────────┐
                │ id │ name   │
                ├────┼────────┤
                │  1 │ Ada    │
                │  4 │ 日本語 │
                └────┴────────┘
                (2 rows)

                """)
        let markdown = try work.slate("query", "sample.db", "SELECT id, name FROM t WHERE id <= 2", "--format", "markdown", "--null", "NULL")
        #expect(markdown.stdout == "| id  | name |\n| --: | ---- |\n|   1 | Ada  |\n|   2 | NULL |\n")
        let line = try work.slate("query", "sample.db", "SELECT id, name AS label FROM t WHERE id <= 2", "--format", "line")
        #expect(line.stdout == "   id = 1\nlabel = Ada\n\n   id = 2\nlabel = ∅\n")
        let emoji = try work.slate("query", "sample.db", "SELECT '👍🏽' AS e, 'x' AS y", "--format", "box")
        #expect(emoji.stdout.contains("│ 👍🏽 │ x │"))
    }

    @Test("csv, tsv, json and ndjson keep NULL apart from empty text, reals exact, blobs as hex")
    func programFormats() throws {
        let work = try Workspace(.querySample)
        let sql = "SELECT id, name, price, data FROM t WHERE id IN (1, 2, 5, 6) ORDER BY id"
        #expect(
            try work.slate("query", "sample.db", sql, "--format", "csv").stdout
                == "id,name,price,data\n1,Ada,2.5,0102\n2,,,\n5,\"two\nlines\",0.1,\n6,\"\",7.0,\n")
        #expect(
            try work.slate("query", "sample.db", sql, "-f", "tsv").stdout
                == "id\tname\tprice\tdata\n1\tAda\t2.5\t0102\n2\t\t\t\n5\t\"two\nlines\"\t0.1\t\n6\t\"\"\t7.0\t\n")
        #expect(
            try work.slate("query", "sample.db", sql, "-f", "ndjson").stdout == """
                {"id":1,"name":"Ada","price":2.5,"data":"0102"}
                {"id":2,"name":null,"price":null,"data":null}
                {"id":5,"name":"two\\nlines","price":0.1,"data":null}
                {"id":6,"name":"","price":7.0,"data":null}

                """)
        #expect(try work.slate("query", "sample.db", "SELECT 0.1 + 0.2 AS x", "-f", "json").stdout == "[\n{\"x\":0.30000000000000004}\n]\n")
        #expect(try work.slate("query", "sample.db", "SELECT 1 WHERE 0", "-f", "json").stdout == "[]\n")
    }

    @Test("--param binds named and numbered parameters; a missing one is a usage error")
    func parameters() throws {
        let work = try Workspace(.querySample)
        let result = try work.slate("query", "sample.db", "SELECT name FROM t WHERE id = :id OR name = ?2", "--param", "id=1", "--param", "2=NULL", "-f", "csv", "--no-header")
        #expect(result.stdout == "Ada\nNULL\n")
        #expect(try work.slate("query", "sample.db", "SELECT :x || '' AS v", "--param", "x=007", "-f", "csv", "--no-header").stdout == "007\n")
        try work.fails("query", "sample.db", "SELECT :nope", status: 64, stderr: "slate: statement 1 uses parameter :nope, which no --param gives (--param nope=value)\n")
    }

    @Test("--write runs all statements in one transaction: a failing statement leaves nothing changed")
    func atomicWrite() throws {
        let work = try Workspace(.querySample)
        try work.fails("query", "sample.db", "UPDATE t SET name = 'changed'; INSERT INTO t (id) VALUES (1)", "--write", stderr: "slate: sample.db, statement 2: UNIQUE constraint failed: t.id\n")
        #expect(try work.slate("query", "sample.db", "SELECT count(*) FROM t WHERE name = 'changed'", "-f", "csv", "--no-header").stdout == "0\n")
        let ok = try work.slate("query", "sample.db", "UPDATE t SET name = 'x' WHERE id = 1; DELETE FROM t WHERE id = 6", "--write")
        #expect(ok.status == 0)
        #expect(ok.stdout == "1 row changed\n")
        try work.fails("query", "sample.db", "DELETE FROM t", stderr: "slate: sample.db: attempt to write a readonly database; use --write to change the database\n")
        try work.fails("query", "sample.db", "SELEC 1", stderr: "slate: sample.db: near \"SELEC\": syntax error\n")
    }

    @Test("query streams: the first rows of a large result are written before the statement ends")
    func streaming() throws {
        let work = try Workspace()
        let db = try Connection(work.file("big.db"))
        try db.execute(sql: "CREATE TABLE n (x INTEGER)")
        // A statement that fails after many rows: rows already streamed are on stdout, then the error.
        let result = try work.slate(
            "query", "big.db",
            """
            WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 200000)
            SELECT CASE WHEN i < 200000 THEN i ELSE abs(-9223372036854775807 - 1) END FROM c
            """, "-f", "csv", "--no-header")
        #expect(result.status == 1)
        #expect(result.stderr == "slate: big.db: integer overflow\n")
        #expect(result.stdout.hasPrefix("1\n2\n3\n"))
        #expect(result.stdout.split(separator: "\n").count == 199_999)
    }

    @Test(
        "export then import gives back equal rows, in each format, to a file or standard output",
        arguments: ["csv", "tsv", "json", "ndjson"])
    func roundTrip(format: String) throws {
        let work = try Workspace()
        let db = try Connection(work.file("source.db"))
        try db.execute(
            sql: """
                CREATE TABLE items (id INTEGER, code TEXT, price REAL, ratio NUMERIC, note TEXT);
                INSERT INTO items VALUES (1, '02134', 2.5, 1, 'a, "quoted"
                note'), (2, '+5', 100000.0, 2.25, ''), (3, NULL, 0.30000000000000004, -3, NULL), (4, '0x1E', -7.0, 0, 'tab	here'),
                (5, 'é😀', 1.0e20, 4.5, 'x');
                """)
        let file = "items.\(format)"
        try work.succeeds("export", "source.db", "items", "--output", file)
        try work.succeeds("import", "copy.db", file, "--table", "items", "-q")
        let original = try Connection(work.file("source.db"), options: .readonly).prepare(sql: "SELECT * FROM items ORDER BY id").rows()
        let copy = try Connection(work.file("copy.db"), options: .readonly).prepare(sql: "SELECT * FROM items ORDER BY id").rows()
        #expect(copy.map(\.values) == original.map(\.values))
        // Standard output gives the same bytes as the file.
        let piped = try work.slate("export", "source.db", "--sql", "SELECT * FROM items", "--format", format)
        #expect(piped.stdout == (try String(contentsOfFile: work.file(file), encoding: .utf8)))
    }

    @Test("a failed export leaves no file behind, and a missing table is a one-line error")
    func failedExport() throws {
        let work = try Workspace(.querySample)
        try work.fails("export", "sample.db", "nope", "-o", "out.csv", stderr: "slate: sample.db: no such table: nope\n")
        let failing = try work.slate("export", "sample.db", "--sql", "SELECT abs(-9223372036854775807 - 1)", "-o", "out.csv")
        #expect(failing.status == 1)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: work.path).filter { $0.hasPrefix("out.csv") }
        #expect(leftovers.isEmpty)
        #expect(try work.slate("export", "sample.db").status == 64)
        try work.fails("export", "sample.db", "t", "-o", "missing/out.csv", stderr: "slate: missing/out.csv: cannot create the file: No such file or directory\n")
    }
}
