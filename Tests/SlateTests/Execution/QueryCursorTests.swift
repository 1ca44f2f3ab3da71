import Foundation
import Slate
import SlateTestSupport
import Testing

/// `db.cursor(query)`: typed reads in place, which must agree with `db.prepare(query)` rows.
@Suite("Typed query cursors")
struct QueryCursorTests: UsersFixture {
    @Test func readsWhatPrepareReads() throws {
        let db = try makeUsersDatabase()
        let query = users.order(id)
        let copied = try db.cursor(query).map {
            [
                String(describing: try $0.get(id)), try $0.get(email), try $0.get(name) ?? "nil",
                String(try $0.get(balance)), String(try $0.get(verified)), String(describing: try $0.get(age))
            ]
        }
        let cursor = try db.cursor(query)
        var inPlace: [[String]] = []
        while let row = try cursor.next() {
            // Read twice, the second time backwards, so the column guess both hits and misses.
            let first = [
                String(describing: try row.get(id)), try row.get(email), try row.get(name) ?? "nil",
                String(try row.get(balance)), String(try row.get(verified)), String(describing: try row.get(age))
            ]
            let second = [
                String(describing: try row.get(age)), String(try row.get(verified)),
                String(try row.get(balance)), try row.get(name) ?? "nil", try row.get(email),
                String(describing: try row.get(id))
            ].reversed()
            #expect(first == Array(second))
            inPlace.append(first)
        }
        #expect(inPlace == copied)
        #expect(inPlace.count == 3)
    }

    @Test func joinedColumnsResolveByNamespace() throws {
        let db = try makeUsersDatabase()
        let query = users.join(posts, on: userID == users[id]).order(posts[id])
        let rows = try db.cursor(query).map { row in
            [try row.get(users[id]), try row.get(posts[id]), try row.get(users[id])]
        }
        #expect(rows == [[1, 1, 1], [1, 2, 1], [3, 3, 3]])
        let row = try #require(try db.cursor(query).next())
        let error = sqliteError { _ = try row.get(id) }
        #expect(error?.explanation == "ambiguous column 'id' (please disambiguate: [\"users\".\"id\", \"posts\".\"id\"])")
    }

    @Test func failuresAreClearErrors() throws {
        let db = try makeUsersDatabase()
        let row = try #require(try db.cursor(users.filter(id == 2)).next())
        // NULL into a non-optional expression.
        let null = sqliteError { _ = try row.get(SQLExpression<String>("name")) }
        #expect(null.map { $0.code == SQLITE_MISMATCH } == true)
        #expect(null?.explanation.contains("NULL") == true)
        // TEXT into an integer.
        let text = sqliteError { _ = try row.get(SQLExpression<Int64>("email")) }
        #expect(text.map { $0.code == SQLITE_MISMATCH } == true)
        // A column the query does not have.
        let missing = sqliteError { _ = try row.get(SQLExpression<Int64>("nope")) }
        #expect(missing.map { $0.code == SQLITE_RANGE } == true)
        #expect(missing?.explanation.contains("no column \"nope\"") == true)
        // The row still reads after the errors.
        #expect(try row.get(email) == "betty@icloud.com")
        #expect(try row.get(name) == nil)
    }

    @Test func twoCursorsOverOneQueryShapeDoNotShareAStatement() throws {
        let db = try makeUsersDatabase()
        let first = try db.cursor(users.select(email).filter(id == 1))
        let third = try db.cursor(users.select(email).filter(id == 3))
        #expect(try first.next()?.get(email) == "alice@mac.com")
        #expect(try third.next()?.get(email) == "cathy@icloud.com")
        #expect(try first.next() == nil)
    }

    @Test func customValuesSnapshotsAndForEach() throws {
        struct Cents: Value, Equatable {
            let amount: Int64
            static let declaredDatatype = Int64.declaredDatatype
            static func fromDatatypeValue(_ value: Int64) -> Cents { Cents(amount: value) }
            var datatypeValue: Int64 { amount }
        }
        let db = try makeUsersDatabase()
        let cents = SQLExpression<Cents>("balance_cents")
        let query = users.select(id, SQLExpression<Int64>(literal: "CAST(\"balance\" * 100 AS INTEGER) AS \"balance_cents\"")).order(id)
        var seen: [Cents] = []
        var snapshots: [Row] = []
        try db.cursor(query).forEach { row in
            seen.append(try row.get(cents))
            snapshots.append(row.snapshot())
        }
        #expect(seen == [Cents(amount: 10_000), Cents(amount: 2_000_000), Cents(amount: 500)])
        #expect(try snapshots.map { try $0.get(id) } == [1, 2, 3])
        #expect(try snapshots.map { try $0.get(cents) } == seen)
    }

    @Test func nonASCIIColumnNamesReadTheSameInPlaceAndCopied() throws {
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE t (\"caf\u{E9}\" INTEGER, \"\u{1F600}\" TEXT, plain INTEGER)")
        try db.execute(sql: "INSERT INTO t VALUES (1, 'smile', 2)")
        let table = Table("t")
        let cafe = SQLExpression<Int64>("cafe\u{301}")  // decomposed: canonically equal
        let smile = SQLExpression<String>("\u{1F600}")
        let plain = SQLExpression<Int64>("plain")
        let copied = try #require(try db.pluck(table))
        #expect(try copied.get(cafe) == 1 && copied.get(smile) == "smile" && copied.get(plain) == 2)
        let row = try #require(try db.cursor(table).next())
        for _ in 0..<2 {
            #expect(try row.get(cafe) == 1)
            #expect(try row.get(smile) == "smile")
            #expect(try row.get(plain) == 2)
        }
    }

    @Test func aLockedDatabaseIsBusyThenReadable() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("cursor.sqlite")
        let db = try directory.database("cursor.sqlite", "CREATE TABLE t (v INTEGER); INSERT INTO t VALUES (1), (2)")
        let other = try Connection(path)
        try other.execute(sql: "BEGIN EXCLUSIVE")  // rollback journal: readers are locked out
        let v = SQLExpression<Int64>("v")
        let cursor = try db.cursor(Table("t").order(v))
        #expect(sqliteError { _ = try cursor.next() }.map { $0.code == SQLITE_BUSY } == true)
        try other.execute(sql: "ROLLBACK")
        #expect(try db.cursor(Table("t").order(v)).map { try $0.get(v) } == [1, 2])
    }

    @Test func schemaChangesAndClosedConnections() throws {
        let db = try makeUsersDatabase()
        try db.execute(sql: "ALTER TABLE users ADD COLUMN nickname TEXT DEFAULT 'nick'")
        let nickname = SQLExpression<String>("nickname")
        #expect(try db.cursor(users.order(id)).map { try $0.get(nickname) } == ["nick", "nick", "nick"])
        let cursor = try db.cursor(users)
        db.close()
        #expect(sqliteError { _ = try cursor.next() }.map { $0.code == SQLITE_MISUSE } == true)
        #expect(throws: SQLiteError.self) { _ = try db.cursor(users) }
    }
}
