import Foundation
import Slate
import Testing

/// The defects of issue 23: every line of an import counts, exact round trips, honest counts,
/// upserts, export formats, exit codes and error style.
@Suite("CLI import defects (issue 23)")
struct ImportDefectTests {
    @Test("a blank line in a one-column CSV is a value: NULL, or '' with --no-empty-null")
    func blankLineInOneColumn() throws {
        let work = try Workspace()
        try work.write("v.csv", "v\n1\n\n3\n")
        try work.succeeds("import", "new.db", "v.csv", "-q")
        #expect(try rows(in: work.file("new.db"), "SELECT v FROM v ORDER BY rowid") == [[.int(1)], [.null], [.int(3)]])
        #expect(try work.slate("import", "empty.db", "v.csv", "--no-empty-null", "-q").status == 0)
        #expect(try rows(in: work.file("empty.db"), "SELECT v FROM v ORDER BY rowid") == [[.int(1)], [.text("")], [.int(3)]])
    }

    @Test("a blank line in a CSV of several columns is an error with its line, or with --lenient a warning")
    func blankLineInSeveralColumns() throws {
        let work = try Workspace()
        try work.write("data.csv", "a,b\n1,x\n\n2,y\n")
        let strict = try work.slate("import", "new.db", "data.csv")
        #expect(strict.status == 1)
        #expect(strict.stderr.hasPrefix("slate: data.csv, line 3: a blank line, but the header has 2 columns"), "\(strict.stderr)")
        #expect(!work.exists("new.db"))
        let lenient = try work.succeeds("import", "new.db", "data.csv", "--lenient", "-q")
        #expect(lenient.stderr == "slate: warning: data.csv, line 3: a blank line; skipped (--lenient)\n")
        #expect(try rows(in: work.file("new.db"), "SELECT a, b FROM data ORDER BY a") == [[.int(1), .text("x")], [.int(2), .text("y")]])
    }

    @Test("export then import gives back equal rows: NULLs, empty strings, one column, several columns")
    func roundTrip() throws {
        let work = try Workspace()
        try work.database(
            "source.db",
            sql: """
                CREATE TABLE ints (v INTEGER);
                INSERT INTO ints VALUES (1), (NULL), (3), (NULL), (NULL);
                CREATE TABLE texts (v TEXT);
                INSERT INTO texts VALUES ('a'), (''), (NULL), (''), ('b'), (NULL);
                CREATE TABLE blanks (v INTEGER);
                INSERT INTO blanks VALUES (1), (''), (NULL), (4);
                CREATE TABLE wide (a INTEGER, b TEXT, c REAL);
                INSERT INTO wide VALUES (1, '', 2.5), (NULL, NULL, NULL), (3, 'x', NULL), (4, NULL, 0.5), (NULL, '', NULL);
                """)
        for table in ["ints", "texts", "blanks", "wide"] {
            for format in ["csv", "tsv", "json"] {
                let file = "\(table).\(format)"
                try work.succeeds("export", "source.db", table, "-o", file)
                let imported = try work.slate("import", "copy-\(format).db", file, "-q")
                #expect(imported.status == 0, "\(file): \(imported.stderr)")
                let sql = "SELECT * FROM \(table) ORDER BY rowid"
                #expect(try rows(in: work.file("copy-\(format).db"), sql) == rows(in: work.file("source.db"), sql), "\(file)")
            }
        }
    }

    @Test("a quoted \"\" in a column detected as INTEGER is kept as '' (text)")
    func quotedEmptyInIntegerColumn() throws {
        let work = try Workspace()
        try work.write("n.csv", "id,n\n1,5\n2,\"\"\n3,\n4,7\n")
        try work.succeeds("import", "new.db", "n.csv", "-q")
        #expect(try declaredColumns(work.file("new.db"), "n") == ["id INTEGER", "n INTEGER"])
        #expect(
            try rows(in: work.file("new.db"), "SELECT n, typeof(n) FROM n ORDER BY id")
                == [[.int(5), .text("integer")], [.text(""), .text("text")], [.null, .text("null")], [.int(7), .text("integer")]])
    }

    func keyedDatabase(_ work: Workspace) throws {
        try work.database("app.db", sql: "CREATE TABLE parts (id INTEGER PRIMARY KEY, name TEXT, note TEXT); INSERT INTO parts VALUES (1, 'old', 'keep')")
        try work.write("parts.csv", "id,name\n1,new\n2,two\n3,three\n")
    }

    @Test("--ignore and --replace report inserted, skipped and replaced rows")
    func conflictCounts() throws {
        let work = try Workspace()
        try keyedDatabase(work)
        let ignored = try work.succeeds("import", "app.db", "parts.csv", "--ignore")
        #expect(ignored.stdout.hasPrefix("imported 2 rows into parts"), "\(ignored.stdout)")
        #expect(ignored.stdout.contains("; 1 skipped (its key exists)"), "\(ignored.stdout)")
        #expect(try rows(in: work.file("app.db"), "SELECT name FROM parts WHERE id = 1") == [[.text("old")]])
        try work.write("more.csv", "id,name\n3,THREE\n4,four\n")
        let replaced = try work.succeeds("import", "app.db", "more.csv", "--table", "parts", "--replace")
        #expect(replaced.stdout.hasPrefix("imported 1 row into parts"), "\(replaced.stdout)")
        #expect(replaced.stdout.contains("; 1 replaced"), "\(replaced.stdout)")
    }

    @Test(
        "--upsert updates the file's columns on the key and keeps the others",
        .enabled(if: SQLite.versionNumber >= 3_024_000, "upsert needs SQLite 3.24; upsertNeedsSQLite324 covers older ones"))
    func upsert() throws {
        let work = try Workspace()
        try keyedDatabase(work)
        let result = try work.succeeds("import", "app.db", "parts.csv", "--upsert", "--pk", "id")
        #expect(result.stdout.hasPrefix("imported 2 rows into parts"), "\(result.stdout)")
        #expect(result.stdout.contains("; 1 updated"), "\(result.stdout)")
        #expect(
            try rows(in: work.file("app.db"), "SELECT id, name, note FROM parts ORDER BY id")
                == [[.int(1), .text("new"), .text("keep")], [.int(2), .text("two"), .null], [.int(3), .text("three"), .null]])
        // Without --pk, the table's own primary key; with --replace or --ignore, a usage error.
        try work.write("again.csv", "id,name\n1,newer\n")
        #expect(try work.slate("import", "app.db", "again.csv", "--table", "parts", "--upsert", "-q").status == 0)
        #expect(try rows(in: work.file("app.db"), "SELECT name, note FROM parts WHERE id = 1") == [[.text("newer"), .text("keep")]])
        #expect(try work.slate("import", "app.db", "again.csv", "--table", "parts", "--upsert", "--replace").status == 64)
    }

    @Test(
        "--upsert on SQLite older than 3.24 is a clear error that writes nothing",
        .enabled(if: SQLite.versionNumber < 3_024_000, "the linked SQLite has upsert"))
    func upsertNeedsSQLite324() throws {
        let work = try Workspace()
        try keyedDatabase(work)
        let before = try rows(in: work.file("app.db"), "SELECT id, name, note FROM parts ORDER BY id")
        let result = try work.slate("import", "app.db", "parts.csv", "--upsert", "--pk", "id")
        #expect(result.status == 1)
        #expect(result.stderr.contains("--upsert needs SQLite 3.24 or later"), "\(result.stderr)")
        #expect(try rows(in: work.file("app.db"), "SELECT id, name, note FROM parts ORDER BY id") == before)
    }

    @Test("export to an extension slate cannot write is a usage error that writes nothing")
    func unknownExportExtension() throws {
        let work = try Workspace()
        try work.database("a.db", sql: "CREATE TABLE t (v); INSERT INTO t VALUES (1)")
        for name in ["out.xlsx", "out.parquet"] {
            let result = try work.slate("export", "a.db", "t", "-o", name)
            #expect(result.status == 64, "\(name)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.hasPrefix("slate: "), "\(result.stderr)")
            #expect(!work.exists(name))
        }
        #expect(try work.slate("export", "a.db", "t", "-o", "out.xlsx", "--format", "csv").status == 0)
    }

    @Test("a mistyped subcommand suggests the nearest one, in the one error style")
    func mistypedSubcommand() throws {
        let work = try Workspace()
        let result = try work.slate("improt", "a.db", "a.csv")
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("slate: unknown command 'improt'; did you mean 'import'?"), "\(result.stderr)")
        let usage = try work.slate("query")
        #expect(usage.status == 64)
        #expect(usage.stderr.hasPrefix("slate: "), "\(usage.stderr)")
    }

    @Test("--no-header warnings do not talk about a header")
    func noHeaderWarnings() throws {
        let work = try Workspace()
        try work.write("rows.csv", "1,a\n2\n")
        let result = try work.succeeds("import", "new.db", "rows.csv", "--no-header", "--lenient", "-q")
        #expect(result.stderr == "slate: warning: rows.csv, line 2: 1 field, but the first line has 2; padded with NULL (--lenient)\n")
    }

    @Test("a UTF-16 file (with its byte-order mark) is read")
    func utf16() throws {
        let work = try Workspace()
        let text = "name,n\né😀,1\n"
        var little: [UInt8] = [0xFF, 0xFE]
        for unit in text.utf16 { little += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        var big: [UInt8] = [0xFE, 0xFF]
        for unit in text.utf16 { big += [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
        try work.write("le.csv", bytes: little)
        try work.write("be.csv", bytes: big)
        for file in ["le", "be"] {
            try work.succeeds("import", "new.db", "\(file).csv", "-q")
            #expect(try rows(in: work.file("new.db"), "SELECT name, n FROM \(file)") == [[.text("é😀"), .int(1)]])
        }
    }

    @Test("a ;- or tab-separated .csv is detected from its header line")
    func delimiterDetection() throws {
        let work = try Workspace()
        try work.write("semi.csv", "a;b\n1;x\n")
        try work.write("tabs.csv", "a\tb\n1\tx\n")
        for table in ["semi", "tabs"] {
            try work.succeeds("import", "new.db", "\(table).csv", "-q")
            #expect(try rows(in: work.file("new.db"), "SELECT a, b FROM \(table)") == [[.int(1), .text("x")]])
        }
    }

    @Test("--null-value (repeatable) reads those unquoted values as NULL; --comment skips comment lines")
    func nullValuesAndComments() throws {
        let work = try Workspace()
        try work.write("data.csv", "# exported today\na,b\n1,NA\n\\N,x\n# a note\n3,\"NA\"\n")
        try work.succeeds("import", "new.db", "data.csv", "--null-value", "NA", "--null-value", "\\N", "--comment", "#", "-q")
        #expect(try rows(in: work.file("new.db"), "SELECT a, b FROM data ORDER BY rowid") == [[.int(1), .null], [.null, .text("x")], [.int(3), .text("NA")]])
    }
}

/// `tables`, `schema DB TABLE` and SQL from standard input (issue 23, "Missing").
@Suite("CLI tables, schema of a table, query from standard input")
struct InspectionCommandTests {
    @Test("tables lists the tables; --counts adds their rows; a missing database is an error")
    func tables() throws {
        let work = try Workspace(.inspection)
        let plain = try work.succeeds("tables", "app.db", "-f", "csv", "--no-header")
        #expect(plain.stdout == "it's\nparts\n")
        let counted = try work.slate("tables", "app.db", "--counts", "-f", "csv")
        #expect(counted.stdout == "table,rows\nit's,1\nparts,2\n")
        let missing = try work.slate("tables", "missing.db")
        #expect(missing.status == 1)
        #expect(missing.stderr.hasPrefix("slate: missing.db"), "\(missing.stderr)")
    }

    @Test("schema DB TABLE prints that table, then its indexes; a missing table is an error")
    func schemaOfOneTable() throws {
        let work = try Workspace(.inspection)
        let result = try work.succeeds("schema", "app.db", "parts")
        #expect(result.stdout == "CREATE TABLE parts (id INTEGER PRIMARY KEY, name TEXT);\nCREATE INDEX parts_name ON parts (name);\n")
        try work.fails("schema", "app.db", "nope", stderr: "slate: app.db: no such table: nope\n")
    }

    @Test("query reads its SQL from standard input with - or with no SQL argument")
    func queryFromStandardInput() throws {
        let work = try Workspace(.inspection)
        let dash = try work.succeeds("query", "app.db", "-", "-f", "csv", stdin: "SELECT name FROM parts ORDER BY id;\n")
        #expect(dash.stdout == "name\na\nb\n")
        let none = try work.slate("query", "app.db", "-f", "csv", "--no-header", stdin: "SELECT count(*) FROM parts")
        #expect(none.stdout == "2\n")
        // No statement at all runs nothing and succeeds, as in the sqlite3 shell (issue 30 item 8).
        #expect(try work.slate("query", "app.db", stdin: "").status == 0)
    }
}
