import Foundation
@testable import Slate
@testable import SlateSchema
import SlateTestSupport
import Testing

/// The table rebuild (the only way to drop or rename a column below SQLite 3.35 / 3.25, as in the
/// SQLCipher build, and forced here with the changer's switches) keeps what it copies: every
/// rowid, the AUTOINCREMENT counter exactly, the same for child tables rebuilt when a parent
/// column is renamed, and — when it regenerates a table from its column definitions rather than
/// editing its text — the `COLLATE`, `CHECK` and generated-column clauses.
@Suite("Table rebuilds keep rowids, sequences and clauses")
struct TableRebuildRowidTests {
    /// The rebuild that edits the table's text, and the regeneration that is its fallback.
    static let editsText = [true, false]

    func rebuildingChanger(_ db: Connection, editText: Bool) -> SchemaChanger {
        let changer = db.schemaChanger
        changer.supportsRenameColumn = false
        changer.supportsDropColumn = false
        changer.editsDefinitionText = editText
        return changer
    }

    func rows(_ db: Connection, _ sql: String) throws -> [[SQLiteValue]] {
        try db.prepare(sql: sql).rows().map(\.values)
    }

    func sequence(_ db: Connection, _ table: String) throws -> Int64? {
        try db.scalar(Int64.self, "SELECT seq FROM sqlite_sequence WHERE name = ?", table)
    }

    @Test("rowids survive dropping and renaming a column of a table without INTEGER PRIMARY KEY", arguments: editsText)
    func rowidsSurvive(editText: Bool) throws {
        let db = try inMemoryDatabase(
            """
            CREATE TABLE items (name TEXT, note TEXT);
            INSERT INTO items (rowid, name, note) VALUES (1, 'a', 'x'), (3, 'b', 'y'), (10, 'c', 'z');
            """)
        try rebuildingChanger(db, editText: editText).alter(table: "items") { $0.drop(column: "note") }
        #expect(
            try rows(db, "SELECT rowid, name FROM items ORDER BY rowid")
                == [[.int(1), .text("a")], [.int(3), .text("b")], [.int(10), .text("c")]])
        try rebuildingChanger(db, editText: editText).alter(table: "items") { $0.rename(column: "name", to: "title") }
        #expect(
            try rows(db, "SELECT rowid, title FROM items ORDER BY rowid")
                == [[.int(1), .text("a")], [.int(3), .text("b")], [.int(10), .text("c")]])
    }

    @Test("a column named rowid does not hide the rowid: another of its names is copied", arguments: editsText)
    func shadowedRowidName(editText: Bool) throws {
        let db = try inMemoryDatabase(
            """
            CREATE TABLE odd (rowid TEXT, value TEXT, extra TEXT);
            INSERT INTO odd (_rowid_, rowid, value) VALUES (5, 'five', 'v'), (9, 'nine', 'w');
            """)
        try rebuildingChanger(db, editText: editText).alter(table: "odd") { $0.drop(column: "extra") }
        #expect(
            try rows(db, "SELECT _rowid_, rowid, value FROM odd ORDER BY _rowid_")
                == [[.int(5), .text("five"), .text("v")], [.int(9), .text("nine"), .text("w")]])
    }

    @Test("the AUTOINCREMENT counter stays where it was, so deleted ids are not handed out again", arguments: editsText)
    func autoincrementCounterKept(editText: Bool) throws {
        let db = try inMemoryDatabase(
            """
            CREATE TABLE events (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT, note TEXT);
            CREATE TABLE emptied (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT, note TEXT);
            INSERT INTO events (name) VALUES ('a'), ('b'), ('c'), ('d'), ('e');
            DELETE FROM events WHERE id > 2;
            INSERT INTO emptied (name) VALUES ('a'), ('b'), ('c');
            DELETE FROM emptied;
            """)
        #expect(try sequence(db, "events") == 5)
        try rebuildingChanger(db, editText: editText).alter(table: "events") { $0.drop(column: "note") }
        try rebuildingChanger(db, editText: editText).alter(table: "emptied") { $0.rename(column: "name", to: "title") }
        #expect(try sequence(db, "events") == 5)
        #expect(try sequence(db, "emptied") == 3)
        #expect(try db.scalar(Int64.self, "SELECT count(*) FROM sqlite_sequence") == 2)
        try db.run("INSERT INTO events (name) VALUES ('f')")
        try db.run("INSERT INTO emptied (title) VALUES ('d')")
        #expect(
            try rows(db, "SELECT id, name FROM events ORDER BY id")
                == [[.int(1), .text("a")], [.int(2), .text("b")], [.int(6), .text("f")]])
        #expect(try db.scalar(Int64.self, "SELECT id FROM emptied") == 4)
    }

    @Test("child tables rebuilt for a parent column rename keep their rowids and counters", arguments: editsText)
    func childTablesKeepRowids(editText: Bool) throws {
        let db = try inMemoryDatabase(
            """
            CREATE TABLE users (id INTEGER PRIMARY KEY, code TEXT UNIQUE, note TEXT);
            CREATE TABLE posts (title TEXT, author TEXT REFERENCES users (code));
            CREATE TABLE audits (id INTEGER PRIMARY KEY AUTOINCREMENT, who TEXT REFERENCES users (code));
            INSERT INTO users VALUES (1, 'al', ''), (2, 'bo', '');
            INSERT INTO posts (rowid, title, author) VALUES (2, 'first', 'al'), (7, 'second', 'bo');
            INSERT INTO audits (who) VALUES ('al'), ('bo'), ('al');
            DELETE FROM audits WHERE id = 3;
            """)
        try db.setForeignKeys(true)
        try rebuildingChanger(db, editText: editText).alter(table: "users") { $0.rename(column: "code", to: "handle") }
        #expect(
            try rows(db, "SELECT rowid, title, author FROM posts ORDER BY rowid")
                == [[.int(2), .text("first"), .text("al")], [.int(7), .text("second"), .text("bo")]])
        #expect(try db.schema.foreignKeys(table: "posts").map(\.toColumn) == ["handle"])
        #expect(try sequence(db, "audits") == 3)
        try db.run("INSERT INTO audits (who) VALUES ('bo')")
        #expect(try db.scalar(Int64.self, "SELECT max(id) FROM audits") == 4)
        #expect(try db.foreignKeyCheck().isEmpty)
    }

    @Test("regenerating a table from its column definitions keeps COLLATE and CHECK")
    func fallbackKeepsCollateAndCheck() throws {
        let db = try inMemoryDatabase(
            """
            CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT COLLATE NOCASE CHECK (length(name) < 10),
                                 age INTEGER CONSTRAINT adult CHECK (age >= 18), note TEXT);
            INSERT INTO people VALUES (1, 'Alice', 30, 'x');
            """)
        try rebuildingChanger(db, editText: false).alter(table: "people") { $0.drop(column: "note") }
        #expect(try db.scalar(Int64.self, "SELECT id FROM people WHERE name = 'ALICE'") == 1)
        #expect(
            sqliteError { try db.run("INSERT INTO people (name, age) VALUES ('a much longer name', 40)") }?.code
                == SQLITE_CONSTRAINT_CHECK)
        #expect(
            sqliteError { try db.run("INSERT INTO people (name, age) VALUES ('Bob', 12)") }?.code
                == SQLITE_CONSTRAINT_CHECK)
        try rebuildingChanger(db, editText: false).alter(table: "people") { $0.rename(column: "name", to: "title") }
        #expect(try db.scalar(Int64.self, "SELECT id FROM people WHERE title = 'alice'") == 1)
        #expect(
            sqliteError { try db.run("INSERT INTO people (title, age) VALUES ('a much longer name', 40)") }?.code
                == SQLITE_CONSTRAINT_CHECK)
    }

    @Test(
        "regenerating a table from its column definitions keeps generated columns",
        .enabled(if: SQLite.versionNumber >= 3_031_000, "generated columns need SQLite 3.31"))
    func fallbackKeepsGeneratedColumns() throws {
        let db = try inMemoryDatabase(
            """
            CREATE TABLE boxes (width REAL, height REAL, note TEXT,
                                area REAL GENERATED ALWAYS AS (width * height) STORED,
                                label TEXT AS ('w' || width));
            INSERT INTO boxes (width, height, note) VALUES (2, 3, 'n');
            """)
        try rebuildingChanger(db, editText: false).alter(table: "boxes") { $0.drop(column: "note") }
        #expect(try rows(db, "SELECT area, label FROM boxes") == [[.real(6), .text("w2.0")]])
        try rebuildingChanger(db, editText: false).alter(table: "boxes") { $0.rename(column: "height", to: "depth") }
        try db.run("UPDATE boxes SET depth = 5")
        #expect(try rows(db, "SELECT area, label FROM boxes") == [[.real(10), .text("w2.0")]])
    }
}
