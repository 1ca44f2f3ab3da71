import Dispatch
import Foundation
import SlateCore
import SlateCoreTestSupport
import Testing

/// Nested accesses throw `.misuse` at once instead of deadlocking; each runs under a watchdog so
/// that a regression fails rather than hangs.
@Suite("Concurrency: nested access")
struct ConcurrencyNestingTests {
    static func pool(readers: Int = 2) throws -> (DatabasePool, TemporaryDirectory) {
        let directory = try TemporaryDirectory()
        return (try directory.makePool("nesting.sqlite", readers: readers, schema: "CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1)"), directory)
    }

    /// Runs `nested` inside `outer` under a watchdog, and returns the nested call's error.
    static func nestedError(_ body: @escaping @Sendable () throws -> Void) -> SQLiteError? {
        let result = withWatchdog(seconds: 20) { () throws -> SQLiteError? in
            do {
                try body()
                return nil
            } catch let error as SQLiteError {
                return error
            }
        }
        #expect(result != nil, "the nested access deadlocked")
        return (try? result?.get()) ?? nil
    }

    @Test("queue: read in read, write in write, write in read, inDatabase in write all throw .misuse")
    func queueNesting() throws {
        let queue = try DatabaseQueue()
        let cases: [(String, @Sendable () throws -> Void)] = [
            ("read", { try queue.read { _ in try queue.read { _ in } } }),
            ("write", { try queue.write { _ in try queue.write { _ in } } }),
            ("write", { try queue.read { _ in try queue.write { _ in } } }),
            ("inDatabase", { try queue.write { _ in try queue.inDatabase { _ in } } }),
            ("writeWithoutTransaction", { try queue.inDatabase { _ in try queue.writeWithoutTransaction { _ in } } })
        ]
        for (name, body) in cases {
            let error = Self.nestedError(body)
            #expect(error?.category == .misuse)
            #expect(error?.explanation.contains("DatabaseQueue.\(name)") == true)
            #expect(error?.explanation.contains("not reentrant") == true)
        }
        // The queue is still usable afterwards.
        #expect(try queue.read { db in try db.scalar(Int.self, "SELECT 1") } == 1)
    }

    @Test("pool: write in write, read in read, write in read, barrier and checkpoint in write all throw .misuse")
    func poolNesting() throws {
        let (pool, directory) = try Self.pool()
        _ = directory
        let cases: [(String, @Sendable () throws -> Void)] = [
            ("write", { try pool.write { _ in try pool.write { _ in } } }),
            ("read", { try pool.read { _ in try pool.read { _ in } } }),
            ("write", { try pool.read { _ in try pool.write { _ in } } }),
            ("barrierWriteWithoutTransaction", { try pool.write { _ in try pool.barrierWriteWithoutTransaction { _ in } } }),
            ("checkpoint", { try pool.read { _ in _ = try pool.checkpoint() } })
        ]
        for (name, body) in cases {
            let error = Self.nestedError(body)
            #expect(error?.category == .misuse)
            #expect(error?.explanation.contains("DatabasePool.\(name)") == true)
            #expect(error?.explanation.contains("not reentrant") == true)
        }
        #expect(try pool.read { db in try db.scalar(Int.self, "SELECT count(*) FROM t") } == 1)
    }

    @Test("pool: a nested read while every reader is busy throws instead of waiting forever")
    func nestedReadWithNoFreeReader() throws {
        let (pool, directory) = try Self.pool(readers: 1)
        _ = directory
        let error = Self.nestedError { try pool.read { _ in try pool.read { _ in } } }
        #expect(error?.category == .misuse)
        #expect(error?.explanation.contains("not reentrant") == true)
    }

    @Test("a read inside a write runs on the writer: it sees the uncommitted rows and cannot write")
    func readInsideWrite() throws {
        let (pool, directory) = try Self.pool(readers: 1)
        _ = directory
        let queue = try DatabaseQueue()
        try queue.write { db in try db.execute(sql: "CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1)") }
        for writer in [pool as any DatabaseWriter, queue] {
            let seen = try writer.write { db -> Int? in
                try db.execute(sql: "INSERT INTO t VALUES (2)")
                let count = try writer.read { inner in try inner.scalar(Int.self, "SELECT count(*) FROM t") }
                let refused = sqliteError { _ = try writer.read { inner in try inner.execute(sql: "DELETE FROM t") } }
                #expect(refused?.category == .readOnly)
                // Writable again once the nested read returned.
                try db.execute(sql: "INSERT INTO t VALUES (3)")
                return count
            }
            #expect(seen == 2)
            #expect(try writer.read { db in try db.scalar(Int.self, "SELECT count(*) FROM t") } == 3)
            try writer.write { db in try db.execute(sql: "DELETE FROM t WHERE x > 1") }
        }
        // Outside any transaction too.
        let count = try pool.writeWithoutTransaction { _ in try pool.read { db in try db.scalar(Int.self, "SELECT count(*) FROM t") } }
        #expect(count == 1)
    }

    @Test("close inside an access throws .misuse and leaves the database open")
    func closeInside() throws {
        let (pool, directory) = try Self.pool()
        _ = directory
        let queue = try DatabaseQueue()
        #expect(sqliteError { try pool.read { _ in try pool.close() } }?.category == .misuse)
        #expect(sqliteError { try queue.write { _ in try queue.close() } }?.category == .misuse)
        #expect(try pool.read { db in try db.scalar(Int.self, "SELECT count(*) FROM t") } == 1)
        #expect(try queue.read { db in try db.scalar(Int.self, "SELECT 1") } == 1)
    }

    @Test("accesses of two different pools nest freely")
    func differentDatabasesNest() throws {
        let (first, firstDirectory) = try Self.pool()
        let (second, secondDirectory) = try Self.pool()
        _ = (firstDirectory, secondDirectory)
        let result = withWatchdog(seconds: 20) {
            try first.write { _ in try second.read { db in try db.scalar(Int.self, "SELECT count(*) FROM t") } }
        }
        #expect(try result?.get() == 1)
    }
}
