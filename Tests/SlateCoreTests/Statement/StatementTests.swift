import Foundation
import SlateCore
import SlateCoreTestSupport
import Testing

@Suite("Statement")
struct StatementTests {
    @Test("prepare compiles exactly one statement; trailing comments and semicolons are fine")
    func exactlyOne() throws {
        let db = try usersDatabase()
        _ = try db.prepare(sql: "SELECT 1;")
        _ = try db.prepare(sql: "SELECT 1; -- a comment\n /* another */ ;", options: [.persistent])
        let trailing = sqliteError { _ = try db.prepare(sql: "SELECT 1; DROP TABLE users") }
        #expect(trailing?.code == SQLITE_MISUSE)
        #expect(trailing?.explanation.contains("DROP TABLE users") == true)
        #expect(try db.scalar(Int64.self, "SELECT count(*) FROM sqlite_master WHERE name = 'users'") == 1)
        for empty in ["", "   ", "-- nothing\n", ";"] {
            let error = sqliteError { _ = try db.prepare(sql: empty) }
            #expect(error?.code == SQLITE_MISUSE)
            #expect(error?.explanation.contains("empty") == true)
        }
    }

    @Test("bad SQL gives SQLite's message, the SQL and the error offset")
    func badSQL() throws {
        let db = try usersDatabase()
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
        let db = try usersDatabase()
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
        #expect(try db.scalar(Int64.self, "SELECT count(*) FROM users") == 1)
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
