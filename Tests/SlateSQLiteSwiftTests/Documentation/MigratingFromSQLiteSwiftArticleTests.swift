// swift-format-ignore-file
// (This file mirrors the documentation's code blocks line for line: it keeps their layout.)
import Foundation
import SlateSQLiteSwift
import SlateTestSupport
import Testing

/// The examples of `SlateSQLiteSwift.docc/MigratingFromSQLiteSwift.md` and of the landing page
/// `SlateSQLiteSwift.docc/SlateSQLiteSwift.md`, run as written.
@Suite("Migrating from SQLite.swift article")
struct MigratingFromSQLiteSwiftArticleTests {
    @Test func sqliteSwiftSpellings() throws {
        let db = try Connection()

        let users = Table("users")
        let id = Expression<Int64>("id")
        let email = Expression<String>("email")
        try db.run(users.create { t in
            t.column(id, primaryKey: true)
            t.column(email, unique: true)
        })
        let rowid = try db.run(users.insert(email <- "alice@mac.com"))
        var printed: [String] = []
        for user in try db.prepare(users.filter(email.like("%@mac.com"))) {
            print(user[id], user[email])
            printed.append("\(user[id]) \(user[email])")
        }
        var failure = ""
        do {
            try db.run(users.insert(email <- "alice@mac.com"))
        } catch where error.code == SQLITE_CONSTRAINT {
            print("constraint failed: \(error.message)")
            failure = error.message
        } catch {
            print("insertion failed: \(error)")
        }
        #expect(rowid == 1)
        #expect(printed == ["1 alice@mac.com"])
        #expect(failure == "UNIQUE constraint failed: users.email")
    }

    @Test func hookClosures() throws {
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('hello')")

        var statements: [String] = []
        db.trace { sql in statements.append(sql) }
        db.updateHook { operation, database, table, rowid in print(operation, table, rowid) }
        try db.run("UPDATE notes SET body = 'hi' WHERE rowid = 1")
        db.trace(nil)
        db.updateHook(nil)
        print(statements)                             // ["UPDATE notes SET body = 'hi' WHERE rowid = 1"]
        #expect(statements == ["UPDATE notes SET body = 'hi' WHERE rowid = 1"])
    }

    @Test func landingPageTour() throws {
        let users = Table("users")
        let id = SQLExpression<Int64>("id")
        let email = SQLExpression<String>("email")

        let db = try Connection()
        try db.run(users.create { t in
            t.column(id, primaryKey: true)
            t.column(email, unique: true)
        })
        try db.run(users.insert(email <- "alice@mac.com"))
        var seen: [String] = []
        for user in try db.prepare(users.filter(email.like("%@mac.com"))) {
            print(user[id], user[email])
            seen.append(user[email])
        }
        #expect(seen == ["alice@mac.com"])
    }
}
