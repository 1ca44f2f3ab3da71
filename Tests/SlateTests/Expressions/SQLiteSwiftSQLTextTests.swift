import Foundation
import Slate
import Testing

/// The typed layer generates the SQL text SQLite.swift 0.16's implementation generates, so
/// migrated snapshot tests and logs see the same statements; each form also runs on SQLite.
@Suite("SQL text as SQLite.swift generates it")
struct SQLiteSwiftSQLTextTests {
    let b = SQLExpression<Bool>("b")
    let i = SQLExpression<Int>("i")
    let i64 = SQLExpression<Int64>("i64")
    let opt = SQLExpression<String?>("opt")
    let s = SQLExpression<String>("s")
    let d = SQLExpression<Double>("d")

    @Test func prefixOperatorsParenthesizeTheirOperand() {
        #expect((!b).asSQL() == "NOT (\"b\")")
        #expect((-i).asSQL() == "-(\"i\")")
        #expect((~i64).asSQL() == "~(\"i64\")")
        #expect((!(i == 1)).asSQL() == "NOT ((\"i\" = 1))")
    }

    @Test func nilComparisonsAreParenthesizedIS() {
        #expect((opt == nil).asSQL() == "(\"opt\" IS NULL)")
        #expect((nil == opt).asSQL() == "(NULL IS \"opt\")")
        #expect((opt != nil).asSQL() == "(\"opt\" IS NOT NULL)")
        #expect((nil != opt).asSQL() == "(NULL IS NOT \"opt\")")
        #expect((opt === nil).asSQL() == "(\"opt\" IS NULL)")
        #expect((opt !== nil).asSQL() == "(\"opt\" IS NOT NULL)")
    }

    @Test func matchAndCollateAreParenthesized() {
        #expect(s.match("a*").asSQL() == "(\"s\" MATCH 'a*')")
        #expect(s.collate(.nocase).asSQL() == "(\"s\" COLLATE NOCASE)")
        #expect(s.collate(.rtrim).asSQL() == "(\"s\" COLLATE RTRIM)")
        #expect(s.collate(.custom("NODIACRITIC")).asSQL() == "(\"s\" COLLATE \"NODIACRITIC\")")
        #expect(VirtualTable("v").match("x").asSQL() == "(\"v\" MATCH 'x')")
    }

    @Test func compoundSettersParenthesizeTheNewValue() {
        let t = Table("t")
        #expect(t.update(i += 1).asSQL() == "UPDATE \"t\" SET \"i\" = (\"i\" + 1)")
        #expect(t.update(i++).asSQL() == "UPDATE \"t\" SET \"i\" = (\"i\" + 1)")
        #expect(t.update(s += "x").asSQL() == "UPDATE \"t\" SET \"s\" = (\"s\" || 'x')")
        #expect(t.update(i64 ^= i64).asSQL() == "UPDATE \"t\" SET \"i64\" = (~((\"i64\" & \"i64\")) & (\"i64\" | \"i64\"))")
    }

    @Test func rangesAndXor() {
        #expect((1.2..<4.5 ~= d).asSQL() == "\"d\" >= 1.2 AND \"d\" < 4.5")
        #expect((1...3 ~= i).asSQL() == "\"i\" BETWEEN 1 AND 3")
        let a = SQLExpression<Int64>("a"), c = SQLExpression<Int64>("b")
        #expect((a ^ c).asSQL() == "(~((\"a\" & \"b\")) & (\"a\" | \"b\"))")
    }

    @Test func theGeneratedFormsRunAndMeanTheSame() throws {
        let db = try Connection()
        try db.execute(
            sql: """
                CREATE TABLE t (b INTEGER NOT NULL, i INTEGER NOT NULL, i64 INTEGER NOT NULL, opt TEXT, s TEXT NOT NULL, d REAL NOT NULL);
                INSERT INTO t VALUES (1, 2, 6, NULL, 'A', 2.0), (0, 5, 3, 'x', 'b', 9.0);
                """)
        let t = Table("t")
        #expect(try db.scalar(t.filter(!b).count) == 1)
        #expect(try db.scalar(t.filter(opt == nil).count) == 1)
        #expect(try db.scalar(t.filter(nil != opt).count) == 1)
        #expect(try db.scalar(t.filter(1.2..<4.5 ~= d && i == 2).count) == 1)
        #expect(try db.scalar(t.filter(s.collate(.nocase) == "a").count) == 1)
        #expect(try db.run(t.filter(i == 2).update(i += 1, i64 ^= 5)) == 1)
        #expect(try db.pluck(t.select(i, i64, -i).filter(b))?.get(i) == 3)
        #expect(try db.pluck(t.select(i64).filter(b))?.get(i64) == 3)  // 6 XOR 5
        // A bad column in the same forms still fails cleanly and leaves the table as it was.
        #expect(throws: SQLiteError.self) { try db.run(t.update(SQLExpression<Int>("nope") += 1)) }
        #expect(try db.scalar(t.count) == 2)
    }

    @Test func columnDefinitionsInSQLiteSwiftsOrder() {
        let t = Table("t")
        let sql = t.create { t in
            t.column(i, primaryKey: true)
            t.column(s, unique: true, check: s != "", defaultValue: "s", collate: .rtrim)
            t.column(d, defaultValue: 0)
        }
        #expect(
            sql == """
                CREATE TABLE "t" ("i" INTEGER PRIMARY KEY NOT NULL, \
                "s" TEXT NOT NULL UNIQUE CHECK ("s" != '') DEFAULT ('s') COLLATE RTRIM, \
                "d" REAL NOT NULL DEFAULT (0.0))
                """)
    }

    @Test func tableConstraintsInSQLiteSwiftsSpacing() throws {
        let parents = Table("parents"), children = Table("children")
        let id = SQLExpression<Int64>("id"), parent = SQLExpression<Int64>("parent"), x = SQLExpression<Int>("x")
        let sql = children.create { t in
            t.column(id)
            t.column(parent)
            t.column(x)
            t.primaryKey(id, parent)
            t.unique(x)
            t.check(x > 0)
            t.foreignKey(parent, references: parents, id, delete: .cascade)
        }
        #expect(
            sql == """
                CREATE TABLE "children" ("id" INTEGER NOT NULL, "parent" INTEGER NOT NULL, "x" INTEGER NOT NULL, \
                PRIMARY KEY ("id", "parent"), UNIQUE ("x"), CHECK (("x" > 0)), \
                FOREIGN KEY ("parent") REFERENCES "parents" ("id") ON DELETE CASCADE)
                """)
        let db = try Connection()
        try db.run(parents.create { t in t.column(id, primaryKey: true) })
        try db.run(sql)
        // The CHECK and the foreign key work as written.
        try db.execute(sql: "PRAGMA foreign_keys = ON")
        try db.run(parents.insert(id <- 1))
        #expect(throws: SQLiteError.self) { try db.run(children.insert(id <- 1, parent <- 1, x <- 0)) }
        #expect(throws: SQLiteError.self) { try db.run(children.insert(id <- 1, parent <- 2, x <- 1)) }
        #expect(try db.run(children.insert(id <- 1, parent <- 1, x <- 1)) == 1)
    }

    @Test func joinsOfAliasedAndFilteredTables() throws {
        let users = Table("users"), posts = Table("posts")
        let id = SQLExpression<Int64>("id"), managerID = SQLExpression<Int64?>("manager_id")
        let userID = SQLExpression<Int64>("user_id"), published = SQLExpression<Bool>("published")
        let managers = users.alias("managers")
        #expect(
            users.join(managers, on: managers[id] == users[managerID]).asSQL() == """
                SELECT * FROM "users" INNER JOIN "users" AS "managers" ON ("managers"."id" = "users"."manager_id")
                """)
        // A filtered table: its filter moves into ON, as SQLite.swift writes it.
        #expect(
            users.join(posts.filter(published), on: posts[userID] == users[id]).asSQL() == """
                SELECT * FROM "users" INNER JOIN "posts" ON (("posts"."user_id" = "users"."id") AND "published")
                """)
        let db = try Connection()
        try db.execute(
            sql: """
                CREATE TABLE users (id INTEGER PRIMARY KEY, manager_id INTEGER);
                CREATE TABLE posts (id INTEGER PRIMARY KEY, user_id INTEGER, published INTEGER);
                INSERT INTO users VALUES (1, NULL), (2, 1);
                INSERT INTO posts VALUES (1, 1, 1), (2, 1, 0), (3, 2, 1);
                """)
        #expect(try db.scalar(users.join(managers, on: managers[id] == users[managerID]).count) == 1)
        #expect(try db.scalar(users.join(posts.filter(published), on: posts[userID] == users[id]).count) == 2)
        #expect(try db.scalar(users.join(.leftOuter, posts.filter(published), on: posts[userID] == users[id]).count) == 2)
    }
}
