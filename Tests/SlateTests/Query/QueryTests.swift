import Foundation
import Slate
import SlateTestSupport
import Testing

@Suite("Typed queries")
struct QueryTests: UsersFixture {
    @Test func selectEverything() throws {
        #expect(users.asSQL() == "SELECT * FROM \"users\"")
        let db = try makeUsersDatabase()
        var emails: [String] = []
        var names: [String?] = []
        for user in try db.prepare(users) {
            emails.append(user[email])
            names.append(user[name])
        }
        #expect(emails == ["alice@mac.com", "betty@icloud.com", "cathy@icloud.com"])
        #expect(names == ["Alice", nil, "Cathy"])
    }

    @Test func documentedChain() throws {
        let query = users.select(email).filter(name != nil).order(email.desc, name).limit(5, offset: 1)
        #expect(
            query.asSQL()
                == "SELECT \"email\" FROM \"users\" WHERE (\"name\" IS NOT NULL) ORDER BY \"email\" DESC, \"name\" LIMIT 5 OFFSET 1")
        let db = try makeUsersDatabase()
        #expect(try db.prepare(query).map { $0[email] } == ["alice@mac.com"])
    }

    @Test func selectColumns() throws {
        let query = users.select(id, email)
        #expect(query.asSQL() == "SELECT \"id\", \"email\" FROM \"users\"")
        let db = try makeUsersDatabase()
        let rows = Array(try db.prepare(query))
        #expect(rows.count == 3)
        #expect(rows[0][id] == 1)
        #expect(rows[0][email] == "alice@mac.com")
        #expect(users.select(users[*]).asSQL() == "SELECT \"users\".* FROM \"users\"")
        #expect(users.select(distinct: email).asSQL() == "SELECT DISTINCT \"email\" FROM \"users\"")
        #expect(users.select(*).asSQL() == "SELECT * FROM \"users\"")
    }

    @Test func filters() throws {
        #expect(users.filter(id == 1).asSQL() == "SELECT * FROM \"users\" WHERE (\"id\" = 1)")
        #expect(users.where(id == 1).asSQL() == "SELECT * FROM \"users\" WHERE (\"id\" = 1)")
        #expect(
            users.filter(verified || balance >= 10_000).asSQL()
                == "SELECT * FROM \"users\" WHERE (\"verified\" OR (\"balance\" >= 10000.0))")
        #expect(
            users.filter(id == 1).filter(verified).asSQL()
                == "SELECT * FROM \"users\" WHERE ((\"id\" = 1) AND \"verified\")")
        let db = try makeUsersDatabase()
        #expect(try db.prepare(users.filter(verified || balance >= 10_000)).map { $0[id] } == [1, 2, 3])
        #expect(try db.prepare(users.filter(id == 1)).map { $0[email] } == ["alice@mac.com"])
    }

    @Test func orderAndLimit() throws {
        #expect(users.order(email, name).asSQL() == "SELECT * FROM \"users\" ORDER BY \"email\", \"name\"")
        #expect(
            users.order(email.desc, name.asc).asSQL()
                == "SELECT * FROM \"users\" ORDER BY \"email\" DESC, \"name\" ASC")
        #expect(users.limit(5).asSQL() == "SELECT * FROM \"users\" LIMIT 5")
        #expect(users.limit(5, offset: 5).asSQL() == "SELECT * FROM \"users\" LIMIT 5 OFFSET 5")
        let db = try makeUsersDatabase()
        #expect(try db.prepare(users.order(email.desc).limit(2, offset: 1)).map { $0[id] } == [2, 1])
    }

    @Test func joinsAndNamespacing() throws {
        let query = users.join(posts, on: userID == users[id])
        #expect(query.asSQL() == "SELECT * FROM \"users\" INNER JOIN \"posts\" ON (\"user_id\" = \"users\".\"id\")")
        let db = try makeUsersDatabase()
        let rows = Array(try db.prepare(query.order(posts[id])))
        #expect(rows.map { $0[title] } == ["Hello", "Again", "Mine"])
        #expect(rows.map { $0[users[id]] } == [1, 1, 3])
        #expect(rows.map { $0[posts[id]] } == [1, 2, 3])
        // An unqualified `id` is ambiguous: a clear error naming both candidates.
        do {
            _ = try rows[0].get(id)
            Issue.record("expected an ambiguity error")
        } catch let error as SQLiteError {
            #expect(error.explanation == "ambiguous column 'id' (please disambiguate: [\"users\".\"id\", \"posts\".\"id\"])")
        }
    }

    @Test func leftOuterAndCrossJoins() throws {
        let left = users.join(.leftOuter, posts, on: userID == users[id])
        #expect(left.asSQL() == "SELECT * FROM \"users\" LEFT OUTER JOIN \"posts\" ON (\"user_id\" = \"users\".\"id\")")
        let cross = users.join(.cross, posts)
        #expect(cross.asSQL() == "SELECT * FROM \"users\" CROSS JOIN \"posts\"")
        let db = try makeUsersDatabase()
        #expect(Array(try db.prepare(left)).count == 4)  // betty has no post
        #expect(Array(try db.prepare(cross)).count == 9)
        let betty = try #require(try db.pluck(left.filter(users[id] == 2)))
        #expect(try betty.get(SQLExpression<String?>("title")) == nil)
    }

    @Test func selfJoinWithAlias() throws {
        let managers = users.alias("managers")
        let query = users.join(managers, on: managers[id] == users[managerID])
        #expect(
            query.asSQL()
                == "SELECT * FROM \"users\" INNER JOIN \"users\" AS \"managers\" ON (\"managers\".\"id\" = \"users\".\"manager_id\")")
        let db = try makeUsersDatabase()
        let user = try #require(try db.pluck(query))
        #expect(user[users[id]] == 2)
        #expect(user[managers[id]] == 1)
        #expect(user[managers[email]] == "alice@mac.com")
        #expect(throws: SQLiteError.self) { try user.get(id) }
    }

    @Test func pluckUsesLimitOne() throws {
        let db = try makeUsersDatabase()
        #expect(users.limit(1).asSQL() == "SELECT * FROM \"users\" LIMIT 1")
        let user = try #require(try db.pluck(users))
        #expect(user[email] == "alice@mac.com")
        #expect(try db.pluck(users.filter(id == 99)) == nil)
    }

    @Test func rowIterator() throws {
        let db = try makeUsersDatabase()
        let rowIterator = try db.prepareRowIterator(users)
        #expect(try Array(rowIterator).map { $0[id] } == [1, 2, 3])
        let mapRowIterator = try db.prepareRowIterator(users)
        #expect(try mapRowIterator.map { $0[id] } == [1, 2, 3])
        let failable = try db.prepareRowIterator(users.filter(id > 1))
        var seen: [Int64] = []
        while let row = try failable.failableNext() { seen.append(row[id]) }
        #expect(seen == [2, 3])
        func drain<I: FailableIterator>(_ iterator: I) throws -> Int {
            var count = 0
            while try iterator.failableNext() != nil { count += 1 }
            return count
        }
        #expect(try drain(db.prepareRowIterator(users)) == 3)
    }

    @Test func wrongTypedReadThrowsAClearError() throws {
        let db = try makeUsersDatabase()
        let row = try #require(try db.pluck(users.filter(id == 2)))
        // `name` is NULL for betty: reading it as non-optional fails with a hint.
        do {
            _ = try row.get(SQLExpression<String>("name"))
            Issue.record("expected a mismatch")
        } catch let error as SQLiteError {
            #expect(error.code == SQLITE_MISMATCH)
            #expect(error.explanation.contains("\"name\""))
            #expect(error.explanation.contains("optional"))
        }
        // Text read as an integer.
        #expect(throws: SQLiteError.self) { try row.get(SQLExpression<Int64>("email")) }
        // A column the query does not return.
        #expect(throws: SQLiteError.self) { try row.get(SQLExpression<Int64>("missing")) }
    }

    @Test func badQueryFailsAtPrepare() throws {
        let db = try makeUsersDatabase()
        #expect(throws: SQLiteError.self) { _ = try db.prepare(Table("nope")) }
        db.close()
        #expect(throws: SQLiteError.self) { _ = try db.prepare(users) }
    }

    @Test func attachedDatabaseTable() throws {
        // The documentation prints `'external.table'` (a string literal, which SQLite would read
        // as a table named "external.table" in the main schema); Slate quotes each identifier.
        let table = Table("table", database: "external")
        #expect(table.count.asSQL() == "SELECT count(*) FROM \"external\".\"table\"")
        let db = try Connection()
        try db.execute(sql: "ATTACH DATABASE ':memory:' AS external; CREATE TABLE external.\"table\" (x); INSERT INTO external.\"table\" VALUES (1), (2)")
        #expect(try db.scalar(table.count) == 2)
    }
}
