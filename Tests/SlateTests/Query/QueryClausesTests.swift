import Foundation
import Slate
import SlateTestSupport
import Testing

/// Builders that derive a query from another (`count`, `pluck`, a `UNION` member) keep every
/// clause the caller gave.
@Suite("Derived queries keep every clause")
struct QueryClausesTests: UsersFixture {
    @Test func countKeepsLimitDistinctGroupingAndUnion() throws {
        let db = try makeUsersDatabase()
        // Clauses that do not change the number of rows stay in one SELECT, as in SQLite.swift.
        #expect(
            users.filter(id > 1).order(id).count.asSQL()
                == #"SELECT count(*) FROM "users" WHERE ("id" > 1) ORDER BY "id""#)
        #expect(try db.scalar(users.filter(id > 1).count) == 2)

        let limited = users.limit(2)
        #expect(limited.count.asSQL() == #"SELECT count(*) FROM (SELECT * FROM "users" LIMIT 2)"#)
        #expect(try db.scalar(limited.count) == 2)
        #expect(try db.scalar(users.order(id).limit(5, offset: 2).count) == 1)
        #expect(try db.scalar(users.limit(0).count) == 0)

        let distinct = users.select(distinct: verified)
        #expect(distinct.count.asSQL() == #"SELECT count(*) FROM (SELECT DISTINCT "verified" FROM "users")"#)
        #expect(try db.scalar(distinct.count) == 2)

        // Two groups: the grouped query returns two rows.
        #expect(try db.scalar(users.group(verified).count) == 2)
        #expect(try db.scalar(users.select(verified).group(verified, having: count(*) > 1).count) == 1)

        let union = users.select(verified).union(users.select(verified))
        #expect(try db.scalar(union.count) == 2)
        #expect(try db.scalar(users.select(verified).union(all: true, users.select(verified)).count) == 6)

        // Values bound in the counted query stay bound.
        #expect(try db.scalar(users.filter(email != "betty@icloud.com").limit(5).count) == 2)
        // An aliased or attached table is counted the same way.
        #expect(try db.scalar(users.alias("u").limit(1).count) == 1)
    }

    @Test func pluckKeepsASmallerLimitAndTheOffset() throws {
        let db = try makeUsersDatabase()
        #expect(try db.pluck(users.limit(0)) == nil)
        #expect(try db.pluck(users.order(id).limit(5, offset: 1))?.get(id) == 2)
        #expect(try db.pluck(users.order(id).limit(1, offset: 2))?.get(id) == 3)
        #expect(try db.pluck(users.order(id).limit(1, offset: 3)) == nil)
        // A negative limit is no limit to SQLite.
        #expect(try db.pluck(users.order(id.desc).limit(-1))?.get(id) == 3)
    }

    @Test func unionMembersKeepTheirOwnOrderAndLimit() throws {
        let db = try makeUsersDatabase()
        let newest = users.select(id).order(id.desc).limit(1)
        let query = users.select(id).filter(id == 1).union(newest)
        #expect(
            query.asSQL() == #"SELECT "id" FROM "users" WHERE ("id" = 1) UNION "#
                + #"SELECT * FROM (SELECT "id" FROM "users" ORDER BY "id" DESC LIMIT 1)"#)
        #expect(Set(try db.cursor(query).map { try $0.get(id) }) == [1, 3])
        // The outer query's own ORDER BY and LIMIT sort and cut the whole compound.
        #expect(try db.cursor(query.order(id.desc)).map { try $0.get(id) } == [3, 1])
        #expect(try db.cursor(query.order(id).limit(1)).map { try $0.get(id) } == [1])

        // A member that is itself a compound keeps its grouping: a ∪all (b ∪ c), not (a ∪all b) ∪ c.
        let flags = users.select(verified)
        let nested = flags.union(all: true, flags.union(flags))
        #expect(try db.cursor(nested).map { try $0.get(verified) }.count == 5)

        // A member with a common table expression runs (WITH inside a compound is a syntax error).
        let ids = Table("ids")
        let withMember = users.select(id).filter(id == 1).union(ids.with(ids, as: users.select(id).filter(id == 2)))
        #expect(Set(try db.cursor(withMember).map { try $0.get(id) }) == [1, 2])
    }
}
