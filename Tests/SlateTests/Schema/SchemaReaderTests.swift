import Foundation
@testable import Slate
@testable import SlateSchema
import Testing

/// The schema reader against SQLite.swift's own expectations (its SchemaReaderTests): columns
/// read back equal columns built with the public initializer, every primary-key column
/// carries the key with its `ON CONFLICT`, and `PrimaryKey()` means `AUTOINCREMENT`.
@Suite("Schema reader")
struct SchemaReaderTests {
    @Test func columnsReadBackEqualThePublicInitializer() throws {
        let db = try Connection()
        try db.execute(
            sql: """
                CREATE TABLE t (id INTEGER PRIMARY KEY, name VARCHAR(40) NOT NULL, score DOUBLE DEFAULT 1.5,
                                owner INTEGER REFERENCES t (id) ON DELETE CASCADE, code TEXT UNIQUE)
                """)
        let columns = try db.schema.columnDefinitions(table: "t")
        #expect(
            columns == [
                ColumnDefinition(name: "id", primaryKey: .init(autoIncrement: false), type: .INTEGER),
                ColumnDefinition(name: "name", type: .TEXT, nullable: false),
                ColumnDefinition(name: "score", type: .REAL, defaultValue: .numericLiteral("1.5")),
                ColumnDefinition(
                    name: "owner", type: .INTEGER,
                    references: .init(fromColumn: "owner", toTable: "t", toColumn: "id", onDelete: "CASCADE")),
                ColumnDefinition(name: "code", type: .TEXT, unique: true)
            ])
        // The declared type as written still drives SQL regenerated from a column read back.
        #expect(columns[1].sql == #""name" VARCHAR(40) NOT NULL"#)
        // A different public field still makes a different column.
        #expect(columns[1] != ColumnDefinition(name: "name", type: .TEXT, nullable: true))
        #expect(columns[0] != ColumnDefinition(name: "id", primaryKey: .init(), type: .INTEGER))
    }

    @Test func primaryKeyDefaultsToAutoIncrementAsInSQLiteSwift() throws {
        #expect(ColumnDefinition.PrimaryKey().autoIncrement)
        #expect(ColumnDefinition.PrimaryKey() == .init(autoIncrement: true, onConflict: nil))
        let column = ColumnDefinition(name: "id", primaryKey: .init(), type: .INTEGER)
        #expect(column.sql == #""id" INTEGER PRIMARY KEY AUTOINCREMENT"#)
        let db = try Connection()
        try db.schemaChanger.create(table: "t") { $0.add(column: column) }
        #expect(try db.schema.columnDefinitions(table: "t") == [column])
        #expect(
            ColumnDefinition.ForeignKey(toTable: "users")
                == .init(fromColumn: "", toTable: "users", toColumn: nil, onUpdate: nil, onDelete: nil))
    }

    @Test func conflictClauseAndAutoIncrementAreReadWhereDeclared() throws {
        let db = try Connection()
        try db.execute(
            sql: """
                CREATE TABLE t ("id" INTEGER PRIMARY KEY ON CONFLICT IGNORE AUTOINCREMENT);
                CREATE TABLE u (id INTEGER PRIMARY KEY DESC ON CONFLICT REPLACE, note TEXT DEFAULT 'AUTOINCREMENT');
                CREATE TABLE autoincrement_log (id INTEGER PRIMARY KEY, "autoincrement" TEXT);
                """)
        #expect(
            try db.schema.columnDefinitions(table: "t")
                == [ColumnDefinition(name: "id", primaryKey: .init(autoIncrement: true, onConflict: .IGNORE), type: .INTEGER)])
        // The word in a default or a column name is no AUTOINCREMENT.
        #expect(try db.schema.columnDefinitions(table: "u")[0].primaryKey == .init(autoIncrement: false, onConflict: .REPLACE))
        #expect(try db.schema.columnDefinitions(table: "autoincrement_log")[0].primaryKey == .init(autoIncrement: false))
    }

    @Test func tableLevelPrimaryKeysAreKept() throws {
        let db = try Connection()
        try db.execute(
            sql: """
                CREATE TABLE t (col1 INTEGER, col2 INTEGER, col3 INTEGER, PRIMARY KEY (col1, col2));
                CREATE TABLE r (a TEXT, b TEXT, CONSTRAINT key PRIMARY KEY (b, a) ON CONFLICT REPLACE) WITHOUT ROWID;
                CREATE TABLE one (name TEXT, PRIMARY KEY (name ASC) ON CONFLICT FAIL);
                """)
        #expect(
            try db.schema.columnDefinitions(table: "t") == [
                ColumnDefinition(name: "col1", primaryKey: .init(autoIncrement: false), type: .INTEGER),
                ColumnDefinition(name: "col2", primaryKey: .init(autoIncrement: false), type: .INTEGER),
                ColumnDefinition(name: "col3", type: .INTEGER)
            ])
        let replacing = ColumnDefinition.PrimaryKey(autoIncrement: false, onConflict: .REPLACE)
        // WITHOUT ROWID makes key columns NOT NULL.
        #expect(
            try db.schema.columnDefinitions(table: "r") == [
                ColumnDefinition(name: "a", primaryKey: replacing, type: .TEXT, nullable: false),
                ColumnDefinition(name: "b", primaryKey: replacing, type: .TEXT, nullable: false)
            ])
        #expect(try db.schema.columnDefinitions(table: "one")[0].primaryKey == .init(autoIncrement: false, onConflict: .FAIL))

        // Columns read back create the same key again: one table constraint, with its conflict clause.
        let columns = try db.schema.columnDefinitions(table: "r")
        try db.schemaChanger.create(table: "copy") { table in
            for column in columns { table.add(column: column) }
        }
        #expect(try db.schema.primaryKeyColumns(table: "copy") == ["a", "b"])
        #expect(try db.schema.columnDefinitions(table: "copy") == columns)
        try db.run("INSERT INTO copy VALUES ('x', 'y')")
        try db.run("INSERT INTO copy VALUES ('x', 'y')")  // ON CONFLICT REPLACE: no error, one row
        #expect(try db.scalar(Int64.self, "SELECT count(*) FROM copy") == 1)
    }

    @Test func tableSQLFindsColumnNamesOnly() throws {
        let sql = """
            CREATE TABLE "t" ([a] INT, `b c` TEXT DEFAULT 'x, y', "d""q" REAL, text TEXT COLLATE text,
                key TEXT DEFAULT key CHECK (key <> 'key'), "order" INTEGER REFERENCES other (text, key),
                PRIMARY KEY (a), CHECK (a > 0 AND 'a' <> A AND cast(text AS text) <> upper(text) AND t.a < 9))
                STRICT
            """
        let table = try #require(TableSQL(sql, table: "t"))
        #expect(table.definitions.map(\.column) == ["a", "b c", "d\"q", "text", "key", "order", nil, nil])
        #expect(table.definitions[1].text == "`b c` TEXT DEFAULT 'x, y'")
        #expect(table.suffix.trimmingCharacters(in: .whitespacesAndNewlines) == "STRICT")
        #expect(table.definitions[3].renaming("text", to: "body") == #""body" TEXT COLLATE text"#)
        #expect(table.definitions[4].renaming("key", to: "k") == #""k" TEXT DEFAULT key CHECK ("k" <> 'key')"#)
        // Another table's columns are not this table's, whatever they are called.
        #expect(table.definitions[5].renaming("text", to: "body") == #""order" INTEGER REFERENCES other (text, key)"#)
        #expect(
            table.definitions[7].renaming("a", to: "z")
                == #"CHECK ("z" > 0 AND 'a' <> "z" AND cast(text AS text) <> upper(text) AND t."z" < 9)"#)
        #expect(
            table.definitions[7].renaming("text", to: "body")
                == "CHECK (a > 0 AND 'a' <> A AND cast(\"body\" AS text) <> upper(\"body\") AND t.a < 9)")
        #expect(table.primaryKey == TableSQL.PrimaryKey(columns: ["a"], onConflict: nil, autoIncrement: false))
        #expect(TableSQL("CREATE TABLE t", table: "t") == nil)
        #expect(TableSQL("CREATE TABLE t AS SELECT (1)", table: "t") == nil)
    }
}
