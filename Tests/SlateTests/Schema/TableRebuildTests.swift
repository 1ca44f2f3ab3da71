import Foundation
@testable import Slate
@testable import SlateSchema
import SlateTestSupport
import Testing

/// Renaming and dropping columns named like type names and keywords, with foreign keys to and
/// from other tables, checks, indexes, triggers and views: SQLite's own `ALTER TABLE` (where
/// the linked SQLite has it) and the table rebuild (the only path on SQLite < 3.25 / 3.35, as in
/// the SQLCipher build) give the same schema and data, or both refuse.
@Suite("Table rebuilds keep definitions intact")
struct TableRebuildTests {
    /// Native `RENAME COLUMN` where SQLite has it, and the rebuild everywhere.
    static let renamePaths = [true, false].filter { SQLite.versionNumber >= 3_025_000 || !$0 }
    /// Native `DROP COLUMN` where SQLite has it, and the rebuild everywhere.
    static let dropPaths = [true, false].filter { SQLite.versionNumber >= 3_035_000 || !$0 }

    func makeDatabase() throws -> Connection {
        try inMemoryDatabase(
            """
            CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE notes (
                id INTEGER PRIMARY KEY,
                user_id INTEGER REFERENCES users (id),
                title TEXT NOT NULL DEFAULT 'text',
                text TEXT,
                key TEXT COLLATE NOCASE,
                "order" INTEGER DEFAULT 0,
                "select" TEXT CHECK ("select" <> 'text'),
                CHECK (length(text) < 100)
            );
            INSERT INTO users VALUES (1, 'Alice');
            INSERT INTO notes VALUES (1, 1, 'first', 'hello', 'K', 2, 'yes');
            """)
    }

    func changer(_ db: Connection, native: Bool) -> SchemaChanger {
        let changer = db.schemaChanger
        changer.supportsRenameColumn = native
        changer.supportsDropColumn = native
        return changer
    }

    func rows(_ db: Connection, _ sql: String) throws -> [[SQLiteValue]] {
        try db.prepare(sql: sql).rows().map(\.values)
    }

    /// Declared types by column, as SQLite reports them.
    func declaredTypes(_ db: Connection, _ table: String) throws -> [String: String] {
        var types: [String: String] = [:]
        for row in try db.prepare(sql: "PRAGMA table_info(\(SQLiteValue.quoteIdentifier(table)))").rows() {
            if case .text(let name) = row["name"], case .text(let type) = row["type"] { types[name] = type }
        }
        return types
    }

    @Test(arguments: renamePaths)
    func renamingAColumnNamedLikeATypeNameLeavesTypesAndDefaultsAlone(native: Bool) throws {
        let db = try makeDatabase()
        try changer(db, native: native).alter(table: "notes") { $0.rename(column: "text", to: "body") }
        #expect(
            try db.schema.columnDefinitions(table: "notes").map(\.name)
                == ["id", "user_id", "title", "body", "key", "order", "select"])
        let types = try declaredTypes(db, "notes")
        #expect(types["title"] == "TEXT")
        #expect(types["body"] == "TEXT")
        #expect(types["select"] == "TEXT")
        #expect(try db.schema.columnDefinitions(table: "notes")[2].defaultValue == .stringLiteral("text"))
        // The table-level CHECK follows the column; the other CHECK's string stays a string.
        expectSQLiteError(SQLITE_CONSTRAINT_CHECK) {
            try db.run("UPDATE notes SET body = ?", String(repeating: "x", count: 200))
        }
        expectSQLiteError(SQLITE_CONSTRAINT_CHECK) { try db.run("UPDATE notes SET \"select\" = 'text'") }
        try db.run("INSERT INTO notes (title) VALUES ('second')")
        #expect(
            try rows(db, "SELECT title, body, key, \"order\", \"select\" FROM notes ORDER BY id") == [
                [.text("first"), .text("hello"), .text("K"), .int(2), .text("yes")],
                [.text("second"), .null, .null, .int(0), .null]
            ])
        #expect(try db.schema.foreignKeys(table: "notes").map(\.toColumn) == ["id"])
        #expect(try db.foreignKeyCheck().isEmpty)
    }

    @Test(arguments: renamePaths)
    func renamingKeywordNamedColumns(native: Bool) throws {
        let db = try makeDatabase()
        try changer(db, native: native).alter(table: "notes") { table in
            table.rename(column: "key", to: "code")
            table.rename(column: "order", to: "position")
            table.rename(column: "select", to: "choice")
        }
        #expect(
            try db.schema.columnDefinitions(table: "notes").map(\.name)
                == ["id", "user_id", "title", "text", "code", "position", "choice"])
        let types = try declaredTypes(db, "notes")
        #expect(types["code"] == "TEXT" && types["position"] == "INTEGER" && types["choice"] == "TEXT")
        // COLLATE NOCASE stays on the renamed column; the CHECK names the new one.
        #expect(try db.scalar(Int64.self, "SELECT count(*) FROM notes WHERE code = 'k'") == 1)
        expectSQLiteError(SQLITE_CONSTRAINT_CHECK) { try db.run("UPDATE notes SET choice = 'text'") }
        #expect(try rows(db, "SELECT code, position, choice FROM notes") == [[.text("K"), .int(2), .text("yes")]])
    }

    /// Renaming `id` in one table leaves another table's `id` (the target of a foreign key) alone.
    @Test(arguments: renamePaths)
    func renamingIdKeepsForeignKeysToOtherTables(native: Bool) throws {
        let db = try makeDatabase()
        try db.setForeignKeys(true)
        try changer(db, native: native).alter(table: "notes") { $0.rename(column: "id", to: "note_id") }
        #expect(try db.schema.columnDefinitions(table: "notes").first?.name == "note_id")
        #expect(try db.schema.columnDefinitions(table: "users").map(\.name) == ["id", "name"])
        #expect(
            try db.schema.foreignKeys(table: "notes")
                == [.init(fromColumn: "user_id", toTable: "users", toColumn: "id")])
        #expect(try db.foreignKeyCheck().isEmpty)
        expectSQLiteError(SQLITE_CONSTRAINT_FOREIGNKEY) { try db.run("INSERT INTO notes (user_id, title) VALUES (9, 'x')") }
        try db.run("INSERT INTO notes (user_id, title) VALUES (1, 'ok')")
        #expect(try db.scalar(Int64.self, "SELECT max(note_id) FROM notes") == 2)
    }

    /// Renaming a column another table's foreign key names renames it there; a key to the
    /// table itself follows too.
    @Test(arguments: renamePaths)
    func renamingAReferencedIdRenamesItWhereverItIsReferenced(native: Bool) throws {
        let db = try makeDatabase()
        try db.execute(
            sql: """
                CREATE TABLE nodes (id INTEGER PRIMARY KEY, parent INTEGER REFERENCES nodes (id), label TEXT);
                INSERT INTO nodes VALUES (1, NULL, 'root'), (2, 1, 'leaf');
                """)
        try db.setForeignKeys(true)
        let changer = changer(db, native: native)
        try changer.alter(table: "users") { $0.rename(column: "id", to: "user_key") }
        #expect(try db.schema.foreignKeys(table: "notes").map(\.toColumn) == ["user_key"])
        try changer.alter(table: "nodes") { $0.rename(column: "id", to: "node_id") }
        #expect(
            try db.schema.foreignKeys(table: "nodes")
                == [.init(fromColumn: "parent", toTable: "nodes", toColumn: "node_id")])
        #expect(try db.foreignKeyCheck().isEmpty)
        expectSQLiteError(SQLITE_CONSTRAINT_FOREIGNKEY) { try db.run("INSERT INTO nodes VALUES (3, 99, 'x')") }
        expectSQLiteError(SQLITE_CONSTRAINT_FOREIGNKEY) { try db.run("INSERT INTO notes (user_id, title) VALUES (9, 'x')") }
        #expect(try rows(db, "SELECT node_id, parent FROM nodes ORDER BY node_id") == [[.int(1), .null], [.int(2), .int(1)]])
        #expect(try rows(db, "SELECT user_id FROM notes") == [[.int(1)]])
    }

    @Test(arguments: renamePaths)
    func renamingFollowsIntoIndexesAndTriggers(native: Bool) throws {
        let db = try makeDatabase()
        try db.execute(
            sql: """
                CREATE INDEX notes_on_text ON notes (lower(text) COLLATE NOCASE DESC, title) WHERE text IS NOT NULL;
                CREATE TABLE log (message TEXT);
                CREATE TRIGGER notes_log AFTER UPDATE OF text ON notes BEGIN
                    INSERT INTO log VALUES (old.text || ' -> ' || NEW."text");
                END;
                """)
        try changer(db, native: native).alter(table: "notes") { $0.rename(column: "text", to: "body") }
        let index = try #require(try db.scalar(String.self, "SELECT sql FROM sqlite_master WHERE name = 'notes_on_text'"))
        // SQLite's own rename may or may not quote the new name; the rebuild quotes it.
        let unquoted = index.replacingOccurrences(of: "\"", with: "")
        #expect(unquoted.contains("(lower(body) COLLATE NOCASE DESC, title) WHERE body IS NOT NULL"), "\(index)")
        #expect(try db.schema.indexDefinitions(table: "notes").map(\.name) == ["notes_on_text"])
        try db.run("UPDATE notes SET body = 'bye'")
        #expect(try rows(db, "SELECT message FROM log") == [[.text("hello -> bye")]])
    }

    @Test(.enabled(if: SQLite.versionNumber >= 3_031_000, "generated columns need SQLite 3.31"), arguments: renamePaths)
    func renamingFollowsIntoGeneratedColumns(native: Bool) throws {
        let db = try Connection()
        try db.execute(
            sql: """
                CREATE TABLE boxes (width REAL, text REAL, area REAL GENERATED ALWAYS AS (width * text) STORED,
                                    label TEXT AS ('text: ' || text));
                INSERT INTO boxes (width, text) VALUES (2, 3);
                """)
        try changer(db, native: native).alter(table: "boxes") { $0.rename(column: "text", to: "height") }
        try db.run("UPDATE boxes SET height = 5")
        #expect(try rows(db, "SELECT area, label FROM boxes") == [[.real(10), .text("text: 5.0")]])
        // A generated column that uses a column keeps it from being dropped.
        let error = expectSQLiteError(SQLITE_ERROR) {
            try changer(db, native: false).alter(table: "boxes") { $0.drop(column: "height") }
        }
        #expect(error?.explanation == "cannot drop column height: used by column area")
    }

    @Test(arguments: dropPaths)
    func droppingAColumnNamedLikeATypeName(native: Bool) throws {
        let db = try Connection()
        try db.execute(
            sql: """
                CREATE TABLE other (text TEXT PRIMARY KEY);
                CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT DEFAULT 'text', text TEXT,
                                    ref TEXT REFERENCES other (text), key TEXT, "order" INTEGER);
                INSERT INTO other VALUES ('o');
                INSERT INTO notes VALUES (1, 'first', 'hello', 'o', 'k', 3);
                """)
        let changer = changer(db, native: native)
        try changer.alter(table: "notes") { table in
            table.drop(column: "text")
            table.drop(column: "key")
            table.drop(column: "order")
        }
        #expect(try db.schema.columnDefinitions(table: "notes").map(\.name) == ["id", "title", "ref"])
        #expect(try declaredTypes(db, "notes") == ["id": "INTEGER", "title": "TEXT", "ref": "TEXT"])
        #expect(try db.schema.foreignKeys(table: "notes").map(\.toColumn) == ["text"])
        #expect(try rows(db, "SELECT * FROM notes") == [[.int(1), .text("first"), .text("o")]])
    }

    /// What SQLite's own DROP COLUMN refuses, the rebuild refuses too, naming the reason, and
    /// nothing changes. A view that names the column is refused on both paths (SQLite itself
    /// would drop the column and leave the view failing when read).
    @Test(arguments: dropPaths)
    func droppingAColumnSomethingUsesIsRefused(native: Bool) throws {
        let db = try makeDatabase()
        try db.execute(
            sql: """
                CREATE TABLE ranges (low INTEGER, high INTEGER CHECK (high >= low));
                CREATE VIEW titles AS SELECT title, "order" FROM notes;
                CREATE TABLE log (message TEXT);
                CREATE TRIGGER users_log AFTER UPDATE ON users BEGIN
                    INSERT INTO log SELECT key FROM notes WHERE user_id = new.id;
                END;
                """)
        let changer = changer(db, native: native)
        let attempts: [(String, String, String)] = [
            ("ranges", "low", "used by column high"),
            ("notes", "order", "view titles names it"),
            ("notes", "key", "trigger users_log names it"),
            ("users", "id", "referenced by a foreign key of table notes")
        ]
        for (table, column, reason) in attempts {
            let error = expectSQLiteError(SQLITE_ERROR) { try changer.alter(table: table) { $0.drop(column: column) } }
            // SQLite's own messages differ; the rebuild's name the reason.
            if !native { #expect(error?.explanation.contains(reason) == true, "\(error?.explanation ?? "")") }
            #expect(try db.schema.columnDefinitions(table: table).contains { $0.name == column })
        }
        #expect(try rows(db, "SELECT * FROM notes") == [[.int(1), .int(1), .text("first"), .text("hello"), .text("K"), .int(2), .text("yes")]])
    }

    /// A view that names a renamed column cannot be rewritten by the rebuild: it refuses and
    /// changes nothing. (SQLite's own RENAME COLUMN rewrites the view.)
    @Test func rebuildRefusesToRenameAColumnAViewNames() throws {
        let db = try makeDatabase()
        try db.execute(sql: "CREATE VIEW titles AS SELECT title, text FROM notes")
        let error = expectSQLiteError(SQLITE_ERROR) {
            try changer(db, native: false).alter(table: "notes") { $0.rename(column: "text", to: "body") }
        }
        #expect(error?.explanation.contains("view titles names it") == true)
        #expect(try db.schema.columnDefinitions(table: "notes")[3].name == "text")
        #expect(try rows(db, "SELECT text FROM titles") == [[.text("hello")]])
        // A view of other tables only is no obstacle.
        try db.execute(sql: "DROP VIEW titles; CREATE VIEW names AS SELECT name AS text FROM users")
        try changer(db, native: false).alter(table: "notes") { $0.rename(column: "text", to: "body") }
        #expect(try db.schema.columnDefinitions(table: "notes")[3].name == "body")
    }
}
