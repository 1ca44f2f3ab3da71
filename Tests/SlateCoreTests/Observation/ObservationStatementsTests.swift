import Foundation
@testable import SlateCore
import SlateCoreTestSupport
import Testing

/// An observation's fetch compiles its raw SQL once per connection, and reuses it only where
/// that is invisible: never two held statements as one, never a statement left stepped.
@Suite("Observation: statements compiled once per connection", .enabled(if: DatabaseChangeTracker.reportsStatementEndsOnStep, "this SQLite reports statement ends only on reset"))
struct ObservationStatementsTests {
    /// What one fetch saw: which statement objects it got, and what they read.
    struct Fetch: Sendable, Equatable {
        var statementIDs: [ObjectIdentifier]
        var values: [Int64]
    }

    func setUp(_ directory: TemporaryDirectory) throws -> DatabaseQueue {
        let queue = try DatabaseQueue(path: directory.path("reuse.sqlite"))
        try queue.write { db in try db.execute(sql: "CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1), (2), (3)") }
        return queue
    }

    @Test("each refetch steps the statement the first fetch compiled; outside a fetch, prepare compiles afresh")
    func refetchesReuseTheStatement() throws {
        let directory = try TemporaryDirectory()
        let queue = try setUp(directory)
        let log = ObservationLog<Fetch>()
        let cancellable = log.start(
            .tracking { db in
                let statement = try db.prepare(sql: "SELECT sum(x) FROM t WHERE x > ?")
                try statement.bind(Int64(0), at: 1)
                let sum = try #require(try statement.cursor().next()).get(0, as: Int64.self)
                return Fetch(statementIDs: [ObjectIdentifier(statement)], values: [sum])
            }, in: queue)
        #expect(log.wait(forCount: 1))
        for value in 4...6 {
            try queue.write { db in try db.run("INSERT INTO t VALUES (?)", value) }
        }
        #expect(log.wait { values, _ in values.last?.values == [21] })
        cancellable.cancel()
        let fetches = log.values
        #expect(Set(fetches.flatMap(\.statementIDs)).count == 1, "\(fetches.count) fetches, statements \(fetches.map(\.statementIDs))")
        // Outside an observation nothing is reused.
        try queue.read { db in
            let first = try db.prepare(sql: "SELECT sum(x) FROM t WHERE x > ?")
            let second = try db.prepare(sql: "SELECT sum(x) FROM t WHERE x > ?")
            #expect(first !== second)
        }
    }

    @Test("two statements of one text held at once are two, each with its own bindings")
    func heldStatementsAreDistinct() throws {
        let directory = try TemporaryDirectory()
        let queue = try setUp(directory)
        let log = ObservationLog<Fetch>()
        let cancellable = log.start(
            .tracking { db in
                let sql = "SELECT count(*) FROM t WHERE x >= ?"
                let first = try db.prepare(sql: sql)
                try first.bind(Int64(2), at: 1)
                let second = try db.prepare(sql: sql)
                try second.bind(Int64(3), at: 1)
                let a = try #require(try first.cursor().next()).get(0, as: Int64.self)
                let b = try #require(try second.cursor().next()).get(0, as: Int64.self)
                return Fetch(statementIDs: [ObjectIdentifier(first), ObjectIdentifier(second)], values: [a, b])
            }, in: queue)
        #expect(log.wait(forCount: 1))
        try queue.write { db in try db.run("INSERT INTO t VALUES (9)") }
        #expect(log.wait(forCount: 2))
        cancellable.cancel()
        let fetches = log.values
        #expect(fetches.map(\.values) == [[2, 1], [3, 2]])
        for fetch in fetches { #expect(fetch.statementIDs[0] != fetch.statementIDs[1]) }
    }

    @Test("a statement the fetch left stepped is reset when the fetch ends: it holds no read snapshot")
    func leftSteppedStatementsAreReset() throws {
        let directory = try TemporaryDirectory()
        let pool = try DatabasePool(path: directory.path("pool.sqlite"))
        try pool.write { db in try db.execute(sql: "CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1), (2), (3)") }
        let log = ObservationLog<Int64>()
        let cancellable = log.start(
            .tracking { db in
                // Reads the first row only and drops the cursor mid-way.
                let statement = try db.prepare(sql: "SELECT x FROM t ORDER BY x DESC")
                return try #require(try statement.cursor().next()).get(0, as: Int64.self)
            }, in: pool)
        #expect(log.wait(forCount: 1))
        try pool.write { db in try db.run("INSERT INTO t VALUES (7)") }
        #expect(log.wait { values, _ in values.last == 7 })
        cancellable.cancel()
        // No reader keeps a statement running: a full checkpoint of the log then goes through.
        let busy = try pool.read { db -> Int in
            let handle = try #require(db.sqliteHandle)
            var count = 0
            var next = sqlite3_next_stmt(handle, nil)
            while let statement = next {
                if sqlite3_stmt_busy(statement) != 0 { count += 1 }
                next = sqlite3_next_stmt(handle, statement)
            }
            return count
        }
        #expect(busy == 0)
        // A reader holding a snapshot would make it fail with SQLITE_BUSY.
        let result = try pool.checkpoint(.truncate)
        #expect(result.walFrameCount == 0 && !result.wasBlocked)
    }

    @Test("a failing statement and a closed database still give their SQLiteError; the cache stays bounded")
    func failuresAndBound() throws {
        let directory = try TemporaryDirectory()
        let queue = try setUp(directory)
        let log = ObservationLog<Int64>()
        let counter = FetchCounter()
        let cancellable = log.start(
            .tracking { db in
                counter.increment()
                // A new text each fetch (a value spliced in): kept up to the bound, then dropped.
                for offset in 0..<(ObservationStatements.capacity + 5) {
                    _ = try db.scalar(Int64.self, "SELECT count(*) + \(offset) FROM t")
                }
                return try db.scalar(Int64.self, "SELECT count(*) FROM no_such_table_yet") ?? -1
            }, in: queue)
        #expect(log.wait { _, errors in !errors.isEmpty })
        cancellable.cancel()
        let error = try #require(log.errors.first as? SQLiteError)
        #expect(error.explanation.contains("no such table"))
        try queue.read { db in #expect((db.observationStatements?.count ?? 0) <= ObservationStatements.capacity) }
        try queue.close()
    }
}
