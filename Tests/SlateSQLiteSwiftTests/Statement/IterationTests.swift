import Foundation
import SlateSQLiteSwift
import SlateCoreTestSupport
import Testing

/// A walk over rows ends once: every iterator keeps returning `nil` after its last row (Swift's
/// `IteratorProtocol` contract), instead of letting SQLite restart the statement, which would hand
/// out the rows again, or run an INSERT a second time. A new `for` loop over a statement starts
/// from its first row, as SQLite.swift's `makeIterator()` does.
@Suite("Iterating statements and cursors")
struct IterationTests {
    static func numbers() throws -> Connection {
        try inMemoryDatabase("CREATE TABLE n (x INTEGER); INSERT INTO n VALUES (1), (2), (3);")
    }

    static func firsts(_ rows: [[(any Binding)?]]) -> [Int64?] { rows.map { $0.first.flatMap { $0 as? Int64 } } }

    @Test("for row in statement twice reads every row twice, even after a loop left early")
    func forInTwice() throws {
        let db = try Self.numbers()
        let statement = try db.prepare("SELECT x FROM n ORDER BY x")
        var first: [[(any Binding)?]] = []
        for row in statement { first.append(row) }
        var second: [[(any Binding)?]] = []
        for row in statement { second.append(row) }
        #expect(Self.firsts(first) == [1, 2, 3])
        #expect(Self.firsts(second) == [1, 2, 3])

        for row in statement {
            #expect(Self.firsts([row]) == [1])
            break
        }
        #expect(Self.firsts(Array(statement)) == [1, 2, 3])
        #expect(statement.iterationError == nil)
    }

    @Test("a new loop keeps the values bound to the statement, as SQLite.swift does")
    func forInKeepsBindings() throws {
        let db = try Self.numbers()
        let statement = try db.prepare("SELECT x FROM n WHERE x >= ? ORDER BY x", 2)
        #expect(Self.firsts(Array(statement)) == [2, 3])
        #expect(Self.firsts(Array(statement)) == [2, 3])
    }

    @Test("Statement.next() and failableNext() keep returning nil after the last row")
    func statementNextAfterEnd() throws {
        let db = try Self.numbers()
        let statement = try db.prepare("SELECT x FROM n ORDER BY x")
        var rows = 0
        while try statement.failableNext() != nil { rows += 1 }
        #expect(rows == 3)
        #expect(try statement.failableNext() == nil)
        #expect(statement.next() == nil)
        #expect(try statement.failableNext() == nil)
        // reset() starts a new run.
        try statement.reset()
        #expect(Self.firsts([try #require(try statement.failableNext())]) == [1])
    }

    @Test("Cursor.next() keeps returning nil after the last row; an INSERT never runs twice")
    func cursorNextAfterEnd() throws {
        let db = try Self.numbers()
        let cursor = try db.cursor("SELECT x FROM n ORDER BY x")
        var seen: [Int64] = []
        while let row = try cursor.next() { seen.append(try row.get(0)) }
        #expect(seen == [1, 2, 3])
        for _ in 0..<3 { #expect(try cursor.next() == nil) }
        #expect(try cursor.map { try $0.get(0, as: Int64.self) } == [])
        var visited = 0
        try cursor.forEach { _ in visited += 1 }
        #expect(visited == 0)

        let insert = try db.cursor("INSERT INTO n VALUES (?)", 4)
        #expect(try insert.next() == nil)
        #expect(try insert.next() == nil)
        #expect(try db.scalar("SELECT count(*) FROM n WHERE x = 4") as? Int64 == 1)

        // A new cursor on the same statement starts over.
        let again = cursor.statement.cursor()
        #expect(try again.map { try $0.get(0, as: Int64.self) } == [1, 2, 3, 4])
    }

    @Test("map and forEach end a cursor too")
    func mapAndForEachEndTheWalk() throws {
        let db = try Self.numbers()
        let cursor = try db.cursor("SELECT x FROM n ORDER BY x")
        #expect(try cursor.map { try $0.get(0, as: Int64.self) } == [1, 2, 3])
        #expect(try cursor.map { try $0.get(0, as: Int64.self) } == [])
        #expect(try cursor.next() == nil)

        let other = try db.cursor("SELECT x FROM n ORDER BY x")
        var count = 0
        try other.forEach { _ in count += 1 }
        try other.forEach { _ in count += 1 }
        #expect(count == 3)
        #expect(try other.next() == nil)
    }

    @Test("after an error a cursor returns nil rather than restarting its statement")
    func cursorAfterError() throws {
        let db = try Self.numbers()
        try db.execute(sql: "INSERT INTO n VALUES (-9223372036854775807 - 1)")
        let cursor = try db.cursor("SELECT abs(x) FROM n ORDER BY x")
        let error = sqliteError { while try cursor.next() != nil {} }
        #expect(error?.explanation.contains("integer overflow") == true)
        #expect(try cursor.next() == nil)

        let statement = try db.prepare("SELECT abs(x) FROM n ORDER BY x")
        #expect(Array(statement).isEmpty)
        #expect(statement.iterationError?.explanation.contains("integer overflow") == true)
        #expect(statement.next() == nil)
    }

    @Test("step() after the end restarts the statement, as sqlite3_step does (documented)")
    func stepAfterEndRestarts() throws {
        let db = try Self.numbers()
        let statement = try db.prepare(sql: "SELECT x FROM n ORDER BY x")
        while try statement.step() {}
        #expect(try statement.step())
        #expect(statement.columnValue(at: 0) == .int(1))
    }
}
