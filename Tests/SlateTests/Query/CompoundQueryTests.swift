import Foundation
import Slate
import SlateTestSupport
import Testing

@Suite("Unions, recursive queries, subqueries, aliases and JSON")
struct CompoundQueryTests: UsersFixture {
    func makeManagersDatabase() throws -> Connection {
        try inMemoryDatabase(
            """
            CREATE TABLE managers (id INTEGER PRIMARY KEY, manager_id INTEGER NOT NULL);
            INSERT INTO managers VALUES (2, 0), (5, 2), (8, 5), (9, 5);
            """)
    }

    @Test func union() throws {
        let query = users.select(email).filter(id == 1).union(users.select(email).filter(id == 3))
        #expect(
            query.asSQL()
                == "SELECT \"email\" FROM \"users\" WHERE (\"id\" = 1) UNION SELECT \"email\" FROM \"users\" WHERE (\"id\" = 3)")
        let db = try makeUsersDatabase()
        #expect(try db.cursor(query).map { try $0.get(email) } == ["alice@mac.com", "cathy@icloud.com"])
        let all = users.select(email).filter(id == 1).union(all: true, users.select(email).filter(id == 1))
        #expect(all.asSQL().contains(" UNION ALL SELECT "))
        #expect(try db.cursor(all).map { try $0.get(email) } == ["alice@mac.com", "alice@mac.com"])
    }

    @Test func recursiveWith() throws {
        let managers = Table("managers")
        let chain = Table("chain")
        let managerId = SQLExpression<Int64>("manager_id")
        let query =
            managers
            .filter(id == 8)
            .union(chain.join(managers, on: chain[managerId] == managers[id]))
        // The documentation prints this statement indented over several lines, with `WHERE "id" = 8`
        // unparenthesized and a bare `JOIN`; Slate renders one line with its usual parentheses.
        #expect(
            chain.with(chain, recursive: true, as: query).asSQL()
                == "WITH RECURSIVE \"chain\" AS (SELECT * FROM \"managers\" WHERE (\"id\" = 8) UNION SELECT * FROM \"chain\" "
                + "INNER JOIN \"managers\" ON (\"chain\".\"manager_id\" = \"managers\".\"id\")) SELECT * FROM \"chain\"")
        // As printed, the recursive part selects the columns of both tables, which SQLite rejects
        // (the two sides of UNION differ in width); selecting `managers[*]` makes it runnable.
        let db = try makeManagersDatabase()
        #expect(throws: SQLiteError.self) { _ = try db.cursor(chain.with(chain, recursive: true, as: query)) }
        let runnable = managers.filter(id == 8)
            .union(chain.select(managers[*]).join(managers, on: chain[managerId] == managers[id]))
        #expect(try db.cursor(chain.with(chain, recursive: true, as: runnable)).map { try $0.get(id) } == [8, 5, 2])
    }

    @Test(.enabled(if: SQLite.versionNumber >= 3_035_000, "MATERIALIZED hints need SQLite 3.35"))
    func recursiveWithColumnsAndHint() throws {
        let managers = Table("managers")
        let chain = Table("chain")
        let managerId = SQLExpression<Int64>("manager_id")
        let level = SQLExpression<Int64>("level")
        let queryWithLevel =
            managers
            .select(id, managerId, 0)
            .filter(id == 8)
            .union(
                chain
                    .select(managers[id], managers[managerId], level + 1)
                    .join(managers, on: chain[managerId] == managers[id])
            )
        let query = chain.with(chain, columns: [id, managerId, level], recursive: true, hint: .materialize, as: queryWithLevel)
        // The documentation prints the result columns as a row value, `SELECT ("id", "manager_id", 0)`,
        // and `"manager"."id"` for `managers[id]`: invalid SQL (a row value is not a column list;
        // there is no table "manager"). Slate lists the columns.
        #expect(
            query.asSQL()
                == "WITH RECURSIVE \"chain\" (\"id\", \"manager_id\", \"level\") AS MATERIALIZED ("
                + "SELECT \"id\", \"manager_id\", 0 FROM \"managers\" WHERE (\"id\" = 8) UNION "
                + "SELECT \"managers\".\"id\", \"managers\".\"manager_id\", (\"level\" + 1) FROM \"chain\" "
                + "INNER JOIN \"managers\" ON (\"chain\".\"manager_id\" = \"managers\".\"id\")) SELECT * FROM \"chain\"")
        let db = try makeManagersDatabase()
        let rows = try db.cursor(query).map { $0.snapshot() }
        #expect(try rows.map { try $0.get(id) } == [8, 5, 2])
        #expect(try rows.map { try $0.get(level) } == [0, 1, 2])
        let plain = chain.with(chain, columns: [id], hint: .notMaterialize, as: managers.select(id))
        #expect(plain.asSQL() == "WITH \"chain\" (\"id\") AS NOT MATERIALIZED (SELECT \"id\" FROM \"managers\") SELECT * FROM \"chain\"")
        #expect(try db.cursor(plain).map { try $0.get(id) } == [2, 5, 8, 9])
    }

    @Test func subqueries() throws {
        let authors = posts.select(userID)
        let query = users.filter(authors.contains(id))
        #expect(query.asSQL() == "SELECT * FROM \"users\" WHERE (\"id\" IN (SELECT \"user_id\" FROM \"posts\"))")
        let db = try makeUsersDatabase()
        #expect(try db.cursor(query).map { try $0.get(id) } == [1, 3])
        let withPosts = users.filter(exists(posts.filter(userID == users[id])))
        #expect(
            withPosts.asSQL()
                == "SELECT * FROM \"users\" WHERE EXISTS (SELECT * FROM \"posts\" WHERE (\"user_id\" = \"users\".\"id\"))")
        #expect(try db.cursor(withPosts).map { try $0.get(id) } == [1, 3])
        #expect(try db.cursor(users.filter(!exists(posts.filter(userID == users[id])))).map { try $0.get(id) } == [2])
        let postCount = SQLExpression(posts.filter(userID == users[id]).count)
        let counted = users.select(email, postCount).order(id)
        #expect(
            counted.asSQL()
                == "SELECT \"email\", (SELECT count(*) FROM \"posts\" WHERE (\"user_id\" = \"users\".\"id\")) FROM \"users\" ORDER BY \"id\"")
        #expect(try db.cursor(counted).map { try $0.get(postCount) } == [2, 0, 1])
    }

    @Test func columnAliases() throws {
        let initial = email.substring(1, length: 1).uppercaseString.alias("initial")
        let query = users.select(id, initial).order(id)
        #expect(query.asSQL() == "SELECT \"id\", upper(substr(\"email\", 1, 1)) AS \"initial\" FROM \"users\" ORDER BY \"id\"")
        let db = try makeUsersDatabase()
        let rows = try db.cursor(query).map { $0.snapshot() }
        #expect(try rows.map { try $0.get(initial) } == ["A", "B", "C"])
        #expect(try rows.map { try $0.get(SQLExpression<String>("initial")) } == ["A", "B", "C"])
    }

    @Test(.enabled(if: LinkedSQLite.hasJSON, "needs SQLite's JSON functions"))
    func json() throws {
        let db = try inMemoryDatabase(
            """
            CREATE TABLE docs (id INTEGER PRIMARY KEY, body TEXT NOT NULL);
            INSERT INTO docs VALUES (1, '{"name":"Ada","tags":["x","y"],"age":36}'), (2, '{"name":"Bob","tags":[]}');
            """)
        let docs = Table("docs")
        let body = SQLExpression<String>("body")
        let docName: SQLExpression<String?> = body.jsonExtract("$.name")
        #expect(docName.asSQL() == "json_extract(\"body\", '$.name')")
        #expect(try db.cursor(docs.select(docName).order(id)).map { try $0.get(docName) } == ["Ada", "Bob"])
        let age = body.jsonExtract("$.age", as: Int64.self)
        #expect(try db.cursor(docs.filter(age > 30)).map { try $0.get(id) } == [1])

        guard SQLite.versionNumber >= 3_038_000 else {
            #expect(throws: SQLiteError.self) { _ = try body.json("$.tags") }
            return
        }
        let tags = try body.json("$.tags")
        #expect(tags.asSQL() == "(\"body\" -> '$.tags')")
        #expect(try db.cursor(docs.select(tags).order(id)).map { try $0.get(tags) } == ["[\"x\",\"y\"]", "[]"])
        let first = try body.jsonValue("$.tags[0]", as: String.self)
        #expect(first.asSQL() == "(\"body\" ->> '$.tags[0]')")
        #expect(try db.cursor(docs.select(first).order(id)).map { try $0.get(first) } == ["x", nil])
    }

    @Test(.enabled(if: LinkedSQLite.hasJSON, "needs SQLite's JSON functions"))
    func jsonEachAsATable() throws {
        let db = try Connection()
        let value = SQLExpression<String>("value")
        let each = Table.jsonEach(SQLExpression<String>(value: "[\"a\",\"b\",\"c\"]"))
        #expect(each.select(value).asSQL() == "SELECT \"value\" FROM json_each('[\"a\",\"b\",\"c\"]')")
        #expect(try db.cursor(each.select(value)).map { try $0.get(value) } == ["a", "b", "c"])
        #expect(try db.cursor(each).map { try $0.get(value) } == ["a", "b", "c"])

        try db.execute(
            sql: """
                CREATE TABLE docs (id INTEGER PRIMARY KEY, tags TEXT NOT NULL);
                INSERT INTO docs VALUES (1, '["x","y"]'), (2, '["z"]');
                """)
        let docs = Table("docs")
        let tags = SQLExpression<String>("tags")
        let elements = Table.jsonEach(docs[tags])
        let query = docs.select(docs[id], elements[value]).join(.cross, elements).order(docs[id], elements[value])
        #expect(
            query.asSQL()
                == "SELECT \"docs\".\"id\", \"json_each\".\"value\" FROM \"docs\" CROSS JOIN json_each(\"docs\".\"tags\") "
                + "ORDER BY \"docs\".\"id\", \"json_each\".\"value\"")
        let pairs = try db.cursor(query).map { "\(try $0.get(docs[id])):\(try $0.get(elements[value]))" }
        #expect(pairs == ["1:x", "1:y", "2:z"])
        let path = Table.jsonEach(SQLExpression<String>(value: "{\"a\":[1,2]}"), path: "$.a")
        #expect(try db.cursor(path).map { try $0.get(SQLExpression<Int64>("value")) } == [1, 2])
    }
}

@Suite("Function calls and schema changes")
struct FunctionCallTests {
    @Test func namedFunctionCalls() throws {
        let uti = SQLExpression<String>("UTI")
        let attachments = Table("attachments")
        let call = SQLExpression<Bool>(function: "typeConformsTo", [uti, "public.image"])
        #expect(
            attachments.filter(call).asSQL()
                == "SELECT * FROM \"attachments\" WHERE \"typeConformsTo\"(\"UTI\", 'public.image')")
        let db = try Connection()
        #expect(try db.scalar(SQLExpression<Int64>(function: "max", [SQLExpression<Int64>(value: 3), 9], quoted: false)) == 9)
    }

    @Test func layoutFollowsSchemaChanges() throws {
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE t (a INTEGER NOT NULL); INSERT INTO t VALUES (1)")
        let t = Table("t")
        #expect(try db.pluck(t)?.get(SQLExpression<Int64>("a")) == 1)
        try db.execute(sql: "ALTER TABLE t ADD COLUMN b TEXT DEFAULT 'x'")
        let row = try #require(try db.pluck(t))
        #expect(try row.get(SQLExpression<String?>("b")) == "x")
        #expect(try row.get(SQLExpression<Int64>("a")) == 1)
    }
}

@Suite("Lazy execution")
struct LazyExecutionTests: UsersFixture {
    @Test func ambiguousColumnInSQLIsAPrepareError() throws {
        let db = try makeUsersDatabase()
        do {
            _ = try db.cursor(users.join(posts, on: userID == id))
            Issue.record("expected an error")
        } catch {
            #expect(error.explanation.contains("ambiguous column name: id"))
        }
    }
}
