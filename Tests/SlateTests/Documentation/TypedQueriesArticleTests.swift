// swift-format-ignore-file
// (This file mirrors the documentation's code blocks line for line: it keeps their layout.)
import Foundation
import Slate
import Testing

/// The examples of `Slate.docc/TypedQueries.md`, so the article cannot drift from the API.
@Suite("Typed queries article")
struct TypedQueriesArticleTests {
    enum Status: String, Value { case active, archived }     // enums store their raw value

    struct Celsius: Value {
        let degrees: Double
        static let declaredDatatype = Double.declaredDatatype
        static func fromDatatypeValue(_ value: Double) -> Celsius { Celsius(degrees: value) }
        var datatypeValue: Double { degrees }
    }

    // The article shows UPSERT (3.24) and RETURNING (3.35); OldSQLiteTests covers their errors on older libraries.
    @Test(.enabled(if: SQLite.versionNumber >= 3_035_000, "the article uses RETURNING"))
    func tour() throws {
        let db = try Connection()
        try db.execute(sql: """
            CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT UNIQUE NOT NULL, name TEXT, balance REAL NOT NULL DEFAULT 0);
            CREATE TABLE posts (id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL);
            """)

        let users = Table("users")
        let id = SQLExpression<Int64>("id")
        let email = SQLExpression<String>("email")
        let name = SQLExpression<String?>("name")          // may be NULL
        let balance = SQLExpression<Double>("balance")

        let alice = try db.run(users.insert(email <- "alice@mac.com", name <- "Alice"))   // rowid
        try db.run(users.insertMany([email <- "betty@mac.com"], [email <- "cathy@mac.com"]))
        try db.run(users.upsert(email <- "alice@mac.com", name <- "Alice B.", onConflictOf: email))
        let changed = try db.run(users.filter(id == alice).update(balance += 10))           // 1
        let returned = try db.run(users.filter(id > alice).update(balance -= 1).returning(id, balance))
        #expect(alice == 1)
        #expect(changed == 1)
        #expect(try returned.map { try $0.get(balance) } == [-1, -1])

        let cursor = try db.cursor(users.order(id))           // the primary read: rows in place
        while let user = try cursor.next() { _ = try user.get(email) }
        let query = users.select(id, email)
            .filter(name != nil && balance >= 10)           // WHERE ("name" IS NOT NULL AND …)
            .order(email.desc)
            .limit(10)
        let found = try db.cursor(query).map { "\(try $0.get(id)) \(try $0.get(email))" }   // copied out
        let names = try db.cursor(users).map { try $0.get(name) }
        #expect(found == ["1 alice@mac.com"])
        #expect(query.asSQL()
            == "SELECT \"id\", \"email\" FROM \"users\" WHERE ((\"name\" IS NOT NULL) AND (\"balance\" >= 10.0)) ORDER BY \"email\" DESC LIMIT 10")
        #expect(names == ["Alice B.", nil, nil])
        let emailCursor = try db.cursor(users.order(id))
        var emails: [String] = []
        while let user = try emailCursor.next() { emails.append(try user.get(email)) }
        #expect(emails == ["alice@mac.com", "betty@mac.com", "cathy@mac.com"])
        let count = try db.scalar(users.count)                // Int
        let richest = try db.scalar(users.select(balance.max)) // Double?
        #expect(count == 3)
        #expect(richest == 10)

        let posts = Table("posts")
        let userID = SQLExpression<Int64>("user_id")
        try db.run(posts.insert(userID <- alice))
        let authors = users.join(posts, on: posts[userID] == users[id])
        let managers = users.alias("managers")
        let withPosts = users.filter(exists(posts.filter(userID == users[id])))
        let postCount = SQLExpression(posts.filter(userID == users[id]).count)   // scalar subquery
        let report = users.select(email, postCount.alias("posts"))
        #expect(try db.cursor(authors).map { $0.snapshot() }.count == 1)
        #expect(managers.asSQL() == "SELECT * FROM \"users\" AS \"managers\"")
        #expect(try db.cursor(withPosts).map { try $0.get(email) } == ["alice@mac.com"])
        #expect(try db.cursor(report).map { try $0.get(postCount.alias("posts")) } == [1, 0, 0])
        #expect(try db.cursor(report).map { try $0.get(SQLExpression<Int>("posts")) } == [1, 0, 0])

        try db.execute(sql: "CREATE TABLE readings (status TEXT NOT NULL, temperature REAL NOT NULL)")
        let readings = Table("readings")
        let status = SQLExpression<Status>("status")
        let temperature = SQLExpression<Celsius>("temperature")
        try db.run(readings.insert(status <- .active, temperature <- Celsius(degrees: 21.5)))
        let reading = try #require(try db.pluck(readings))
        #expect(try reading.get(status) == .active)
        #expect(try reading.get(temperature).degrees == 21.5)
    }
}
