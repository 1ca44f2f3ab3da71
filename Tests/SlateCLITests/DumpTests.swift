import Foundation
import Slate
import Testing

@testable import SlateCLI

/// `slate dump`, and `slate query --write` reading a dump back: every table equal row by row,
/// with its storage classes, rowids and schema.
@Suite("CLI dump")
struct DumpTests {
    /// Every table's rows as exact text (storage class and bytes; a REAL as its bits), the
    /// schema, and the header's version fields: equal snapshots are equal databases.
    static func snapshot(_ path: String) throws -> [String: [String]] {
        let db = try Connection(path, options: .readonly)
        var result: [String: [String]] = [:]
        result["(schema)"] = try db.prepare(sql: "SELECT type || ' ' || name || ' ' || tbl_name || ' ' || coalesce(sql, '') FROM sqlite_master ORDER BY name").rows()
            .map { try $0.get(0, as: String.self) }
        result["(pragmas)"] = try ["user_version", "application_id"].map { "\($0)=\(try db.scalar(Int64.self, "PRAGMA \($0)") ?? 0)" }
        let tables = try db.prepare(sql: "SELECT name, sql FROM sqlite_master WHERE type = 'table'").rows().map {
            (try $0.get(0, as: String.self), try $0.get(1, as: String.self))
        }
        for (table, sql) in tables where !sql.uppercased().hasPrefix("CREATE VIRTUAL") {
            let quoted = SQLiteValue.quoteIdentifier(table)
            let names = Set(try db.prepare(sql: "PRAGMA table_info(\(quoted))").rows().map { try $0.get(1, as: String.self).lowercased() })
            let alias = ["rowid", "_rowid_", "oid"].first { !names.contains($0) }
            let hasRowid = alias.map { (try? db.prepare(sql: "SELECT \($0) FROM \(quoted)")) != nil } ?? false
            let statement = try db.prepare(sql: hasRowid ? "SELECT \(alias ?? ""), * FROM \(quoted) ORDER BY 1" : "SELECT * FROM \(quoted)")
            var rows: [String] = []
            while try statement.step() {
                rows.append((0..<statement.columnCount()).map { describe(statement.handle, $0) }.joined(separator: " | "))
            }
            result[table] = rows
        }
        return result
    }

    static func describe(_ statement: OpaquePointer, _ index: Int32) -> String {
        func hex(_ pointer: UnsafeRawPointer?, _ count: Int32) -> String {
            guard let pointer else { return "" }
            return UnsafeRawBufferPointer(start: pointer, count: Int(count)).map { String(format: "%02x", $0) }.joined()
        }
        switch sqlite3_column_type(statement, index) {
        case SQLITE_INTEGER: return "i:\(sqlite3_column_int64(statement, index))"
        case SQLITE_FLOAT: return "r:" + String(sqlite3_column_double(statement, index).bitPattern, radix: 16)
        case SQLITE_TEXT: return "t:" + hex(sqlite3_column_text(statement, index), sqlite3_column_bytes(statement, index))
        case SQLITE_BLOB: return "b:" + hex(sqlite3_column_blob(statement, index), sqlite3_column_bytes(statement, index))
        default: return "null"
        }
    }

    static var hasFTS5: Bool {
        guard let db = try? Connection() else { return false }
        return (try? db.execute(sql: "CREATE VIRTUAL TABLE f USING fts5(x)")) != nil
    }

    /// A database with every kind of value and object a dump must carry.
    static func fixture(_ path: String) throws {
        let db = try Connection(path)
        try db.execute(
            sql: #"""
                CREATE TABLE "all types" (id INTEGER PRIMARY KEY, v, note TEXT, r REAL, n NUMERIC, b BLOB);
                INSERT INTO "all types" (v) VALUES (0), (-1), (-9223372036854775808), (9223372036854775807),
                  (0.1), (-0.0), (1.7976931348623157e308), (4.9406564584124654e-324), (2.2250738585072014e-308), (9e999), (-9e999),
                  (1.0e20), (2.5), (-357576.7243724), (0.882544069118051), (461616.826814), (''), ('it''s "quoted"'),
                  ('a' || char(10) || 'b' || char(13) || char(10) || 'c'), (char(10)), ('end' || char(13)), ('日本語 🎉 é'),
                  ('x' || char(0) || 'y'), (char(0)), (CAST(X'ff80' AS TEXT)), ('007'), ('1e5'), (X''), (X'00ff10'), (NULL),
                  ('replace(''a\n'', ''\n'', char(10))'), ('--'), (';');
                UPDATE "all types" SET note = v, r = v, n = v, b = v;
                CREATE TABLE gaps (a TEXT, b);
                INSERT INTO gaps VALUES ('one', 1), ('two', 2), ('three', 3), ('four', 4), ('five', 5);
                DELETE FROM gaps WHERE b IN (2, 4);
                CREATE TABLE named_rowid (rowid TEXT, x);
                INSERT INTO named_rowid VALUES ('a', 1), ('b', 2), ('c', 3);
                DELETE FROM named_rowid WHERE x = 1;
                CREATE TABLE seq (id INTEGER PRIMARY KEY AUTOINCREMENT, v);
                INSERT INTO seq (v) VALUES ('a'), ('b'), ('c');
                DELETE FROM seq WHERE id = 3;
                CREATE TABLE wr (k TEXT PRIMARY KEY, v) WITHOUT ROWID;
                INSERT INTO wr VALUES ('b', 2), ('a', X'01'), ('c', NULL);
                CREATE TABLE desc_key (x INTEGER PRIMARY KEY DESC, y);
                INSERT INTO desc_key VALUES (30, 'c'), (10, 'a'), (20, 'b');
                DELETE FROM desc_key WHERE x = 10;
                CREATE TABLE parent (id INTEGER PRIMARY KEY, name TEXT);
                CREATE TABLE child (id INTEGER PRIMARY KEY, parent_id INTEGER REFERENCES parent(id) ON DELETE CASCADE);
                INSERT INTO parent VALUES (1, 'p');
                INSERT INTO child VALUES (1, 1), (2, 1);
                CREATE TABLE "we""ird name" ("col ""1""" TEXT, [sel ect] INTEGER);
                INSERT INTO "we""ird name" VALUES ('x', 1);
                CREATE TABLE empty (a, b);
                CREATE INDEX gaps_b ON gaps (b DESC);
                CREATE UNIQUE INDEX wr_v ON wr (v) WHERE v IS NOT NULL;
                CREATE INDEX parent_lower ON parent (lower(name));
                CREATE VIEW parent_names AS SELECT name FROM parent;
                CREATE TRIGGER seq_log AFTER INSERT ON seq BEGIN INSERT INTO gaps VALUES ('trigger', NEW.id); END;
                CREATE TRIGGER parent_names_insert INSTEAD OF INSERT ON parent_names BEGIN INSERT INTO parent (name) VALUES (NEW.name); END;
                ANALYZE;
                PRAGMA user_version = 7;
                PRAGMA application_id = 42;
                """#)
        if SQLite.versionNumber >= 3_031_000 {
            try db.execute(
                sql: """
                    CREATE TABLE generated (a INTEGER, b INTEGER GENERATED ALWAYS AS (a * 2) VIRTUAL, c TEXT GENERATED ALWAYS AS (a || 'x') STORED, d);
                    INSERT INTO generated (a, d) VALUES (1, 'one'), (2, 'two');
                    """)
        }
        if hasFTS5 {
            try db.execute(
                sql: """
                    CREATE VIRTUAL TABLE docs USING fts5(title, body);
                    INSERT INTO docs VALUES ('Bricks', 'red bricks and blue plates'), ('Gears', 'a gear on an axle');
                    """)
        }
        db.close()
    }

    @Test("dump, then query --write, rebuilds an equal database: every table row by row with storage classes, rowids, sequence, schema")
    func roundTrip() throws {
        let work = try Workspace()
        try Self.fixture(work.file("source.db"))
        let dump = try work.succeeds("dump", "source.db")
        #expect(dump.stdout.hasPrefix("PRAGMA foreign_keys=OFF;\nBEGIN TRANSACTION;\nCREATE TABLE \"all types\""))
        #expect(dump.stdout.hasSuffix("PRAGMA user_version=7;\nPRAGMA application_id=42;\n" + (Self.hasFTS5 ? "PRAGMA writable_schema=OFF;\n" : "") + "COMMIT;\n"))
        // One statement per line, whatever line breaks the text holds.
        #expect(dump.stdout.split(separator: "\n").allSatisfy { $0.hasSuffix(";") })
        // The shell's forms where they are exact; rowids named only where rows were deleted.
        #expect(dump.stdout.contains("INSERT INTO \"all types\" VALUES(6,-0.0,'0.0',0.0,0,-0.0);"))
        #expect(dump.stdout.contains("INSERT INTO \"all types\" VALUES(7,1.7976931348623157e+308,'1.79769313486232e+308',1.7976931348623157e+308,1.7976931348623157e+308,1.7976931348623157e+308);"))
        #expect(dump.stdout.contains("'a'||char(10)||'b'||char(13)||char(10)||'c'"))
        #expect(dump.stdout.contains("CAST(X'780079' AS TEXT)") && dump.stdout.contains("CAST(X'ff80' AS TEXT)"))
        #expect(dump.stdout.contains("1e999") && dump.stdout.contains("X'00ff10'"))
        #expect(dump.stdout.contains("INSERT INTO \"gaps\"(\"rowid\",\"a\",\"b\") VALUES(3,'three',3);"))
        #expect(dump.stdout.contains("INSERT INTO \"named_rowid\"(\"_rowid_\",\"rowid\",\"x\") VALUES(2,'b',2);"))
        #expect(dump.stdout.contains("INSERT INTO \"empty\"") == false)
        #expect(dump.stdout.contains("INSERT INTO \"parent\" VALUES(1,'p');"))
        #expect(dump.stdout.contains("DELETE FROM sqlite_sequence;\nINSERT INTO \"sqlite_sequence\" VALUES('seq',3);"))
        #expect(dump.stdout.contains("ANALYZE sqlite_master;"))
        if SQLite.versionNumber >= 3_031_000 {
            #expect(dump.stdout.contains("INSERT INTO \"generated\"(\"a\",\"d\") VALUES(1,'one');"))
        }
        if Self.hasFTS5 {
            #expect(dump.stdout.contains("PRAGMA writable_schema=ON;\nINSERT INTO sqlite_master(type,name,tbl_name,rootpage,sql) VALUES('table','docs','docs',0,'CREATE VIRTUAL TABLE docs USING fts5(title, body)');"))
        }
        try work.write("dump.sql", dump.stdout)
        let load = try work.succeeds("query", "copy.db", "--write", stdin: dump.stdout)
        #expect(load.stdout.isEmpty)
        let source = try Self.snapshot(work.file("source.db"))
        let copy = try Self.snapshot(work.file("copy.db"))
        #expect(source.keys.sorted() == copy.keys.sorted())
        for (table, rows) in source {
            #expect(rows == copy[table] ?? [], "\(table)")
        }
        #expect(source["all types"]?.count == 33)
        let check = try work.slate("check", "copy.db")
        #expect(check.status == 0, "\(check.stdout) \(check.stderr)")
        if Self.hasFTS5 {
            let search = try work.slate("query", "copy.db", "SELECT title FROM docs WHERE docs MATCH 'axle'", "-f", "csv", "--no-header")
            #expect(search.stdout == "Gears\n")
        }
        // The copy's dump is the source's.
        #expect(try work.slate("dump", "copy.db").stdout == dump.stdout)
    }

    @Test("the sqlite3 shell reads slate's dump into an equal database too")
    func shellReadsTheDump() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3") else { return }
        let work = try Workspace()
        try Self.fixture(work.file("source.db"))
        let dump = try work.succeeds("dump", "source.db", "-o", "dump.sql")
        #expect(dump.stdout.isEmpty)
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        shell.arguments = [work.file("shell.db"), ".read \(work.file("dump.sql"))"]
        let result = try CLIRunner.capture(shell, in: work.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Self.snapshot(work.file("shell.db")) == Self.snapshot(work.file("source.db")))
    }

    @Test("20,000 random REALs (every bit pattern class, subnormals, extremes) read back with the same bits")
    func realsRoundTrip() throws {
        let work = try Workspace()
        let db = try Connection(work.file("reals.db"))
        var random = SeededGenerator(seed: 23)
        var values: [Double] = [0.1, 0.2, 0.3, 1.0 / 3.0, .pi, .ulpOfOne, .leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude, -.leastNonzeroMagnitude]
        while values.count < 20_000 {
            let value: Double
            switch values.count % 4 {
            case 0: value = Double(bitPattern: random.next())
            case 1: value = Double.random(in: -1e6...1e6, using: &random).rounded(toPlaces: Int.random(in: 0...9, using: &random))
            case 2: value = Double.random(in: 0..<1, using: &random)
            default: value = Double(sign: .plus, exponent: Int.random(in: -1074...(-960), using: &random), significand: Double.random(in: 1..<2, using: &random))
            }
            if value.isFinite { values.append(value) }
        }
        try db.execute(sql: "CREATE TABLE reals (x)")
        let insert = try db.prepare(sql: "INSERT INTO reals VALUES (?)")
        try db.transaction {
            for value in values {
                try insert.reset()
                try insert.bind(.real(value), at: 1)
                try insert.executeToCompletion()
            }
        }
        db.close()
        let dump = try work.succeeds("dump", "reals.db")
        #expect(try work.slate("query", "copy.db", "--write", stdin: dump.stdout).status == 0)
        let copy = try Connection(work.file("copy.db"), options: .readonly)
        let read = try copy.prepare(sql: "SELECT x, typeof(x) FROM reals ORDER BY rowid").rows()
        #expect(read.count == values.count)
        var mismatches = 0
        for (row, value) in zip(read, values) where try row.get(1, as: String.self) != "real" || row.get(0, as: Double.self).bitPattern != value.bitPattern {
            mismatches += 1
        }
        #expect(mismatches == 0)
        // Short values stay short: the candidates are tried shortest first.
        #expect(dump.stdout.contains("INSERT INTO \"reals\" VALUES(0.1);"))
        #expect(dump.stdout.contains("(CAST("))  // some subnormals need the exact expression
    }

    @Test("dump of named tables: their rows, indexes, triggers and AUTOINCREMENT counter; a virtual table brings its shadow tables")
    func namedTables() throws {
        let work = try Workspace()
        try Self.fixture(work.file("source.db"))
        let dump = try work.succeeds("dump", "source.db", "SEQ", "parent_names")
        #expect(
            dump.stdout == """
                PRAGMA foreign_keys=OFF;
                BEGIN TRANSACTION;
                CREATE TABLE seq (id INTEGER PRIMARY KEY AUTOINCREMENT, v);
                INSERT INTO "seq" VALUES(1,'a');
                INSERT INTO "seq" VALUES(2,'b');
                DELETE FROM sqlite_sequence WHERE name = 'seq';
                INSERT INTO sqlite_sequence VALUES('seq',3);
                CREATE VIEW parent_names AS SELECT name FROM parent;
                CREATE TRIGGER seq_log AFTER INSERT ON seq BEGIN INSERT INTO gaps VALUES ('trigger', NEW.id); END;
                CREATE TRIGGER parent_names_insert INSTEAD OF INSERT ON parent_names BEGIN INSERT INTO parent (name) VALUES (NEW.name); END;
                COMMIT;

                """)
        if Self.hasFTS5 {
            let fts = try work.slate("dump", "source.db", "docs")
            for shadow in ["docs_data", "docs_idx", "docs_content", "docs_docsize", "docs_config"] {
                #expect(fts.stdout.contains("CREATE TABLE '\(shadow)'"), "\(shadow)")
            }
            #expect(try work.slate("query", "fts.db", "--write", stdin: fts.stdout).status == 0)
            #expect(try work.slate("query", "fts.db", "SELECT count(*) FROM docs WHERE docs MATCH 'bricks'", "-f", "csv", "--no-header").stdout == "1\n")
        }
    }

    @Test("failures: a missing table or database, a locked database; nothing is written")
    func failures() throws {
        let work = try Workspace()
        try Self.fixture(work.file("source.db"))
        let missing = try work.fails("dump", "source.db", "seq", "nope", "-o", "out.sql", stderr: "slate: source.db: no such table: nope\n")
        #expect(missing.stdout.isEmpty)
        #expect(!work.exists("out.sql"))
        let noDatabase = try work.slate("dump", "none.db")
        #expect(noDatabase.status == 1)
        #expect(noDatabase.stderr.hasPrefix("slate: none.db: "))
        #expect(!work.exists("none.db"))
        let holder = try Connection(work.file("source.db"))
        try holder.execute(sql: "BEGIN EXCLUSIVE; INSERT INTO gaps VALUES ('held', 0)")
        let locked = try work.slate("dump", "source.db", "--busy-timeout", "0.2", "-o", "out.sql")
        #expect(locked.status == 1)
        #expect(locked.stderr.hasPrefix("slate: source.db: "))
        #expect(locked.stderr.contains("database is locked (another connection holds a lock; raise --busy-timeout to wait longer)"))
        #expect(!work.exists("out.sql"))
        try holder.execute(sql: "COMMIT")
        #expect(try work.slate("dump", "source.db", "-o", "out.sql").status == 0)
        #expect(work.exists("out.sql"))
    }

    @Test("query --write creates a missing database, and removes it again when the SQL fails; a script's own BEGIN … COMMIT runs as written")
    func queryWriteScripts() throws {
        let work = try Workspace()
        try work.fails("query", "new.db", "--write", stdin: "PRAGMA foreign_keys=OFF;\nBEGIN TRANSACTION;\nCREATE TABLE t (x);\nINSERT INTO t VALUES (1);\nINSERT INTO nope VALUES (2);\nCOMMIT;\n", stderr: "slate: new.db, statement 5: no such table: nope\n")
        #expect(!work.exists("new.db"))
        try work.database("kept.db", sql: "CREATE TABLE t (x); INSERT INTO t VALUES (0)")
        let rolledBack = try work.slate("query", "kept.db", "--write", stdin: "BEGIN; INSERT INTO t VALUES (1); INSERT INTO t VALUES ('a', 'b'); COMMIT;")
        #expect(rolledBack.status == 1)
        #expect(try work.slate("query", "kept.db", "SELECT count(*) FROM t", "-f", "csv", "--no-header").stdout == "1\n")
        let script = try work.succeeds("query", "kept.db", "--write", stdin: "BEGIN; INSERT INTO t VALUES (1); COMMIT; SELECT count(*) AS n FROM t;")
        #expect(script.stdout == "n\n-\n2\n(1 row)\n")
        // Without --write the database is not created.
        #expect(try work.slate("query", "other.db", "SELECT 1").status == 1)
        #expect(!work.exists("other.db"))
    }

    @Test("query reads standard input a statement at a time: statements across chunks, PRAGMAs before the script's own BEGIN, no BEGIN inside --write's transaction")
    func streamedScripts() throws {
        let work = try Workspace()
        // A 200 KB literal with ';' and line breaks, and a trigger body, across 64 KB chunks.
        let long = String(repeating: "a;b\n", count: 50_000)
        var script = "CREATE TABLE t (x);\nCREATE TRIGGER t_copy AFTER INSERT ON t BEGIN INSERT INTO t2 VALUES (length(NEW.x)); INSERT INTO t2 VALUES (0); END;\nCREATE TABLE t2 (n);\n"
        script += "INSERT INTO t VALUES ('\(long)');\n"
        script += String(repeating: "INSERT INTO t VALUES ('short;');\n", count: 5_000)
        script += "SELECT count(*) AS n, max(length(x)) AS longest, (SELECT sum(n) FROM t2) AS total FROM t"
        let result = try work.succeeds("query", "big.db", "--write", "-f", "csv", stdin: script)
        #expect(result.stdout == "n,longest,total\n5001,200000,\(200_000 + 5_000 * 6)\n")
        // A chunk (64 KB) that ends just after a space, or a line break inside a literal: the
        // statement is put together again byte for byte.
        for cut in ["INSERT ", "INSERT INTO t VALUES ('a\n"] {
            let head = "CREATE TABLE t (x);"
            let padding = String(repeating: " ", count: (1 << 16) - head.utf8.count - cut.utf8.count)
            let split = try work.slate("query", "cut.db", "--write", "-f", "json", stdin: head + padding + "INSERT INTO t VALUES ('a\n b');\nSELECT x FROM t")
            #expect(split.stdout == "[\n{\"x\":\"a\\n b\"}\n]\n", "\(split.stderr)")
            try FileManager.default.removeItem(atPath: work.file("cut.db"))
        }
        // PRAGMAs before the script's BEGIN run before it (foreign_keys cannot change inside a
        // transaction), so the script's own foreign_keys=ON holds.
        let keys = try work.slate(
            "query", "keys.db", "--write",
            stdin: "PRAGMA foreign_keys=ON;\nBEGIN;\nCREATE TABLE p (id INTEGER PRIMARY KEY);\nCREATE TABLE c (p REFERENCES p(id));\nINSERT INTO c VALUES (5);\nCOMMIT;\n")
        #expect(keys.status == 1)
        #expect(keys.stderr == "slate: keys.db, statement 5: FOREIGN KEY constraint failed\n")
        #expect(!work.exists("keys.db"))
        // Without its own BEGIN, the script's PRAGMAs are inside --write's one transaction too:
        // all or nothing.
        try work.database("app.db", sql: "CREATE TABLE t (x)")
        let failed = try work.slate("query", "app.db", "--write", stdin: "PRAGMA user_version = 5; INSERT INTO t VALUES (1); INSERT INTO nope VALUES (1);")
        #expect(failed.status == 1)
        #expect(try work.slate("query", "app.db", "PRAGMA user_version", "-f", "csv", "--no-header").stdout == "0\n")
        try work.fails("query", "app.db", "--write", stdin: "INSERT INTO t VALUES (1); COMMIT; INSERT INTO t VALUES (2);", stderr: "slate: app.db, statement 2: COMMIT; inside the transaction --write runs the script in; a script with its own transaction starts with BEGIN (after any PRAGMA)\n")
        #expect(try work.slate("query", "app.db", "SELECT count(*) FROM t", "-f", "csv", "--no-header").stdout == "0\n")
        // An incomplete last statement is SQLite's error; SQL that is not UTF-8 is refused.
        let incomplete = try work.slate("query", "app.db", stdin: "SELECT 1; SELECT 'open")
        #expect(incomplete.status == 1)
        #expect(incomplete.stderr.hasPrefix("slate: app.db, statement 2: "))
        let binary = try CLIRunner.run(["query", "app.db"], in: work.path, stdin: Data([0x53, 0x45, 0x4C, 0xFF, 0x3B]))
        #expect(binary.status == 1)
        #expect(binary.stderr.hasPrefix("slate: standard input: the SQL is not UTF-8 text"))
    }
}

extension Double {
    fileprivate func rounded(toPlaces places: Int) -> Double {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        return (self * scale).rounded() / scale
    }
}
