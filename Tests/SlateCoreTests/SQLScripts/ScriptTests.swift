import Foundation
import SlateCore
import SlateCoreTestSupport
import Testing

@Suite("Scripts")
struct ScriptTests {
    static let tricky = """
        -- a catalog; comments may contain ; and END
        CREATE TABLE sets (id INTEGER PRIMARY KEY, name TEXT, theme TEXT, weekend INTEGER DEFAULT 0);
        CREATE TABLE log (message TEXT);
        /* a block comment; with a semicolon */
        CREATE TRIGGER sets_ai AFTER INSERT ON sets BEGIN
            INSERT INTO log (message) VALUES ('added ' || NEW.name || '; theme ' ||
                CASE WHEN NEW.theme IS NULL THEN 'none' ELSE NEW.theme END);
            UPDATE sets SET weekend = 1 WHERE id = NEW.id AND NEW.name LIKE '%weekend%';
        END;
        INSERT INTO sets (name, theme) VALUES ('Weekend; Getaway', 'City');
        INSERT INTO sets (name, theme) VALUES ('BEGIN END', NULL);
        BEGIN TRANSACTION;
        INSERT INTO sets (name) VALUES ('in a transaction');
        COMMIT;
        """

    @Test("execute(sql:) runs triggers, CASE … END, comments, quoted semicolons and 'weekend'")
    func trickyScript() throws {
        let db = try Connection()
        try db.execute(sql: Self.tricky)
        #expect(try db.scalar(Int64.self, "SELECT count(*) FROM sets") == 3)
        #expect(try db.scalar(Int64.self, "SELECT weekend FROM sets WHERE id = 1") == 1)
        let log = try db.prepare(sql: "SELECT message FROM log ORDER BY rowid").rows().map { try $0.get(0, as: String.self) }
        #expect(log == ["added Weekend; Getaway; theme City", "added BEGIN END; theme none", "added in a transaction; theme none"])
    }

    @Test("a script failing at its third statement keeps the first two and names the third")
    func failingThirdStatement() throws {
        let db = try Connection()
        let error = try #require(
            sqliteError {
                try db.execute(
                    sql: """
                        CREATE TABLE a (x);
                        INSERT INTO a VALUES (1);
                        INSERT INTO missing VALUES (2);
                        INSERT INTO a VALUES (3);
                        """)
            })
        #expect(error.explanation.contains("no such table: missing"))
        #expect(error.sql == "INSERT INTO missing VALUES (2);")
        #expect(try db.scalar(Int64.self, "SELECT count(*) FROM a") == 1)

        let runtime = try #require(
            sqliteError {
                try db.execute(sql: "INSERT INTO a VALUES (4); INSERT INTO a VALUES (abs(-9223372036854775807 - 1)); INSERT INTO a VALUES (5)")
            })
        #expect(runtime.sql == "INSERT INTO a VALUES (abs(-9223372036854775807 - 1));")
        #expect(try db.scalar(Int64.self, "SELECT count(*) FROM a") == 2)
    }

    @Test("unterminated strings and comments fail cleanly instead of reading past the end")
    func unterminated() throws {
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE t (x)")
        #expect(sqliteError { try db.execute(sql: "INSERT INTO t VALUES ('oops)") } != nil)
        try db.execute(sql: "INSERT INTO t VALUES (1); /* never closed")
        #expect(try db.scalar(Int64.self, "SELECT count(*) FROM t") == 1)
        try db.execute(sql: "")
        try db.execute(sql: "  -- only a comment\n")
    }

    @Test("SQLScript splits with SQLite's tokenizer, loads from strings and files")
    func sqlScript() throws {
        let script = SQLScript(string: Self.tricky)
        #expect(script.count == 8)
        #expect(script[2].hasPrefix("CREATE TRIGGER sets_ai"))
        #expect(script[2].hasSuffix("END;"))
        #expect(script[3] == "INSERT INTO sets (name, theme) VALUES ('Weekend; Getaway', 'City');")

        let literal: SQLScript = """
            CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT);
            INSERT INTO users (name) VALUES ('Alice');
            INSERT INTO users (name) VALUES ('Bob')
            """
        #expect(literal.count == 3)
        #expect(literal.last == "INSERT INTO users (name) VALUES ('Bob')")
        let db = try Connection()
        try db.execute(sql: literal)
        #expect(try db.scalar(Int64.self, "SELECT count(*) FROM users") == 2)

        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("schema.sql")
        try Data(Self.tricky.utf8).write(to: url)
        let loaded = try SQLScript(contentsOf: url)
        #expect(loaded == script)
        let other = try Connection()
        try other.execute(sql: loaded)
        #expect(try other.scalar(Int64.self, "SELECT count(*) FROM log") == 3)
        #expect(sqliteError { _ = try SQLScript(contentsOf: directory.url.appendingPathComponent("nope.sql")) }?.code == SQLITE_CANTOPEN)
    }

}
