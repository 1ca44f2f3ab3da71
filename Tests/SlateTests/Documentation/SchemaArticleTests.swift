// swift-format-ignore-file
// (This file mirrors the documentation's code blocks line for line: it keeps their layout.)
import Foundation
import Slate
import Testing

/// The examples of `Slate.docc/Schema.md`, run as written.
@Suite("Schema article")
struct SchemaArticleTests {
    @Test func createReadAndChange() throws {
        let db = try Connection()

        let users = Table("users")
        let id = SQLExpression<Int64>("id")
        let email = SQLExpression<String>("email")
        let name = SQLExpression<String?>("name")
        let managerID = SQLExpression<Int64?>("manager_id")

        try db.run(users.create(ifNotExists: true) { t in
            t.column(id, primaryKey: .autoincrement)
            t.column(email, unique: true, check: email.like("%@%"), collate: .nocase)
            t.column(name)
            t.column(managerID)
            t.foreignKey(managerID, references: users, id, delete: .setNull)
        })
        // CREATE TABLE IF NOT EXISTS "users" ("id" INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
        //   "email" TEXT NOT NULL UNIQUE CHECK ("email" LIKE '%@%') COLLATE NOCASE, "name" TEXT,
        //   "manager_id" INTEGER, FOREIGN KEY ("manager_id") REFERENCES "users" ("id") ON DELETE SET NULL)
        try db.run(users.createIndex(email, unique: true, ifNotExists: true))
        try db.run(users.addColumn(SQLExpression<Date?>("last_seen")))
        let created = users.create(ifNotExists: true) { t in
            t.column(id, primaryKey: .autoincrement)
            t.column(email, unique: true, check: email.like("%@%"), collate: .nocase)
            t.column(name)
            t.column(managerID)
            t.foreignKey(managerID, references: users, id, delete: .setNull)
        }
        #expect(created == #"CREATE TABLE IF NOT EXISTS "users" ("id" INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, "#
            + #""email" TEXT NOT NULL UNIQUE CHECK ("email" LIKE '%@%') COLLATE NOCASE, "name" TEXT, "#
            + #""manager_id" INTEGER, FOREIGN KEY ("manager_id") REFERENCES "users" ("id") ON DELETE SET NULL)"#)
        // The CHECK constraint holds.
        #expect(throws: SQLiteError.self) { try db.run(users.insert(email <- "not an address")) }

        let columns = try db.schema.columnDefinitions(table: "users")
        print(columns.map(\.name))                    // ["id", "email", "name", "manager_id", "last_seen"]
        print(columns[1].unique, columns[1].nullable) // true false
        let indexes = try db.schema.indexDefinitions(table: "users").filter { !$0.isInternal }
        print(try db.schema.tableExists("users"))     // true
        #expect(columns.map(\.name) == ["id", "email", "name", "manager_id", "last_seen"])
        #expect(columns[1].unique && !columns[1].nullable)
        #expect(indexes.map(\.name) == ["index_users_on_email"])
        #expect(try db.foreignKeyCheck(table: "users").isEmpty)

        try db.run(users.insert(email <- "ada@example.com", name <- "Ada"))
        try db.schemaChanger.alter(table: "users") { table in
            table.add(column: ColumnDefinition(name: "active", type: .INTEGER, nullable: false, defaultValue: .numericLiteral("1")))
            table.rename(column: "name", to: "full_name")
            table.drop(column: "last_seen")
        }
        try db.schemaChanger.rename(table: "users", to: "members")
        let renamed = try db.schema.columnDefinitions(table: "members")
        #expect(renamed.map(\.name) == ["id", "email", "full_name", "manager_id", "active"])
        #expect(try db.scalar(Int.self, "SELECT active FROM members WHERE full_name = 'Ada'") == 1)
        #expect(try !db.schema.tableExists("users"))

        try db.schemaChanger.alter(table: "members") { table in
            table.change(column: "active", type: .TEXT)
            table.change(column: "full_name", nullable: false)
            table.reorder(columns: ["email", "full_name"])
        }
        // 'ada@example.com' is no integer: this throws, and the table stays as it is.
        let refused = Result { try db.schemaChanger.alter(table: "members") { $0.change(column: "email", type: .INTEGER) } }
        #expect(try db.schema.columnDefinitions(table: "members").map(\.name) == ["email", "full_name", "id", "manager_id", "active"])
        #expect(try db.scalar(String.self, "SELECT active FROM members") == "1")
        #expect((try? refused.get()) == nil)
        #expect(try db.schema.columnDefinitions(table: "members")[0].type == .TEXT)
    }
}
