import Foundation
import Slate
import SlateTestSupport
import Testing

@Suite("Inserting, updating and deleting")
struct WriteTests: UsersFixture {
    let count = SQLExpression<Int64>("count")
    let flags = SQLExpression<Int64>("flags")
    let note = SQLExpression<String?>("note")

    @Test func documentedInserts() throws {
        let db = try makeEmptyUsersDatabase()
        let insert = users.insert(email <- "alice@mac.com", name <- "Alice")
        #expect(insert.asSQL() == "INSERT INTO \"users\" (\"email\", \"name\") VALUES ('alice@mac.com', 'Alice')")
        #expect(try db.run(insert) == 1)
        let replace = users.insert(or: .replace, email <- "alice@mac.com", name <- "Alice B.")
        #expect(
            replace.asSQL()
                == "INSERT OR REPLACE INTO \"users\" (\"email\", \"name\") VALUES ('alice@mac.com', 'Alice B.')")
        #expect(try db.run(replace) == 2)
        #expect(try db.scalar(users.count) == 1)
        #expect(try db.pluck(users)?.get(name) == "Alice B.")
        let rowid = try db.run(users.insert(email <- "betty@mac.com"))
        #expect(rowid == 3)
        #expect(try db.run(users.insert(or: .ignore, email <- "betty@mac.com")) == 3)
        #expect(try db.scalar(users.count) == 2)
    }

    @Test func defaultValues() throws {
        let db = try makeEmptyUsersDatabase()
        let timestamps = Table("timestamps")
        #expect(timestamps.insert().asSQL() == "INSERT INTO \"timestamps\" DEFAULT VALUES")
        #expect(try db.run(timestamps.insert()) == 1)
        #expect(try db.scalar(timestamps.select(SQLExpression<Date?>("at"))) != nil)
    }

    @Test func insertMany() throws {
        let db = try makeEmptyUsersDatabase()
        let many = users.insertMany([email <- "alice@mac.com"], [email <- "geoff@mac.com"])
        #expect(many.asSQL() == "INSERT INTO \"users\" (\"email\") VALUES ('alice@mac.com'), ('geoff@mac.com')")
        let lastRowid = try db.run(many)
        #expect(lastRowid == 2)
        #expect(try db.cursor(users.order(id)).map { try $0.get(email) } == ["alice@mac.com", "geoff@mac.com"])
    }

    @Test func insertManySplitsAtTheVariableLimit() throws {
        let db = try makeEmptyUsersDatabase()
        // 40,000 rows × 2 values exceed SQLite's 32,766-variable limit: several statements.
        let rows = (0..<40_000).map { [email <- "user\($0)@example.com", name <- "User \($0)"] }
        #expect(try db.run(users.insertMany(rows)) == 40_000)
        #expect(try db.scalar(users.count) == 40_000)
        #expect(try db.scalar(users.select(name.count)) == 40_000)
        // A duplicate in a later chunk rolls every chunk back.
        let clash =
            (0..<40_000).map { [email <- "other\($0)@example.com", name <- nil] }
            + [[email <- "user0@example.com", name <- nil]]
        #expect(throws: SQLiteError.self) { try db.run(users.insertMany(clash)) }
        #expect(try db.scalar(users.count) == 40_000)
    }

    @Test func insertManyWithDifferentColumnsIsAClearError() throws {
        let db = try makeEmptyUsersDatabase()
        do {
            try db.run(users.insertMany([email <- "a@b.c"], [email <- "b@b.c", name <- "B"]))
            Issue.record("expected an error")
        } catch {
            #expect(error.code == SQLITE_MISUSE)
            #expect(error.explanation.contains("row 2"))
        }
        #expect(try db.scalar(users.count) == 0)
    }

    @Test func notNullViolationLeavesDataIntact() throws {
        let db = try makeEmptyUsersDatabase()
        try db.run(users.insert(email <- "alice@mac.com"))
        do {
            try db.run(users.insert(name <- "No Email"))
            Issue.record("expected a NOT NULL violation")
        } catch {
            #expect(error.code == SQLITE_CONSTRAINT)
            #expect(error.code == SQLITE_CONSTRAINT_NOTNULL)
            #expect(error.explanation.contains("users.email"))
            #expect(error.sql?.hasPrefix("INSERT INTO \"users\"") == true)
        }
        do {
            try db.run(users.insert(email <- "alice@mac.com"))
            Issue.record("expected a UNIQUE violation")
        } catch {
            #expect(error.code == SQLITE_CONSTRAINT_UNIQUE)
        }
        #expect(try db.cursor(users).map { try $0.get(email) } == ["alice@mac.com"])
    }

    @Test(.enabled(if: SQLite.versionNumber >= 3_024_000, "upsert needs SQLite 3.24"))
    func upsert() throws {
        let db = try makeEmptyUsersDatabase()
        let upsert = users.upsert(email <- "alice@mac.com", name <- "Alice", onConflictOf: email)
        #expect(
            upsert.asSQL()
                == "INSERT INTO \"users\" (\"email\", \"name\") VALUES ('alice@mac.com', 'Alice') ON CONFLICT (\"email\") DO UPDATE SET \"name\" = \"excluded\".\"name\"")
        #expect(try db.run(upsert) == 1)
        try db.run(users.upsert(email <- "alice@mac.com", name <- "Alice B.", onConflictOf: email))
        #expect(try db.scalar(users.count) == 1)
        #expect(try db.pluck(users)?.get(name) == "Alice B.")
        let nothing = users.upsert(email <- "alice@mac.com", onConflictOf: email)
        #expect(nothing.asSQL() == "INSERT INTO \"users\" (\"email\") VALUES ('alice@mac.com') ON CONFLICT (\"email\") DO NOTHING")
        try db.run(nothing)
        let custom = users.upsert(email <- "alice@mac.com", onConflictOf: email, set: [count++])
        #expect(
            custom.asSQL()
                == "INSERT INTO \"users\" (\"email\") VALUES ('alice@mac.com') ON CONFLICT (\"email\") DO UPDATE SET \"count\" = (\"count\" + 1)")
        try db.run(custom)
        #expect(try db.pluck(users)?.get(count) == 1)
    }

    @Test(.enabled(if: SQLite.versionNumber >= 3_024_000, "upsert needs SQLite 3.24"))
    func upsertWithoutUniqueIndexFails() throws {
        let db = try makeEmptyUsersDatabase()
        try db.run(users.insert(email <- "alice@mac.com", name <- "Alice"))
        do {
            try db.run(users.upsert(email <- "bob@mac.com", name <- "Alice", onConflictOf: name))
            Issue.record("expected an error")
        } catch {
            #expect(error.code == SQLITE_ERROR)
            #expect(error.explanation.contains("ON CONFLICT clause does not match any PRIMARY KEY or UNIQUE constraint"))
        }
        #expect(try db.cursor(users).map { try $0.get(email) } == ["alice@mac.com"])
    }

    @Test func updateAndDeleteReturnCounts() throws {
        let db = try makeEmptyUsersDatabase()
        try db.run(users.insertMany([email <- "alice@mac.com"], [email <- "betty@mac.com"]))
        #expect(users.update(email <- "alice@me.com").asSQL() == "UPDATE \"users\" SET \"email\" = 'alice@me.com'")
        let alice = users.filter(id == 1)
        #expect(
            alice.update(email <- "alice@me.com").asSQL()
                == "UPDATE \"users\" SET \"email\" = 'alice@me.com' WHERE (\"id\" = 1)")
        #expect(try db.run(alice.update(email <- "alice@me.com")) == 1)
        #expect(try db.run(users.filter(id == 99).update(email <- "nobody")) == 0)
        #expect(try db.run(users.update(name <- "Someone")) == 2)
        #expect(users.delete().asSQL() == "DELETE FROM \"users\"")
        #expect(alice.delete().asSQL() == "DELETE FROM \"users\" WHERE (\"id\" = 1)")
        #expect(try db.run(alice.delete()) == 1)
        #expect(try db.run(alice.delete()) == 0)
        #expect(try db.run(users.delete()) == 1)
        #expect(try db.scalar(users.count) == 0)
    }

    @Test func setters() throws {
        let counters = Table("counters")
        let counter = counters.filter(id == 1)
        #expect(counter.update(count <- 0).asSQL() == "UPDATE \"counters\" SET \"count\" = 0 WHERE (\"id\" = 1)")
        #expect(counter.update(count++).asSQL() == "UPDATE \"counters\" SET \"count\" = (\"count\" + 1) WHERE (\"id\" = 1)")
        let alice = users.filter(id == 1)
        #expect(alice.update(balance -= 100.0).asSQL() == "UPDATE \"users\" SET \"balance\" = (\"balance\" - 100.0) WHERE (\"id\" = 1)")
        #expect(alice.update(balance += 100.0).asSQL() == "UPDATE \"users\" SET \"balance\" = (\"balance\" + 100.0) WHERE (\"id\" = 1)")

        let db = try makeEmptyUsersDatabase()
        try db.run(users.insert(email <- "alice@mac.com", balance <- 10, flags <- 12, note <- "a"))
        func check<V: Value & Equatable>(_ setter: Setter, _ column: SQLExpression<V>, _ expected: V) throws {
            #expect(try db.run(alice.update(setter)) == 1)
            #expect(try db.pluck(alice)?.get(column) == expected)
        }
        try check(balance += 5, balance, 15)
        try check(balance -= 3, balance, 12)
        try check(balance *= 2, balance, 24)
        try check(balance /= 4, balance, 6)
        try check(count++, count, 1)
        try check(count++, count, 2)
        try check(count--, count, 1)
        try check(flags %= 5, flags, 2)
        try check(flags <<= 3, flags, 16)
        try check(flags >>= 1, flags, 8)
        try check(flags |= 3, flags, 11)
        try check(flags &= 6, flags, 2)
        try check(flags ^= 3, flags, 1)
        try check(email += ".uk", email, "alice@mac.com.uk")
        try check(count <- count + 10, count, 11)
        #expect(try db.run(alice.update(note += "b")) == 1)
        #expect(try db.pluck(alice)?.get(note) == "ab")
        #expect(try db.run(alice.update(note <- nil)) == 1)
        #expect(try db.pluck(alice)?.get(note) == nil)
    }

    @Test func documentedTransaction() throws {
        let db = try makeEmptyUsersDatabase()
        try db.transaction {
            let rowid = try db.run(users.insert(email <- "betty@icloud.com"))
            try db.run(users.insert(email <- "cathy@icloud.com", managerID <- rowid))
        }
        #expect(
            users.insert(email <- "cathy@icloud.com", managerID <- 2).asSQL()
                == "INSERT INTO \"users\" (\"email\", \"manager_id\") VALUES ('cathy@icloud.com', 2)")
        #expect(try db.pluck(users.filter(email == "cathy@icloud.com"))?.get(managerID) == 1)
        // A failing statement rolls the whole transaction back.
        #expect(throws: (any Error).self) {
            try db.transaction {
                try db.run(users.insert(email <- "dora@icloud.com"))
                try db.run(users.insert(email <- "betty@icloud.com"))
            }
        }
        #expect(try db.scalar(users.count) == 2)
    }

    @Test(.enabled(if: SQLite.versionNumber >= 3_035_000, "RETURNING needs SQLite 3.35"))
    func returning() throws {
        let db = try makeEmptyUsersDatabase()
        let insert = users.insert(email <- "alice@mac.com", name <- "Alice").returning(id, email)
        #expect(
            insert.asSQL()
                == "INSERT INTO \"users\" (\"email\", \"name\") VALUES ('alice@mac.com', 'Alice') RETURNING \"id\", \"email\"")
        let inserted = try db.run(insert)
        #expect(inserted.count == 1)
        #expect(try inserted[0].get(id) == 1)
        #expect(try inserted[0].get(email) == "alice@mac.com")

        let many = try db.run(users.insertMany([email <- "b@x"], [email <- "c@x"]).returning(id))
        #expect(try many.map { try $0.get(id) } == [2, 3])

        let update = users.filter(id > 1).update(balance += 1).returning(id, balance)
        #expect(
            update.asSQL()
                == "UPDATE \"users\" SET \"balance\" = (\"balance\" + 1.0) WHERE (\"id\" > 1) RETURNING \"id\", \"balance\"")
        #expect(try db.run(update).map { try $0.get(balance) } == [1, 1])

        let upper = email.uppercaseString.alias("shout")
        let delete = users.filter(id == 3).delete().returning(upper)
        #expect(delete.asSQL() == "DELETE FROM \"users\" WHERE (\"id\" = 3) RETURNING upper(\"email\") AS \"shout\"")
        let deleted = try db.run(delete)
        #expect(try deleted.map { try $0.get(upper) } == ["C@X"])
        #expect(try deleted.map { try $0.get(SQLExpression<String>("shout")) } == ["C@X"])

        let upsert = try db.run(users.upsert(email <- "alice@mac.com", name <- "Al", onConflictOf: email).returning(*))
        #expect(upsert.count == 1)
        #expect(try upsert[0].get(name) == "Al")
        #expect(try db.scalar(users.count) == 2)
    }
}

@Suite("Inserting edge cases")
struct InsertEdgeCaseTests: UsersFixture {
    @Test(.enabled(if: SQLite.versionNumber >= 3_035_000, "RETURNING needs SQLite 3.35"))
    func insertManyOfNoRowsOrOfDefaults() throws {
        let db = try makeEmptyUsersDatabase()
        let timestamps = Table("timestamps")
        #expect(try db.run(users.insertMany([[Setter]]())) == 0)
        #expect(try db.scalar(users.count) == 0)
        #expect(try db.run(users.insertMany([[Setter]]()).returning(*)).isEmpty)
        #expect(try db.run(timestamps.insertMany([[], [], []])) == 3)
        #expect(try db.scalar(timestamps.count) == 3)
    }

    @Test func joinOnASubquery() throws {
        let db = try makeUsersDatabase()
        // A filtered table joins with its filter in ON (SQLite.swift's text), so the filter names
        // its columns with the table: an unqualified `id` would be ambiguous there (checked below).
        let recent = posts.filter(posts[id] > 1)
        let query = users.select(users[id], recent[title]).join(recent, on: recent[userID] == users[id]).order(recent[id])
        #expect(
            query.asSQL()
                == "SELECT \"users\".\"id\", \"posts\".\"title\" FROM \"users\" INNER JOIN \"posts\" "
                + "ON ((\"posts\".\"user_id\" = \"users\".\"id\") AND (\"posts\".\"id\" > 1)) ORDER BY \"posts\".\"id\"")
        let ambiguous = users.join(posts.filter(id > 1), on: posts[userID] == users[id])
        #expect { try db.cursor(ambiguous).map { $0 } } throws: { error in
            (error as? SQLiteError)?.message.contains("ambiguous column name: id") == true
        }
        // A joined query with more than a filter is a subquery (SQLite.swift dropped its limit).
        let firstPost = posts.filter(id > 1).order(id).limit(1)
        let limited = users.select(users[id], firstPost[title]).join(firstPost, on: firstPost[userID] == users[id])
        #expect(limited.asSQL().contains("INNER JOIN (SELECT * FROM \"posts\" WHERE (\"id\" > 1) ORDER BY \"id\" LIMIT 1) AS \"posts\""))
        #expect(try db.cursor(limited).map { "\(try $0.get(users[id])) \(try $0.get(firstPost[title]))" } == ["1 Again"])
        #expect(try db.cursor(query).map { "\(try $0.get(users[id])) \(try $0.get(recent[title]))" } == ["1 Again", "3 Mine"])
        // `SELECT *` over a join with a subquery still namespaces every column.
        let all = try #require(try db.pluck(users.join(recent, on: recent[userID] == users[id]).order(recent[id])))
        #expect(try all.get(recent[title]) == "Again")
        #expect(try all.get(users[SQLExpression<String>("email")]) == "alice@mac.com")
    }
}

@Suite("Write failure paths")
struct WriteFailureTests: UsersFixture {
    @Test func closedConnectionAndBadTableGiveClearErrors() throws {
        let db = try makeEmptyUsersDatabase()
        #expect(throws: SQLiteError.self) { try db.run(Table("missing").insert(email <- "a")) }
        do {
            try db.run(Table("missing").update(email <- "a"))
            Issue.record("expected an error")
        } catch {
            #expect(error.explanation.contains("no such table: missing"))
        }
        #expect(throws: SQLiteError.self) { try db.run(Table("missing").delete()) }
        try db.run(users.insert(email <- "a@b.c"))
        db.close()
        do {
            try db.run(users.insert(email <- "b@b.c"))
            Issue.record("expected an error")
        } catch {
            #expect(error.code == SQLITE_MISUSE)
            #expect(error.explanation.contains("closed"))
        }
    }

    @Test func wrongTypedValueViolatesStrictTable() throws {
        guard SQLite.versionNumber >= 3_037_000 else { return }
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE t (n INTEGER NOT NULL) STRICT")
        let t = Table("t")
        let asText = SQLExpression<String>("n")
        do {
            try db.run(t.insert(asText <- "not a number"))
            Issue.record("expected an error")
        } catch {
            #expect(error.code == SQLITE_CONSTRAINT)
        }
        #expect(try db.scalar(t.count) == 0)
    }
}
