import Foundation
import SlateCoreTestSupport
import SlateSQLiteSwift
import Testing

/// SQLite.swift's raw statement API over SlateCore's `Statement`: variadic binding, `run`,
/// untyped `scalar`, and iteration as a `Sequence`.
@Suite("SQLite.swift statements")
struct SQLiteSwiftStatementTests {
    @Test("SQLite.swift raw API: prepare, run, scalar, bind, iteration and columnNames")
    func sqliteSwiftAPI() throws {
        let db = try usersDatabase()
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

}
