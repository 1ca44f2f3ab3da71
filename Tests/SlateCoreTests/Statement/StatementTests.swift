import Foundation
import SlateCore
import SlateCoreTestSupport
import Testing

@Suite("Statement")
struct StatementTests {
    func makeDatabase() throws -> Connection {
        try inMemoryDatabase("CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT NOT NULL, age INTEGER)")
    }

    @Test("prepare compiles exactly one statement; trailing comments and semicolons are fine")
    func exactlyOne() throws {
        let db = try makeDatabase()
        _ = try db.prepare(sql: "SELECT 1;")
        _ = try db.prepare(sql: "SELECT 1; -- a comment\n /* another */ ;", options: [.persistent])
        let trailing = sqliteError { _ = try db.prepare(sql: "SELECT 1; DROP TABLE users") }
        #expect(trailing?.code == SQLITE_MISUSE)
        #expect(trailing?.explanation.contains("DROP TABLE users") == true)
        #expect(try db.scalar("SELECT count(*) FROM sqlite_master WHERE name = 'users'") as? Int64 == 1)
        for empty in ["", "   ", "-- nothing\n", ";"] {
            let error = sqliteError { _ = try db.prepare(sql: empty) }
            #expect(error?.code == SQLITE_MISUSE)
            #expect(error?.explanation.contains("empty") == true)
        }
    }

    @Test("bad SQL gives SQLite's message, the SQL and the error offset")
    func badSQL() throws {
        let db = try makeDatabase()
        let error = try #require(sqliteError { _ = try db.prepare(sql: "SELECT nme FROM users") })
        #expect(error.code == SQLITE_ERROR)
        #expect(error.explanation.contains("no such column: nme"))
        #expect(error.sql == "SELECT nme FROM users")
        if SQLite.versionNumber >= 3_038_000 { #expect(error.offset == 7) }
        #expect(error.category == .misuse)
        #expect(error.description.contains("SELECT nme FROM users"))
        #expect(!error.userFacingMessage.contains("nme"))
    }

    @Test("a constraint violation from step is a clear error and the statement can be reused")
    func constraintFromStep() throws {
        let db = try makeDatabase()
        let insert = try db.prepare(sql: "INSERT INTO users (name) VALUES (?)")
        try insert.bind(String?.none, at: 1)
        let error = sqliteError { try insert.step() }
        #expect(error?.code == SQLITE_CONSTRAINT)
        #expect(error?.code == SQLITE_CONSTRAINT_NOTNULL)
        #expect(error?.category == .constraint)
        #expect(error?.explanation.contains("users.name") == true)
        try insert.reset()
        try insert.bind("Ada", at: 1)
        #expect(try insert.step() == false)
        #expect(try db.scalar("SELECT count(*) FROM users") as? Int64 == 1)
    }

    @Test("SQLite.swift raw API: prepare, run, scalar, bind, iteration and columnNames")
    func sqliteSwiftAPI() throws {
        let db = try makeDatabase()
        let stmt = try db.prepare("INSERT INTO users (name, age) VALUES (?, ?)")
        try stmt.run("alice@mac.com", 30)
        #expect(db.changes == 1)
        try stmt.run("betty@mac.com", nil)
        try db.run("INSERT INTO users (name, age) VALUES (?, ?)", "cathy", 41)
        try db.run("INSERT INTO users (name, age) VALUES (:name, :age)", [":name": "dana", ":age": 22])
        try db.run("INSERT INTO users (name, age) VALUES (?, ?)", ["erin", 50])
        let count = try db.scalar("SELECT count(*) FROM users") as? Int64
        #expect(count == 5)
        let counter = try db.prepare("SELECT count (*) FROM users WHERE age > ?")
        #expect(try counter.scalar(25) as? Int64 == 3)
        #expect(try counter.scalar(45) as? Int64 == 1)

        let select = try db.prepare("SELECT id, name, age FROM users ORDER BY id")
        var names: [String] = []
        for row in select {
            #expect(row.count == select.columnNames.count)
            names.append(row[1] as? String ?? "?")
        }
        #expect(select.iterationError == nil)
        #expect(names == ["alice@mac.com", "betty@mac.com", "cathy", "dana", "erin"])
        #expect(Array(try db.prepare("SELECT age FROM users WHERE name = ?", "betty@mac.com"))[0][0] == nil)

        let wrongCount = sqliteError { try db.run("INSERT INTO users (name) VALUES (?)", "a", "b") }
        #expect(wrongCount?.code == SQLITE_RANGE)
        #expect(try db.scalar("SELECT 1.5") as? Double == 1.5)
        #expect((try db.scalar("SELECT x'0102'") as? Blob)?.bytes == [1, 2])
        #expect(try db.scalar("SELECT NULL") == nil)
        #expect(try db.scalar(Int.self, "SELECT age FROM users WHERE name = ?", "cathy") == 41)
    }

    @Test("iteration that fails stops and records the error; failableNext throws it")
    func iterationErrors() throws {
        let db = try Connection()
        // abs() of the smallest integer overflows at run time, on the second row.
        let failing = try db.prepare("SELECT 1 UNION ALL SELECT abs(-9223372036854775807 - 1)")
        let rows = Array(failing)
        #expect(rows.count == 1)
        #expect(failing.iterationError?.explanation.contains("integer overflow") == true)
        let again = try db.prepare("SELECT abs(-9223372036854775807 - 1)")
        #expect(throws: SQLiteError.self) { _ = try again.failableNext() }
    }

    @Test("statements keep their connection alive")
    func statementRetainsConnection() throws {
        var statement: Statement?
        do {
            let db = try Connection()
            try db.execute(sql: "CREATE TABLE t (x); INSERT INTO t VALUES (7)")
            statement = try db.prepare(sql: "SELECT x FROM t")
        }
        let stmt = try #require(statement)
        #expect(try stmt.step())
        #expect(stmt.columnValue(at: 0) == .int(7))
    }

    @Test("the statement cache reuses statements and never shares a busy one")
    func statementCache() throws {
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE t (x); INSERT INTO t VALUES (1), (2)")
        let first = try db.cachedStatement(sql: "SELECT x FROM t")
        #expect(try first.step())
        let second = try db.cachedStatement(sql: "SELECT x FROM t")
        #expect(first !== second)  // the first is mid-iteration
        try first.reset()
        let third = try db.cachedStatement(sql: "SELECT x FROM t")
        #expect(third === first)
        db.clearStatementCache()
        #expect(try db.cachedStatement(sql: "SELECT x FROM t") !== first)
    }
}
