import SlateCore
import SlateCoreTestSupport
import Testing

/// SQLite.swift-style single-expression closures whose result is the `Statement` that `run`
/// returns: in Swift 6 mode they compile with no error and no warning although `Statement` is
/// not `Sendable`, and the statement runs. This file is a compile-time test as much as a run-time
/// one: it must build without a diagnostic.
@Suite("Concurrency: closures that end in db.run")
struct DiscardedStatementAccessTests {
    @Test("a queue's async write, writeWithoutTransaction, barrier write and read accept try db.run(…)")
    func queue() async throws {
        let queue = try DatabaseQueue()
        try await queue.write { db in try db.execute(sql: "CREATE TABLE t (x INTEGER)") }
        try await queue.write { db in try db.run("INSERT INTO t (x) VALUES (1)") }
        try await queue.write { db in try db.run("INSERT INTO t (x) VALUES (?)", 2) }
        try await queue.writeWithoutTransaction { db in try db.run("INSERT INTO t (x) VALUES (3)") }
        try await queue.barrierWriteWithoutTransaction { db in try db.run("INSERT INTO t (x) VALUES (4)") }
        try await queue.read { db in try db.run("SELECT count(*) FROM t") }
        let count = try await queue.read { db in try db.scalar(Int64.self, "SELECT count(*) FROM t") }
        #expect(count == 4)
    }

    @Test("a pool's async write, writeWithoutTransaction, barrier write and read accept try db.run(…)")
    func pool() async throws {
        let directory = try TemporaryDirectory()
        let pool = try DatabasePool(path: directory.path("run.sqlite"))
        try await pool.write { db in try db.execute(sql: "CREATE TABLE t (x INTEGER)") }
        try await pool.write { db in try db.run("INSERT INTO t (x) VALUES (1)") }
        try await pool.writeWithoutTransaction { db in try db.run("INSERT INTO t (x) VALUES (2)") }
        try await pool.barrierWriteWithoutTransaction { db in try db.run("INSERT INTO t (x) VALUES (3)") }
        try await pool.read { db in try db.run("SELECT count(*) FROM t") }
        let count = try await pool.read { db in try db.scalar(Int64.self, "SELECT count(*) FROM t") }
        #expect(count == 3)
    }

    @Test("the same closures through any DatabaseWriter")
    func existential() async throws {
        let writer: any DatabaseWriter = try DatabaseQueue()
        try await writer.write { db in try db.execute(sql: "CREATE TABLE t (x INTEGER)") }
        try await writer.write { db in try db.run("INSERT INTO t (x) VALUES (1)") }
        try await writer.writeWithoutTransaction { db in try db.run("INSERT INTO t (x) VALUES (2)") }
        try await writer.barrierWriteWithoutTransaction { db in try db.run("INSERT INTO t (x) VALUES (3)") }
        try await writer.read { db in try db.run("SELECT count(*) FROM t") }
        let count = try await writer.read { db in try db.scalar(Int64.self, "SELECT count(*) FROM t") }
        #expect(count == 3)
    }

    @Test("closures of several statements still pick the general access, with or without a result")
    func severalStatements() async throws {
        let queue = try DatabaseQueue()
        try await queue.write { db in
            try db.execute(sql: "CREATE TABLE t (x INTEGER)")
            try db.run("INSERT INTO t (x) VALUES (1)")
        }
        try await queue.write { db in
            try db.run("INSERT INTO t (x) VALUES (2)")
            _ = try db.run("INSERT INTO t (x) VALUES (3)")
        }
        let count = try await queue.write { db in
            try db.run("INSERT INTO t (x) VALUES (4)")
            return try db.scalar(Int64.self, "SELECT count(*) FROM t")
        }
        #expect(count == 4)
    }
}
