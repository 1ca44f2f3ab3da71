import Foundation
@testable import Slate
@testable import SlateSchema
import SlateTestSupport
import Testing

/// `SchemaChanger`'s column changes that only a rebuild can make — type, `NOT NULL`, default,
/// primary key, column order — on both rebuild paths (the edited `CREATE TABLE` text and the
/// regeneration from column definitions): rows, rowids, indexes and triggers are kept, and a
/// change the rows cannot take throws before anything changes.
@Suite("Schema changer: column types, NOT NULL, defaults, keys and order")
struct ColumnChangeTests {
    static let editsText = [true, false]

    func makeDatabase() throws -> Connection {
        try inMemoryDatabase(
            """
            CREATE TABLE items (
                code TEXT COLLATE NOCASE,
                price TEXT CHECK (length(price) < 30),
                qty,
                note TEXT DEFAULT 'none'
            );
            CREATE INDEX items_on_price ON items (price);
            CREATE TABLE log (item INTEGER, price TEXT);
            CREATE TRIGGER items_logged AFTER UPDATE OF price ON items BEGIN
                INSERT INTO log VALUES (NEW.rowid, NEW.price);
            END;
            INSERT INTO items (rowid, code, price, qty, note) VALUES
                (3, 'a', '042', 1, 'x'), (7, 'b', ' 7 ', 2, NULL), (9, 'c', '1e3', 3.0, 'z'), (12, 'd', NULL, 4, 'w');
            """)
    }

    func changer(_ db: Connection, editText: Bool) -> SchemaChanger {
        let changer = db.schemaChanger
        changer.editsDefinitionText = editText
        return changer
    }

    func rows(_ db: Connection, _ sql: String) throws -> [[SQLiteValue]] {
        try db.prepare(sql: sql).rows().map(\.values)
    }

    /// The schema and every row of every table, to show that a failed change left all as it was.
    func snapshot(_ db: Connection) throws -> [[SQLiteValue]] {
        try rows(db, "SELECT type, name, sql FROM sqlite_master ORDER BY name")
            + rows(db, "SELECT rowid, * FROM items ORDER BY rowid") + rows(db, "SELECT * FROM log")
    }

    func declaredTypes(_ db: Connection, _ table: String) throws -> [String] {
        try db.prepare(sql: "PRAGMA table_info(\(SQLiteValue.quoteIdentifier(table)))").rows().map {
            "\(try $0.get(1, as: String.self)) \(try $0.get(2, as: String.self))"
        }
    }

    @Test("a type change converts what SQLite converts and keeps rowids, the index, the trigger and the clauses", arguments: editsText)
    func typeChange(editText: Bool) throws {
        let db = try makeDatabase()
        try changer(db, editText: editText).alter(table: "items") { $0.change(column: "price", type: .INTEGER) }
        #expect(try declaredTypes(db, "items") == ["code TEXT", "price INTEGER", "qty ", "note TEXT"])
        #expect(
            try rows(db, "SELECT rowid, price, typeof(price) FROM items ORDER BY rowid") == [
                [.int(3), .int(42), .text("integer")], [.int(7), .int(7), .text("integer")],
                [.int(9), .int(1000), .text("integer")], [.int(12), .null, .text("null")]
            ])
        #expect(try db.schema.indexDefinitions(table: "items").map(\.name) == ["items_on_price"])
        try db.run("UPDATE items SET price = 5 WHERE rowid = 3")
        #expect(try rows(db, "SELECT * FROM log") == [[.int(3), .text("5")]])
        // COLLATE NOCASE and the CHECK survive; the default too.
        #expect(try db.scalar(Int64.self, "SELECT count(*) FROM items WHERE code = 'A'") == 1)
        expectSQLiteError(SQLITE_CONSTRAINT_CHECK) { try db.run("UPDATE items SET price = ?", String(repeating: "x", count: 40)) }
        try db.run("INSERT INTO items (code) VALUES ('e')")
        #expect(try db.scalar(String.self, "SELECT note FROM items WHERE code = 'e'") == "none")
    }

    @Test("a value the new type cannot hold is an error naming it and its row, and nothing changes", arguments: editsText)
    func typeChangeRefused(editText: Bool) throws {
        let db = try makeDatabase()
        try db.run("UPDATE items SET price = 'abc' WHERE rowid = 7")
        try db.run("UPDATE items SET price = '' WHERE rowid = 9")
        let before = try snapshot(db)
        let error = expectSQLiteError(SQLITE_MISMATCH) {
            try changer(db, editText: editText).alter(table: "items") { table in
                table.rename(column: "note", to: "remark")
                table.change(column: "price", type: .INTEGER)
            }
        }
        #expect(
            error?.explanation
                == "cannot change column price of items to INTEGER: 2 values cannot be stored as INTEGER without changing, "
                + "the first 'abc' at rowid 7")
        #expect(try snapshot(db) == before)
        try db.run("UPDATE items SET price = NULL WHERE rowid = 7")
        let empty = expectSQLiteError(SQLITE_MISMATCH) {
            try changer(db, editText: editText).alter(table: "items") { $0.change(column: "price", type: .REAL) }
        }
        #expect(empty?.explanation.hasSuffix("the first '' at rowid 9 (an empty text is not NULL: set such values to NULL first if that is what they mean)") == true)
    }

    @Test(
        "which values each type holds",
        arguments: [
            (ColumnDefinition.Affinity.INTEGER, SQLiteValue.text("042"), true), (.INTEGER, .text(" 7 "), true),
            (.INTEGER, .real(3.0), true), (.INTEGER, .text("1e3"), true), (.INTEGER, .text("abc"), false),
            (.INTEGER, .text(""), false), (.INTEGER, .real(4.5), false), (.INTEGER, .text("12345678901234567890"), false),
            (.INTEGER, .blob(Data([0])), false), (.INTEGER, .null, true),
            (.REAL, .int(42), true), (.REAL, .text("4.50"), true), (.REAL, .int(9_007_199_254_740_993), false),
            (.REAL, .text("9007199254740993"), false), (.REAL, .int(1 << 53), true), (.REAL, .int(Int64.max), false), (.REAL, .text("12345678901234567890"), false),
            (.REAL, .text("x"), false),
            (.NUMERIC, .text("4.5"), true), (.NUMERIC, .text("9007199254740993"), true),
            (.NUMERIC, .text("12345678901234567890"), false), (.NUMERIC, .text("0x1E"), false),
            (.TEXT, .int(42), true), (.TEXT, .real(4.5), true), (.TEXT, .real(0.1 + 0.2), false),
            (.TEXT, .blob(Data([1])), false),
            (.BLOB, .text("abc"), true), (.BLOB, .real(0.1 + 0.2), true)
        ])
    func holds(type: ColumnDefinition.Affinity, value: SQLiteValue, expected: Bool) throws {
        let db = try Connection()
        #expect(try type.holds(value, on: db) == expected)
        // The check leaves no table behind.
        #expect(try db.scalar(Int64.self, "SELECT count(*) FROM sqlite_temp_master") == 0)
    }

    @Test("NOT NULL: refused while a row holds NULL, then kept", arguments: editsText)
    func notNull(editText: Bool) throws {
        let db = try makeDatabase()
        let before = try snapshot(db)
        let error = expectSQLiteError(SQLITE_CONSTRAINT_NOTNULL) {
            try changer(db, editText: editText).alter(table: "items") { $0.change(column: "price", nullable: false) }
        }
        #expect(error?.explanation == "cannot make column price of items NOT NULL: 1 row holds NULL, the first at rowid 12")
        #expect(try snapshot(db) == before)
        try db.run("UPDATE items SET price = '0' WHERE price IS NULL")
        try changer(db, editText: editText).alter(table: "items") { $0.change(column: "price", nullable: false) }
        expectSQLiteError(SQLITE_CONSTRAINT_NOTNULL) { try db.run("INSERT INTO items (code) VALUES ('n')") }
        try changer(db, editText: editText).alter(table: "items") { $0.change(column: "price", nullable: true) }
        try db.run("INSERT INTO items (code) VALUES ('n')")
    }

    @Test("defaults are set and removed; one the type cannot hold is refused", arguments: editsText)
    func defaults(editText: Bool) throws {
        let db = try makeDatabase()
        try changer(db, editText: editText).alter(table: "items") { table in
            table.change(column: "qty", defaultValue: .numericLiteral("1"))
            table.change(column: "note", defaultValue: .NULL)
        }
        try db.run("INSERT INTO items (code) VALUES ('n')")
        #expect(try rows(db, "SELECT qty, note FROM items WHERE code = 'n'") == [[.int(1), .null]])
        let before = try snapshot(db)
        let error = expectSQLiteError(SQLITE_MISMATCH) {
            try changer(db, editText: editText).alter(table: "items") { table in
                table.change(column: "qty", type: .INTEGER)
                table.change(column: "qty", defaultValue: .stringLiteral("many"))
            }
        }
        #expect(error?.explanation == "cannot give column qty of items the default 'many': INTEGER cannot store it without changing it")
        #expect(try snapshot(db) == before)
    }

    @Test("a new primary key: duplicates and NULLs refused; then enforced, rowids kept", arguments: editsText)
    func primaryKey(editText: Bool) throws {
        let db = try makeDatabase()
        try db.run("INSERT INTO items (rowid, code, price) VALUES (20, 'A', '1')")
        let before = try snapshot(db)
        // NOCASE: 'a' and 'A' are the same key.
        let duplicate = expectSQLiteError(SQLITE_CONSTRAINT_PRIMARYKEY) {
            try changer(db, editText: editText).alter(table: "items") { $0.setPrimaryKey(["code"]) }
        }
        #expect(duplicate?.explanation == "cannot make code the primary key of items: 2 rows share the value 'a'")
        let null = expectSQLiteError(SQLITE_CONSTRAINT_NOTNULL) {
            try changer(db, editText: editText).alter(table: "items") { $0.setPrimaryKey(["code", "price"]) }
        }
        #expect(null?.explanation == "cannot make (code, price) the primary key of items: 1 row holds NULL in it, the first at rowid 12")
        #expect(try snapshot(db) == before)
        try db.run("DELETE FROM items WHERE rowid IN (12, 20)")
        try changer(db, editText: editText).alter(table: "items") { $0.setPrimaryKey(["code"]) }
        #expect(try db.schema.primaryKeyColumns(table: "items") == ["code"])
        #expect(try rows(db, "SELECT rowid FROM items ORDER BY rowid") == [[.int(3)], [.int(7)], [.int(9)]])
        expectSQLiteError(SQLITE_CONSTRAINT_PRIMARYKEY) { try db.run("INSERT INTO items (code) VALUES ('B')") }
        try changer(db, editText: editText).alter(table: "items") { $0.setPrimaryKey(["code", "qty"]) }
        #expect(try db.schema.primaryKeyColumns(table: "items") == ["code", "qty"])
        try db.run("INSERT INTO items (code, qty) VALUES ('B', 9)")
        try changer(db, editText: editText).alter(table: "items") { $0.setPrimaryKey([]) }
        #expect(try db.schema.primaryKeyColumns(table: "items").isEmpty)
    }

    @Test("an INTEGER column made the key becomes the rowid; AUTOINCREMENT goes with the old key", arguments: editsText)
    func integerKeyAndAutoincrement(editText: Bool) throws {
        let db = try inMemoryDatabase(
            """
            CREATE TABLE t (id INTEGER PRIMARY KEY AUTOINCREMENT, n INTEGER, label TEXT);
            INSERT INTO t (id, n, label) VALUES (1, 100, 'a'), (2, 200, 'b');
            DELETE FROM t WHERE id = 2;
            INSERT INTO t (id, n, label) VALUES (5, 500, 'c');
            """)
        // Changing something else keeps the key, AUTOINCREMENT and the counter.
        try changer(db, editText: editText).alter(table: "t") { $0.change(column: "label", nullable: false) }
        #expect(try db.scalar(Int64.self, "SELECT seq FROM sqlite_sequence WHERE name = 't'") == 5)
        try changer(db, editText: editText).alter(table: "t") { $0.setPrimaryKey(["n"]) }
        #expect(try rows(db, "SELECT rowid, id, n FROM t ORDER BY n") == [[.int(100), .int(1), .int(100)], [.int(500), .int(5), .int(500)]])
        #expect(try db.scalar(Int64.self, "SELECT count(*) FROM sqlite_sequence WHERE name = 't'") == 0)
        #expect(try db.scalar(String.self, "SELECT sql FROM sqlite_master WHERE name = 't'")?.contains("AUTOINCREMENT") == false)
    }

    @Test("columns are reordered: the named ones first", arguments: editsText)
    func reorder(editText: Bool) throws {
        let db = try makeDatabase()
        try changer(db, editText: editText).alter(table: "items") { $0.reorder(columns: ["note", "QTY"]) }
        #expect(try db.schema.columnDefinitions(table: "items").map(\.name) == ["note", "qty", "code", "price"])
        #expect(try rows(db, "SELECT * FROM items WHERE rowid = 3") == [[.text("x"), .int(1), .text("a"), .text("042")]])
    }

    @Test("a rename, then changes that use the new name, in one alter; unknown columns are errors", arguments: editsText)
    func renameThenChange(editText: Bool) throws {
        let db = try makeDatabase()
        try changer(db, editText: editText).alter(table: "items") { table in
            table.rename(column: "price", to: "cost")
            table.change(column: "cost", type: .REAL)
            table.reorder(columns: ["cost"])
        }
        #expect(try declaredTypes(db, "items") == ["cost REAL", "code TEXT", "qty ", "note TEXT"])
        #expect(try rows(db, "SELECT cost FROM items WHERE rowid = 9") == [[.real(1000)]])
        let before = try snapshot(db)
        let unknown = expectSQLiteError(SQLITE_ERROR) {
            try changer(db, editText: editText).alter(table: "items") { $0.change(column: "price", type: .TEXT) }
        }
        #expect(unknown?.explanation == "no such column: price in table items")
        let twice = expectSQLiteError(SQLITE_ERROR) {
            try changer(db, editText: editText).alter(table: "items") { $0.setPrimaryKey(["code", "CODE"]) }
        }
        #expect(twice?.explanation == "column code is named twice in the primary key")
        expectSQLiteError(SQLITE_ERROR) {
            try changer(db, editText: editText).alter(table: "missing") { $0.change(column: "x", type: .TEXT) }
        }
        #expect(try snapshot(db) == before)
    }

    @Test("a change that breaks a foreign key is refused even with foreign keys off", arguments: editsText)
    func foreignKeys(editText: Bool) throws {
        let db = try inMemoryDatabase(
            """
            CREATE TABLE parent (id INTEGER PRIMARY KEY, code TEXT UNIQUE);
            CREATE TABLE child (id INTEGER PRIMARY KEY, parent_id REFERENCES parent);
            INSERT INTO parent VALUES (1, 'x'), (2, 'y');
            INSERT INTO child VALUES (10, 1), (11, 2);
            """)
        #expect(try db.getForeignKeys() == false)
        let error = expectSQLiteError(SQLITE_CONSTRAINT_FOREIGNKEY) {
            try changer(db, editText: editText).alter(table: "parent") { $0.setPrimaryKey(["code"]) }
        }
        #expect(error?.explanation == "altering table parent breaks foreign keys: child [10] => parent, child [11] => parent")
        #expect(try db.schema.primaryKeyColumns(table: "parent") == ["id"])
        // A change that breaks nothing passes.
        try changer(db, editText: editText).alter(table: "parent") { $0.change(column: "code", nullable: false) }
    }

    @Test("a WITHOUT ROWID table changes type too; a BLOB change holds everything", arguments: editsText)
    func withoutRowid(editText: Bool) throws {
        let db = try inMemoryDatabase(
            """
            CREATE TABLE kv (k TEXT PRIMARY KEY, v TEXT) WITHOUT ROWID;
            INSERT INTO kv VALUES ('a', '1'), ('b', 'two');
            """)
        let error = expectSQLiteError(SQLITE_MISMATCH) {
            try changer(db, editText: editText).alter(table: "kv") { $0.change(column: "v", type: .INTEGER) }
        }
        #expect(error?.explanation.hasSuffix("the first 'two'") == true)
        try changer(db, editText: editText).alter(table: "kv") { $0.change(column: "v", type: .BLOB) }
        #expect(try rows(db, "SELECT k, v FROM kv ORDER BY k") == [[.text("a"), .text("1")], [.text("b"), .text("two")]])
        #expect(try db.scalar(String.self, "SELECT sql FROM sqlite_master WHERE name = 'kv'")?.hasSuffix("WITHOUT ROWID") == true)
    }

    @Test(
        "dropping an indexed column drops its index on both paths",
        arguments: [true, false].filter { SQLite.versionNumber >= 3_035_000 || !$0 })
    func dropIndexedColumn(native: Bool) throws {
        let db = try makeDatabase()
        let changer = db.schemaChanger
        changer.supportsDropColumn = native
        try db.run("DROP TRIGGER items_logged")
        try changer.alter(table: "items") { $0.drop(column: "price") }
        #expect(try db.schema.indexDefinitions(table: "items").isEmpty)
        #expect(try db.schema.columnDefinitions(table: "items").map(\.name) == ["code", "qty", "note"])
    }

    @Test("the edited text keeps what the new clauses do not replace")
    func editedText() throws {
        let db = try inMemoryDatabase(
            "CREATE TABLE t (a INTEGER CONSTRAINT a_key PRIMARY KEY ON CONFLICT REPLACE, b VARCHAR(10) NULL DEFAULT 'x' COLLATE NOCASE, c)")
        try db.schemaChanger.alter(table: "t") { table in
            table.change(column: "b", type: .TEXT)
            table.change(column: "b", nullable: false)
            table.change(column: "b", defaultValue: .stringLiteral("y"))
            table.setPrimaryKey(["b", "c"])
        }
        #expect(
            try db.scalar(String.self, "SELECT sql FROM sqlite_master WHERE name = 't'")
                == #"CREATE TABLE "t" (a INTEGER, b TEXT COLLATE NOCASE NOT NULL DEFAULT 'y', c, PRIMARY KEY ("b", "c"))"#)
    }
}
