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
        let cursor = try db.cursor(users)
        while let user = try cursor.next() {
            emails.append(try user.get(email))
            names.append(try user.get(name))
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
        #expect(try db.cursor(query).map { try $0.get(email) } == ["alice@mac.com"])
    }

    @Test func selectColumns() throws {
        let query = users.select(id, email)
        #expect(query.asSQL() == "SELECT \"id\", \"email\" FROM \"users\"")
        let db = try makeUsersDatabase()
        let rows = try db.cursor(query).map { $0.snapshot() }
        #expect(rows.count == 3)
        #expect(try rows[0].get(id) == 1)
        #expect(try rows[0].get(email) == "alice@mac.com")
        #expect(users.select(users[*]).asSQL() == "SELECT \"users\".* FROM \"users\"")
        #expect(users.select(distinct: email).asSQL() == "SELECT DISTINCT \"email\" FROM \"users\"")
        #expect(users.select(*).asSQL() == "SELECT * FROM \"users\"")
    }

    @Test func filters() throws {
        #expect(users.filter(id == 1).asSQL() == "SELECT * FROM \"users\" WHERE (\"id\" = 1)")
        #expect(
            users.filter(verified || balance >= 10_000).asSQL()
                == "SELECT * FROM \"users\" WHERE (\"verified\" OR (\"balance\" >= 10000.0))")
        #expect(
            users.filter(id == 1).filter(verified).asSQL()
                == "SELECT * FROM \"users\" WHERE ((\"id\" = 1) AND \"verified\")")
        let db = try makeUsersDatabase()
        #expect(try db.cursor(users.filter(verified || balance >= 10_000)).map { try $0.get(id) } == [1, 2, 3])
        #expect(try db.cursor(users.filter(id == 1)).map { try $0.get(email) } == ["alice@mac.com"])
    }

    @Test func orderAndLimit() throws {
        #expect(users.order(email, name).asSQL() == "SELECT * FROM \"users\" ORDER BY \"email\", \"name\"")
        #expect(
            users.order(email.desc, name.asc).asSQL()
                == "SELECT * FROM \"users\" ORDER BY \"email\" DESC, \"name\" ASC")
        #expect(users.limit(5).asSQL() == "SELECT * FROM \"users\" LIMIT 5")
        #expect(users.limit(5, offset: 5).asSQL() == "SELECT * FROM \"users\" LIMIT 5 OFFSET 5")
        let db = try makeUsersDatabase()
        #expect(try db.cursor(users.order(email.desc).limit(2, offset: 1)).map { try $0.get(id) } == [2, 1])
    }

    @Test func joinsAndNamespacing() throws {
        let query = users.join(posts, on: userID == users[id])
        #expect(query.asSQL() == "SELECT * FROM \"users\" INNER JOIN \"posts\" ON (\"user_id\" = \"users\".\"id\")")
        let db = try makeUsersDatabase()
        let rows = try db.cursor(query.order(posts[id])).map { $0.snapshot() }
        #expect(try rows.map { try $0.get(title) } == ["Hello", "Again", "Mine"])
        #expect(try rows.map { try $0.get(users[id]) } == [1, 1, 3])
        #expect(try rows.map { try $0.get(posts[id]) } == [1, 2, 3])
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
        #expect(try db.cursor(left).map { $0.snapshot() }.count == 4)  // betty has no post
        #expect(try db.cursor(cross).map { $0.snapshot() }.count == 9)
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
        #expect(try user.get(users[id]) == 2)
        #expect(try user.get(managers[id]) == 1)
        #expect(try user.get(managers[email]) == "alice@mac.com")
        #expect(throws: SQLiteError.self) { try user.get(id) }
    }

    @Test func pluckUsesLimitOne() throws {
        let db = try makeUsersDatabase()
        #expect(users.limit(1).asSQL() == "SELECT * FROM \"users\" LIMIT 1")
        let user = try #require(try db.pluck(users))
        #expect(try user.get(email) == "alice@mac.com")
        #expect(try db.pluck(users.filter(id == 99)) == nil)
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
        #expect(throws: SQLiteError.self) { _ = try db.cursor(Table("nope")) }
        db.close()
        #expect(throws: SQLiteError.self) { _ = try db.cursor(users) }
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
