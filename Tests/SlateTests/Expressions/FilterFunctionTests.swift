import Foundation
import Slate
import SlateTestSupport
import Testing

@Suite("Filter operators and functions")
struct FilterFunctionTests: UsersFixture {
    let publishedAt = SQLExpression<Date>("published_at")

    @Test func documentedFilters() throws {
        #expect(
            users.filter([1, 2, 3, 4, 5].contains(id)).asSQL()
                == "SELECT * FROM \"users\" WHERE (\"id\" IN (1, 2, 3, 4, 5))")
        #expect(
            users.filter(email.like("%@mac.com")).asSQL()
                == "SELECT * FROM \"users\" WHERE (\"email\" LIKE '%@mac.com')")
        // The documentation prints `(lower("name") == 'alice')`, but prints `=` for every other
        // equality (`WHERE ("id" = 1)`); Slate uses `=` consistently (both are valid SQLite).
        #expect(
            users.filter(verified && name.lowercaseString == "alice").asSQL()
                == "SELECT * FROM \"users\" WHERE (\"verified\" AND (lower(\"name\") = 'alice'))")
        let db = try makeUsersDatabase()
        #expect(try db.cursor(users.filter([1, 3, 5].contains(id))).map { try $0.get(id) } == [1, 3])
        #expect(try db.cursor(users.filter(email.like("%@mac.com"))).map { try $0.get(id) } == [1])
        #expect(try db.cursor(users.filter(verified && name.lowercaseString == "alice")).map { try $0.get(id) } == [1])
        #expect(try db.cursor(users.filter([Int64]().contains(id))).map { try $0.get(id) } == [])
    }

    @Test func likeWithEscapeGlobAndMatch() throws {
        #expect(email.like("100\\%", escape: "\\").asSQL() == "(\"email\" LIKE '100\\%' ESCAPE '\\')")
        #expect(email.glob("*@mac.com").asSQL() == "(\"email\" GLOB '*@mac.com')")
        #expect(SQLExpression<String>("subject").match("Re:*").asSQL() == "(\"subject\" MATCH 'Re:*')")
        #expect(name.like("A%").asSQL() == "(\"name\" LIKE 'A%')")
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE t (email TEXT NOT NULL); INSERT INTO t VALUES ('100%'), ('1000'), ('A@mac.com')")
        let t = Table("t")
        #expect(try db.cursor(t.filter(email.like("100\\%", escape: "\\"))).map { try $0.get(email) } == ["100%"])
        #expect(try db.cursor(t.filter(email.like("100%"))).map { try $0.get(email) } == ["100%", "1000"])
        #expect(try db.cursor(t.filter(email.glob("*@mac.com"))).map { try $0.get(email) } == ["A@mac.com"])
        #expect(try db.cursor(t.filter(email.glob("*@MAC.com"))).map { try $0.get(email) } == [])
    }

    @Test func rangesBecomeBetween() throws {
        let start = Date(timeIntervalSince1970: 0)
        let end = Date(timeIntervalSince1970: 1_416_314_730)
        // The documentation prints these two without the parentheses it prints around every other
        // comparison (`WHERE ("id" = 1)`); Slate parenthesizes comparisons consistently.
        #expect(
            posts.filter(publishedAt <= end).asSQL()
                == "SELECT * FROM \"posts\" WHERE (\"published_at\" <= '2014-11-18T12:45:30.000')")
        #expect(
            posts.filter(start...end ~= publishedAt).asSQL()
                == "SELECT * FROM \"posts\" WHERE \"published_at\" BETWEEN '1970-01-01T00:00:00.000' AND '2014-11-18T12:45:30.000'")
        #expect((1..<5 ~= id).asSQL() == "\"id\" >= 1 AND \"id\" < 5")
        // SQLite.swift 0.16 writes partial ranges without parentheses (its OperatorsTests).
        #expect((2... ~= id).asSQL() == "\"id\" >= 2")
        let db = try makeUsersDatabase()
        let dated = SQLExpression<Date?>("published_at")
        #expect(try db.cursor(posts.filter(start...end ~= dated)).map { try $0.get(SQLExpression<Int64>("id")) } == [1, 3])
        #expect(try db.cursor(users.filter(2..<4 ~= id)).map { try $0.get(id) } == [2, 3])
        // BETWEEN nested in another operator keeps its meaning.
        #expect(((2...3 ~= id) == false).asSQL() == "((\"id\" BETWEEN 2 AND 3) = 0)")
        #expect(try db.cursor(users.filter((2...3 ~= id) == false)).map { try $0.get(id) } == [1])
    }

    @Test func nilComparisonsBecomeIs() throws {
        let db = try makeUsersDatabase()
        #expect(try db.cursor(users.filter(name == nil)).map { try $0.get(id) } == [2])
        #expect(try db.cursor(users.filter(name != nil)).map { try $0.get(id) } == [1, 3])
        #expect(try db.cursor(users.filter(name === "Alice")).map { try $0.get(id) } == [1])
        #expect(try db.cursor(users.filter(name !== "Alice")).map { try $0.get(id) } == [2, 3])
        // A NULL test used as an operand is parenthesized so SQLite cannot regroup it.
        #expect(((name == nil) == true).asSQL() == "((\"name\" IS NULL) = 1)")
        #expect(try db.cursor(users.filter((name == nil) == true)).map { try $0.get(id) } == [2])
        #expect(try db.cursor(users.filter(!verified)).map { try $0.get(id) } == [2])
    }

    @Test func castConcatenationAndIfnull() throws {
        // The documentation's `sentence` example, byte for byte.
        let sentence = name + " is " + cast(age) as SQLExpression<String?> + " years old!"
        let query = users.select(sentence)
        #expect(
            query.asSQL()
                == "SELECT (((\"name\" || ' is ') || CAST (\"age\" AS TEXT)) || ' years old!') FROM \"users\"")
        let db = try makeUsersDatabase()
        let sentences = try db.cursor(query).map { try $0.get(sentence) }
        #expect(sentences == ["Alice is 30 years old!", nil, "Cathy is 41 years old!"])
        #expect((name ?? email).asSQL() == "ifnull(\"name\", \"email\")")
        #expect(
            try db.cursor(users.select(name ?? email)).map { try $0.get(name ?? email) }
                == ["Alice", "betty@icloud.com", "Cathy"])
        #expect(try db.cursor(users.select(name ?? "nobody").filter(id == 2)).map { try $0.get(name ?? "nobody") } == ["nobody"])
    }

    @Test func collations() throws {
        let restaurants = Table("restaurants")
        let title = SQLExpression<String>("name")
        #expect(
            restaurants.order(collate(.custom("NODIACRITIC"), title)).asSQL()
                == "SELECT * FROM \"restaurants\" ORDER BY (\"name\" COLLATE \"NODIACRITIC\")")
        #expect(
            restaurants.order(title.collate(.nocase)).asSQL()
                == "SELECT * FROM \"restaurants\" ORDER BY (\"name\" COLLATE NOCASE)")
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE restaurants (name TEXT NOT NULL); INSERT INTO restaurants VALUES ('c'), ('a'), ('B')")
        #expect(try db.cursor(restaurants.order(title)).map { try $0.get(title) } == ["B", "a", "c"])
        #expect(try db.cursor(restaurants.order(title.collate(.nocase))).map { try $0.get(title) } == ["a", "B", "c"])
        #expect(try db.cursor(restaurants.filter(title.collate(.nocase) == "b")).map { try $0.get(title) } == ["B"])
    }

    @Test func coreFunctions() throws {
        let text = SQLExpression<String>("t")
        let number = SQLExpression<Double>("n")
        #expect(number.absoluteValue.asSQL() == "abs(\"n\")")
        #expect(number.round(2).asSQL() == "round(\"n\", 2)")
        #expect(text.length.asSQL() == "length(\"t\")")
        #expect(text.uppercaseString.asSQL() == "upper(\"t\")")
        #expect(text.trim().asSQL() == "trim(\"t\")")
        #expect(text.ltrim(["x"]).asSQL() == "ltrim(\"t\", 'x')")
        #expect(text.replace("a", with: "b").asSQL() == "replace(\"t\", 'a', 'b')")
        #expect(text.substring(2, length: 3).asSQL() == "substr(\"t\", 2, 3)")
        #expect(text.substring(1..<3).asSQL() == "substr(\"t\", 2, 2)")
        #expect(SQLExpression<Int64>.random().asSQL() == "random()")
        let db = try Connection()
        #expect(try db.scalar(SQLExpression<Double>(value: -2.5).absoluteValue) == 2.5)
        #expect(try db.scalar(SQLExpression<Double>(value: 2.345).round(2)) == 2.35)
        #expect(try db.scalar(SQLExpression<String>(value: "  hi  ").trim()) == "hi")
        #expect(try db.scalar(SQLExpression<String>(value: "xxhi").ltrim(["x"])) == "hi")
        #expect(try db.scalar(SQLExpression<String>(value: "hello").substring(1..<3)) == "el")
        #expect(try db.scalar(SQLExpression<String>(value: "hello").replace("l", with: "L")) == "heLLo")
        #expect(try db.scalar(SQLExpression<String>(value: "héllo").length) == 5)
        #expect(try db.scalar(SQLExpression<String>(value: "abc").uppercaseString) == "ABC")
        #expect(try db.scalar(SQLExpression<String>(value: "abc").hex) == "616263")
        #expect(try db.scalar(SQLExpression<Double>(value: 1).typeof) == "real")
        #expect(try db.scalar(SQLExpression<Blob>.random(4).length) == 4)
        #expect(try db.scalar(cast(SQLExpression<Int>(value: 42)) as SQLExpression<String>) == "42")
    }

    @Test func arithmeticRunsInSQLite() throws {
        let db = try Connection()
        let seven = SQLExpression<Int64>(value: 7)
        #expect(try db.scalar(seven + 1) == 8)
        #expect(try db.scalar(seven * 2 - 4) == 10)
        #expect(try db.scalar(seven / 2) == 3)
        #expect(try db.scalar(seven % 4) == 3)
        #expect(try db.scalar(seven << 1) == 14)
        #expect(try db.scalar(seven >> 1) == 3)
        #expect(try db.scalar(seven & 3) == 3)
        #expect(try db.scalar(seven | 8) == 15)
        #expect(try db.scalar(seven ^ 5) == 2)
        #expect(try db.scalar(~seven) == -8)
        #expect(try db.scalar(-seven) == -7)
        #expect(try db.scalar(SQLExpression<String>(value: "a") + "b") == "ab")
    }
}
