import Foundation
import SlateSQLiteSwift
import SlateTestSupport
import Testing

/// SQLite.swift's row sequences and iterators over typed queries: `db.prepare(query)` runs again
/// on each loop and nests, and `prepareRowIterator` throws through `failableNext()`.
@Suite("Typed row sequences and iterators")
struct TypedRowSequenceTests: UsersFixture {
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

    @Test func queriesRunTwiceAndNestedIterationWorks() throws {
        let db = try makeUsersDatabase()
        let rows = try db.prepare(users.order(id))
        #expect(Array(rows).count == 3)
        #expect(Array(rows).count == 3)  // iterating again runs the query again
        var pairs: [String] = []
        for user in try db.prepare(users.order(id)) {
            for post in try db.prepare(posts.filter(userID == user[id]).order(Expression<Int64>("id"))) {
                pairs.append("\(user[id]):\(post[title])")
            }
        }
        #expect(pairs == ["1:Hello", "1:Again", "3:Mine"])
        // Two iterators of the same query (same cached SQL) with different values do not interfere.
        let first = try db.prepareRowIterator(users.filter(id == 1))
        let third = try db.prepareRowIterator(users.filter(id == 3))
        #expect(try first.failableNext()?[id] == 1)
        #expect(try third.failableNext()?[id] == 3)
        // Stopping early releases the statement for the next query.
        for _ in try db.prepare(users) { break }
        #expect(try db.prepare(users).map { $0[id] } == [1, 2, 3])
    }

    @Test func preparedQueriesRunWhenIterated() throws {
        let db = try makeUsersDatabase()
        let rows = try db.prepare(users.order(id))
        try db.run("INSERT INTO users (id, email) VALUES (4, 'dora@icloud.com')")
        #expect(rows.map { $0[id] } == [1, 2, 3, 4])
        // Two prepared sequences of the same SQL with different values stay independent.
        let first = try db.prepare(users.filter(id == 1))
        let second = try db.prepare(users.filter(id == 2))
        #expect(first.map { $0[id] } == [1])
        #expect(second.map { $0[id] } == [2])
        // An error during iteration ends the loop and is kept.
        db.close()
        #expect(Array(rows).isEmpty)
        #expect(rows.error != nil)
    }
}
