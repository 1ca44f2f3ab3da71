import Foundation
import Slate
import SlateTestSupport
import Testing

/// The SQL a schema builder call generates, pinned byte for byte against the documentation
/// ("Creating a Table", "Altering the Schema", "Indexes"), and run against a real database.
///
/// Column constraints follow SQLite.swift's implementation (`TEXT NOT NULL UNIQUE`,
/// `COLLATE NOCASE`, `DEFAULT ('x')`), not the forms printed in its documentation's comments.
@Suite("Schema builders")
struct SchemaBuilderTests: UsersFixture {
    let optionalUserID = SQLExpression<Int64?>("user_id")
    let suffix = SQLExpression<String?>("suffix")
    let local = SQLExpression<String>("local")
    let domain = SQLExpression<String>("domain")

    /// Column names and declared types as SQLite reports them.
    func columns(_ db: Connection, _ table: String) throws -> [String] {
        try db.schema.columnDefinitions(table: table).map { "\($0.name) \($0.declaredTypeForTests)" }
    }

    func objectSQL(_ db: Connection, _ name: String) throws -> String? {
        try db.scalar(String.self, "SELECT sql FROM sqlite_master WHERE name = ?", name)
    }

    // MARK: Creating a Table

    @Test func createTableAsDocumented() throws {
        let sql = users.create { t in
            t.column(id, primaryKey: true)
            t.column(email, unique: true)
            t.column(name)
        }
        #expect(sql == #"CREATE TABLE "users" ("id" INTEGER PRIMARY KEY NOT NULL, "email" TEXT NOT NULL UNIQUE, "name" TEXT)"#)
        let db = try Connection()
        try db.run(sql)
        #expect(try objectSQL(db, "users") == sql)
        let definitions = try db.schema.columnDefinitions(table: "users")
        #expect(definitions.map(\.name) == ["id", "email", "name"])
        #expect(definitions.map(\.type) == [.INTEGER, .TEXT, .TEXT])
        #expect(definitions.map(\.nullable) == [false, false, true])
        #expect(definitions.map { $0.primaryKey != nil } == [true, false, false])
        #expect(definitions.map(\.unique) == [false, true, false])
    }

    @Test func createTableOptions() throws {
        let temporary = users.create(temporary: true) { t in t.column(id, primaryKey: true) }
        #expect(temporary == #"CREATE TEMPORARY TABLE "users" ("id" INTEGER PRIMARY KEY NOT NULL)"#)
        // Documentation typo: it prints `CREATE TABLE "users" IF NOT EXISTS`, which SQLite rejects;
        // the clause belongs before the name.
        let ifNotExists = users.create(ifNotExists: true) { t in t.column(id, primaryKey: true) }
        #expect(ifNotExists == #"CREATE TABLE IF NOT EXISTS "users" ("id" INTEGER PRIMARY KEY NOT NULL)"#)
        let withoutRowid = users.create(withoutRowid: true) { t in
            t.column(email, primaryKey: true)
            t.column(name)
        }
        #expect(withoutRowid == #"CREATE TABLE "users" ("email" TEXT PRIMARY KEY NOT NULL, "name" TEXT) WITHOUT ROWID"#)

        let db = try Connection()
        try db.run(temporary)
        #expect(try db.schema.objectDefinitions(type: .table, temp: true).map(\.name) == ["users"])
        #expect(try db.schema.objectDefinitions(type: .table).isEmpty)
        try db.run(ifNotExists)  // the temporary table exists: IF NOT EXISTS bails out quietly
        let keyed = Table("keyed").create(withoutRowid: true) { t in t.column(email, primaryKey: true) }
        try db.run(keyed)
        #expect(try objectSQL(db, "keyed") == keyed)
        #expect(keyed.hasSuffix("WITHOUT ROWID"))
    }

    @Test func columnConstraints() throws {
        var sql = users.create { t in t.column(id, primaryKey: .autoincrement) }
        #expect(sql == #"CREATE TABLE "users" ("id" INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL)"#)
        sql = users.create { t in t.column(email, check: email.like("%@%")) }
        #expect(sql == #"CREATE TABLE "users" ("email" TEXT NOT NULL CHECK ("email" LIKE '%@%'))"#)
        sql = users.create { t in t.column(name, defaultValue: "Anonymous") }
        #expect(sql == #"CREATE TABLE "users" ("name" TEXT DEFAULT ('Anonymous'))"#)
        sql = users.create { t in t.column(email, collate: .nocase) }
        #expect(sql == #"CREATE TABLE "users" ("email" TEXT NOT NULL COLLATE NOCASE)"#)
        sql = users.create { t in t.column(name, collate: .rtrim) }
        #expect(sql == #"CREATE TABLE "users" ("name" TEXT COLLATE RTRIM)"#)
        sql = posts.create { t in t.column(optionalUserID, references: users, id) }
        #expect(sql == #"CREATE TABLE "posts" ("user_id" INTEGER REFERENCES "users" ("id"))"#)
        // A namespaced column names the same referenced column.
        #expect(posts.create { t in t.column(optionalUserID, references: users, users[id]) } == sql)
        sql = posts.create { t in t.column(userID, unique: true, references: users, id) }
        #expect(sql == #"CREATE TABLE "posts" ("user_id" INTEGER NOT NULL UNIQUE REFERENCES "users" ("id"))"#)
        sql = users.create { t in t.column(SQLExpression<Date>("created"), defaultValue: SQLExpression(literal: "CURRENT_TIMESTAMP")) }
        #expect(sql == #"CREATE TABLE "users" ("created" TEXT NOT NULL DEFAULT (CURRENT_TIMESTAMP))"#)
    }

    @Test func columnConstraintsAreEnforced() throws {
        let db = try Connection()
        try db.run(
            users.create { t in
                t.column(id, primaryKey: .autoincrement)
                t.column(email, unique: true, check: email.like("%@%"), collate: .nocase)
                t.column(name, defaultValue: "Anonymous")
                t.column(balance, defaultValue: 0)
            })
        let first = try db.run(users.insert(email <- "alice@mac.com"))
        #expect(first == 1)
        #expect(try db.pluck(users)?.get(name) == "Anonymous")
        #expect(try db.pluck(users)?.get(balance) == 0)

        expectSQLiteError(SQLITE_CONSTRAINT_CHECK) { try db.run(users.insert(email <- "not an email")) }
        // UNIQUE with COLLATE "NOCASE": the same address in capitals is a duplicate.
        expectSQLiteError(SQLITE_CONSTRAINT_UNIQUE) { try db.run(users.insert(email <- "ALICE@mac.com")) }
        #expect(try db.scalar(users.count) == 1)

        // AUTOINCREMENT never reuses an id.
        try db.run("DELETE FROM users")
        #expect(try db.run(users.insert(email <- "betty@icloud.com")) == 2)
    }

    @Test func tableConstraints() throws {
        var sql = users.create { t in
            t.column(email)
            t.column(name)
            t.primaryKey(email.asc, name)
        }
        #expect(sql == #"CREATE TABLE "users" ("email" TEXT NOT NULL, "name" TEXT, PRIMARY KEY ("email" ASC, "name"))"#)
        let db = try Connection()
        try db.run(sql)
        #expect(try db.schema.indexDefinitions(table: "users").first?.columns == ["email", "name"])

        sql = Table("addresses").create { t in
            t.column(local)
            t.column(domain)
            t.unique(local, domain)
        }
        #expect(sql == #"CREATE TABLE "addresses" ("local" TEXT NOT NULL, "domain" TEXT NOT NULL, UNIQUE ("local", "domain"))"#)
        try db.run(sql)
        try db.run(#"INSERT INTO addresses VALUES ('a', 'b'), ('a', 'c')"#)
        expectSQLiteError(SQLITE_CONSTRAINT_UNIQUE) { try db.run(#"INSERT INTO addresses VALUES ('a', 'b')"#) }

        sql = Table("accounts").create { t in
            t.column(balance)
            t.check(balance >= 0)
        }
        #expect(sql == #"CREATE TABLE "accounts" ("balance" REAL NOT NULL, CHECK (("balance" >= 0.0)))"#)
        try db.run(sql)
        try db.run("INSERT INTO accounts VALUES (10)")
        expectSQLiteError(SQLITE_CONSTRAINT_CHECK) { try db.run("INSERT INTO accounts VALUES (-1)") }
        #expect(try db.scalar(Int64.self, "SELECT count(*) FROM accounts") == 1)
    }

    @Test func foreignKeyTableConstraint() throws {
        let sql = posts.create { t in
            t.column(id, primaryKey: true)
            t.column(optionalUserID)
            t.foreignKey(optionalUserID, references: users, id, delete: .setNull)
        }
        #expect(sql == #"CREATE TABLE "posts" ("id" INTEGER PRIMARY KEY NOT NULL, "user_id" INTEGER, FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE SET NULL)"#)
        let both = Table("likes").create { t in
            t.column(userID)
            t.foreignKey(userID, references: users, id, update: .cascade, delete: .restrict)
        }
        #expect(both == #"CREATE TABLE "likes" ("user_id" INTEGER NOT NULL, FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON UPDATE CASCADE ON DELETE RESTRICT)"#)

        let db = try Connection()
        try db.setForeignKeys(true)
        try db.run(users.create { t in t.column(id, primaryKey: true) })
        try db.run(sql)
        try db.run(both)
        try db.run("INSERT INTO users VALUES (1), (2)")
        try db.run("INSERT INTO posts VALUES (10, 1)")
        try db.run("INSERT INTO likes VALUES (2)")
        expectSQLiteError(SQLITE_CONSTRAINT_FOREIGNKEY) { try db.run("INSERT INTO posts VALUES (11, 99)") }
        // RESTRICT is reported as SQLITE_CONSTRAINT_TRIGGER ("FOREIGN KEY constraint failed").
        let restricted = expectSQLiteError(SQLITE_CONSTRAINT) { try db.run("DELETE FROM users WHERE id = 2") }
        #expect(restricted?.explanation.contains("FOREIGN KEY constraint failed") == true)
        // ON DELETE SET NULL, ON UPDATE CASCADE.
        try db.run("DELETE FROM users WHERE id = 1")
        #expect(try db.scalar(Int64.self, "SELECT user_id FROM posts WHERE id = 10") == nil)
        try db.run("UPDATE users SET id = 3 WHERE id = 2")
        #expect(try db.scalar(Int64.self, "SELECT user_id FROM likes") == 3)
        let keys = try db.schema.foreignKeys(table: "likes")
        #expect(
            keys == [
                ColumnDefinition.ForeignKey(
                    fromColumn: "user_id", toTable: "users", toColumn: "id", onUpdate: "CASCADE", onDelete: "RESTRICT")
            ])
    }

    @Test func optionalChecksDefaultsAndCompositeKeys() throws {
        let code = SQLExpression<String>("code")
        let region = SQLExpression<String>("region")
        let regions = Table("regions")
        let sql = Table("offices").create { t in
            t.column(code)
            t.column(region)
            t.column(suffix, check: ["JR", "SR"].contains(suffix), defaultValue: SQLExpression<String?>(value: "SR"))
            t.column(name, unique: true, check: suffix != nil, collate: .nocase)
            t.column(balance, primaryKey: true, check: balance >= 0, defaultValue: SQLExpression<Double>(literal: "abs(-1)"))
            t.foreignKey((code, region), references: regions, (code, region), delete: .cascade)
        }
        #expect(sql == #"CREATE TABLE "offices" ("code" TEXT NOT NULL, "region" TEXT NOT NULL, "suffix" TEXT CHECK ("suffix" IN ('JR', 'SR')) DEFAULT ('SR'), "name" TEXT UNIQUE CHECK ("suffix" IS NOT NULL) COLLATE NOCASE, "balance" REAL PRIMARY KEY NOT NULL CHECK ("balance" >= 0.0) DEFAULT (abs(-1)), FOREIGN KEY ("code", "region") REFERENCES "regions" ("code", "region") ON DELETE CASCADE)"#)
        let db = try Connection()
        try db.setForeignKeys(true)
        try db.run(
            regions.create { t in
                t.column(code)
                t.column(region)
                t.primaryKey(code, region)
            })
        try db.run(sql)
        try db.run("INSERT INTO regions VALUES ('a', 'eu')")
        try db.run("INSERT INTO offices (code, region, name) VALUES ('a', 'eu', 'x')")
        #expect(try rows(db, "SELECT suffix, balance FROM offices") == [[.text("SR"), .real(1)]])
        expectSQLiteError(SQLITE_CONSTRAINT_FOREIGNKEY) {
            try db.run("INSERT INTO offices (code, region, name, balance) VALUES ('b', 'eu', 'y', 2)")
        }
        try db.run("DELETE FROM regions")
        #expect(try db.scalar(Int64.self, "SELECT count(*) FROM offices") == 0)
    }

    func rows(_ db: Connection, _ sql: String) throws -> [[SQLiteValue]] {
        try db.prepare(sql: sql).rows().map(\.values)
    }

    @Test func createTableAsQuery() throws {
        let db = try usersTable(withName: false)
        try db.run(#"INSERT INTO users VALUES (1, 'a@mac.com'), (2, 'b@icloud.com')"#)
        let sql = Table("icloud").create(users.select(email).filter(email.like("%@icloud.com")))
        #expect(sql == #"CREATE TABLE "icloud" AS SELECT "email" FROM "users" WHERE ("email" LIKE '%@icloud.com')"#)
        try db.run(sql)
        #expect(try db.scalar(String.self, "SELECT email FROM icloud") == "b@icloud.com")
    }

    // MARK: Altering the Schema

    @Test func renameAndDrop() throws {
        #expect(users.rename(Table("users_old")) == #"ALTER TABLE "users" RENAME TO "users_old""#)
        #expect(users.drop() == #"DROP TABLE "users""#)
        #expect(users.drop(ifExists: true) == #"DROP TABLE IF EXISTS "users""#)
        let db = try Connection()
        try db.run(users.create { t in t.column(id, primaryKey: true) })
        try db.run("INSERT INTO users VALUES (7)")
        try db.run(users.rename(Table("users_old")))
        #expect(try db.scalar(Int64.self, "SELECT id FROM users_old") == 7)
        try db.run(Table("users_old").drop())
        #expect(try db.schema.objectDefinitions(type: .table).isEmpty)
        try db.run(users.drop(ifExists: true))
        // Without IF EXISTS a missing table is an error, and nothing else changes.
        try db.run(posts.create { t in t.column(id, primaryKey: true) })
        let missing = expectSQLiteError(SQLITE_ERROR) { try db.run(users.drop()) }
        #expect(missing?.explanation.contains("no such table: users") == true)
        #expect(try db.schema.objectDefinitions(type: .table).map(\.name) == ["posts"])
    }

    @Test func addColumnAsDocumented() throws {
        #expect(users.addColumn(suffix) == #"ALTER TABLE "users" ADD COLUMN "suffix" TEXT"#)
        #expect(
            users.addColumn(suffix, check: ["JR", "SR"].contains(suffix))
                == #"ALTER TABLE "users" ADD COLUMN "suffix" TEXT CHECK ("suffix" IN ('JR', 'SR'))"#)
        #expect(users.addColumn(suffix, defaultValue: "SR") == #"ALTER TABLE "users" ADD COLUMN "suffix" TEXT DEFAULT ('SR')"#)
        #expect(users.addColumn(email, collate: .nocase) == #"ALTER TABLE "users" ADD COLUMN "email" TEXT NOT NULL COLLATE NOCASE"#)
        #expect(users.addColumn(name, collate: .rtrim) == #"ALTER TABLE "users" ADD COLUMN "name" TEXT COLLATE RTRIM"#)
        #expect(
            posts.addColumn(optionalUserID, references: users, id)
                == #"ALTER TABLE "posts" ADD COLUMN "user_id" INTEGER REFERENCES "users" ("id")"#)

        let db = try Connection()
        try db.run(users.create { t in t.column(id, primaryKey: true) })
        try db.run(posts.create { t in t.column(id, primaryKey: true) })
        try db.run("INSERT INTO users VALUES (1)")
        try db.run(users.addColumn(suffix, check: ["JR", "SR"].contains(suffix)))
        try db.run(users.addColumn(name, collate: .rtrim))
        try db.run(posts.addColumn(optionalUserID, references: users, id))
        #expect(try columns(db, "users") == ["id INTEGER", "suffix TEXT", "name TEXT"])
        #expect(try db.schema.foreignKeys(table: "posts").first?.toTable == "users")
        expectSQLiteError(SQLITE_CONSTRAINT_CHECK) { try db.run("UPDATE users SET suffix = 'III'") }
        // SQLite refuses a NOT NULL column without a default, as printed by the documentation.
        let notNull = #expect(throws: SQLiteError.self) { try db.run(users.addColumn(email, collate: .nocase)) }
        #expect(notNull?.explanation.contains("NOT NULL") == true)
        #expect(try columns(db, "users") == ["id INTEGER", "suffix TEXT", "name TEXT"])
        try db.run(users.addColumn(email, defaultValue: "", collate: .nocase))
        #expect(try db.scalar(String.self, "SELECT email FROM users") == "")
    }

    // MARK: Indexes

    @Test func indexesAsDocumented() throws {
        #expect(users.createIndex(email) == #"CREATE INDEX "index_users_on_email" ON "users" ("email")"#)
        #expect(users.createIndex(email, unique: true) == #"CREATE UNIQUE INDEX "index_users_on_email" ON "users" ("email")"#)
        #expect(
            users.createIndex(email, ifNotExists: true)
                == #"CREATE INDEX IF NOT EXISTS "index_users_on_email" ON "users" ("email")"#)
        #expect(users.dropIndex(email) == #"DROP INDEX "index_users_on_email""#)
        #expect(users.dropIndex(email, ifExists: true) == #"DROP INDEX IF EXISTS "index_users_on_email""#)
        #expect(users.createIndex(email.desc, name) == #"CREATE INDEX "index_users_on_email_desc_name" ON "users" ("email" DESC, "name")"#)

        let db = try usersTable()
        try db.run(users.createIndex(email, unique: true))
        try db.run(users.createIndex(email, ifNotExists: true))  // exists already: no error
        try db.run(users.createIndex(email.desc, name))
        let indexes = try db.schema.indexDefinitions(table: "users").sorted { $0.name < $1.name }
        #expect(indexes.map(\.name) == ["index_users_on_email", "index_users_on_email_desc_name"])
        #expect(indexes.map(\.unique) == [true, false])
        #expect(indexes[1].columns == ["email", "name"])
        #expect(indexes[1].orders == ["email": .DESC])
        try db.run(#"INSERT INTO users VALUES (1, 'a@mac.com', NULL)"#)
        expectSQLiteError(SQLITE_CONSTRAINT_UNIQUE) { try db.run(#"INSERT INTO users VALUES (2, 'a@mac.com', NULL)"#) }
        try db.run(users.dropIndex(email))
        try db.run(users.dropIndex(email, ifExists: true))
        let missing = #expect(throws: SQLiteError.self) { try db.run(users.dropIndex(email)) }
        #expect(missing?.explanation.contains("no such index") == true)
        #expect(try db.schema.objectDefinitions(type: .index).map(\.name) == ["index_users_on_email_desc_name"])
    }

    /// A new in-memory database with the `users` table of `id`, `email` and (unless `withName` is
    /// false) `name`.
    func usersTable(withName: Bool = true) throws -> Connection {
        let db = try Connection()
        try db.run(
            users.create { t in
                t.column(id, primaryKey: true)
                t.column(email)
                if withName { t.column(name) }
            })
        return db
    }

    /// A filtered table's index is a partial index: the filter is not left out.
    @Test func filteredTableMakesAPartialIndex() throws {
        let named = users.filter(name != nil && email != "")
        #expect(
            named.createIndex(email, unique: true)
                == #"CREATE UNIQUE INDEX "index_users_on_email" ON "users" ("email") WHERE (("name" IS NOT NULL) AND ("email" != ''))"#)
        let db = try usersTable()
        try db.run(named.createIndex(email, unique: true))
        #expect(try db.schema.indexDefinitions(table: "users").first?.where == #"(("name" IS NOT NULL) AND ("email" != ''))"#)
        // Unique among the named rows only.
        try db.run(#"INSERT INTO users VALUES (1, 'a@mac.com', NULL), (2, 'a@mac.com', NULL), (3, 'a@mac.com', 'A')"#)
        expectSQLiteError(SQLITE_CONSTRAINT_UNIQUE) { try db.run(#"INSERT INTO users VALUES (4, 'a@mac.com', 'B')"#) }
        #expect(try db.scalar(Int64.self, "SELECT count(*) FROM users") == 3)
    }

    @Test func indexOnAttachedSchemaTable() {
        let archived = Table("users", database: "archive")
        #expect(archived.createIndex(email) == #"CREATE INDEX "archive"."index_users_on_email" ON "users" ("email")"#)
        #expect(archived.dropIndex(email) == #"DROP INDEX "archive"."index_users_on_email""#)
        #expect(archived.drop() == #"DROP TABLE "archive"."users""#)
    }

    // MARK: Views

    @Test func views() throws {
        let emails = View("emails")
        let sql = emails.create(users.select(id, email).filter(email.like("%@mac.com")))
        #expect(sql == #"CREATE VIEW "emails" AS SELECT "id", "email" FROM "users" WHERE ("email" LIKE '%@mac.com')"#)
        #expect(
            emails.create(users, temporary: true, ifNotExists: true)
                == #"CREATE TEMPORARY VIEW IF NOT EXISTS "emails" AS SELECT * FROM "users""#)
        #expect(emails.drop() == #"DROP VIEW "emails""#)
        #expect(emails.drop(ifExists: true) == #"DROP VIEW IF EXISTS "emails""#)

        let db = try usersTable(withName: false)
        try db.run(#"INSERT INTO users VALUES (1, 'a@mac.com'), (2, 'b@icloud.com')"#)
        try db.run(sql)
        #expect(try db.cursor(emails).map { try $0.get(email) } == ["a@mac.com"])
        #expect(try db.schema.objectDefinitions(type: .view).map(\.name) == ["emails"])
        try db.run(emails.drop())
        #expect(try db.schema.objectDefinitions(type: .view).isEmpty)
    }
}

extension ColumnDefinition {
    /// The declared type, read through the public description of the column.
    var declaredTypeForTests: String { type.rawValue }
}
