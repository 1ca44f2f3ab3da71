import Foundation
import Slate
import SlateTestSupport
import Testing

@testable import SlateCLI

/// `slate diff` and `slate apply` (issue 24): the round trip through a changeset and through SQL,
/// warnings for what a changeset cannot carry, and every failure leaving the database as it was.
@Suite("CLI diff and apply", .enabled(if: SQLite.hasSessionExtension))
struct ChangesetCLITests {
    /// Tables with every storage class, a composite text key, a WITHOUT ROWID table and an
    /// untyped column (which keeps 1 and 1.0 apart).
    static let schema = """
        CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT, price REAL, data BLOB, extra);
        CREATE TABLE tags (item TEXT, tag TEXT COLLATE NOCASE, note TEXT, PRIMARY KEY (item, tag));
        CREATE TABLE pairs (k TEXT PRIMARY KEY, v) WITHOUT ROWID;
        """

    /// Creates a database file with the schema and some SQL.
    func makeDatabase(_ path: String, _ sql: String) throws {
        let db = try Connection(path)
        try db.execute(sql: Self.schema + sql)
        db.close()
    }

    /// Every row of every table, each table's rows sorted, with their storage classes.
    func contents(_ path: String) throws -> [String: [[SQLiteValue]]] {
        let db = try Connection(path, options: .readonly)
        var contents: [String: [[SQLiteValue]]] = [:]
        for table in ["items", "tags", "pairs"] {
            contents[table] = try db.prepare(sql: "SELECT * FROM \(table)").rows().map(\.values).sorted { "\($0)" < "\($1)" }
        }
        return contents
    }

    func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    /// The changeset in a file that `slate diff -o` wrote, and the column names of its header.
    func readChangesetFile(_ path: String) throws -> (changeset: Changeset, columns: [String: [String]]?) {
        let file = try ChangesetFile(data: bytes(path), path: path)
        return (file.changeset, file.columns)
    }

    /// A and B: B inserts, updates and deletes rows of every table, with awkward values.
    func makePair(_ work: Workspace) throws {
        try makeDatabase(
            work.file("a.db"),
            """
            INSERT INTO items VALUES (1, 'pen', 1.5, x'00ff', 1), (2, 'it''s', NULL, NULL, 'x'), (3, 'cap', 3, x'', 2.5);
            INSERT INTO tags VALUES ('pen', 'blue', 'ok'), ('pen', 'red', NULL), ('cap', 'Green', 'n');
            INSERT INTO pairs VALUES ('a', 1), ('b', x'01'), ('c', 'same');
            """)
        var doubles = SplitMix64(seed: 24)
        var inserts: [String] = []
        for id in 100..<300 {
            // Reals from random bit patterns, NaN left out (SQLite stores it as NULL).
            var value = Double(bitPattern: doubles.next())
            while value.isNaN { value = Double(bitPattern: doubles.next()) }
            inserts.append("(\(id), 'r\(id)', \(SQLiteValue.real(value).sqliteLiteral), NULL, \(SQLiteValue.real(value).sqliteLiteral))")
        }
        try makeDatabase(
            work.file("b.db"),
            """
            INSERT INTO items VALUES (1, 'pen', 0.1 + 0.2, x'00ff', 1.0), (3, 'cap ' || char(0) || ' nul', 1e300, x'deadbeef', 2.5),
                (4, 'new' || char(10) || 'line ✓ "q"', -2.5e-300, zeroblob(3), NULL), (5, '', 4.9406564584124654e-324, NULL, 9e999);
            INSERT INTO items VALUES \(inserts.joined(separator: ", "));
            INSERT INTO tags VALUES ('pen', 'RED', 'bright'), ('cap', 'Green', 'n'), ('ink', 'black', NULL);
            INSERT INTO pairs VALUES ('a', 1.0), ('b', 'text'), ('c', 'same'), ('d', -9223372036854775808);
            """)
    }

    @Test("copy A to C, slate diff A B -o x, slate apply C x: C equals B, row by row and storage class by storage class")
    func roundTripThroughAChangeset() throws {
        let work = try Workspace()
        try makePair(work)
        try FileManager.default.copyItem(atPath: work.file("a.db"), toPath: work.file("c.db"))
        let diff = try work.succeeds("diff", "a.db", "b.db", "-o", "x.changeset")
        #expect(diff.stderr.isEmpty)
        #expect(diff.stdout.hasPrefix("wrote ") && diff.stdout.hasSuffix(" changes to x.changeset\n"))
        let apply = try work.succeeds("apply", "c.db", "x.changeset")
        #expect(apply.stdout.hasPrefix("applied ") && apply.stdout.hasSuffix(" changes to c.db\n"))
        #expect(try contents(work.file("c.db")) == contents(work.file("b.db")))
        #expect(try contents(work.file("c.db")) != contents(work.file("a.db")))
        // Nothing left to change.
        let again = try work.slate("diff", "c.db", "b.db")
        #expect(again.status == 0 && again.stdout.isEmpty, "\(again.stdout)")
    }

    @Test("the same round trip through SQL: slate diff A B > x.sql, then slate query C --write < x.sql")
    func roundTripThroughSQL() throws {
        let work = try Workspace()
        try makePair(work)
        try FileManager.default.copyItem(atPath: work.file("a.db"), toPath: work.file("c.db"))
        let diff = try work.succeeds("diff", "a.db", "b.db")
        let lines = diff.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        // As sqldiff --transaction prints them, in one transaction, deletes first.
        #expect(lines.prefix(2) == ["BEGIN;", #"DELETE FROM "items" WHERE "id"=2;"#])
        #expect(lines.suffix(2) == ["COMMIT;", ""])
        #expect(lines.contains(#"UPDATE "items" SET "price"=0.30000000000000004, "extra"=1.0 WHERE "id"=1;"#))
        #expect(lines.contains(#"UPDATE "pairs" SET "v"='text' WHERE "k"='b';"#))
        #expect(diff.stdout.contains(#"INSERT INTO "items"("id","name","price","data","extra") VALUES(5,'',5e-324,NULL,9e999);"#))
        try work.succeeds("query", "c.db", "--write", stdin: diff.stdout)
        #expect(try contents(work.file("c.db")) == contents(work.file("b.db")))
    }

    @Test("--table compares the named tables only; tables without a primary key are named in a warning")
    func tablesAndWarnings() throws {
        let work = try Workspace()
        try makePair(work)
        for name in ["a.db", "b.db"] {
            try work.database(name, sql: "CREATE TABLE log (line TEXT); INSERT INTO log VALUES ('\(name)')")
        }
        try work.fails("diff", "a.db", "b.db", status: 0, stderr: "slate: warning: a.db, b.db: the table log has no primary key: the session extension ignores it, so its rows were not compared\n")
        let pairs = try work.slate("diff", "a.db", "b.db", "--table", "pairs", "--table", "TAGS")
        #expect(pairs.status == 0 && pairs.stderr.isEmpty, "\(pairs.stderr)")
        let statements = pairs.stdout.split(separator: "\n").dropFirst().dropLast()
        // pairs: 2 updates, 1 insert; tags: a delete, a key whose case changed (a delete and an
        // insert), an insert; between BEGIN and COMMIT.
        #expect(statements.count == 7)
        #expect(statements.allSatisfy { $0.contains(#""pairs""#) || $0.contains(#""tags""#) })
    }

    @Test("diff: a missing file, not a database, a missing --table, different tables, a locked database, an unwritable output")
    func diffFailures() throws {
        let work = try Workspace()
        try makePair(work)
        let missing = try work.slate("diff", "a.db", "nope.db")
        #expect(missing.status == 1)
        #expect(missing.stderr.hasPrefix("slate: nope.db: unable to open database file"), "\(missing.stderr)")
        #expect(!work.exists("nope.db"))
        try work.write("text.db", "not a database at all, just some text that is long enough to fill a header")
        try work.fails("diff", "text.db", "b.db", stderr: "slate: text.db: cannot open text.db: file is not a database\n")
        try work.fails("diff", "a.db", "b.db", "--table", "nope", stderr: "slate: a.db, b.db: no such table in a.db: nope\n")
        try work.database("b.db", sql: "CREATE TABLE extra (id INTEGER PRIMARY KEY)")
        let tables = try work.slate("diff", "a.db", "b.db")
        #expect(tables.status == 1)
        #expect(tables.stderr.hasPrefix("slate: a.db, b.db: the databases have different tables (only in b.db: extra)"), "\(tables.stderr)")
        #expect(try work.slate("diff", "a.db", "b.db", "--table", "items").status == 0)

        try work.failsLocked("a.db", by: "BEGIN EXCLUSIVE; INSERT INTO items (id) VALUES (99)", "diff", "a.db", "b.db", "--table", "items", "--busy-timeout", "0.2")

        let output = try work.slate("diff", "a.db", "b.db", "--table", "items", "-o", "no/such/folder/x.changeset")
        #expect(output.status == 1)
        #expect(output.stderr.hasPrefix("slate: no/such/folder/x.changeset: cannot create the file"), "\(output.stderr)")
    }

    /// C, a copy of A, and the changeset from A to B.
    func prepareApply(_ work: Workspace) throws {
        try makePair(work)
        try FileManager.default.copyItem(atPath: work.file("a.db"), toPath: work.file("c.db"))
        #expect(try work.slate("diff", "a.db", "b.db", "-o", "x.changeset").status == 0)
    }

    @Test("apply: a missing file, not a database, a corrupt or truncated changeset, a missing table, a locked database leave it byte for byte")
    func applyFailures() throws {
        let work = try Workspace()
        try prepareApply(work)
        let before = try bytes(work.file("c.db"))

        try work.fails("apply", "c.db", "nope.changeset", stderr: "slate: nope.changeset: cannot open the file: No such file or directory\n")
        let noDatabase = try work.slate("apply", "nope.db", "x.changeset")
        #expect(noDatabase.status == 1)
        #expect(noDatabase.stderr.hasPrefix("slate: nope.db: unable to open database file"))
        #expect(!work.exists("nope.db"))

        let good = try bytes(work.file("x.changeset"))
        try work.write("cut.changeset", bytes: Array(good.prefix(good.count - 3)))
        try work.write("flipped.changeset", bytes: Array(good.prefix(1)) + [0xff, 0xff, 0xff, 0x7f] + Array(good.dropFirst(5)))
        try work.write("text.changeset", "INSERT INTO items VALUES (1);")
        for name in ["cut.changeset", "flipped.changeset", "text.changeset"] {
            let corrupt = try work.slate("apply", "c.db", name)
            #expect(corrupt.status == 1)
            #expect(
                corrupt.stderr.hasPrefix("slate: \(name): cannot read the changeset: the bytes are not a well-formed changeset or patchset (corrupt or truncated)"),
                "\(corrupt.stderr)")
            #expect(try bytes(work.file("c.db")) == before)
        }

        try work.database("c.db", sql: "CREATE TABLE spare (id INTEGER PRIMARY KEY)")
        let spareBytes = try bytes(work.file("c.db"))
        try makeDatabase(work.file("other.db"), "DROP TABLE pairs; CREATE TABLE pairs (k TEXT PRIMARY KEY, v, w)")
        try makeDatabase(work.file("other-b.db"), "DROP TABLE pairs; CREATE TABLE pairs (k TEXT PRIMARY KEY, v, w); INSERT INTO pairs VALUES ('k', 1, 2)")
        #expect(try work.slate("diff", "other.db", "other-b.db", "-o", "wide.changeset").status == 0)
        let columns = try work.slate("apply", "c.db", "wide.changeset")
        #expect(columns.status == 1)
        #expect(
            columns.stderr
                == "slate: c.db: cannot apply the changeset, and nothing changed: the table pairs has 2 columns with the primary key at 1, the changeset's 3 with it at 1\n")
        try work.database("c.db", sql: "DROP TABLE tags")
        let droppedBytes = try bytes(work.file("c.db"))
        #expect(droppedBytes != spareBytes)
        try work.fails("apply", "c.db", "x.changeset", stderr: "slate: c.db: cannot apply the changeset, and nothing changed: no such table: tags\n")
        #expect(try bytes(work.file("c.db")) == droppedBytes)

        try FileManager.default.removeItem(atPath: work.file("c.db"))
        try FileManager.default.copyItem(atPath: work.file("a.db"), toPath: work.file("c.db"))
        try work.failsLocked("c.db", by: "BEGIN IMMEDIATE", "apply", "c.db", "x.changeset", "--busy-timeout", "0.2")
        #expect(try bytes(work.file("c.db")) == before)
        #expect(try work.slate("apply", "c.db", "x.changeset").status == 0)
        #expect(try contents(work.file("c.db")) == contents(work.file("b.db")))
    }

    @Test("apply --on-conflict abort, omit and replace: the counts, and abort leaves the database byte for byte")
    func conflicts() throws {
        let work = try Workspace()
        try prepareApply(work)
        // C has drifted: item 1's price changed (data), item 2 already deleted (notFound), item 4
        // already there (conflict).
        try work.database("c.db", sql: "UPDATE items SET price = 99 WHERE id = 1; DELETE FROM items WHERE id = 2; INSERT INTO items (id, name) VALUES (4, 'mine')")
        let drifted = try bytes(work.file("c.db"))
        let copies = ["omit", "replace"].map { "c-\($0).db" }
        for copy in copies { try FileManager.default.copyItem(atPath: work.file("c.db"), toPath: work.file(copy)) }

        let aborted = try work.slate("apply", "c.db", "x.changeset")
        #expect(aborted.status == 1)
        #expect(aborted.stderr.hasPrefix("slate: c.db: the changeset was not applied, and nothing changed: a notFound conflict on the delete of items row (2)"), "\(aborted.stderr)")
        #expect(aborted.stderr.hasSuffix("(--on-conflict omit or replace resolves conflicts)\n"))
        #expect(try bytes(work.file("c.db")) == drifted)
        let explicit = try work.slate("apply", "c.db", "x.changeset", "--on-conflict", "abort")
        #expect(explicit.status == 1)
        #expect(try bytes(work.file("c.db")) == drifted)

        let total = try readChangesetFile(work.file("x.changeset")).changeset.changes().count
        let omit = try work.succeeds("apply", "c-omit.db", "x.changeset", "--on-conflict", "omit")
        #expect(omit.stdout == "applied \(total - 3) of \(total) changes to c-omit.db; conflicts: 3 omitted (data: 1, notFound: 1, conflict: 1)\n")
        let omitted = try Connection(work.file("c-omit.db"), options: .readonly)
        #expect(try omitted.scalar(Double.self, "SELECT price FROM items WHERE id = 1") == 99)
        #expect(try omitted.scalar(String.self, "SELECT name FROM items WHERE id = 4") == "mine")

        let replace = try work.succeeds("apply", "c-replace.db", "x.changeset", "--on-conflict", "replace")
        #expect(replace.stdout == "applied \(total - 1) of \(total) changes to c-replace.db; conflicts: 1 omitted (notFound: 1), 2 replaced (data: 1, conflict: 1)\n")
        #expect(try contents(work.file("c-replace.db")) == contents(work.file("b.db")))

        let bad = try work.slate("apply", "c.db", "x.changeset", "--on-conflict", "merge")
        #expect(bad.status == 64)
    }

    @Test("apply takes a patchset as well as a changeset")
    func patchset() throws {
        let work = try Workspace()
        try makeDatabase(work.file("a.db"), "INSERT INTO items (id, name) VALUES (1, 'one'), (2, 'two')")
        try FileManager.default.copyItem(atPath: work.file("a.db"), toPath: work.file("c.db"))
        let db = try Connection(work.file("a.db"))
        let session = try Session(db)
        try db.execute(sql: "UPDATE items SET name = 'uno' WHERE id = 1; DELETE FROM items WHERE id = 2; INSERT INTO pairs VALUES ('k', x'00')")
        let patchset = try session.patchset()
        session.delete()
        db.close()
        #expect(patchset.isPatchset)
        try work.write("x.patchset", bytes: Array(patchset.data))
        let applied = try work.succeeds("apply", "c.db", "x.patchset")
        #expect(applied.stdout == "applied 3 changes to c.db\n")
        #expect(try contents(work.file("c.db")) == contents(work.file("a.db")))
        // An empty file is an empty changeset.
        try work.write("empty.changeset", "")
        #expect(try work.slate("apply", "c.db", "empty.changeset").stdout == "applied 0 changes to c.db\n")
    }

    @Test("slate diff -o writes the column names before the changeset; apply refuses a table whose columns are in another order")
    func columnNames() throws {
        // Issue 30: a changeset from n (id, v, w) applied to n (id, w, v) exited 0 and stored
        // the values swapped.
        let work = try Workspace()
        for (name, sql) in [("a.db", ""), ("b.db", "INSERT INTO n VALUES (1, 'v', 'w');")] {
            try work.database(name, sql: "CREATE TABLE n (id INTEGER PRIMARY KEY, v, w);" + sql)
        }
        try work.database("c.db", sql: "CREATE TABLE n (id INTEGER PRIMARY KEY, w, v)")
        let before = try bytes(work.file("c.db"))
        #expect(try work.slate("diff", "a.db", "b.db", "-o", "x.changeset").status == 0)
        let written = try bytes(work.file("x.changeset"))
        let header = "slate-changeset 1\n{\"columns\":{\"n\":[\"id\",\"v\",\"w\"]}}\n"
        #expect(written.starts(with: Data(header.utf8)))
        let file = try readChangesetFile(work.file("x.changeset"))
        #expect(file.columns == ["n": ["id", "v", "w"]])
        #expect(try file.changeset.changes().count == 1)

        let refused = try work.slate("apply", "c.db", "x.changeset")
        #expect(refused.status == 1)
        #expect(
            refused.stderr
                == "slate: c.db: cannot apply the changeset, and nothing changed: the table n has the columns (id, w, v), "
                + "the changeset's are (id, v, w): its values would land in other columns\n", "\(refused.stderr)")
        #expect(try bytes(work.file("c.db")) == before)
        // In the right order, it applies.
        try FileManager.default.copyItem(atPath: work.file("a.db"), toPath: work.file("d.db"))
        #expect(try work.slate("apply", "d.db", "x.changeset").stdout == "applied 1 change to d.db\n")

        // A header that does not read, one of another version, or names that do not fit.
        try work.write("bad.changeset", bytes: Array(Data("slate-changeset 1\n{\"columns\": 3}\n".utf8) + file.changeset.data))
        try work.write("v2.changeset", bytes: Array(Data("slate-changeset 2\n{}\n".utf8) + file.changeset.data))
        try work.write("short.changeset", bytes: Array(Data("slate-changeset 1\n{\"columns\":{\"n\":[\"id\"]}}\n".utf8) + file.changeset.data))
        let expected = [
            "bad.changeset": "slate: bad.changeset: the header is not a well-formed slate changeset header (slate-changeset 1, then a JSON line of column names)\n",
            "v2.changeset": "slate: v2.changeset: a slate changeset of version 2, which this slate does not read (it reads version 1)\n",
            "short.changeset": "slate: short.changeset: 1 column names given for the table n, whose changes in the changeset have 3 columns\n"
        ]
        for (name, message) in expected {
            let result = try work.slate("apply", "d.db", name)
            #expect(result.status == 1)
            #expect(result.stderr == message, "\(result.stderr)")
        }
    }

    @Test("slate diff of equal databases prints nothing, and slate query --write takes the empty SQL")
    func equalDatabases() throws {
        // Issue 30: `query --write` exited 64 on empty input, breaking the README's pipeline.
        let work = try Workspace()
        try makeDatabase(work.file("a.db"), "INSERT INTO items (id, name) VALUES (1, 'one')")
        try FileManager.default.copyItem(atPath: work.file("a.db"), toPath: work.file("b.db"))
        try FileManager.default.copyItem(atPath: work.file("a.db"), toPath: work.file("c.db"))
        let diff = try work.slate("diff", "a.db", "b.db")
        #expect(diff.status == 0 && diff.stdout.isEmpty && diff.stderr.isEmpty)
        let before = try bytes(work.file("c.db"))
        let run = try work.succeeds("query", "c.db", "--write", stdin: diff.stdout)
        #expect(run.stdout.isEmpty && run.stderr.isEmpty)
        #expect(try bytes(work.file("c.db")) == before)
        // Comments and blank lines only are no SQL either; so is an empty argument.
        #expect(try work.slate("query", "c.db", stdin: "-- nothing\n\n;\n").status == 0)
        #expect(try work.slate("query", "c.db", "").status == 0)
    }

    @Test("diff and apply --help give an example")
    func help() throws {
        let work = try Workspace()
        for command in ["diff", "apply"] {
            let help = try work.slate(command, "--help")
            #expect(help.status == 0)
            #expect(help.stdout.contains("Example"), "\(help.stdout)")
        }
    }
}

/// Without SQLite's session extension (the SQLCipher build), `diff` and `apply` say so and
/// change nothing.
@Suite("CLI diff and apply without the session extension", .enabled(if: !SQLite.hasSessionExtension))
struct ChangesetCLIUnavailableTests {
    @Test("diff and apply are clear errors naming SQLITE_ENABLE_SESSION, and the database is untouched")
    func unavailable() throws {
        let work = try Workspace()
        for name in ["a.db", "b.db"] {
            try work.database(name, sql: "CREATE TABLE t (id INTEGER PRIMARY KEY); INSERT INTO t VALUES (1)")
        }
        try work.write("x.changeset", bytes: [0x54])
        let before = try Data(contentsOf: URL(fileURLWithPath: work.file("a.db")))
        for arguments in [["diff", "a.db", "b.db"], ["apply", "a.db", "x.changeset"]] {
            let result = try CLIRunner.run(arguments, in: work.path)
            #expect(result.status == 1)
            #expect(result.stderr.hasPrefix("slate: slate \(arguments[0]) needs SQLite's session extension"), "\(result.stderr)")
            #expect(result.stderr.contains("SQLITE_ENABLE_SESSION"))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: work.file("a.db"))) == before)
    }
}
