import Foundation
import Slate
import SlateTestSupport
import Testing

@Suite("Aggregates, grouping, window and date functions")
struct AggregateTests: UsersFixture {
    @Test func documentedAggregates() throws {
        let db = try makeUsersDatabase()
        #expect(users.count.asSQL() == "SELECT count(*) FROM \"users\"")
        let rowCount: Int = try db.scalar(users.count)
        #expect(rowCount == 3)

        // The documentation prints this one without parentheses (`WHERE "name" IS NOT NULL`),
        // and Slate matches it: a NULL test is not parenthesized unless it becomes an operand.
        #expect(users.filter(name != nil).count.asSQL() == "SELECT count(*) FROM \"users\" WHERE (\"name\" IS NOT NULL)")
        #expect(try db.scalar(users.filter(name != nil).count) == 2)

        #expect(users.select(name.count).asSQL() == "SELECT count(\"name\") FROM \"users\"")
        let names: Int = try db.scalar(users.select(name.count))
        #expect(names == 2)

        #expect(users.select(id.max).asSQL() == "SELECT max(\"id\") FROM \"users\"")
        let max: Int64? = try db.scalar(users.select(id.max))
        #expect(max == 3)

        #expect(users.select(id.min).asSQL() == "SELECT min(\"id\") FROM \"users\"")
        #expect(try db.scalar(users.select(id.min)) == 1)

        #expect(users.select(balance.average).asSQL() == "SELECT avg(\"balance\") FROM \"users\"")
        let average: Double? = try db.scalar(users.select(balance.average))
        #expect(average == 20105.0 / 3)

        #expect(users.select(balance.sum).asSQL() == "SELECT sum(\"balance\") FROM \"users\"")
        let sum: Double? = try db.scalar(users.select(balance.sum))
        #expect(sum == 20105)

        #expect(users.select(balance.total).asSQL() == "SELECT total(\"balance\") FROM \"users\"")
        let total: Double = try db.scalar(users.select(balance.total))
        #expect(total == 20105)
        #expect(try db.scalar(users.filter(id > 10).select(balance.total)) == 0)
        #expect(try db.scalar(users.filter(id > 10).select(balance.sum)) == nil)
        #expect(try db.scalar(users.filter(id > 10).select(id.max)) == nil)

        #expect(users.select(name.distinct.count).asSQL() == "SELECT count(DISTINCT \"name\") FROM \"users\"")
        try db.run("INSERT INTO users (id, email, name) VALUES (4, 'alice2@mac.com', 'Alice')")
        #expect(try db.scalar(users.select(name.distinct.count)) == 2)
        #expect(try db.scalar(users.select(count(*))) == 4)
    }

    @Test func scalarOfNullIntoNonOptionalThrows() throws {
        let db = try makeUsersDatabase()
        #expect(throws: SQLiteError.self) { _ = try db.scalar(users.filter(id == 2).select(SQLExpression<String>("name"))) }
        #expect(throws: SQLiteError.self) { _ = try db.scalar(users.filter(id == 99).select(email)) }
        #expect(try db.scalar(users.filter(id == 99).select(name)) == nil)
    }

    @Test func groupAndHaving() throws {
        let query = users.select(verified, count(*)).group(verified)
        #expect(query.asSQL() == "SELECT \"verified\", count(*) FROM \"users\" GROUP BY \"verified\"")
        let having = users.select(verified, balance.sum).group(verified, having: count(*) > 1)
        #expect(
            having.asSQL()
                == "SELECT \"verified\", sum(\"balance\") FROM \"users\" GROUP BY \"verified\" HAVING (count(*) > 1)")
        let db = try makeUsersDatabase()
        let groups = try db.cursor(query.order(verified)).map { (try $0.get(verified), try $0.get(count(*))) }
        #expect(groups.map(\.0) == [false, true])
        #expect(groups.map(\.1) == [1, 2])
        let rich = try db.cursor(having).map { try $0.get(balance.sum) }
        #expect(rich == [105])
        #expect(users.group([verified, name]).asSQL() == "SELECT * FROM \"users\" GROUP BY \"verified\", \"name\"")
    }

    @Test(.enabled(if: SQLite.versionNumber >= 3_025_000, "window functions need SQLite 3.25"))
    func windowFunctions() throws {
        #expect(rowNumber(email.desc).asSQL() == "row_number() OVER (ORDER BY \"email\" DESC)")
        #expect(ntile(2, id).asSQL() == "ntile(2) OVER (ORDER BY \"id\")")
        let db = try makeUsersDatabase()
        let number = rowNumber(email.desc)
        let rows = try db.cursor(users.select(id, number).order(id)).map { (try $0.get(id), try $0.get(number)) }
        #expect(rows.map(\.1) == [3, 2, 1])
        let previous = id.lag(offset: 1, id)
        #expect(try db.cursor(users.select(previous).order(id)).map { try $0.get(previous) } == [nil, 1, 2])
        let ranks = rank(SQLExpression<Bool>("verified"))
        #expect(try db.cursor(users.select(ranks).order(id)).map { try $0.get(ranks) } == [2, 1, 2])
        let dense = denseRank(verified)
        #expect(try db.cursor(users.select(dense).order(id)).map { try $0.get(dense) } == [2, 1, 2])
        let first = email.firstValue(id)
        #expect(try db.cursor(users.select(first)).map { try $0.get(first) } == Array(repeating: "alice@mac.com", count: 3))
        let second = email.nthValue(2, id)
        #expect(try db.cursor(users.select(second).order(id)).map { try $0.get(second) } == [nil, "betty@icloud.com", "betty@icloud.com"])
        let tiles = ntile(2, id)
        #expect(try db.cursor(users.select(tiles).order(id)).map { try $0.get(tiles) } == [1, 1, 2])
        let percent = percentRank(id)
        #expect(try db.cursor(users.select(percent).order(id)).map { try $0.get(percent) } == [0, 0.5, 1])
        let cumulative = cumeDist(id)
        #expect(try db.cursor(users.select(cumulative).order(id)).map { try $0.get(cumulative) }.last == 1)
    }

    /// `lag` and `lead` write what SQLite.swift 0.16 writes (its WindowFunctionsTests): the
    /// offset always, 0 when not given, so `x.lag(order)` is the current row's value there and here.
    @Test(.enabled(if: SQLite.versionNumber >= 3_025_000, "window functions need SQLite 3.25"))
    func lagAndLeadMatchSQLiteSwift() throws {
        #expect(id.lag(id.desc).asSQL() == "lag(\"id\", 0) OVER (ORDER BY \"id\" DESC)")
        #expect(id.lag(offset: 7, id.desc).asSQL() == "lag(\"id\", 7) OVER (ORDER BY \"id\" DESC)")
        #expect(id.lag(offset: 1, default: 3, id.desc).asSQL() == "lag(\"id\", 1, 3) OVER (ORDER BY \"id\" DESC)")
        #expect(id.lead(id.desc).asSQL() == "lead(\"id\", 0) OVER (ORDER BY \"id\" DESC)")
        #expect(id.lead(offset: 7, id.desc).asSQL() == "lead(\"id\", 7) OVER (ORDER BY \"id\" DESC)")
        #expect(id.lead(offset: 1, default: 3, id.desc).asSQL() == "lead(\"id\", 1, 3) OVER (ORDER BY \"id\" DESC)")
        #expect(id.lead(default: 3, id).asSQL() == "lead(\"id\", 0, 3) OVER (ORDER BY \"id\")")
        let db = try makeUsersDatabase()
        func values(_ expression: SQLExpression<Int64?>) throws -> [Int64?] {
            try db.cursor(users.select(expression).order(id)).map { try $0.get(expression) }
        }
        // Offset 0 is the row itself, as SQLite.swift's SQL gives.
        #expect(try values(id.lag(id)) == [1, 2, 3])
        #expect(try values(id.lead(id)) == [1, 2, 3])
        #expect(try values(id.lag(offset: 1, id)) == [nil, 1, 2])
        #expect(try values(id.lead(offset: 1, id)) == [2, 3, nil])
        #expect(try values(id.lead(offset: 2, default: 0, id)) == [3, 0, 0])
    }

    @Test func dateFunctions() throws {
        #expect(DateFunctions.date("now").asSQL() == "date('now')")
        let date = Date(timeIntervalSince1970: 1_168_335_660)
        #expect(date.date.asSQL() == "date('2007-01-09T09:41:00.000')")
        #expect(SQLExpression<Date>("date").date.asSQL() == "date(\"date\")")
        #expect(DateFunctions.datetime("now", "-1 day").asSQL() == "datetime('now', '-1 day')")
        #expect(DateFunctions.strftime("%Y", "now").asSQL() == "strftime('%Y', 'now')")
        let db = try Connection()
        let day = try #require(try db.scalar(date.date))
        #expect(day == Date(timeIntervalSince1970: 1_168_300_800))
        #expect(try db.scalar(date.time) == "09:41:00")
        #expect(try db.scalar(date.datetime) == date)
        #expect(try db.scalar(DateFunctions.strftime("%Y-%m", "2014-11-18")) == "2014-11")
        #expect(try db.scalar(DateFunctions.julianday("2000-01-01T12:00:00")) == 2_451_545)
        #expect(try db.scalar(DateFunctions.date("2014-11-18", "+1 month")) == Date(timeIntervalSince1970: 1_418_860_800))
    }
}
