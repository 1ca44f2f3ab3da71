import Foundation
import Slate
import Testing

/// `slate memory`: SQL on CSV, TSV, JSON and NDJSON files loaded into in-memory tables.
@Suite("CLI memory")
struct MemoryTests {
    func files(_ work: Workspace) throws {
        try work.write("people.csv", "id,zip,price,name\n1,02134,2.5,Ada\n2,10001,3.0,Bob\n3,,4.25,\"x,y\"\n")
        try work.write("scores.json", #"[{"id": 1, "tags": ["a"], "score": 1.5}, {"id": 2, "tags": null, "score": 2}]"#)
    }

    @Test("each file is a table named after it, its types detected as import detects them; the SQL joins them in any format")
    func joinsFiles() throws {
        let work = try Workspace()
        try files(work)
        let result = try work.slate(
            "memory", "people.csv", "scores.json", "SELECT p.name, p.zip, s.score, typeof(s.score) AS type FROM people p JOIN scores s USING (id) ORDER BY 1", "-f", "csv")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "name,zip,score,type\nAda,02134,1.5,real\nBob,10001,2,integer\n")
        // The same columns and types as `slate import` gives the file.
        let schema = try work.slate("memory", "people.csv", "scores.json", "--schema")
        #expect(
            schema.stdout == """
                CREATE TABLE "people" ("id" INTEGER, "zip" TEXT, "price" REAL, "name" TEXT);
                CREATE TABLE "scores" ("id" INTEGER, "tags" TEXT, "score" NUMERIC);

                """)
        #expect(try work.slate("import", "people.db", "people.csv", "-q").status == 0)
        #expect(try work.slate("schema", "people.db").stdout == "CREATE TABLE \"people\" (\"id\" INTEGER, \"zip\" TEXT, \"price\" REAL, \"name\" TEXT);\n")
        let json = try work.slate("memory", "people.csv", "SELECT * FROM people WHERE id = :id", "--param", "id=3", "-f", "json")
        #expect(json.stdout == "[\n{\"id\":3,\"zip\":null,\"price\":4.25,\"name\":\"x,y\"}\n]\n")
        let insert = try work.slate("memory", "people.csv", "SELECT id, name FROM people WHERE id = 1", "-f", "insert", "--insert-table", "p")
        #expect(insert.stdout == "INSERT INTO \"p\"(\"id\",\"name\") VALUES(1,'Ada');\n")
        // Several statements: the last one's rows; the tables can be changed in memory.
        let script = try work.slate("memory", "people.csv", "UPDATE people SET name = upper(name); SELECT name FROM people ORDER BY id", "-f", "csv", "--no-header")
        #expect(script.stdout == "ADA\nBOB\n\"X,Y\"\n")
    }

    @Test("names: quoted as needed, the same name twice gets _2 (with a warning), sqlite_ gets a leading _, views t, t1, t2")
    func tableNames() throws {
        let work = try Workspace()
        try FileManager.default.createDirectory(atPath: work.file("sub"), withIntermediateDirectories: true)
        try work.write("data.csv", "a\n1\n")
        try work.write("sub/DATA.tsv", "a\n2\n")
        try work.write("my \"odd\" file.csv", "a\n3\n")
        try work.write("sqlite_stats.csv", "a\n4\n")
        let result = try work.slate(
            "memory", "data.csv", "sub/DATA.tsv", "my \"odd\" file.csv", "sqlite_stats.csv",
            "SELECT name FROM sqlite_master UNION ALL SELECT group_concat(a) FROM (SELECT a FROM t UNION ALL SELECT a FROM t2 UNION ALL SELECT a FROM \"my \"\"odd\"\" file\" UNION ALL SELECT a FROM t4)",
            "-f", "csv", "--no-header")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "data\nDATA_2\n\"my \"\"odd\"\" file\"\n_sqlite_stats\n\"1,2,3,4\"\n")
        #expect(
            result.stderr == """
                slate: warning: sub/DATA.tsv is loaded as table DATA_2 (an earlier file is table DATA)
                slate: warning: sqlite_stats.csv is loaded as table _sqlite_stats (SQLite reserves names that start with sqlite_)

                """)
        // A file named t keeps its name; the view t is then not made.
        try work.write("t.csv", "b\n5\n")
        let shadowed = try work.slate("memory", "data.csv", "t.csv", "SELECT b FROM t; ", "-f", "csv", "--no-header")
        #expect(shadowed.stdout == "5\n", "\(shadowed.stderr)")
    }

    @Test("standard input (- or stdin), a :format suffix, and import's reading options")
    func inputOptions() throws {
        let work = try Workspace()
        let piped = try work.slate("memory", "-", "SELECT a + 1 AS b FROM stdin", "-f", "csv", stdin: "a\n41\n")
        #expect(piped.stdout == "b\n42\n", "\(piped.stderr)")
        let json = try work.slate("memory", "stdin:json", "SELECT x FROM t", "-f", "csv", "--no-header", stdin: #"{"x": "a"}"# + "\n" + #"{"x": "b"}"#)
        #expect(json.stdout == "a\nb\n", "\(json.stderr)")
        try work.write("values.txt", "v\tw\n1\tNA\n2\tx\n")
        let tsv = try work.slate("memory", "values.txt:tsv", "SELECT v, w, typeof(v) FROM \"values\"", "--null-value", "NA", "-f", "csv", "--no-header")
        #expect(tsv.stdout == "1,,integer\n2,x,integer\n", "\(tsv.stderr)")
        try work.write("plain.csv", "1;x\n2;y\n")
        let headerless = try work.slate("memory", "plain.csv", "SELECT c1, c2 FROM plain WHERE c1 = 2", "--no-input-header", "--delimiter", ";", "-f", "csv")
        #expect(headerless.stdout == "c1,c2\n2,y\n", "\(headerless.stderr)")
        let text = try work.slate("memory", "plain.csv", "SELECT typeof(c1) FROM plain LIMIT 1", "--no-input-header", "--delimiter", ";", "--no-detect-types", "-f", "csv", "--no-header")
        #expect(text.stdout == "text\n")
        try work.write("latin.csv", bytes: Array("name\n".utf8) + [0x43, 0x61, 0x66, 0xE9, 0x0A])
        let latin = try work.slate("memory", "latin.csv", "SELECT name FROM latin", "--encoding", "latin1", "-f", "csv", "--no-header")
        #expect(latin.stdout == "Café\n")
    }

    @Test("--dump, --analyze and --save work on the loaded tables; --save refuses an existing file")
    func outputs() throws {
        let work = try Workspace()
        try files(work)
        let dump = try work.slate("memory", "people.csv", "--dump")
        #expect(
            dump.stdout == """
                PRAGMA foreign_keys=OFF;
                BEGIN TRANSACTION;
                CREATE TABLE "people" ("id" INTEGER, "zip" TEXT, "price" REAL, "name" TEXT);
                INSERT INTO "people" VALUES(1,'02134',2.5,'Ada');
                INSERT INTO "people" VALUES(2,'10001',3.0,'Bob');
                INSERT INTO "people" VALUES(3,NULL,4.25,'x,y');
                COMMIT;

                """)
        let analyze = try work.slate("memory", "people.csv", "scores.json", "--analyze", "-f", "csv")
        #expect(analyze.stdout.hasPrefix("table,column,type,rows,nulls,blank,integer,real,text,blob,distinct,min,max,most_common,least_common\npeople,id,INTEGER,3,0,0,3,0,0,0,3,1,3,,\n"))
        #expect(analyze.stdout.contains("scores,score,NUMERIC,2,0,0,1,1,0,0,2,1.5,2,,\n"))
        try work.succeeds("memory", "people.csv", "scores.json", "--save", "saved.db")
        #expect(try work.slate("query", "saved.db", "SELECT (SELECT count(*) FROM people), (SELECT count(*) FROM scores)", "-f", "csv", "--no-header").stdout == "3,2\n")
        try work.fails("memory", "people.csv", "--save", "saved.db", stderr: "slate: saved.db: a file already exists; --save writes a new database only\n")
    }

    @Test("failures: a missing or unparsable file, bad SQL, an unknown table or column, a value its --type cannot hold, no SQL")
    func failures() throws {
        let work = try Workspace()
        try files(work)
        let missing = try work.fails("memory", "people.csv", "nope.csv", "SELECT 1", stderr: "slate: nope.csv: cannot open the file: No such file or directory\n")
        #expect(missing.stdout.isEmpty)
        try work.write("bad.csv", "a,b\n1,\"x\n")
        let bad = try work.slate("memory", "bad.csv", "SELECT * FROM bad")
        #expect(bad.status == 1)
        #expect(bad.stderr.hasPrefix("slate: bad.csv, line 2, column 3: a quoted field starts here and is never closed"))
        try work.write("short.csv", "a,b\n1\n")
        let short = try work.slate("memory", "short.csv", "SELECT * FROM short")
        #expect(short.stderr == "slate: short.csv, line 2: 1 field, but the header has 2 columns (use --lenient to pad short rows with NULL and drop extra fields)\n")
        try work.write("broken.json", #"[{"a": 1}, {"a": }]"#)
        let json = try work.slate("memory", "broken.json", "SELECT 1")
        #expect(json.status == 1)
        #expect(json.stderr.hasPrefix("slate: broken.json, "))
        try work.fails("memory", "people.csv", "SELEC * FROM people", stderr: "slate: memory: near \"SELEC\": syntax error\n")
        try work.fails("memory", "people.csv", "SELECT nope FROM people", stderr: "slate: memory: no such column: nope\n")
        let table = try work.slate("memory", "people.csv", "SELECT 1; SELECT * FROM persons")
        #expect(table.stderr == "slate: memory, statement 2: no such table: persons\n")
        try work.fails("memory", "people.csv", "SELECT 1", "--type", "name=INTEGER", stderr: "slate: people.csv, line 2: column \"name\" is INTEGER (--type) but holds \"Ada\"\n")
        let unknownType = try work.slate("memory", "people.csv", "SELECT 1", "--type", "nope=INTEGER")
        #expect(unknownType.status == 64)
        try work.fails("memory", "people.csv", status: 64, stderr: "slate: give at least one file to load, then the SQL (see slate help memory)\n")
        let emptySQL = try work.slate("memory", "people.csv", " ; ")
        #expect(emptySQL.status == 64)
        #expect(try work.slate("memory", "people.csv", "--dump", "--schema").status == 64)
    }
}
