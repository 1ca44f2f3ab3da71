// swift-format-ignore-file
// (This file mirrors the documentation's code blocks line for line: it keeps their layout.)
import Foundation
import SlateSQLiteSwift
import SlateTestSupport
import Testing

/// The typed-layer examples of SQLite.swift's documentation, written as the documentation writes
/// them (after `import SQLite` → `import Slate`), to keep Slate source-compatible. Deviations:
/// `print` goes to `log`, `Expression` in type positions is `SQLExpression` (Foundation has an
/// `Expression` too), and the documentation's typos (`mail`, `manager_id`) are fixed.
@Suite("SQLite.swift documentation examples")
struct DocumentationExampleTests {
    final class Log {
        var lines: [String] = []
        func callAsFunction(_ line: String) { lines.append(line) }
    }

    // The documentation shows UPSERT (3.24); OldSQLiteTests covers its error on older libraries.
    @Test(.enabled(if: SQLite.versionNumber >= 3_024_000, "the documentation uses UPSERT"))
    func gettingStartedThroughDeleting() throws {
        let log = Log()
        let db = try Connection()
        try db.execute(sql: """
            CREATE TABLE users (id INTEGER PRIMARY KEY NOT NULL, email TEXT UNIQUE NOT NULL, name TEXT,
                                balance REAL NOT NULL DEFAULT 0, verified INTEGER NOT NULL DEFAULT 0, manager_id INTEGER);
            CREATE TABLE counters (id INTEGER PRIMARY KEY, count INTEGER NOT NULL DEFAULT 0);
            INSERT INTO counters (id) VALUES (1);
            """)

        let id = Expression<Int64>("id")
        let email = Expression<String>("email")
        let balance = Expression<Double>("balance")
        let verified = Expression<Bool>("verified")
        let name = Expression<String?>("name")
        let managerId = Expression<Int64?>("manager_id")
        let users = Table("users")

        try db.run(users.insert(email <- "alice@mac.com", name <- "Alice"))
        try db.run(users.insert(or: .replace, email <- "alice@mac.com", name <- "Alice B."))
        do {
            let rowid = try db.run(users.insert(email <- "betty@mac.com"))
            log("inserted id: \(rowid)")
        } catch {
            log("insertion failed: \(error)")
        }
        do {
            let lastRowid = try db.run(users.insertMany([email <- "carl@mac.com"], [email <- "geoff@mac.com"]))
            log("last inserted id: \(lastRowid)")
        } catch {
            log("insertion failed: \(error)")
        }
        do {
            try db.run(users.insert(email <- "alice@mac.com"))
            try db.run(users.insert(email <- "alice@mac.com"))
        } catch where error.code == SQLITE_CONSTRAINT {
            log("constraint failed: \(error.message)")
        } catch {
            // swiftc 6.3.1 crashes (signal 11) on a non-exhaustive `catch let error as SQLiteError
            // where …` after a `do` whose body throws only `SQLiteError` (typed throws); the
            // documentation's `Result.error` pattern becomes `catch where` plus a final `catch`.
            log("insertion failed: \(error)")
        }
        #expect(log.lines == ["inserted id: 3", "last inserted id: 5", "constraint failed: UNIQUE constraint failed: users.email"])

        let counters = Table("counters")
        let count = Expression<Int64>("count")
        let counter = counters.filter(id == 1)
        try db.run(counter.update(count <- 0))
        try db.run(counter.update(count++))
        #expect(try db.pluck(counter)?[count] == 1)

        let alice = users.filter(id == 2)
        let betty = users.filter(id == 3)
        let amount = 100.0
        try db.transaction {
            try db.run(alice.update(balance -= amount))
            try db.run(betty.update(balance += amount))
        }

        log.lines = []
        for user in try db.prepare(users) {
            log("id: \(user[id]), email: \(user[email]), name: \(String(describing: user[name]))")
        }
        #expect(log.lines.first == "id: 2, email: alice@mac.com, name: Optional(\"Alice B.\")")
        for user in try db.prepare(users) {
            do {
                log("name: \(String(describing: try user.get(name)))")
            } catch {
                Issue.record("unexpected \(error)")
            }
        }

        let rowIterator = try db.prepareRowIterator(users)
        for user in try Array(rowIterator) {
            log("id: \(user[id]), email: \(user[email])")
        }
        let mapRowIterator = try db.prepareRowIterator(users)
        let userIds = try mapRowIterator.map { $0[id] }
        #expect(userIds == [2, 3, 4, 5])
        do {
            let rowIterator = try db.prepareRowIterator(users)
            while let row = try rowIterator.failableNext() {
                log("\(row[id])")
            }
        } catch {
            Issue.record("unexpected \(error)")
        }

        if let user = try db.pluck(users) { #expect(user[email] == "alice@mac.com") }
        let all = Array(try db.prepare(users))
        #expect(all.count == 4)

        let query = users.select(email)
            .filter(name != nil)
            .order(email.desc, name)
            .limit(5, offset: 1)
        #expect(Array(try db.prepare(query)).isEmpty)
        for user in try db.prepare(users.select(id, email)) {
            log("id: \(user[id]), email: \(user[email])")
        }

        #expect(try db.scalar(users.count) == 4)
        #expect(try db.scalar(users.filter(name != nil).count) == 1)
        let names = try db.scalar(users.select(name.count))
        #expect(names == 1)
        let max = try db.scalar(users.select(id.max))
        #expect(max == 5)
        let min = try db.scalar(users.select(id.min))
        #expect(min == 2)
        let average = try db.scalar(users.select(balance.average))
        #expect(average == 0)
        let sum = try db.scalar(users.select(balance.sum))
        #expect(sum == 0)
        let total = try db.scalar(users.select(balance.total))
        #expect(total == 0)
        #expect(try db.scalar(users.select(name.distinct.count)) == 1)

        try db.run(users.upsert(email <- "alice@mac.com", name <- "Alice", onConflictOf: email))
        do {
            let rowid = try db.run(users.upsert(email <- "zed@mac.com", name <- "Zed", onConflictOf: email))
            log("inserted id: \(rowid)")
        } catch {
            Issue.record("upsert failed: \(error)")
        }

        try db.run(users.filter(id == 99).update(email <- "alice@me.com"))
        do {
            if try db.run(alice.update(email <- "alice@me.com")) > 0 {
                log("updated alice")
            } else {
                log("alice not found")
            }
        } catch {
            log("update failed: \(error)")
        }
        try db.transaction {
            let rowid = try db.run(users.insert(email <- "betty@icloud.com"))
            try db.run(users.insert(email <- "cathy@icloud.com", managerId <- rowid))
        }
        do {
            if try db.run(alice.delete()) > 0 {
                log("deleted alice")
            } else {
                log("alice not found")
            }
        } catch {
            log("delete failed: \(error)")
        }
        #expect(log.lines.suffix(2) == ["updated alice", "deleted alice"])
        _ = verified
        try db.run(users.delete())
        #expect(try db.scalar(users.count) == 0)
    }

    @Test func customTypesAndFunctions() throws {
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE posts (id INTEGER PRIMARY KEY, published_at TEXT NOT NULL)")
        let posts = Table("posts")
        let published_at = Expression<Date>("published_at")
        try db.run(posts.insert(published_at <- Date(timeIntervalSince1970: 3600)))
        let published = posts.filter(published_at <= Date())
        #expect(Array(try db.prepare(published)).count == 1)
        let startDate = Date(timeIntervalSince1970: 0)
        let between = posts.filter(startDate...Date() ~= published_at)
        #expect(Array(try db.prepare(between)).count == 1)

        let name = Expression<String?>("name")
        let email = Expression<String>("email")
        #expect((name ?? email).asSQL() == "ifnull(\"name\", \"email\")")
        #expect(DateFunctions.date("now").asSQL() == "date('now')")
        #expect(Expression<Date>("date").date.asSQL() == "date(\"date\")")
        _ = Date().date
    }
}
