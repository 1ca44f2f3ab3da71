import Foundation
@testable import Slate
@testable import SlateSchema
import SlateTestSupport
import Testing

/// `SchemaReader` and `SchemaChanger` on real databases: native `ALTER TABLE` where SQLite 3.25+
/// / 3.35+ has it, and the documented table rebuild forced through the internal flags.
@Suite("Schema reader and changer")
struct SchemaChangerTests: UsersFixture {
    /// A database with `users` (indexed, referenced by `posts`) and a few rows.
    func makeDatabase() throws -> Connection {
        try inMemoryDatabase(
            """
            CREATE TABLE users (id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, old_name VARCHAR(40) NOT NULL DEFAULT 'x',
                                email TEXT UNIQUE, age INTEGER DEFAULT 18, created TEXT DEFAULT CURRENT_TIMESTAMP);
            CREATE INDEX users_on_old_name ON users (old_name DESC);
            CREATE INDEX users_on_age ON users (age) WHERE age > 20;
            CREATE TABLE posts (id INTEGER PRIMARY KEY, user_id INTEGER REFERENCES users (id) ON DELETE CASCADE, title TEXT);
            CREATE TABLE pairs (a INTEGER, b TEXT, c TEXT, PRIMARY KEY (a, b), UNIQUE (b, c));
            CREATE TRIGGER users_audit AFTER INSERT ON users BEGIN INSERT INTO posts (user_id, title) VALUES (new.id, 'welcome'); END;
            INSERT INTO users (old_name, email, age) VALUES ('Alice', 'alice@mac.com', 30), ('Betty', 'betty@icloud.com', 25);
            INSERT INTO pairs VALUES (1, 'x', 'y');
            """)
    }

    func rows(_ db: Connection, _ sql: String) throws -> [[SQLiteValue]] {
        try db.prepare(sql: sql).rows().map(\.values)
    }

    // MARK: SchemaReader

    @Test func objectDefinitions() throws {
        let db = try makeDatabase()
        let schema = db.schema
        #expect(
            try schema.objectDefinitions(type: .table).map(\.name).filter { !$0.hasPrefix("sqlite_") }
                == ["users", "posts", "pairs"])
        let indexes = try schema.objectDefinitions(type: .index)
        #expect(indexes.filter { !$0.isInternal }.map(\.name) == ["users_on_old_name", "users_on_age"])
        #expect(indexes.filter(\.isInternal).allSatisfy { $0.sql == nil })
        let triggers = try schema.objectDefinitions(type: .trigger)
        #expect(triggers.map(\.name) == ["users_audit"])
        #expect(triggers.first?.tableName == "users")
        #expect(try schema.objectDefinitions(name: "posts").first?.rootpage ?? 0 > 0)
        #expect(try schema.objectDefinitions(name: "missing").isEmpty)
    }

    @Test func columnDefinitions() throws {
        let db = try makeDatabase()
        let columns = try db.schema.columnDefinitions("users")
        #expect(columns.map(\.name) == ["id", "old_name", "email", "age", "created"])
        #expect(columns[0].primaryKey == ColumnDefinition.PrimaryKey(autoIncrement: true))
        #expect(columns.dropFirst().allSatisfy { $0.primaryKey == nil })
        #expect(columns.map(\.type) == [.INTEGER, .TEXT, .TEXT, .INTEGER, .TEXT])
        #expect(columns.map(\.nullable) == [false, false, true, true, true])
        #expect(columns.map(\.unique) == [false, false, true, false, false])
        #expect(columns.map(\.defaultValue) == [.NULL, .stringLiteral("x"), .NULL, .numericLiteral("18"), .CURRENT_TIMESTAMP])
        let posts = try db.schema.columnDefinitions(table: "posts")
        #expect(
            posts[1].references
                == ColumnDefinition.ForeignKey(
                    fromColumn: "user_id", toTable: "users", toColumn: "id", onUpdate: nil, onDelete: "CASCADE"))
        // Each column of a composite primary key carries it, as in SQLite.swift.
        #expect(
            try db.schema.columnDefinitions(table: "pairs").map(\.primaryKey)
                == [.init(autoIncrement: false), .init(autoIncrement: false), nil])
        #expect(try db.schema.columnDefinitions(table: "missing").isEmpty)
    }

    @Test func indexDefinitions() throws {
        let db = try makeDatabase()
        let indexes = try db.schema.indexDefinitions("users").sorted { $0.name < $1.name }
        #expect(indexes.map(\.name) == ["sqlite_autoindex_users_1", "users_on_age", "users_on_old_name"])
        #expect(indexes.map(\.origin) == [.uniqueConstraint, .createIndex, .createIndex])
        #expect(indexes.map(\.isInternal) == [true, false, false])
        #expect(indexes[1].where == "age > 20")
        #expect(indexes[2].orders == ["old_name": .DESC])
        #expect(indexes[2].toSQL() == #"CREATE INDEX "users_on_old_name" ON "users" ("old_name" DESC)"#)
        #expect(indexes[1].toSQL(ifNotExists: true) == #"CREATE INDEX IF NOT EXISTS "users_on_age" ON "users" ("age") WHERE age > 20"#)
    }

    @Test func literalValues() {
        #expect(LiteralValue("'it''s'") == .stringLiteral("it's"))
        #expect(LiteralValue("\"quoted\"") == .stringLiteral("quoted"))
        #expect(LiteralValue("X'00FF'") == .blobLiteral("00FF"))
        #expect(LiteralValue("-1.5") == .numericLiteral("-1.5"))
        #expect(LiteralValue(nil) == .NULL)
        #expect(LiteralValue("current_date") == .CURRENT_DATE)
        #expect(LiteralValue("'a' || 'b'") == .numericLiteral("'a' || 'b'"))
        #expect(LiteralValue.stringLiteral("it's").description == "'it''s'")
    }

    // MARK: SchemaChanger

    @Test func addColumnAsDocumented() throws {
        let db = try makeDatabase()
        let newColumn = ColumnDefinition(
            name: "new_text_column", type: .TEXT, nullable: true, defaultValue: .stringLiteral("foo"))
        #expect(newColumn.sql == #""new_text_column" TEXT DEFAULT 'foo'"#)
        let schemaChanger = SchemaChanger(connection: db)
        try schemaChanger.alter(table: "users") { table in
            table.add(column: newColumn)
        }
        #expect(try rows(db, "SELECT new_text_column FROM users") == [[.text("foo")], [.text("foo")]])
        // SQLite refuses a NOT NULL column without a default; nothing changes.
        let error = expectSQLiteError(SQLITE_ERROR) {
            try schemaChanger.alter(table: "users") { table in
                table.add(column: ColumnDefinition(name: "other", type: .TEXT))
                table.add(column: ColumnDefinition(name: "strict", type: .INTEGER, nullable: false))
            }
        }
        #expect(error?.explanation.contains("NOT NULL") == true)
        // The whole alteration is atomic: the first column was not kept either.
        #expect(try db.schema.columnDefinitions(table: "users").map(\.name).last == "new_text_column")
    }

    /// A schema changer on `db` that renames columns natively (`RENAME COLUMN`) or, when not
    /// `native`, by a rebuild that edits the original text or (not `editsText`) regenerates it.
    func renamingChanger(_ db: Connection, native: Bool, editsText: Bool) -> SchemaChanger {
        let schemaChanger = SchemaChanger(connection: db)
        schemaChanger.supportsRenameColumn = native
        schemaChanger.editsDefinitionText = editsText
        return schemaChanger
    }

    /// Native `RENAME COLUMN` (SQLite 3.25+), the rebuild editing the original text, and the
    /// regenerating rebuild.
    @Test(arguments: [(true, true), (false, true), (false, false)].filter { SQLite.versionNumber >= 3_025_000 || !$0.0 })
    func renameColumn(native: Bool, editsText: Bool) throws {
        let db = try makeDatabase()
        let schemaChanger = renamingChanger(db, native: native, editsText: editsText)
        try schemaChanger.alter(table: "users") { table in
            table.rename(column: "old_name", to: "new_name")
        }
        let columns = try db.schema.columnDefinitions(table: "users")
        #expect(columns.map(\.name) == ["id", "new_name", "email", "age", "created"])
        #expect(columns[1].nullable == false)
        #expect(columns[1].defaultValue == .stringLiteral("x"))
        #expect(columns[0].primaryKey?.autoIncrement == true)
        #expect(columns[2].unique)
        #expect(
            try rows(db, "SELECT id, new_name, email FROM users ORDER BY id")
                == [[.int(1), .text("Alice"), .text("alice@mac.com")], [.int(2), .text("Betty"), .text("betty@icloud.com")]])
        let indexes = try db.schema.indexDefinitions(table: "users").filter { !$0.isInternal }.sorted { $0.name < $1.name }
        #expect(indexes.map(\.name) == ["users_on_age", "users_on_old_name"])
        #expect(indexes[1].columns == ["new_name"])
        #expect(indexes[1].orders == ["new_name": .DESC])
        #expect(indexes[0].where == "age > 20")
        // The trigger, the declared type and the foreign key from posts survive.
        try db.run("INSERT INTO users (new_name) VALUES ('Cathy')")
        #expect(try db.scalar(Int64.self, "SELECT count(*) FROM posts WHERE title = 'welcome'") == 3)
        // PRAGMA table_info, not the pragma_table_info function, which SQLite 3.15 lacks.
        let declaredTypes = try db.prepare(sql: "PRAGMA table_info(users)").rows().map { $0["type"] }
        #expect(declaredTypes[1] == .text("VARCHAR(40)"))
        #expect(try db.schema.foreignKeys(table: "posts").first?.toTable == "users")
        // AUTOINCREMENT still holds: ids are not reused.
        try db.run("DELETE FROM users WHERE id = 3")
        try db.run("INSERT INTO users (new_name) VALUES ('Dora')")
        #expect(try db.scalar(Int64.self, "SELECT max(id) FROM users") == 4)
    }

    /// Native `DROP COLUMN` (SQLite 3.35+) and the rebuild.
    @Test(arguments: [true, false].filter { SQLite.versionNumber >= 3_035_000 || !$0 })
    func dropColumn(native: Bool) throws {
        let db = try makeDatabase()
        let schemaChanger = SchemaChanger(connection: db)
        schemaChanger.supportsDropColumn = native
        try schemaChanger.alter(table: "users") { table in
            table.drop(column: "created")
        }
        #expect(try db.schema.columnDefinitions(table: "users").map(\.name) == ["id", "old_name", "email", "age"])
        #expect(
            try rows(db, "SELECT * FROM users ORDER BY id") == [
                [.int(1), .text("Alice"), .text("alice@mac.com"), .int(30)],
                [.int(2), .text("Betty"), .text("betty@icloud.com"), .int(25)]
            ])
        // Unique constraints still hold after the change.
        expectSQLiteError(SQLITE_CONSTRAINT_UNIQUE) { try db.run("INSERT INTO users (email) VALUES ('alice@mac.com')") }
    }

    @Test func rebuildDropsIndexedColumnWithItsIndex() throws {
        let db = try makeDatabase()
        let schemaChanger = SchemaChanger(connection: db)
        schemaChanger.supportsDropColumn = false
        try schemaChanger.alter(table: "users") { table in
            table.drop(column: "age")
        }
        #expect(try db.schema.indexDefinitions(table: "users").filter { !$0.isInternal }.map(\.name) == ["users_on_old_name"])
        #expect(try db.scalar(Int64.self, "SELECT count(*) FROM users") == 2)
    }

    @Test(arguments: [true, false])
    func rebuildKeepsCompositeKeysAndUniqueConstraints(editsText: Bool) throws {
        let db = try makeDatabase()
        let schemaChanger = renamingChanger(db, native: false, editsText: editsText)
        try schemaChanger.alter(table: "pairs") { table in
            table.rename(column: "b", to: "bee")
        }
        #expect(try db.schema.primaryKeyColumns(table: "pairs") == ["a", "bee"])
        expectSQLiteError(SQLITE_CONSTRAINT_PRIMARYKEY) { try db.run("INSERT INTO pairs VALUES (1, 'x', 'z')") }
        expectSQLiteError(SQLITE_CONSTRAINT_UNIQUE) { try db.run("INSERT INTO pairs VALUES (2, 'x', 'y')") }
        #expect(try rows(db, "SELECT * FROM pairs") == [[.int(1), .text("x"), .text("y")]])
    }

    @Test func rebuildKeepsChecksAndCollations() throws {
        let db = try Connection()
        try db.execute(
            sql: """
                CREATE TABLE accounts (
                    id INTEGER PRIMARY KEY,
                    "owner name" TEXT COLLATE NOCASE UNIQUE, -- a comment, with a comma
                    balance REAL CHECK (balance >= 0),
                    note TEXT,
                    CONSTRAINT positive CHECK ("owner name" <> '')
                ) WITHOUT ROWID;
                INSERT INTO accounts VALUES (1, 'Alice', 10, 'n');
                """)
        let schemaChanger = db.schemaChanger
        schemaChanger.supportsRenameColumn = false
        schemaChanger.supportsDropColumn = false
        try schemaChanger.alter(table: "accounts") { table in
            table.rename(column: "owner name", to: "owner")
            table.drop(column: "note")
        }
        let sql = try db.scalar(String.self, "SELECT sql FROM sqlite_master WHERE name = 'accounts'")
        #expect(sql?.contains(#""owner" TEXT COLLATE NOCASE UNIQUE"#) == true)
        #expect(sql?.contains(#"CONSTRAINT positive CHECK ("owner" <> '')"#) == true)
        #expect(sql?.hasSuffix("WITHOUT ROWID") == true)
        #expect(sql?.contains("note") == false)
        expectSQLiteError(SQLITE_CONSTRAINT_CHECK) { try db.run("UPDATE accounts SET balance = -1") }
        expectSQLiteError(SQLITE_CONSTRAINT_UNIQUE) { try db.run("INSERT INTO accounts VALUES (2, 'ALICE', 0)") }
        expectSQLiteError(SQLITE_CONSTRAINT_CHECK) { try db.run("INSERT INTO accounts VALUES (3, '', 0)") }
        #expect(try rows(db, "SELECT * FROM accounts") == [[.int(1), .text("Alice"), .real(10)]])
        // A column whose CHECK uses the dropped column cannot lose it.
        try db.execute(sql: "CREATE TABLE ranges (low INTEGER, high INTEGER CHECK (high >= low))")
        let error = expectSQLiteError(SQLITE_ERROR) { try schemaChanger.alter(table: "ranges") { $0.drop(column: "low") } }
        #expect(error?.explanation == "cannot drop column low: used by column high")
        #expect(try db.schema.columnDefinitions(table: "ranges").map(\.name) == ["low", "high"])
    }

    @Test func rebuildWithForeignKeysOn() throws {
        let db = try makeDatabase()
        try db.setForeignKeys(true)
        try db.run("INSERT INTO posts (user_id, title) VALUES (1, 'first')")
        let schemaChanger = db.schemaChanger
        schemaChanger.supportsDropColumn = false
        // Dropping users during the rebuild must not cascade to posts (foreign keys are off).
        try schemaChanger.alter(table: "users") { table in
            table.drop(column: "created")
        }
        #expect(try db.getForeignKeys())
        #expect(try db.scalar(Int64.self, "SELECT count(*) FROM posts") == 3)
        #expect(try db.foreignKeyCheck().isEmpty)
        try db.run("DELETE FROM users WHERE id = 1")
        #expect(try db.scalar(Int64.self, "SELECT count(*) FROM posts WHERE user_id = 1") == 0)
    }

    /// Renaming a column other tables' foreign keys name renames it there too, on both paths
    /// (SQLite's RENAME COLUMN rewrites them; the rebuild rebuilds those tables).
    @Test(arguments: [true, false].filter { SQLite.versionNumber >= 3_025_000 || !$0 })
    func renamingAReferencedColumnRenamesItInOtherTables(native: Bool) throws {
        let db = try makeDatabase()
        try db.execute(
            sql: """
                CREATE TABLE owners (code TEXT PRIMARY KEY, label TEXT);
                CREATE TABLE pets (name TEXT, owner_code TEXT REFERENCES owners (code) ON DELETE CASCADE);
                CREATE INDEX pets_on_owner ON pets (owner_code);
                INSERT INTO owners VALUES ('a', 'A');
                INSERT INTO pets VALUES ('rex', 'a');
                """)
        try db.setForeignKeys(true)
        let schemaChanger = db.schemaChanger
        schemaChanger.supportsRenameColumn = native
        try schemaChanger.alter(table: "owners") { table in
            table.rename(column: "code", to: "key")
        }
        #expect(try db.schema.columnDefinitions(table: "owners").map(\.name) == ["key", "label"])
        #expect(
            try db.schema.foreignKeys(table: "pets")
                == [.init(fromColumn: "owner_code", toTable: "owners", toColumn: "key", onDelete: "CASCADE")])
        #expect(try db.foreignKeyCheck().isEmpty)
        #expect(try db.schema.indexDefinitions(table: "pets").map(\.name) == ["pets_on_owner"])
        #expect(try rows(db, "SELECT * FROM pets") == [[.text("rex"), .text("a")]])
        expectSQLiteError(SQLITE_CONSTRAINT_FOREIGNKEY) { try db.run("INSERT INTO pets VALUES ('tom', 'zz')") }
        try db.run("DELETE FROM owners WHERE key = 'a'")
        #expect(try db.scalar(Int64.self, "SELECT count(*) FROM pets") == 0)
        #expect(try db.getForeignKeys())
    }

    @Test func rebuildReportsDanglingReferences() throws {
        let db = try makeDatabase()
        // A dangling reference written while foreign keys were off.
        try db.run("INSERT INTO posts (user_id, title) VALUES (99, 'orphan')")
        try db.setForeignKeys(true)
        let schemaChanger = db.schemaChanger
        schemaChanger.supportsDropColumn = false
        let error = expectSQLiteError(SQLITE_CONSTRAINT_FOREIGNKEY) {
            try schemaChanger.alter(table: "users") { $0.drop(column: "created") }
        }
        #expect(error?.explanation.contains("posts [3] => users") == true)
        #expect(try db.schema.columnDefinitions(table: "users").count == 5)
        #expect(try db.getForeignKeys())
        // Inside a transaction foreign keys cannot be turned off: a rebuild is refused.
        try db.transaction {
            expectSQLiteError(SQLITE_MISUSE) { try schemaChanger.alter(table: "users") { $0.drop(column: "age") } }
        }
    }

    @Test func rebuildKeepsTemporaryTablesTemporary() throws {
        let db = try Connection()
        try db.execute(
            sql: """
                CREATE TEMP TABLE scratch (id INTEGER PRIMARY KEY, label TEXT, extra TEXT);
                CREATE INDEX scratch_on_label ON scratch (label);
                CREATE TEMP TRIGGER scratch_upper AFTER INSERT ON scratch BEGIN
                    UPDATE scratch SET label = upper(label) WHERE id = new.id;
                END;
                INSERT INTO scratch VALUES (1, 'a', 'x');
                """)
        let schemaChanger = db.schemaChanger
        schemaChanger.supportsDropColumn = false
        try schemaChanger.alter(table: "scratch") { $0.drop(column: "extra") }
        #expect(try db.schema.objectDefinitions(type: .table).isEmpty)
        #expect(try db.schema.objectDefinitions(type: .table, temp: true).map(\.name) == ["scratch"])
        #expect(try db.schema.objectDefinitions(type: .index, temp: true).map(\.name) == ["scratch_on_label"])
        try db.run("INSERT INTO scratch (label) VALUES ('b')")
        #expect(try rows(db, "SELECT * FROM scratch ORDER BY id") == [[.int(1), .text("A")], [.int(2), .text("B")]])
    }

    @Test func missingTableIsAClearError() throws {
        let db = try makeDatabase()
        let schemaChanger = SchemaChanger(connection: db)
        for native in [true, false] {
            schemaChanger.supportsRenameColumn = native
            schemaChanger.supportsDropColumn = native
            let error = expectSQLiteError(SQLITE_ERROR) {
                try schemaChanger.alter(table: "missing") { table in
                    table.rename(column: "a", to: "b")
                    table.drop(column: "c")
                }
            }
            #expect(error?.explanation == "no such table: missing")
        }
        let missingColumn = expectSQLiteError(SQLITE_ERROR) {
            schemaChanger.supportsDropColumn = false
            try schemaChanger.alter(table: "users") { $0.drop(column: "nope") }
        }
        #expect(missingColumn?.explanation.contains("no such column: nope") == true)
        expectSQLiteError(SQLITE_ERROR) { try schemaChanger.drop(table: "missing", ifExists: false) }
        expectSQLiteError(SQLITE_ERROR) { try schemaChanger.rename(table: "missing", to: "other") }
        try schemaChanger.drop(table: "missing")
        #expect(try db.scalar(Int64.self, "SELECT count(*) FROM users") == 2)
        #expect(try db.schema.columnDefinitions(table: "users").count == 5)
    }

    @Test func renameDropAndCreateTables() throws {
        let db = try makeDatabase()
        let schemaChanger = SchemaChanger(connection: db)
        try schemaChanger.rename(table: "users", to: "users_new")
        #expect(try db.scalar(Int64.self, "SELECT count(*) FROM users_new") == 2)
        try schemaChanger.drop(table: "posts", ifExists: false)
        #expect(try db.schema.objectDefinitions(name: "posts").isEmpty)

        try schemaChanger.create(table: "notes") { table in
            table.add(expression: SQLExpression<Int64>("id"))
            table.add(expression: SQLExpression<String?>("body"))
            table.add(column: ColumnDefinition(name: "kind", type: .TEXT, nullable: false, defaultValue: .stringLiteral("memo")))
            table.add(index: IndexDefinition(table: "notes", name: "notes_on_kind", columns: ["kind"]))
        }
        #expect(
            try db.scalar(String.self, "SELECT sql FROM sqlite_master WHERE name = 'notes'")
                == #"CREATE TABLE "notes" ("id" INTEGER NOT NULL, "body" TEXT, "kind" TEXT DEFAULT 'memo' NOT NULL)"#)
        #expect(try db.schema.indexDefinitions(table: "notes").map(\.name) == ["notes_on_kind"])
        expectSQLiteError(SQLITE_ERROR) { try schemaChanger.create(table: "notes") { $0.add(expression: SQLExpression<Int64>("id")) } }
        try schemaChanger.create(table: "notes", ifNotExists: true) { $0.add(expression: SQLExpression<Int64>("id")) }
        expectSQLiteError(SQLITE_MISUSE) { try schemaChanger.create(table: "empty") { _ in } }
    }

    @Test func closedConnection() throws {
        let db = try makeDatabase()
        let schemaChanger = db.schemaChanger
        let schema = db.schema
        db.close()
        expectSQLiteError(SQLITE_MISUSE) { _ = try schema.objectDefinitions() }
        expectSQLiteError(SQLITE_MISUSE) { try schemaChanger.alter(table: "users") { $0.drop(column: "age") } }
    }

    // MARK: Migrations

    @Test func migrationsByUserVersion() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("migrations.sqlite")

        func migrate(_ db: Connection) throws {
            if (try db.getUserVersion()) == 0 {
                try db.run(
                    users.create { t in
                        t.column(id, primaryKey: true)
                        t.column(email, unique: true)
                    })
                try db.setUserVersion(1)
            }
            if (try db.getUserVersion()) == 1 {
                try db.run(users.addColumn(name))
                try db.setUserVersion(2)
            }
        }

        do {
            let db = try Connection(path)
            #expect((try db.getUserVersion()) == 0)
            try migrate(db)
            #expect((try db.getUserVersion()) == 2)
            try db.run(users.insert(email <- "alice@mac.com", name <- "Alice"))
        }
        // Reopening runs no migration twice: the version is stored in the file.
        let db = try Connection(path)
        #expect((try db.getUserVersion()) == 2)
        try migrate(db)
        #expect(try db.schema.columnDefinitions(table: "users").map(\.name) == ["id", "email", "name"])
        #expect(try db.pluck(users)?.get(name) == "Alice")
    }
}
